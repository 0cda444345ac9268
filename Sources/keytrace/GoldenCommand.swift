import ArgumentParser
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
            let failed = try GoldenDirectory(directory).verify(artifacts: artifacts ?? GoldenTrace.artifactsDirectory) { print($0) }
            if failed > 0 { throw KeyTraceExit.checkFailed }
        }
    }

    struct Update: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "update",
            abstract: "Re-record golden traces after an intended behaviour change and show what changed, resolution by resolution.")

        @Argument(help: "The directory of golden traces.")
        var directory = "Traces/golden"

        func run() throws {
            try GoldenDirectory(directory).update { print($0) }
        }
    }
}
