import KeyTraceCore
import KeyTraceSupport

extension TraceStreamDecoder {
    /// Whether the trace at `path` arrives as a stream rather than as a file: a FIFO, or `-`
    /// (standard input) when that is a pipe or FIFO. A stream is decoded chunk by chunk as its
    /// bytes arrive (``decode(from:_:)``); a file is mapped and indexed by ``TraceReader``.
    public static func isStream(_ path: String) -> Bool {
        FileKind(path: InputBytes.path(path)) == .fifo
    }

    /// Decodes the trace arriving at the FIFO or pipe `path` (`-` is standard input), handing
    /// the records of each chunk to `body` as soon as the whole chunk has arrived and its
    /// checksum matches, and an unsealed tail at the end. While no writer has opened the FIFO,
    /// ``InputBytes/waitNotice`` hears what is awaited. Damage met is in ``issues``;
    /// returns how many records were decoded. An error `body` throws stops the reading and is
    /// rethrown; a read error is a ``TraceFormatError``.
    @discardableResult
    public mutating func decode(from path: String, _ body: ([TraceRecord]) throws -> Void) throws -> UInt64 {
        var failure: (any Error)?
        var decoded: UInt64 = 0
        do throws(InputFileError) {
            try InputBytes.readFIFOBlocks(path, expecting: "a trace") { block in
                do {
                    let records = try feed(block)
                    decoded += UInt64(records.count)
                    if !records.isEmpty { try body(records) }
                    return true
                } catch {
                    failure = error
                    return false
                }
            }
        } catch {
            throw TraceFormatError.input(error)
        }
        if let failure { throw failure }
        let tail = finish()
        decoded += UInt64(tail.count)
        if !tail.isEmpty { try body(tail) }
        return decoded
    }
}
