import ArgumentParser
import Capture
import KeyTraceCore
import KeyTraceSupport
import Recording
import ResponderEngine
import Scenes
import TraceFormat

/// `keytrace synth --events N --seed S [--scene SCENE] [--profile typing|shortcuts|mixed] -o OUT`.
struct SynthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synth",
        abstract: "Write a trace of realistic synthetic typing and shortcuts, reproducible by seed.",
        discussion: """
            Intervals, hold times, rollover, modifiers and auto-repeats follow the distributions in \
            docs/Capture.md. The same seed and options give a byte-identical trace (without --scene; with a \
            scene, stage timings are measured). With --scene, shortcut gestures press the scene's declared \
            shortcuts and every press is resolved through the scene. Memory stays constant for any --events.
            """)

    @Option(help: "Presses to generate (the last gesture is completed, so a few more may be written).")
    var events: UInt64
    @Option(help: "The seed; the same seed gives the same trace.")
    var seed: UInt64
    @Option(help: "The gesture mix: typing, shortcuts or mixed.")
    var profile: SyntheticCaptureSource.Profile = .mixed
    @Option(help: "A scene file or bundled scene name: its shortcuts are pressed and each press is resolved.")
    var scene: String?
    @OptionGroup var state: StateOption
    @Option(help: "keyCommands query policy with --scene: uikit or cached.")
    var policy: QueryPolicy = .cached
    @OptionGroup var engine: EngineOptions
    @Option(name: [.short, .customLong("output")], help: "The trace to write (.ktrace).")
    var output: String

    /// The values `--events` accepts (memory stays constant; time is the limit).
    static let eventsRange: ClosedRange<UInt64> = 1...1_000_000_000_000

    func validate() throws {
        guard Self.eventsRange.contains(events) else {
            throw ValidationError("--events \(events): expected \(Self.eventsRange.lowerBound) to \(Self.eventsRange.upperBound)")
        }
        if state.state != nil && scene == nil { throw ValidationError("--state needs --scene") }
    }

    func run() throws {
        let runtime = try scene.map(SceneArgument.load)
        if let runtime {
            engine.apply(to: runtime)
            try state.enter(in: runtime)
        }
        let shortcuts = runtime.map { $0.definition.declaredShortcuts } ?? []
        let source = SyntheticCaptureSource(presses: events, seed: seed, profile: profile, shortcuts: shortcuts)
        var metadata = TraceMetadata(capturedFrom: "synthetic", details: [
            "seed": String(seed), "profile": profile.rawValue, "events": String(events),
        ])
        if let scenePath = try scene.map(SceneArgument.path) { metadata.custom["scenePath"] = scenePath }
        let session = try RecordingSession(output: output, metadata: metadata, scene: runtime, policy: policy)
        let progress = ProgressBar()
        try session.record(source) { count in progress.update(label: "generating", read: UInt64(count), unit: "events") }
        progress.clear()
        let summary = try session.finish()
        print(summary.syntheticText(output: output, source: source, sceneShortcuts: runtime.map { _ in shortcuts.count }),
              terminator: "")
    }
}

extension SyntheticCaptureSource.Profile: ExpressibleByArgument {}
