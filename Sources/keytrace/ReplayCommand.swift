import ArgumentParser
import KeyTraceCore
import KeyTraceSupport
import Replay
import ResponderEngine

/// `keytrace replay TRACE [--scene SCENE] [--policy uikit|cached] [--pace asap|original|xN] [--verify] [-o OUT] [--json]`.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Drive a trace's presses back through a scene, deterministically; --verify compares with the recording.")

    @Argument(help: "The trace to replay.")
    var trace: String
    @Option(help: "The scene (file or bundled name); default: the scene named in the trace.")
    var scene: String?
    @Option(help: "keyCommands query policy: uikit or cached.")
    var policy: QueryPolicy = .cached
    @OptionGroup var engine: EngineOptions
    @Option(help: "asap, original (recorded timing against absolute deadlines) or xN (N times faster, N from 0.001 to 1000).")
    var pace: String = "asap"
    @Flag(help: "Compare every resolution with the recorded one; exit 1 on divergence.")
    var verify = false
    @Option(name: [.short, .customLong("output")], help: "Write the replay's own resolutions and timings to this trace.")
    var output: String?
    @Flag(help: "Print a JSON report instead of text.")
    var json = false
    @Flag(name: .customLong("lines"), help: "Print every resolution as a canonical line.")
    var printLines = false

    func validate() throws {
        if Replayer.Pace(pace) == nil { throw ValidationError("--pace \(pace): expected \(Replayer.Pace.notation)") }
    }

    func run() throws {
        var options = Replayer.Options()
        options.scenePath = try scene.map(SceneArgument.path)
        options.policy = policy
        options.firstResponderFallback = engine.firstResponderFallback
        options.platform = engine.platform
        options.pace = Replayer.Pace(pace) ?? .asap
        options.requireRecordedScene = verify
        options.compareResolutions = verify  // reported only with --verify
        options.output = output
        options.keepLines = printLines
        let report = try Replayer(trace: trace, options: options).run()
        for warning in report.warnings { KeyTraceExit.printError("warning: \(warning)") }
        let out = try TextFile(path: "-")
        if json {
            try out.line(report.jsonReport(verified: verify))
        } else {
            if printLines { for line in report.lines { try out.line(line) } }
            try out.line(report.textReport(verified: verify))
        }
        try out.flush()
        try TraceOptions.checkRecordsLost(report.traceIntegrity?.lostRecordsMessage(path: trace))
        if verify && !report.matches { throw KeyTraceExit.checkFailed }
    }
}
