import Analysis
import ArgumentParser
import Bench
import Comparison
import FoundationEssentials
import KeyTraceCore
import KeyTraceSupport
import Replay
import Reports
import ResponderEngine
import Scenes

/// `keytrace bench --scene SCENE --trace TRACE [--runs N] [--policy …] -o RESULT.json`.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Replay a trace N times with stage timing and store per-run latency distributions and deterministic counters.",
        discussion: "The result feeds `keytrace compare BASE.json CURRENT.json` (docs/Comparison.md).")

    @Option(help: "The scene (file or bundled name); default: the scene named in the trace.")
    var scene: String?
    @Option(help: "The trace to replay.")
    var trace: String
    /// The values `--runs` accepts.
    static let runsRange = 1...10_000

    @Option(help: "How many replays (runs), \(runsRange.lowerBound)–\(runsRange.upperBound); compare wants at least 9.")
    var runs = 10
    @Option(help: "keyCommands query policy: uikit or cached.")
    var policy: QueryPolicy = .cached
    @OptionGroup var engine: EngineOptions
    @Option(name: .customLong("label"), help: "A KEY=VALUE label stored in the result (repeatable), e.g. --label commit=abc123.")
    var labels: [String] = []
    @Option(name: [.short, .customLong("output")], help: "The result file (JSON, schema keytrace-bench/1).")
    var output: String
    @Flag(help: "Print the summary as JSON (schema keytrace-bench-summary/1) instead of text.")
    var json = false

    func validate() throws {
        guard Self.runsRange.contains(runs) else {
            throw ValidationError("--runs \(runs): expected \(Self.runsRange.lowerBound) to \(Self.runsRange.upperBound)")
        }
        if case .failure(let error) = BenchMetadata.labels(labels) { throw ValidationError(error.description) }
    }

    func run() throws {
        let scenePath = try scene.map(SceneArgument.path)
        var options = Replayer.Options()
        options.scenePath = scenePath
        options.policy = policy
        options.firstResponderFallback = engine.firstResponderFallback
        options.platform = engine.platform
        options.stageTiming = true
        let metadata = try TraceBench.metadata(trace: trace, options: options, labels: BenchMetadata.labels(labels).get())
        let progress = ProgressBar()
        let result = try TraceBench.run(trace: trace, options: options, runs: runs, metadata: metadata) { done in
            progress.update(label: "bench", read: UInt64(done), expected: UInt64(runs), unit: "runs")
        }
        progress.clear()
        try result.write(to: OutputFile(output))
        if json {
            print(result.summaryJSON(output: output))
        } else {
            print(result.summaryText(output: output), terminator: "")
        }
        if runs < 9 { KeyTraceExit.printError("warning: \(runs) runs; compare needs at least 9 for a reliable decision") }
    }
}
