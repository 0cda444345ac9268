/// Yields the records of a trace one chunk at a time, skipping and reporting damaged chunks.
public struct RecordIterator: IteratorProtocol {
    private let storage: TraceStorage
    private let chunks: [TraceChunk]
    private var nextChunk: Int
    private var decoder = ChunkDecoder(payload: UnsafeRawBufferPointer(start: nil, count: 0), baseTime: 0)
    private var current: TraceChunk?
    private var decodedInChunk: UInt64 = 0
    private var skipRecords: UInt64 = 0
    private var skipBeforeTime: UInt64?
    /// Damage met so far, in file order, with byte offsets.
    public private(set) var issues: [ChunkIssue] = []
    /// Records yielded so far.
    public private(set) var recordsRead: UInt64 = 0

    init(storage: TraceStorage, chunks: [TraceChunk], startChunk: Int, skipRecords: UInt64 = 0, skipBeforeTime: UInt64? = nil) {
        self.storage = storage
        self.chunks = chunks
        self.nextChunk = startChunk
        self.skipRecords = skipRecords
        self.skipBeforeTime = skipBeforeTime
    }

    /// The next intact record, or `nil` at the end of the trace.
    public mutating func next() -> TraceRecord? {
        while true {
            if current != nil, let record = nextInChunk() {
                if skipRecords > 0 {
                    skipRecords -= 1
                    continue
                }
                if let t = skipBeforeTime {
                    if record.timestamp < t { continue }
                    skipBeforeTime = nil
                }
                recordsRead += 1
                return record
            }
            guard nextChunk < chunks.count else { return nil }
            enter(chunks[nextChunk])
            nextChunk += 1
        }
    }

    private mutating func nextInChunk() -> TraceRecord? {
        guard let chunk = current else { return nil }
        do {
            if let record = try decoder.next() {
                decodedInChunk += 1
                return record
            }
            if chunk.isSealed {
                if decodedInChunk != chunk.recordCount {
                    issues.append(ChunkIssue(offset: chunk.offset, problem: .recordCountMismatch(expected: chunk.recordCount,
                                                                                                  found: decodedInChunk)))
                }
            } else {
                issues.append(ChunkIssue(offset: chunk.offset, problem: .unsealed(recovered: decodedInChunk)))
            }
        } catch {
            if chunk.isSealed {
                issues.append(ChunkIssue(offset: chunk.offset, problem: .malformedEntry(
                    entryOffset: chunk.offset + TraceChunk.headerSize + error.offset, reason: error.reason)))
            } else {
                // The writer stopped mid-entry: everything before it is recovered.
                issues.append(ChunkIssue(offset: chunk.offset, problem: .unsealed(recovered: decodedInChunk)))
            }
        }
        current = nil
        return nil
    }

    private mutating func enter(_ indexed: TraceChunk) {
        current = nil
        decodedInChunk = 0
        let reader = storage.reader
        guard case .success(let chunk) = TraceChunk.readHeader(reader, at: indexed.offset) else {
            issues.append(ChunkIssue(offset: indexed.offset, problem: .badHeader(skipped: 0)))
            return
        }
        if indexed.isSealed && (!chunk.isSealed || chunk.payloadLength != indexed.payloadLength) {
            issues.append(ChunkIssue(offset: indexed.offset, problem: .badHeader(skipped: 0)))
            return
        }
        let available = reader.end - chunk.offset - TraceChunk.headerSize
        guard chunk.payloadLength <= available,
              let payload = reader.slice(at: chunk.offset + TraceChunk.headerSize, count: chunk.payloadLength) else {
            issues.append(ChunkIssue(offset: chunk.offset, problem: .truncated(expected: chunk.payloadLength, available: available)))
            return
        }
        if chunk.isSealed {
            let computed = CRC32C.checksum(payload)
            guard computed == chunk.payloadCRC else {
                issues.append(ChunkIssue(offset: chunk.offset, problem: .checksumMismatch(stored: chunk.payloadCRC,
                                                                                           computed: computed)))
                return
            }
        }
        decoder = ChunkDecoder(payload: payload, baseTime: chunk.firstTimestamp)
        current = chunk
    }
}
