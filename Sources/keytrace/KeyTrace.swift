import ArgumentParser
import KeyTraceCore

/// The `keytrace` command: record, replay and analyse keyboard-event traces.
@main
struct KeyTrace: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keytrace",
        abstract: "Record, replay and analyse keyboard-event traces against a model of UIKit's responder chain.",
        version: KeyTraceVersion.current,
        subcommands: [
            DemoCommand.self, RecordCommand.self, SynthCommand.self, ReplayCommand.self, GoldenCommand.self,
            SceneCommand.self, InspectCommand.self, DumpCommand.self, VerifyCommand.self, ExportCommand.self,
            AnalyzeCommand.self, BenchCommand.self, Compare.self,
        ]
    )

    /// Runs the command; a reader waiting on a FIFO says so on standard error.
    static func main() {
        InputBytes.waitNotice.withLock { $0 = { KeyTraceExit.printError($0) } }
        main(nil)
    }
}
