import Analysis
import Foundation
import KeyTraceCore
import Testing
import TraceFormat

/// The analyzer on the real golden traces, checked against naive computations over the same records.
struct TraceAnalyzerTests {
    private func analyse(_ paths: [String], top: Int = 10) throws -> TraceAnalysis {
        var analyzer = TraceAnalyzer(top: top)
        for path in paths { try analyzer.addTrace(at: path) }
        return analyzer.finish()
    }

    /// The value a sorted array holds at `percentile` by nearest rank.
    private func nearestRank(_ sorted: [UInt64], _ percentile: Double) -> UInt64 {
        let rank = max(1, Int((percentile / 100 * Double(sorted.count)).rounded(.up)))
        return sorted[min(sorted.count, rank) - 1]
    }

    @Test(arguments: ["sha2017", "modals", "deadly_arthropod", "tabs"])
    func stageStatisticsMatchANaiveComputationFromTheSameRecords(name: String) throws {
        let path = GoldenTraces.path(name)
        let analysis = try analyse([path])
        let timings = try GoldenTraces.records(path).compactMap { record -> StageTimingsRecord? in
            if case .stageTimings(let t) = record { return t } else { return nil }
        }
        #expect(!timings.isEmpty)
        for (index, entry) in analysis.stages.enumerated() {
            let values = (index < DispatchStage.allCases.count ? timings.map { $0.durations[index] } : timings.map(\.total)).sorted()
            let s = entry.statistics
            #expect(s.count == UInt64(values.count), "\(entry.name)")
            #expect(s.min == values.first && s.max == values.last, "\(entry.name)")
            #expect(abs(s.mean - Double(values.reduce(0, +)) / Double(values.count)) < 1e-6, "\(entry.name)")
            for (p, got) in [(50.0, s.p50), (90, s.p90), (99, s.p99), (99.9, s.p999)] {
                let want = nearestRank(values, p)
                // HdrHistogram at three digits: within 0.1 % (plus 1 ns of bucket rounding).
                #expect(Double(got) <= Double(want) * 1.001 + 1 && Double(got) >= Double(want) * 0.999 - 1,
                        "\(entry.name) p\(p): \(got) vs \(want)")
            }
        }
        #expect(analysis.stages.map(\.name) == DispatchStage.allCases.map(\.name) + ["EndToEnd"])
    }

    @Test func breakdownCountsAddUpToThePressCount() throws {
        let analysis = try analyse([GoldenTraces.path("modals"), GoldenTraces.path("tabs"), GoldenTraces.path("sha2017")])
        let resolutions = try ["modals", "tabs", "sha2017"].flatMap { try GoldenTraces.records(GoldenTraces.path($0)) }
            .filter { $0.kind == .resolution }.count
        #expect(analysis.dispatches == UInt64(resolutions))
        for breakdown in [analysis.byOutcome, analysis.byCommand, analysis.byResponder] {
            #expect(breakdown.entries.reduce(0) { $0 + $1.count } + breakdown.otherCount == analysis.dispatches)
        }
        #expect(analysis.traces.count == 3)
        #expect(analysis.timeline.bins.reduce(0) { $0 + $1.counts.reduce(0, +) } == analysis.dispatches)
    }

    @Test func slowestPressesAreOrderedAndNameTheirDominantStage() throws {
        let path = GoldenTraces.path("deadly_arthropod")
        let analysis = try analyse([path], top: 5)
        let totals = try GoldenTraces.records(path).compactMap { record -> UInt64? in
            if case .stageTimings(let t) = record { return t.total } else { return nil }
        }.sorted(by: >)
        #expect(analysis.slowest.map(\.endToEndNanoseconds) == Array(totals.prefix(5)))
        for press in analysis.slowest {
            let largest = press.stageNanoseconds.max() ?? 0
            #expect(press.dominantNanoseconds == largest)
            let index = try #require(press.stageNanoseconds.firstIndex(of: largest))
            #expect(press.dominantStage == DispatchStage.allCases[index].name)
            #expect(!press.shortcut.isEmpty && !press.outcome.isEmpty)
        }
    }

    @Test func captureIntervalsOfSha2017AreQuantisedToThe8msPollingInterval() throws {
        let analysis = try analyse([GoldenTraces.path("sha2017")])
        let capture = try #require(analysis.capture)
        #expect(capture.reportDeltas > 100)
        // USB full-speed keyboard polled every 8 ms: report gaps sit on the 8 ms grid far above
        // the 20 % chance level, and the device's own polling grid says the same.
        #expect(capture.shareOn8msGrid >= 0.95)
        #expect(capture.devices.first?.pollingIntervalNanoseconds == 8_000_000)
        #expect((capture.devices.first?.shareOnPollingGrid ?? 0) >= 0.95)
        #expect(capture.interKeyInterval.count > 100 && capture.dwell.count > 100)
        #expect(capture.dwell.min >= 8_000_000)
        #expect(capture.rolloverShare < 0.2)
        #expect(!analysis.inputToDispatch.available && analysis.inputToDispatch.reason != nil)
    }

    @Test func scriptedTracesHaveNoCaptureFigures() throws {
        #expect(try analyse([GoldenTraces.path("modals")]).capture == nil)
    }

    @Test func keyCommandCountersAndCacheMatchTheRecords() throws {
        let path = GoldenTraces.path("modals")
        let analysis = try analyse([path])
        var calls: UInt64 = 0, policy: UInt64 = 0, hits: UInt64 = 0, misses: UInt64 = 0, invalidations: UInt64 = 0
        for record in try GoldenTraces.records(path) {
            switch record {
            case .keyCommandsCounters(let c): calls += c.calls; policy += c.policyCalls
            case .cache(let e):
                switch e.event {
                case .hit: hits += 1
                case .miss: misses += 1
                case .invalidation: invalidations += 1
                }
            default: break
            }
        }
        #expect(analysis.keyCommands.calls == calls && analysis.keyCommands.uikitPolicyCalls == policy)
        #expect(analysis.keyCommands.callsSaved == Int64(policy) - Int64(calls))
        #expect(analysis.cache.hits == hits && analysis.cache.misses == misses)
        #expect(analysis.cache.invalidations.values.reduce(0, +) == invalidations)
        #expect(analysis.cache.invalidations.count == CacheInvalidationReason.allCases.count)
        // Golden traces end with the recorder's per-responder marker: every read is attributed.
        let perResponder = try #require(analysis.keyCommands.perResponder)
        #expect(!perResponder.isEmpty)
    }

    @Test func perResponderTotalsComeFromTheRecordersMarker() throws {
        var analyzer = TraceAnalyzer()
        analyzer.beginTrace(path: "t", metadata: TraceMetadata())
        analyzer.add(.marker(MarkerRecord(timestamp: 5, label: TraceAnalyzer.perResponderMarkerLabel,
                                          text: "window = 3\nwindow/viewer = 12\nnot a line")))
        let analysis = analyzer.finish()
        #expect(analysis.keyCommands.perResponder?.map(\.path) == ["window/viewer", "window"])
        #expect(analysis.keyCommands.perResponder?.map(\.calls) == [12, 3])
    }

    @Test func aTruncatedTraceStillAnalysesItsIntactRecordsWithAWarning() throws {
        let folder = try GoldenTraces.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (path, total) = try GoldenTraces.truncatedCopy(of: "sha2017", fraction: 0.6, in: folder)
        let analysis = try analyse([path])
        let read = analysis.traces[0].records
        #expect(read > 0 && read < UInt64(total))
        #expect(!analysis.warnings.isEmpty)
        #expect(analysis.warnings.contains { $0.contains(path) && $0.contains("offset") })
    }

    @Test func mergingTracesEqualsAnalysingTheirRecordsTogether() throws {
        let a = GoldenTraces.path("tabs"), b = GoldenTraces.path("navigation")
        let merged = try analyse([a, b])
        let first = try analyse([a]), second = try analyse([b])
        for (m, (x, y)) in zip(merged.stages, zip(first.stages, second.stages)) {
            #expect(m.statistics.count == x.statistics.count + y.statistics.count)
            #expect(m.statistics.max == max(x.statistics.max, y.statistics.max))
        }
    }
}
