import Analysis
import ArgumentParser
import Bench
import Foundation
import KeyTraceCore
import Replay
import ResponderEngine
import Scenes
import KeyTraceSupport
import Comparison
import Reports

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
        for label in labels where label.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first?.isEmpty ?? true
            || !label.contains("=") {
            throw ValidationError("--label wants KEY=VALUE with a non-empty KEY, got '\(label)'")
        }
    }

    func run() throws {
        do {
            let scenePath = try scene.map(SceneArgument.path)
            var options = Replayer.Options()
            options.scenePath = scenePath
            options.policy = policy
            options.stageTiming = true
            // Identify the scene as the replay will load it (the replay also warms the process up).
            let probe = try Replayer(trace: trace, options: options).run()
            let runtime = try SceneRuntime(contentsOf: probe.scenePath)
            var labelMap: [String: String] = [:]
            for label in labels {
                let parts = label.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                guard let key = parts.first else { continue }
                labelMap[key] = parts.count > 1 ? parts[1] : ""
            }
            labelMap["allocationCounting"] = AllocationCounter.isAvailable ? "on" : "unavailable"
            let metadata = BenchMetadata(
                scene: SceneIdentity(name: runtime.definition.name, contentHash: runtime.definition.contentHash),
                trace: trace, policy: policy.rawValue, host: HostInfo.current(), toolVersion: KeyTraceVersion.current,
                date: Date(), labels: labelMap)
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
}
