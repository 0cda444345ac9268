import ArgumentParser
import TraceFormat

/// The trace path every trace-reading subcommand takes.
struct TraceOptions: ParsableArguments {
    @Argument(help: "The trace file (.ktrace).")
    var trace: String

    /// Opens the trace; errors become exit 2 through ``KeyTraceExit``.
    /// Opens the trace, warning on standard error when its header was damaged (the records
    /// are still read, the metadata is lost).
    func open() throws -> TraceReader {
        let reader = try TraceReader(path: trace)
        for issue in reader.indexIssues where issue.losesMetadata { KeyTraceExit.printError("warning: \(issue)") }
        return reader
    }
}

/// Buffered standard output: lines are collected and written in 64 KiB blocks.
struct LineOutput {
    private var buffer: [UInt8] = []

    init() { buffer.reserveCapacity(1 << 16) }

    mutating func line(_ s: String) {
        buffer.append(contentsOf: s.utf8)
        endLine()
    }

    /// A line `write` appends to the buffer as bytes.
    mutating func line(_ write: (inout [UInt8]) -> Void) {
        write(&buffer)
        endLine()
    }

    private mutating func endLine() {
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        buffer.withUnsafeBytes { raw in
            guard var base = raw.baseAddress else { return }
            var left = raw.count
            while left > 0 {
                let n = write(1, base, left)
                if n <= 0 { if errno == EINTR { continue } else { return } }
                base += n
                left -= n
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
