import Analysis
import Foundation
import KeyTraceCore
import Testing
import TraceFormat
import KeyTraceSupport

/// Dispatch traces of any size for measuring the analyzer: key, resolution and stage-timing
/// records of typed text and a few commands, durations drawn from a seeded generator.
enum SyntheticAnalysisTrace {
    /// Writes `records` records (a multiple of three: key, resolution, timings per press).
    static func write(records: Int, to path: String) throws {
        let writer = try TraceWriter(path: path, metadata: TraceMetadata(sourceKind: "synthetic", sceneName: "pdf-viewer",
                                                                          clockDomain: "synthetic"))
        var generator = SeededGenerator(seed: 7)
        let outcomes: [DispatchOutcome] = [.handledByTextInput, .handledByTextInput, .performedCommand, .releaseConsumed, .unhandled]
        let commands = [try KeyShortcut("⌘G"), try KeyShortcut("⌘S"), try KeyShortcut("⌘W")]
        let actions: [Action] = ["goToPage:", "share:", "closeTab:"]
        var time: UInt64 = 1_000_000_000
        for i in 0..<UInt64(records / 3) {
            time += 20_000_000 + generator.next() % 80_000_000
            let phase: KeyPhase = i % 2 == 0 ? .began : .ended
            _ = try writer.append(KeyPress(phase, HIDUsage(UInt16(4 + i % 26)), device: DeviceID(kind: .synthetic), timestamp: time))
            let outcome = outcomes[Int(i % UInt64(outcomes.count))]
            let c = Int(i % 3)
            let resolution = outcome == .performedCommand
                ? ResolutionRecord(timestamp: time, pressSequence: i, outcome: outcome, command: commands[c], action: actions[c],
                                   providerPath: "window/viewer", targetPath: "window/viewer")
                : ResolutionRecord(timestamp: time, pressSequence: i, outcome: outcome, targetPath: "window/viewer/text")
            _ = try writer.append(.resolution(resolution))
            var durations: [UInt64] = []
            for _ in 0..<DispatchStage.allCases.count { durations.append(200 + generator.next() % 4_000) }
            if generator.next() % 1000 == 0 { durations[2] += 2_000_000 }
            _ = try writer.append(.stageTimings(StageTimingsRecord(timestamp: time, pressSequence: i, durations: durations,
                                                                   total: durations.reduce(0, +))))
        }
        _ = try writer.finish()
    }

    /// `KEYTRACE_SYNTH_ANALYSIS=PATH[:RECORDS]` writes a trace for a manual measurement.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["KEYTRACE_SYNTH_ANALYSIS"] != nil,
                   "a generator, not a check: set KEYTRACE_SYNTH_ANALYSIS=PATH[:RECORDS] to write the trace"))
    static func writeTraceForMeasurement() throws {
        let spec = ProcessInfo.processInfo.environment["KEYTRACE_SYNTH_ANALYSIS"] ?? ""
        let parts = spec.split(separator: ":")
        try write(records: parts.count > 1 ? Int(parts[1]) ?? 10_000_000 : 10_000_000, to: String(parts[0]))
    }
}
