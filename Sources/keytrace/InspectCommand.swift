import ArgumentParser
import KeyTraceCore
import TraceFormat

/// `keytrace inspect TRACE`: a summary of a trace.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Summarise a trace: duration, records by kind, devices, scene, chunks, integrity, bytes per record.")

    @OptionGroup var options: TraceOptions

    func run() throws {
        try withLineOutputScope {
            let reader = try options.open()
            let summary = TraceSummary(reader)
            var out = try LineOutput()
            for line in summary.reportLines(path: options.trace, header: reader.header) { try out.line(line) }
            try out.flush()
            try options.checkRecordsLost(summary.verification)
        }
    }
}
