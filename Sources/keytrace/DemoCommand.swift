import Analysis
import ArgumentParser
import Capture
import Foundation
import KeyTraceCore
import Replay
import ResponderEngine
import Scenes
import TraceFormat

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
        try KeyTraceExit.run {
            guard FileManager.default.fileExists(atPath: capture) else {
                throw KeyTraceExit.fail("\(capture) not found; run `keytrace demo` from the repository root, or pass --capture FILE")
            }
            let folder = directory ?? (NSTemporaryDirectory() + "keytrace-demo-\(getpid())")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let recorded = "\(folder)/recorded.ktrace", replayed = "\(folder)/replayed.ktrace"

            // 1. Record: decode the USB capture and drive each press through the scene.
            let runtime = try SceneArgument.load(scene)
            let source = try USBCaptureSource(file: capture)
            var devices: [Capture.DeviceInfo] = []
            if let prescan = try? USBCaptureSource(file: capture) {
                while let event = try? prescan.next() { if case .device(let info) = event { devices.append(info) } }
            }
            let metadata = TraceMetadata(capturedFrom: "usb", details: ["input": capture], devices: devices,
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
            options.verify = true
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
            print(try DemoAnalysis.text(trace: replayed))
            if !report.matches { throw KeyTraceExit.checkFailed }
        }
    }
}

/// Per-stage latency of a trace, for the demo.
enum DemoAnalysis {
    static func text(trace: String) throws -> String {
        let clock = MonotonicClock()
        var summary = LatencySummary(clockResolution: clock.resolution, checkpointOverhead: ClockCost.measure(clock))
        for record in try TraceReader(path: trace) {
            guard case .stageTimings(let timings) = record else { continue }
            var checkpoints = SIMD8<UInt64>(repeating: 0)
            var time: UInt64 = 1
            checkpoints[0] = time
            for (index, duration) in timings.durations.prefix(7).enumerated() {
                time &+= duration
                checkpoints[index + 1] = time
            }
            summary.record(StageTimings(checkpoints: checkpoints))
        }
        func right(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
        var lines = ["   " + "stage".padding(toLength: 24, withPad: " ", startingAt: 0)
                     + ["count", "p50", "p90", "p99", "max"].map { right($0, 10) }.joined()]
        for metric in LatencyMetric.dispatch {
            guard let s = summary.statistics(of: metric) else { continue }
            lines.append("   " + metric.name.padding(toLength: 24, withPad: " ", startingAt: 0)
                         + ([String(s.count)] + [s.p50, s.p90, s.p99, s.max].map(format)).map { right($0, 10) }.joined())
        }
        return lines.joined(separator: "\n")
    }

    static func format(_ ns: UInt64) -> String {
        ns < 1_000 ? "\(ns) ns" : ns < 1_000_000 ? String(format: "%.1f µs", Double(ns) / 1e3) : String(format: "%.2f ms", Double(ns) / 1e6)
    }
}
