import Analysis
import Foundation
import KeyTraceCore
import Testing
import TraceFormat
import Export
import Comparison
import Reports

/// The four report formats and the Chrome trace export, on golden traces.
struct AnalysisReportTests {
    private func analysis(_ names: [String] = ["modals", "sha2017"]) throws -> TraceAnalysis {
        var analyzer = TraceAnalyzer(top: 5)
        for name in names { try analyzer.addTrace(at: GoldenTraces.path(name)) }
        return analyzer.finish(clock: .init(resolutionNanoseconds: 1, checkpointOverheadNanoseconds: 30, source: "measured-by-analyze"))
    }

    @Test func jsonParsesAndNamesItsSchema() throws {
        let text = try analysis().jsonReport()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["schema"] as? String == "keytrace-analysis/1")
        for key in ["traces", "stages", "byCommand", "byResponder", "byOutcome", "slowest", "keyCommands", "cache",
                    "capture", "timeline", "clock", "inputToDispatch", "warnings", "keys", "dispatches"] {
            #expect(object[key] != nil, "missing \(key)")
        }
        let stages = try #require(object["stages"] as? [[String: Any]])
        #expect(stages.count == 8)
        #expect((stages[0]["measurementOverheadNanoseconds"] as? Int) == 30)
        // It decodes back into the same model.
        let decoded = try JSONDecoder().decode(TraceAnalysis.self, from: Data(text.utf8))
        #expect(decoded.dispatches == (try analysis()).dispatches)
    }

    @Test func textStatesTheClockAndHasNoColourUnlessAsked() throws {
        let a = try analysis()
        let plain = a.textReport(colour: false)
        #expect(!plain.contains("\u{1B}["))
        #expect(plain.contains("Clock: resolution 1 ns, measurement overhead 30 ns"))
        #expect(plain.contains("InputToDispatch: not available"))
        #expect(a.textReport(colour: true).contains("\u{1B}[1m"))
    }

    @Test func markdownHasTheExpectedSections() throws {
        let md = try analysis().markdownReport()
        for heading in ["## keytrace analyze", "### Latency per stage", "### keyCommands calls", "### Key-command cache",
                        "### By outcome", "### Slowest 5 presses", "### Captured input", "| stage | count |"] {
            #expect(md.contains(heading), "missing \(heading)")
        }
        #expect(md.contains("<details><summary><b>By command"))
    }

    @Test func htmlIsSelfContainedWithTheThreeCharts() throws {
        let analysis = try analysis()
        let html = analysis.htmlReport()
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<style>"))
        // Three dispatch charts, and four per captured device (two heat maps, two histograms).
        #expect(html.components(separatedBy: "<svg").count - 1 == 3 + 4 * (analysis.hardware?.devices.count ?? 0))
        #expect(html.contains("Latency CDF per stage") && html.contains("End-to-end latency histogram")
                && html.contains("Dispatches over time, by outcome"))
        #expect(html.contains("<polyline"))
        let lower = html.lowercased()
        #expect(!lower.contains("<script"))
        #expect(!lower.contains("<link"))
        #expect(!lower.contains("http:") && !lower.contains("https:"))
        #expect(!lower.contains("src="))
    }

    @Test func htmlStaysSmallForManyPresses() throws {
        var analyzer = TraceAnalyzer()
        analyzer.beginTrace(path: "synthetic", metadata: TraceMetadata())
        for i in 0..<200_000 as Range<UInt64> {
            analyzer.add(.key(KeyRecord(.init(.began, HIDUsage(0x04), timestamp: i * 1_000_000))))
            analyzer.add(.resolution(ResolutionRecord(timestamp: i * 1_000_000, pressSequence: i, outcome: .deliveredAsPress)))
            analyzer.add(.stageTimings(StageTimingsRecord(timestamp: i * 1_000_000, pressSequence: i,
                                                          durations: [1, 2, 3, 4, 5, 6, 7 + i % 1000], total: 28 + i % 1000)))
        }
        let html = analyzer.finish().htmlReport()
        #expect(html.utf8.count < 400_000)
    }

    @Test func chromeExportNestsStageSpansInsidePressSpans() throws {
        for name in ["modals", "sha2017"] {
            var text = ""
            var writer = ChromeTraceWriter { text += $0 }
            try writer.begin(processName: "keytrace: \(name)")
            for record in try TraceReader(path: GoldenTraces.path(name)) { try writer.add(record) }
            try writer.finish()

            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect(object["displayTimeUnit"] as? String == "ns")
            let events = try #require(object["traceEvents"] as? [[String: Any]])
            let metadata = events.filter { $0["ph"] as? String == "M" }
            #expect(Set(metadata.compactMap { $0["name"] as? String }) == ["process_name", "thread_name"])
            func ns(_ value: Any?) -> Int64 { Int64((((value as? NSNumber)?.doubleValue ?? -1) * 1000).rounded()) }
            let presses = events.filter { $0["cat"] as? String == "press" }
            let stages = events.filter { $0["cat"] as? String == "stage" }
            #expect(!presses.isEmpty)
            #expect(stages.count == presses.count * 7)
            #expect(presses.allSatisfy { $0["ph"] as? String == "X" && ($0["name"] as? String)?.isEmpty == false })
            #expect(events.contains { $0["ph"] as? String == "i" })
            // Each press is followed by its seven stages, laid end to end inside it.
            var index = 0
            for (i, event) in events.enumerated() where event["cat"] as? String == "press" {
                let start = ns(event["ts"]), end = start + ns(event["dur"])
                var cursor = start
                for stage in events[(i + 1)...(i + 7)] {
                    #expect(stage["cat"] as? String == "stage")
                    #expect(stage["tid"] as? Int == event["tid"] as? Int)
                    let s = ns(stage["ts"]), e = s + ns(stage["dur"])
                    #expect(s == cursor && s >= start && e <= end)
                    cursor = e
                }
                index += 1
            }
            #expect(index == presses.count)
        }
    }
}
