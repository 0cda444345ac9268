@testable import Analysis
import KeyTraceCore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import KeyTraceSupport
import Comparison
import Reports

struct ReportFormatTests {
    private func comparison() -> RunComparison {
        var generator = SeededGenerator(seed: 0x61)
        let base = SyntheticBench().make(runs: 10, generator: &generator)
        var current = SyntheticBench(slowdown: 1.15).make(runs: 10, generator: &generator)
        current.runs[0].counters.keyCommandsCalls += 1
        return RunComparison(base: base, current: current, baseLabel: "base.json", currentLabel: "head.json")
    }

    @Test func textIsAnAlignedTableWithoutEscapesUnlessColourIsAsked() {
        let report = comparison().textReport()
        #expect(!report.contains("\u{1B}["))
        let lines = report.split(separator: "\n")
        let header = lines.first { $0.hasPrefix("metric") }
        let row = lines.first { $0.hasPrefix("EndToEnd") }
        #expect(header != nil && row != nil)
        #expect(row?.hasSuffix("regression") == true)
        // Columns line up: the verdict column starts at the same offset in header and row.
        if let header, let row, let headerRange = header.range(of: "verdict"), let rowRange = row.range(of: "regression") {
            #expect(header.distance(from: header.startIndex, to: headerRange.lowerBound)
                == row.distance(from: row.startIndex, to: rowRange.lowerBound))
        }
        #expect(report.hasSuffix("result: REGRESSION (EndToEnd, keyCommandsCalls)\n"))
        #expect(comparison().textReport(colour: true).contains("\u{1B}[31mregression\u{1B}[0m"))
    }

    @Test func markdownHasAHeadlineAndPipeTables() {
        let report = comparison().markdownReport()
        #expect(report.hasPrefix("### keytrace compare: ❌ 2 regressions (`EndToEnd`, `keyCommandsCalls`)"))
        #expect(report.contains("|---|--:|--:|--:|---|--:|---|"))
        #expect(report.contains("| EndToEnd |"))
        #expect(report.contains("❌ regression"))
    }

    @Test func theHeaderShowsBothSidesOfAPolicyOrTraceThatDiffers() {
        var generator = SeededGenerator(seed: 0x62)
        var base = SyntheticBench().make(runs: 10, generator: &generator)
        let current = SyntheticBench().make(runs: 10, generator: &generator)
        base.metadata.policy = "cached"
        base.metadata.trace = "old.ktrace"
        let comparison = RunComparison(base: base, current: current)
        let text = comparison.textReport()
        #expect(text.contains("trace old.ktrace → \(current.metadata.trace), policy cached → uikit,"))
        #expect(text.contains("host \(current.metadata.host.hostname)\n"))
        #expect(comparison.markdownReport().contains("policy `cached` → `uikit`"))
    }

    @Test func junitHasOneTestcasePerMetricAndCounterAndFailsRegressions() throws {
        let comparison = comparison()
        let xml = comparison.junitReport()
        let document = try XMLDocument(xmlString: xml)
        let cases = try document.nodes(forXPath: "//testcase")
        #expect(cases.count == comparison.latency.count + comparison.counters.count)
        let failures = try document.nodes(forXPath: "//testcase[failure]/@name").compactMap(\.stringValue)
        #expect(Set(failures) == ["EndToEnd", "keyCommandsCalls"])
        let root = try #require(document.rootElement())
        #expect(root.attribute(forName: "failures")?.stringValue == "2")
    }

    @Test func jsonCarriesTheDecisionAndEveryNumber() throws {
        let data = Data(try comparison().jsonReport().utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["schema"] as? String == "keytrace-compare/1")
        #expect(object["regression"] as? Bool == true)
        let latency = try #require(object["latency"] as? [[String: Any]])
        let endToEnd = try #require(latency.first { $0["metric"] as? String == "EndToEnd" })
        #expect(endToEnd["verdict"] as? String == "regression")
        #expect(["exact", "normal"].contains(endToEnd["pMethod"] as? String ?? ""))
        #expect((endToEnd["ratioInterval"] as? [String: Any])?["lower"] is Double)
    }
}

/// Writes the example inputs of docs/Comparison.md when `KEYTRACE_EXAMPLES_DIR` names a folder:
/// `base.json` and `head.json` (synthetic, the head 15 % slower with one more keyCommands call
/// per press) and `bench-small.json` (a real BenchRecorder over a dispatcher, one short run).
struct DocumentationExamples {
    static let folder = ProcessInfo.processInfo.environment["KEYTRACE_EXAMPLES_DIR"]

    @Test(.enabled(if: folder != nil, "a generator, not a check: set KEYTRACE_EXAMPLES_DIR=DIR to write the examples"))
    func writeDocumentationExamples() throws {
        let folder = URL(fileURLWithPath: try #require(Self.folder))
        var generator = SeededGenerator(seed: 0xD0C)
        try SyntheticBench().make(runs: 10, generator: &generator, label: "base").write(to: folder.appendingPathComponent("base.json"))
        try SyntheticBench(slowdown: 1.15, callsPerPress: 4).make(runs: 10, generator: &generator, label: "head")
            .write(to: folder.appendingPathComponent("head.json"))
        try BenchResultTests().smallRealResult().write(to: folder.appendingPathComponent("bench-small.json"))
    }
}
