import ArgumentParser
import Foundation
import Replay
import ResponderEngine
import TraceFormat

/// `keytrace golden verify|update [DIR]`: golden-trace tests from the command line.
struct GoldenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "golden",
        abstract: "Replay the golden traces in a directory and compare with their .golden.txt files, or re-record them.",
        subcommands: [Verify.self, Update.self])

    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "Replay every golden trace; report per trace; exit 1 if any differs or lacks its golden file.")

        @Argument(help: "The directory of golden traces.")
        var directory = "Traces/golden"

        @Option(help: "Where expected/actual/diff files of failures go (default: $KEYTRACE_ARTIFACTS or artifacts/golden).")
        var artifacts: String?

        func run() throws {
            do {
                let traces = try GoldenCommand.traces(in: directory)
                var failed = 0
                for trace in traces {
                    // One replay checks both the golden text and the resolutions recorded in the trace.
                    let check = try GoldenTrace.check(trace: trace, mode: .never)
                    let replay = check.report
                    let name = (trace as NSString).lastPathComponent
                    if check.passed && replay.matches {
                        print("ok      \(name)  \(replay.presses) presses, \(replay.comparedResolutions) resolutions")
                    } else {
                        failed += 1
                        print("FAILED  \(name)")
                        if let summary = check.failureSummary { print("        \(summary)") }
                        if !replay.matches { print("        \(replay.divergences) recorded resolutions diverge on replay") }
                        for line in check.diff.prefix(20) { print("        \(line)") }
                        if check.diff.count > 20 { print("        … \(check.diff.count - 20) more diff lines") }
                        let folder = artifacts ?? GoldenTrace.artifactsDirectory
                        try GoldenTrace.writeArtifacts(check, to: folder)
                        print("        expected, actual and diff written to \(folder)")
                    }
                }
                print("\(traces.count - failed) of \(traces.count) golden traces match")
                if failed > 0 { throw KeyTraceExit.checkFailed }
            }
        }
    }

    struct Update: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "update",
            abstract: "Re-record golden traces after an intended behaviour change and show what changed, resolution by resolution.")

        @Argument(help: "The directory of golden traces.")
        var directory = "Traces/golden"

        func run() throws {
            do {
                let traces = try GoldenCommand.traces(in: directory)
                for trace in traces {
                    // Re-record the resolutions from the trace's own presses.
                    let temporary = trace + ".tmp"
                    var options = Replayer.Options()
                    options.output = temporary
                    options.compareResolutions = false  // the old resolutions are being replaced
                    _ = try Replayer(trace: trace, options: options).run()
                    try? FileManager.default.removeItem(atPath: trace)
                    try FileManager.default.moveItem(atPath: temporary, toPath: trace)
                    let check = try GoldenTrace.check(trace: trace, mode: .all)
                    let name = (trace as NSString).lastPathComponent
                    if check.expected == nil {
                        print("new     \(name): \(check.actual.count) lines written to \(check.golden)")
                    } else if check.diff.isEmpty {
                        print("same    \(name)")
                    } else {
                        print("changed \(name):")
                        for line in check.diff { print("        \(line)") }
                    }
                }
            }
        }
    }

    static func traces(in directory: String) throws -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            throw CommandFailure(message: "cannot read the directory \(directory)", code: KeyTraceExit.unusableInput)
        }
        let traces = names.filter { $0.hasSuffix(".ktrace") }.sorted().map { (directory as NSString).appendingPathComponent($0) }
        guard !traces.isEmpty else {
            throw CommandFailure(message: "no .ktrace files in \(directory)", code: KeyTraceExit.unusableInput)
        }
        return traces
    }
}
