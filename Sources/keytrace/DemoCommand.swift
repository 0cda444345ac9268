import Analysis
import Bench
import ArgumentParser
import Capture
import Foundation
import KeyTraceCore
import Recording
import Replay
import ResponderEngine
import Scenes
import TraceFormat
import Reports

/// `keytrace demo`: record a bundled capture through a bundled scene, replay it, print the analysis.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Record the bundled USB capture through the bundled text-editor scene, replay it, and print the analysis.",
        discussion: "Run it from the repository root. The files it writes go to --directory (default: a temporary directory).")

    @Option(help: "The USB capture to record.")
    var capture = "Traces/captures/notes-session.pcap"
    @Option(help: "The scene (file or bundled name).")
    var scene = "text-editor"
    @Option(help: "Where to write the recorded and replayed traces.")
    var directory: String?

    func run() throws {
        do {
            guard FileManager.default.fileExists(atPath: capture) else {
                throw CommandFailure.unusableInput("\(capture) not found; run `keytrace demo` from the repository root, or pass --capture FILE")
            }
            let folder = directory ?? (NSTemporaryDirectory() + "keytrace-demo-\(getpid())")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let recorded = "\(folder)/recorded.ktrace", replayed = "\(folder)/replayed.ktrace"

            // 1. Record: decode the USB capture and drive each press through the scene.
            let runtime = try SceneArgument.load(scene)
            let source = try USBCaptureSource(file: capture)
            let metadata = TraceMetadata(capturedFrom: "usb", details: ["input": capture],
                                         devices: USBCaptureSource.keyboards(inFile: capture),
                                         pcapLinkType: UInt32(source.linkType))
            let session = try RecordingSession(output: recorded, metadata: metadata, scene: runtime)
            try session.record(source)
            let summary = try session.finish()
            print("1. recorded \(capture) through scene '\(runtime.definition.name)' → \(recorded)")
            for device in summary.capture.devices { print("   keyboard \(device)") }
            print("   \(summary.presses) presses: " + summary.outcomes.sorted { $0.key.rawValue < $1.key.rawValue }
                .map { "\($0.value) \($0.key.name)" }.joined(separator: ", "))
            let typed = TypedText(try TraceReader(path: recorded).compactMap { record -> KeyPress? in
                if case .key(let key) = record { return key.press }
                return nil
            }, rendering: .edited).text
            print("   typed: \(typed.split(separator: "\n").prefix(3).joined(separator: " ⏎ ")) …")

            // 2. Replay: the same presses through a fresh scene, verified against the recording.
            var options = Replayer.Options()
            options.scenePath = try SceneArgument.path(scene)
            options.requireRecordedScene = true
            options.output = replayed
            let report = try Replayer(trace: recorded, options: options).run()
            print("2. replayed \(report.presses) presses: "
                  + (report.matches ? "all \(report.comparedResolutions) resolutions and the final scene state match"
                                    : "\(report.divergences) divergences"))
            let s = report.statistics
            print("   keyCommands read \(s.keyCommandsCalls) times (UIKit's policy: \(s.uikitEquivalentCalls)); cache hit rate "
                  + String(format: "%.1f %%", (s.cacheHitRate ?? 0) * 100))

            // 3. Analyse the replay's own stage timings.
            print("3. analysis of \(replayed):")
            var analyzer = TraceAnalyzer(top: 3)
            try analyzer.addTrace(at: replayed)
            print(analyzer.finish(clock: ClockProbe.measureStageClock()).textReport(colour: false))
            if !report.matches { throw KeyTraceExit.checkFailed }
        }
    }
}

