import ArgumentParser
import KeyTraceCore
import KeyTraceSupport
import TraceFormat

/// `keytrace inspect TRACE`: a summary of a trace.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Summarise a trace: duration, records by kind, devices, scene, chunks, integrity, bytes per record.")

    @OptionGroup var options: TraceOptions

    func run() throws {
        let reader = try options.open()
        let summary = TraceSummary(reader)
        let out = try TextFile(path: "-")
        for line in summary.reportLines(path: options.trace, header: reader.header) { try out.line(line) }
        try out.flush()
        try options.checkRecordsLost(summary.verification)
    }
}
