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
    /// Rebuilds the chunk index by hopping from header to header.
    ///
    /// After a damaged header it resynchronises on the next chunk header whose magic and header
    /// CRC both check, wherever it lies, so bytes inside a damaged chunk's payload (a "KTIX",
    /// a "KTCK" with a wrong CRC) never end the scan early. "KTIX" at a chunk boundary ends
    /// the scan only when no valid chunk header follows it. A sealed chunk whose payload runs
    /// past the end of the file is kept: the cursor reads its whole records and reports it.
    static func scan(_ reader: ByteReader, from start: Int) -> (chunks: [TraceChunk], issues: [ChunkIssue], endOffset: Int) {
        var chunks: [TraceChunk] = []
        var issues: [ChunkIssue] = []
        var position = start
        let end = reader.end
        var expectedIndex: UInt64 = 0
        scanning: while position < end {
            if reader.getUInt32(at: position) == TraceFooter.indexMagic {
                let next = nextValidHeader(reader, after: position)
                if next == end { break scanning }  // the footer (unverified): nothing readable follows
                issues.append(ChunkIssue(offset: position, problem: .badHeader(skipped: next - position)))
                position = next
                continue
            }
            switch TraceChunk.readHeader(reader, at: position) {
            case .success(var chunk):
                if !chunk.isSealed {
                    chunk.firstRecordIndex = Swift.max(chunk.firstRecordIndex, expectedIndex)
                    chunks.append(chunk)
                    return (chunks, issues, end)
                }
                chunks.append(chunk)
                let available = end - position - TraceChunk.headerSize
                if chunk.payloadLength > available { return (chunks, issues, end) }  // cut short: see RecordCursor
                expectedIndex = chunk.firstRecordIndex &+ chunk.recordCount
                position = chunk.endOffset
            case .failure:
                let next = nextValidHeader(reader, after: position)
                let tail = end - position
                if next == end && tail < 4 && isPrefix(of: TraceFooter.indexMagic, reader, at: position)
                    && !isPrefix(of: TraceChunk.magic, reader, at: position) {
                    break scanning  // the first bytes of a footer ("KTI"): nothing claimed is lost
                }
                if next == end && tail < TraceChunk.headerSize && reader.getUInt32(at: position) == TraceChunk.magic
                    || next == end && tail < 4 {
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

    /// Whether the bytes from `position` to the end (fewer than 4) begin the little-endian `magic`.
    static func isPrefix(of magic: UInt32, _ reader: ByteReader, at position: Int) -> Bool {
        guard let base = reader.base else { return false }
        for i in 0..<(reader.end - position) where base.load(fromByteOffset: position + i, as: UInt8.self)
            != UInt8(truncatingIfNeeded: magic >> (8 * UInt32(i))) {
            return false
        }
        return true
    }

    /// The offset of the next chunk header after `position` whose magic and header CRC check,
    /// or the end.
    static func nextValidHeader(_ reader: ByteReader, after position: Int) -> Int {
        guard let base = reader.base else { return reader.end }
        let end = reader.end
        var p = position + 1
        while p + TraceChunk.headerSize <= end {
            if base.load(fromByteOffset: p, as: UInt8.self) == 0x4B, reader.getUInt32(at: p) == TraceChunk.magic,
               case .success = TraceChunk.readHeader(reader, at: p) {
                return p
            }
            p += 1
        }
        return end
    }
}
