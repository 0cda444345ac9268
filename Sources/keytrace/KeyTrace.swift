import ArgumentParser
import KeyTraceCore
import KeyTraceSupport

/// The `keytrace` command: record, replay and analyse keyboard-event traces.
@main
struct KeyTrace: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keytrace",
        abstract: "Record, replay and analyse keyboard-event traces against a model of UIKit's responder chain.",
        discussion: KeyTraceExit.table,
        version: KeyTraceVersion.current,
        subcommands: [
            DemoCommand.self, RecordCommand.self, SynthCommand.self, ReplayCommand.self, GoldenCommand.self,
            SceneCommand.self, InspectCommand.self, DumpCommand.self, VerifyCommand.self, ExportCommand.self,
            AnalyzeCommand.self, BenchCommand.self, Compare.self,
        ]
    )

    /// Parses the command line and runs the command; a reader waiting on a FIFO says so on
    /// standard error. This is the one place an error becomes a message and an exit status:
    /// ArgumentParser reports its own (usage, help, version), ``KeyTraceExit`` every other.
    static func main() {
        InputBytes.waitNotice.withLock { $0 = { KeyTraceExit.printError($0) } }
        var command: ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exit(withError: error)
        }
        do {
            try command.run()
        } catch {
            if let failure = KeyTraceExit.failure(for: error, in: type(of: command)) { KeyTraceExit.exit(with: failure) }
            exit(withError: error)
        }
    }
}
