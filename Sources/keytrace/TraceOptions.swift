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

    /// Ends a read of the trace: see ``checkRecordsLost(_:path:)``.
    func checkRecordsLost(_ report: VerificationReport) throws {
        try Self.checkRecordsLost(report, path: trace)
    }

    /// Ends a read of the trace at `path`: when fewer records were read than the file claims,
    /// names every damaged place and the count on standard error and exits 1. Nothing lost is
    /// silent.
    static func checkRecordsLost(_ report: VerificationReport, path: String) throws {
        try checkRecordsLost(issues: report.issues, readableRecords: report.readableRecords,
                             expectedRecords: report.expectedRecords, path: path)
    }

    /// Ends a read that met `issues` after `readableRecords` records of the `expectedRecords`
    /// a footer listed (see ``checkRecordsLost(_:path:)``).
    static func checkRecordsLost(issues: [ChunkIssue], readableRecords: UInt64, expectedRecords: UInt64?,
                                 path: String) throws {
        guard issues.contains(where: \.losesRecords) else { return }
        for issue in issues where issue.losesRecords { KeyTraceExit.printError("warning: \(path): \(issue)") }
        let expected = expectedRecords.map { " of the \($0) the footer lists" } ?? ""
        throw CommandFailure(message: "\(path) is damaged: \(readableRecords) records read\(expected); "
                             + "the records of the places above are lost (keytrace verify lists them)",
                             code: KeyTraceExit.checkFailed)
    }
}

/// Runs `body`. A command keeps its ``LineOutput`` (a noncopyable value) in this closure: the
/// same code in a plain `do` block crashes the Swift 6.3 compiler ("Found ownership error").
func withLineOutputScope(_ body: () throws -> Void) rethrows { try body() }

/// Buffered standard output: lines are collected and written in 64 KiB blocks, every write
/// checked.
struct LineOutput: ~Copyable {
    private var buffer: [UInt8] = []
    private var stream: OutputFile.Stream

    init() throws {
        buffer.reserveCapacity(1 << 16)
        stream = try OutputFile.standardOutput.open()
    }

    mutating func line(_ s: String) throws {
        buffer.append(contentsOf: s.utf8)
        try endLine()
    }

    /// A line `write` appends to the buffer as bytes.
    mutating func line(_ write: (inout [UInt8]) -> Void) throws {
        write(&buffer)
        try endLine()
    }

    private mutating func endLine() throws {
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 { try flush() }
    }

    /// Writes what is buffered.
    mutating func flush() throws {
        try stream.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}

import KeyTraceSupport
