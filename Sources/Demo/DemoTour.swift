import Analysis
import Bench
import Capture
import FoundationEssentials
import KeyTraceCore
import Recording
import Replay
import Reports
import Scenes
import TraceFormat

/// The tour `keytrace demo` gives on bundled data: a USB capture recorded through a scene, the
/// recording replayed through a fresh copy of the scene and verified, and the replay's own
/// stage timings analysed.
package struct DemoTour {
    /// The USB capture (pcap or pcapng).
    package var capture: String
    /// The scene file.
    package var scenePath: String
    /// Where the recorded and replayed traces are written.
    package var folder: String

    /// A tour of `capture` through the scene at `scenePath`, writing into `folder`.
    package init(capture: String, scenePath: String, folder: String) {
        self.capture = capture
        self.scenePath = scenePath
        self.folder = folder
    }

    /// Runs the three steps, giving what each found to `report` line by line. Returns whether
    /// the replay matched the recording in every resolution and the final scene state.
    package func run(report: (String) -> Void) throws -> Bool {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let recorded = "\(folder)/recorded.ktrace", replayed = "\(folder)/replayed.ktrace"

        // 1. Record: decode the USB capture and drive each press through the scene.
        let runtime = try SceneRuntime(contentsOf: scenePath)
        let source = try USBCaptureSource(file: capture)
        // Held keys repeat as `keytrace record` has them repeat: a USB capture carries no repeats.
        let repeats = RepeatSynthesizer(input: .absent, layout: runtime.application.keyboardLayout)
        var metadata = TraceMetadata(capturedFrom: "usb", details: ["input": capture],
                                     devices: USBCaptureSource.keyboards(inFile: capture),
                                     pcapLinkType: UInt32(source.linkType))
        metadata.custom["repeats"] = RepeatSynthesizer.metadataText(repeats, input: .absent)
        let session = try RecordingSession(output: recorded, metadata: metadata, scene: runtime)
        try session.record(source, repeats: repeats)
        let summary = try session.finish()
        report("1. recorded \(capture) through scene '\(runtime.definition.name)' → \(recorded)")
        for device in summary.capture.devices { report("   keyboard \(device)") }
        report("   \(summary.presses) presses: " + summary.outcomes.sorted { $0.key.rawValue < $1.key.rawValue }
            .map { "\($0.value) \($0.key.name)" }.joined(separator: ", "))
        let typed = TypedText(try TraceReader(path: recorded).compactMap { record -> KeyPress? in
            if case .key(let key) = record { return key.press }
            return nil
        }, rendering: .edited).text
        report("   typed: \(typed.split(separator: "\n").prefix(3).joined(separator: " ⏎ ")) …")

        // 2. Replay: the same presses through a fresh scene, verified against the recording.
        var options = Replayer.Options()
        options.scenePath = scenePath
        options.requireRecordedScene = true
        options.output = replayed
        let replay = try Replayer(trace: recorded, options: options).run()
        report("2. replayed \(replay.presses) presses: "
               + (replay.matches ? "all \(replay.comparedResolutions) resolutions and the final scene state match"
                                 : "\(replay.divergences) divergences"))
        let s = replay.statistics
        report("   keyCommands read \(s.keyCommandsCalls) times (UIKit's policy: \(s.uikitEquivalentCalls)); cache hit rate "
               + String(cFormat: "%.1f %%", (s.cacheHitRate ?? 0) * 100))

        // 3. Analyse the replay's own stage timings.
        report("3. analysis of \(replayed):")
        var analyzer = TraceAnalyzer(top: 3)
        try analyzer.addTrace(at: replayed)
        report(analyzer.finish(clock: ClockProbe.measureStageClock()).textReport(colour: false))
        return replay.matches
    }
}
