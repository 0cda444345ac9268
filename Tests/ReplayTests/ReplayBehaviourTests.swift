import CLITestSupport
import Foundation
import Testing
import Capture
import KeyTraceCore
import ResponderEngine
import Recording
import Scenes
import TraceFormat
@testable import Replay

@Suite struct ReplayBehaviourTests {
    /// Records a script through a scene into a fresh trace.
    private func recordScript(_ script: String, scene: String) throws -> String {
        let path = temporaryDirectory() + "/script.ktrace"
        let runtime = try SceneRuntime(contentsOf: repositoryPath("Traces/scenes/\(scene).json"))
        let session = try RecordingSession(output: path, metadata: TraceMetadata(capturedFrom: "script"), scene: runtime)
        try session.record(ScriptCaptureSource(text: script))
        _ = try session.finish()
        return path
    }

    @Test func verifyReportsTheFirstDivergenceWithContextAndStateDifferences() throws {
        let trace = try recordScript("press cmd+d\npress cmd+d\npress cmd+w\npress cmd+2\n", scene: "pdf-viewer")
        #expect(try replay(trace, verify: true).matches)
        // The same trace through a scene where ⌘W is someone else's: it diverges.
        var text = try String(contentsOfFile: repositoryPath("Traces/scenes/pdf-viewer.json"), encoding: .utf8)
        text = text.replacingOccurrences(of: #""title": "Close Tab", "shortcut": "cmd+w""#, with: #""title": "Close Tab", "shortcut": "cmd+k""#)
        let changed = temporaryDirectory() + "/pdf-viewer.json"
        try text.write(toFile: changed, atomically: true, encoding: .utf8)
        let report = try replay(trace, verify: false, scene: changed)
        #expect(report.divergences > 0)
        let divergence = try #require(report.firstDivergence)
        #expect(divergence.expected.contains("performed closeTab:"))
        #expect(divergence.actual.contains("performed closeOtherTabs:"))
        #expect(divergence.before.count >= 4)
        #expect(divergence.chain.hasPrefix("window/viewer/reader/document/page"))
        #expect(report.stateDifferences.contains { $0.key == "state.openTabs" && $0.expected == "2" && $0.actual == "1" })
        // With --verify a content-hash mismatch is an error of its own.
        #expect(throws: ReplayError.self) { _ = try replay(trace, verify: true, scene: changed) }
    }

    @Test func numberingStartedOverMidReplayComparesAndReportsAsBefore() throws {
        let script = (0..<6).map { _ in "press cmd+d\npress cmd+f\npress down\npress cmd+2\npress cmd+1\npress cmd+w\npress a\n" }
            .joined()
        let trace = try recordScript(script, scene: "pdf-viewer")
        var text = try String(contentsOfFile: repositoryPath("Traces/scenes/pdf-viewer.json"), encoding: .utf8)
        text = text.replacingOccurrences(of: #""title": "Close Tab", "shortcut": "cmd+w""#, with: #""title": "Close Tab", "shortcut": "cmd+k""#)
        let changed = temporaryDirectory() + "/pdf-viewer.json"
        try text.write(toFile: changed, atomically: true, encoding: .utf8)

        func run(scene: String?, limit: Int) throws -> ReplayReport {
            var options = Replayer.Options()
            options.stageTiming = false
            options.scenePath = scene ?? sceneFile(for: trace)
            options.numberingLimit = limit
            return try Replayer(trace: trace, options: options).run()
        }
        for scene in [nil, changed] {
            let usual = try run(scene: scene, limit: 4096)
            let restarted = try run(scene: scene, limit: 2)  // starts over every few presses
            #expect(usual.comparedResolutions >= 84)  // each press goes down and up
            #expect(restarted.comparedResolutions == usual.comparedResolutions)
            #expect(restarted.divergences == usual.divergences)
            #expect(restarted.firstDivergence?.expected == usual.firstDivergence?.expected)
            #expect(restarted.firstDivergence?.actual == usual.firstDivergence?.actual)
            #expect(restarted.firstDivergence?.before == usual.firstDivergence?.before)
        }
        #expect(try run(scene: nil, limit: 2).divergences == 0)
        #expect(try run(scene: changed, limit: 2).divergences > 0)
    }

    @Test func withoutComparisonTheReplayIsTheSameButCountsNoDivergence() throws {
        let trace = try recordScript("press cmd+d\npress cmd+d\npress cmd+w\nfocus window/viewer/reader/document/thumbnails\n"
                                     + "press down\npress cmd+2\n", scene: "pdf-viewer")
        var text = try String(contentsOfFile: repositoryPath("Traces/scenes/pdf-viewer.json"), encoding: .utf8)
        text = text.replacingOccurrences(of: #""title": "Close Tab", "shortcut": "cmd+w""#, with: #""title": "Close Tab", "shortcut": "cmd+k""#)
        let changed = temporaryDirectory() + "/pdf-viewer.json"
        try text.write(toFile: changed, atomically: true, encoding: .utf8)
        let reader = try TraceReader(path: trace)
        let records = Array(reader)

        func run(comparing: Bool, fromRecords: Bool) throws -> (report: ReplayReport, output: [String]) {
            var options = Replayer.Options()
            options.scenePath = changed
            options.compareResolutions = comparing
            options.output = temporaryDirectory() + "/out.ktrace"
            let replayer = fromRecords
                ? Replayer(records: records, metadata: reader.header.metadata, name: trace, options: options)
                : Replayer(trace: trace, options: options)
            let report = try replayer.run()
            return (report, try replay(options.output!, scene: changed).lines)
        }
        let compared = try run(comparing: true, fromRecords: false)
        #expect(compared.report.divergences > 0 && compared.report.comparedResolutions == compared.report.presses)
        for fromRecords in [false, true] {
            let plain = try run(comparing: false, fromRecords: fromRecords)
            // Nothing compared, nothing counted…
            #expect(plain.report.comparedResolutions == 0 && plain.report.uncomparedResolutions == 0)
            #expect(plain.report.divergences == 0 && plain.report.firstDivergence == nil)
            // …and the replay itself the same: presses, outcomes, queries, final state, output trace.
            #expect(plain.report.presses == compared.report.presses)
            #expect(plain.report.outcomes == compared.report.outcomes)
            #expect(plain.report.statistics == compared.report.statistics)
            #expect(plain.report.finalState == compared.report.finalState)
            #expect(plain.report.stateDifferences == compared.report.stateDifferences && !plain.report.matches)
            #expect(plain.output == compared.output && plain.output.count == compared.report.presses)
        }

        // `keytrace replay` compares, and reports the comparison, only with --verify.
        let quiet = try CLIRunner.run(["replay", trace, "--scene", changed], in: repositoryRoot)
        #expect(quiet.status == 0, "\(quiet.stderr)")
        #expect(!quiet.stdout.contains("verify:"))
        let json = try CLIRunner.run(["replay", trace, "--scene", changed, "--json"], in: repositoryRoot)
        #expect(json.status == 0 && !json.stdout.contains("\"divergences\""))
    }

    @Test func resolutionsWithoutTheirPressAreCountedNotCompared() throws {
        let trace = try recordScript("press cmd+d\npress cmd+w\n", scene: "pdf-viewer")
        let reader = try TraceReader(path: trace)
        var records = Array(reader)
        let recorded = records.compactMap { record -> ResolutionRecord? in
            if case .resolution(let resolution) = record { return resolution } else { return nil }
        }
        var stray = try #require(recorded.last)
        stray.pressSequence += 100  // names a press the trace does not hold
        records.append(.resolution(stray))
        records.append(.resolution(recorded[0]))  // a second resolution for the first press
        var options = Replayer.Options()
        options.scenePath = repositoryPath("Traces/scenes/pdf-viewer.json")
        let report = try Replayer(records: records, metadata: reader.header.metadata, name: trace, options: options).run()
        #expect(report.comparedResolutions == recorded.count)
        #expect(report.uncomparedResolutions == 2)
        #expect(report.matches)

        // The same trace from the command line: both counts in text and JSON, still exit 0.
        let file = temporaryDirectory() + "/stray.ktrace"
        let writer = try TraceWriter(path: file, metadata: reader.header.metadata)
        for record in records { _ = try writer.append(record) }
        _ = try writer.finish()
        let text = try CLIRunner.run(["replay", file, "--verify"], in: repositoryRoot)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("verify: 2 recorded resolutions not compared: no replayed press waited for them"))
        let json = try CLIRunner.run(["replay", file, "--verify", "--json"], in: repositoryRoot)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.contains("\"compared\":\(recorded.count),\"uncompared\":2"))
    }

    @Test func scriptFocusIsReplayedButEffectFocusIsNotAppliedTwice() throws {
        let trace = try recordScript("focus window/viewer/reader/document/thumbnails\npress down\npress cmd+f\ntype \"ab\"\n",
                                     scene: "pdf-viewer")
        let report = try replay(trace, verify: true)
        #expect(report.matches)
        #expect(report.finalState.contains("window/viewer/reader/document/search.text = ab"))
        #expect(report.finalState.contains("window/viewer/reader/document/thumbnails.selectedRow = 0"))
    }

    @Test func outputTraceHoldsTheReplaysOwnResolutionsAndTimings() throws {
        let trace = try recordScript("press cmd+1\npress cmd+2\n", scene: "app-store-tabs")
        let output = temporaryDirectory() + "/out.ktrace"
        var options = Replayer.Options()
        options.output = output
        options.scenePath = repositoryPath("Traces/scenes/app-store-tabs.json")
        _ = try Replayer(trace: trace, options: options).run()
        let records = Array(try TraceReader(path: output))
        #expect(records.filter { $0.kind == .key }.count == 8)
        #expect(records.filter { $0.kind == .resolution }.count == 8)
        #expect(records.filter { $0.kind == .stageTimings }.count == 8)
        #expect(try replay(output, verify: true).matches)
    }

    @Test func timedReplayUsesAbsoluteDeadlinesAndReportsSchedulingError() throws {
        let trace = try recordScript("press a\nwait 100ms\npress b\nwait 100ms\npress c\n", scene: "text-editor")
        var options = Replayer.Options()
        options.pace = .scaled(4)  // 4× faster
        options.scenePath = repositoryPath("Traces/scenes/text-editor.json")
        let clock = MonotonicClock()
        let start = clock.now()
        let report = try Replayer(trace: trace, options: options).run()
        let elapsed = clock.now() - start
        #expect(report.schedulingError.count == 6)
        #expect(report.latencyFromSchedule.count == 6)
        // Recorded span 0…440 ms (80 ms dwells, 100 ms waits) at 4×: the last release is due at 110 ms.
        #expect(elapsed >= 110_000_000)
        #expect(report.schedulingError.max < 50_000_000)
        // Each press's latency runs from the same scheduled instant past its wake-up.
        #expect(report.latencyFromSchedule.max >= report.schedulingError.max)
        #expect(report.latencyFromSchedule.sum >= report.schedulingError.sum)
        #expect(Replayer.Pace("x2") == .scaled(2) && Replayer.Pace("original") == .scaled(1) && Replayer.Pace("fast") == nil)
        // What the machine took from the replay is measured (Linux reports both).
        let interference = try #require(report.interference)
        #expect(interference.preemptions != nil && interference.stolen != nil)
        options.pace = .asap
        #expect(try Replayer(trace: trace, options: options).run().interference == nil)  // not measured
    }

    @Test func stealTimeIsTheEighthNumberOfTheAggregateCPULine() {
        #expect(InterferenceProbe.stealTicks(inFirstLine: "cpu  7930335 98 442961 5238000 23536 0 10520 124073 0 0\n") == 124073)
        #expect(InterferenceProbe.stealTicks(inFirstLine: "cpu  1 2 3 4 5 6 7\n") == nil)  // no steal column
        #expect(InterferenceProbe.stealTicks(inFirstLine: "cpu0 1 2 3 4 5 6 7 8 9 10\n") == nil)  // not the aggregate line
        #expect(InterferenceProbe.stealTicks() != nil)  // this machine's own /proc/stat
        #expect(Interference(stolen: 0, preemptions: 0).isNone && !Interference(stolen: 10_000_000, preemptions: 0).isNone)
    }

    @Test func deadlinesOfPressesStampedBeforeTheFirstOrFarAwayNeitherWrapNorTrap() {
        let scheduler = DeadlineScheduler(speed: 4, clock: MonotonicClock())
        let origin: UInt64 = 1_700_000_000_000_000_000
        let start = scheduler.deadline(of: origin, origin: origin)
        #expect(scheduler.deadline(of: origin - 5_000_000, origin: origin) == start)
        #expect(scheduler.deadline(of: origin + 4_000_000, origin: origin) == start + 1_000_000)
        #expect(scheduler.deadline(of: .max, origin: 0) > start)
        #expect(DeadlineScheduler(speed: 0.000_001, clock: MonotonicClock()).deadline(of: .max, origin: 0) == .max)
    }
}
