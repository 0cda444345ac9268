import ArgumentParser
import KeyTraceCore
import TraceFormat

/// The trace path every trace-reading subcommand takes.
struct TraceOptions: ParsableArguments {
    @Argument(help: "The trace file (.ktrace).")
    var trace: String

    /// Opens the trace, warning on standard error when its header was damaged (the records
    /// are still read, the metadata is lost); errors become exit 2 through ``KeyTraceExit``.
    func open() throws -> TraceReader {
        let reader = try TraceReader(path: trace)
        for issue in reader.indexIssues where issue.losesMetadata { KeyTraceExit.printError("warning: \(issue)") }
        return reader
    }

    /// Ends a read of the trace: see ``checkRecordsLost(_:)``.
    func checkRecordsLost(_ report: VerificationReport) throws {
        try Self.checkRecordsLost(report.lostRecordsMessage(path: trace))
    }

    /// Ends a read that lost records (``VerificationReport/lostRecordsMessage(path:)``): names
    /// every damaged place on standard error and exits 1. Nothing lost is silent.
    static func checkRecordsLost(_ message: (places: [String], summary: String)?) throws {
        guard let message else { return }
        for place in message.places { KeyTraceExit.printError("warning: \(place)") }
        throw CommandFailure(message: message.summary, code: KeyTraceExit.checkFailed)
    }
}
