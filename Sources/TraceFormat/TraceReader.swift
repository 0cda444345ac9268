/// Reads a trace: its header, its chunk index, and its records, lazily.
///
/// Opening reads the header and the footer index (or, when the footer is missing or
/// damaged, rebuilds the index by hopping from chunk header to chunk header). Iterating
/// decodes one chunk at a time from a memory map, checking each sealed chunk's CRC-32C
/// first, so memory stays constant however long the trace is.
///
/// Damaged chunks are skipped and reported with their byte offset in
/// ``RecordIterator/issues``; every record of every intact chunk is still yielded.
///
/// ```swift
/// let reader = try TraceReader(path: "typing.ktrace")
/// for record in reader { print(record.timestamp) }
/// ```
public struct TraceReader: Sequence, Sendable {
    /// The file header and metadata.
    public let header: TraceFileHeader
    /// The chunks in file order, from the footer or from a scan.
    public let chunks: [TraceChunk]
    /// Whether a valid footer index was found.
    public let hasFooter: Bool
    /// The record total the footer states, when there is a footer.
    public let footerRecordCount: UInt64?
    /// Problems found while building the index (bad chunk headers, truncation, missing footer).
    public let indexIssues: [ChunkIssue]
    /// The file's size in bytes.
    public var fileSize: Int { storage.count }

    let storage: TraceStorage

    /// Opens and maps the file at `path`.
    public init(path: String) throws(TraceFormatError) {
        try self.init(storage: TraceStorage(path: path))
    }

    /// Reads a trace held in memory.
    public init(bytes: [UInt8]) throws(TraceFormatError) {
        try self.init(storage: TraceStorage(bytes: bytes))
    }

    /// Opens the file at `path` ignoring its footer, so the index is rebuilt by scanning.
    public init(path: String, ignoringFooter: Bool) throws(TraceFormatError) {
        try self.init(storage: TraceStorage(path: path), ignoringFooter: ignoringFooter)
    }

    init(storage: TraceStorage, ignoringFooter: Bool = false) throws(TraceFormatError) {
        self.storage = storage
        let (header, headerDamage) = try TraceFileHeader.read(storage.buffer)
        self.header = header
        let reader = storage.reader
        if !ignoringFooter, let footer = TraceFooter.decode(reader, chunksStart: header.chunksOffset) {
            chunks = footer.chunks
            hasFooter = true
            footerRecordCount = footer.recordCount
            indexIssues = headerDamage.map { [$0] } ?? []
        } else {
            let scan = TraceReader.scan(reader, from: header.chunksOffset)
            chunks = scan.chunks
            hasFooter = false
            footerRecordCount = nil
            indexIssues = (headerDamage.map { [$0] } ?? []) + [ChunkIssue(offset: scan.endOffset, problem: .footerMissing)] + scan.issues
        }
    }

    /// Iterates every readable record from the start.
    public func makeIterator() -> RecordIterator {
        RecordIterator(cursor: cursor())
    }

    /// A cursor over every readable record from the start (see ``RecordCursor``).
    public func cursor() -> RecordCursor {
        RecordCursor(storage: storage, chunks: chunks, startChunk: 0)
    }
}

extension TraceReader {
    /// Rebuilds the chunk index by hopping from header to header; resynchronises on the
    /// next "KTCK" magic after a damaged header.
    static func scan(_ reader: ByteReader, from start: Int) -> (chunks: [TraceChunk], issues: [ChunkIssue], endOffset: Int) {
        var chunks: [TraceChunk] = []
        var issues: [ChunkIssue] = []
        var position = start
        let end = reader.end
        var expectedIndex: UInt64 = 0
        while position < end {
            if reader.getUInt32(at: position) == TraceFooter.indexMagic { break }  // unverified footer: stop here
            switch TraceChunk.readHeader(reader, at: position) {
            case .success(var chunk):
                if !chunk.isSealed {
                    chunk.firstRecordIndex = Swift.max(chunk.firstRecordIndex, expectedIndex)
                    chunks.append(chunk)
                    return (chunks, issues, end)
                }
                let available = end - position - TraceChunk.headerSize
                if chunk.payloadLength > available {
                    issues.append(ChunkIssue(offset: position, problem: .truncated(expected: chunk.payloadLength,
                                                                                    available: available)))
                    return (chunks, issues, end)
                }
                chunks.append(chunk)
                expectedIndex = chunk.firstRecordIndex &+ chunk.recordCount
                position = chunk.endOffset
            case .failure:
                let next = nextValidHeader(reader, after: position)
                if next == end && end - position < TraceChunk.headerSize && reader.getUInt32(at: position) == TraceChunk.magic
                    || next == end && end - position < 4 {
                    issues.append(ChunkIssue(offset: position, problem: .truncated(expected: TraceChunk.headerSize,
                                                                                    available: end - position)))
                } else {
                    issues.append(ChunkIssue(offset: position, problem: .badHeader(skipped: next - position)))
                }
                position = next
            }
        }
        return (chunks, issues, position)
    }

    /// The offset of the next valid chunk header (or footer index) after `position`, or the end.
    static func nextValidHeader(_ reader: ByteReader, after position: Int) -> Int {
        guard let base = reader.base else { return reader.end }
        var p = position + 1
        let end = reader.end
        while p + 4 <= end {
            if base.load(fromByteOffset: p, as: UInt8.self) == 0x4B,
               let word = reader.getUInt32(at: p) {
                if word == TraceChunk.magic, case .success = TraceChunk.readHeader(reader, at: p) { return p }
                if word == TraceFooter.indexMagic { return p }
            }
            p += 1
        }
        return end
    }
}
