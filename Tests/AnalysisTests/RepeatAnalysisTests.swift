import Analysis
import CLITestSupport
import Foundation
import KeyTraceCore
import Testing
import TraceFormat

/// `analyze` counts the repeats of each key, and how many of them were synthesised at record time.
struct RepeatAnalysisTests {
    /// ↓ down, two repeats from the input, three synthesised, up; X down, one synthesised repeat, up.
    private static func writeTrace() throws -> String {
        let path = ScratchDirectory.make() + "/repeats.ktrace"
        let writer = try TraceWriter(path: path, metadata: TraceMetadata(sourceKind: "usb"))
        let device = DeviceID.usb(bus: 1, device: 2, endpoint: 0x81)
        var time: UInt64 = 1_000_000
        func press(_ phase: KeyPhase, _ usage: HIDUsage, repeat: Bool = false, synthesized: Bool = false) throws {
            var press = KeyPress(phase, usage, isRepeat: `repeat`, device: device, timestamp: time)
            press.isSynthesizedRepeat = synthesized
            _ = try writer.append(press, timestampUncertainty: 1_000_000)
            time += 33_000_000
        }
        try press(.began, .downArrow)
        for synthesized in [false, false, true, true, true] { try press(.began, .downArrow, repeat: true, synthesized: synthesized) }
        try press(.ended, .downArrow)
        try press(.began, HIDUsage(0x1B))
        try press(.began, HIDUsage(0x1B), repeat: true, synthesized: true)
        try press(.ended, HIDUsage(0x1B))
        _ = try writer.finish()
        return path
    }

    @Test func repeatsAreCountedPerKeyWithTheSynthesisedOnesApart() throws {
        var analyzer = TraceAnalyzer()
        try analyzer.addTrace(at: try Self.writeTrace())
        let repeats = analyzer.finish().repeats
        #expect(repeats.map(\.key) == ["Down Arrow", "X"])
        #expect(repeats.map(\.repeats) == [5, 1])
        #expect(repeats.map(\.synthesized) == [3, 1])
        #expect(repeats.first?.usage == 0x51 && repeats.first?.usagePage == 7)
    }

    @Test func aScriptsRepeatsAreTheInputsOwn() throws {
        var analyzer = TraceAnalyzer()
        try analyzer.addTrace(at: GoldenTraces.path("repeat-release"))
        let repeats = analyzer.finish().repeats
        #expect(repeats.map(\.key) == ["Down Arrow"])
        #expect(repeats.first?.repeats == 4 && repeats.first?.synthesized == 0)
        var none = TraceAnalyzer()
        try none.addTrace(at: GoldenTraces.path("modals"))
        #expect(none.finish().repeats.isEmpty)
    }

    @Test func theTextReportHasAKeyRepeatsTableAndTheJSONAListOfKeys() throws {
        let trace = try Self.writeTrace()
        let text = try CLIRunner.run(["analyze", trace])
        #expect(text.status == 0)
        #expect(text.stdout.contains("Key repeats"))
        #expect(text.stdout.contains("6 repeats of 2 keys; 4 synthesised at record time"))
        let row = text.stdout.split(separator: "\n").first { $0.hasPrefix("  Down Arrow") }.map(String.init) ?? ""
        #expect(row.split(separator: " ") == ["Down", "Arrow", "5", "3", "2"])
        let json = try CLIRunner.run(["analyze", trace, "--format", "json"])
        let analysis = try JSONDecoder().decode(TraceAnalysis.self, from: Data(json.stdout.utf8))
        #expect(analysis.repeats.map(\.synthesized) == [3, 1])
        #expect(json.stdout.contains("\"synthesized\" : 3") || json.stdout.contains("\"synthesized\":3"))
    }
}
