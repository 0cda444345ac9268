/// Decodes a trace that arrives in pieces (a pipe, a socket), yielding each chunk's records
/// as soon as the whole chunk has arrived and its checksum matches.
///
/// Buffers at most one chunk. Feed bytes with ``feed(_:)`` in any split, down to one byte at
/// a time; call ``finish()`` at the end of the stream to recover an unsealed tail chunk.
public struct TraceStreamDecoder {
    private var buffer: [UInt8] = []
    /// The stream offset of `buffer[0]`.
    private var bufferOffset = 0
    private var reachedFooter = false
    private var resyncing = false
    private var resyncStart = 0
    /// The header, once its bytes have arrived.
    public private(set) var header: TraceFileHeader?
    /// Damage met so far, with stream byte offsets.
    public private(set) var issues: [ChunkIssue] = []

    /// Creates a decoder expecting the start of a trace.
    public init() {}

    /// Adds bytes and returns the records of every chunk they complete.
    public mutating func feed<C: Collection>(_ bytes: C) throws(TraceFormatError) -> [TraceRecord] where C.Element == UInt8 {
        guard !reachedFooter else { return [] }
        buffer.append(contentsOf: bytes)
        var records: [TraceRecord] = []
        if header == nil {
            guard try readHeader() else { return [] }
        }
        while !reachedFooter, let next = try nextChunk() { records.append(contentsOf: next) }
        return records
    }

    /// Ends the stream: decodes an unsealed tail chunk and reports an incomplete one.
    public mutating func finish() -> [TraceRecord] {
        guard header != nil, !reachedFooter, !buffer.isEmpty else { return [] }
        var records: [TraceRecord] = []
        buffer.withUnsafeBytes { raw in
            let reader = ByteReader(raw)
            switch TraceChunk.readHeader(reader, at: 0) {
            case .success(let chunk) where !chunk.isSealed:
                guard let payload = reader.slice(at: TraceChunk.headerSize, count: chunk.payloadLength) else { return }
                var decoder = ChunkDecoder(payload: payload, baseTime: chunk.firstTimestamp)
                while let record = try? decoder.next() { records.append(record) }
                issues.append(ChunkIssue(offset: bufferOffset, problem: .unsealed(recovered: UInt64(records.count))))
            case .success(let chunk):
                issues.append(ChunkIssue(offset: bufferOffset, problem: .truncated(expected: chunk.payloadLength,
                                                                                  available: raw.count - TraceChunk.headerSize)))
            case .failure:
                issues.append(ChunkIssue(offset: bufferOffset, problem: .truncated(expected: TraceChunk.headerSize, available: raw.count)))
            }
        }
        buffer.removeAll()
        return records
    }

    private mutating func readHeader() throws(TraceFormatError) -> Bool {
        let prefix = min(buffer.count, TraceFileHeader.magic.count)
        guard Array(buffer[0..<prefix]) == Array(TraceFileHeader.magic[0..<prefix]) else { throw .notATrace(offset: 0) }
        guard buffer.count >= TraceFileHeader.fixedSize else { return false }
        let length = Int(buffer[16]) | Int(buffer[17]) << 8 | Int(buffer[18]) << 16 | Int(buffer[19]) << 24
        guard buffer.count >= TraceFileHeader.fixedSize + length else { return false }
        let result: Result<TraceFileHeader, TraceFormatError> = buffer.withUnsafeBytes { raw in
            do throws(TraceFormatError) {
                return .success(try TraceFileHeader.decode(
                    UnsafeRawBufferPointer(rebasing: raw[0..<(TraceFileHeader.fixedSize + length)])))
            } catch {
                return .failure(error)
            }
        }
        let parsed = try result.get()
        header = parsed
        drop(parsed.chunksOffset)
        return true
    }

    /// The records of the next complete chunk, `[]` for a damaged one, `nil` when more bytes are needed.
    private mutating func nextChunk() throws(TraceFormatError) -> [TraceRecord]? {
        guard buffer.count >= 4 else { return nil }
        let outcome: (records: [TraceRecord]?, consumed: Int, issue: ChunkIssue?, footer: Bool, bad: Bool) =
            buffer.withUnsafeBytes { raw in
                let reader = ByteReader(raw)
                if reader.getUInt32(at: 0) == TraceFooter.indexMagic { return (nil, 0, nil, true, false) }
                guard raw.count >= TraceChunk.headerSize else { return (nil, 0, nil, false, false) }
                switch TraceChunk.readHeader(reader, at: 0) {
                case .failure:
                    return ([], 1, nil, false, true)
                case .success(let chunk):
                    guard chunk.isSealed else { return (nil, 0, nil, false, false) }  // open tail: wait for finish()
                    let total = TraceChunk.headerSize + chunk.payloadLength
                    guard raw.count >= total, let payload = reader.slice(at: TraceChunk.headerSize, count: chunk.payloadLength)
                    else { return (nil, 0, nil, false, false) }
                    let computed = CRC32C.checksum(payload)
                    guard computed == chunk.payloadCRC else {
                        return ([], total, ChunkIssue(offset: bufferOffset, problem: .checksumMismatch(
                            stored: chunk.payloadCRC, computed: computed)), false, false)
                    }
                    var decoder = ChunkDecoder(payload: payload, baseTime: chunk.firstTimestamp)
                    var records: [TraceRecord] = []
                    do throws(ChunkDecoder.Malformed) {
                        while let record = try decoder.next() { records.append(record) }
                    } catch {
                        return (records, total, ChunkIssue(offset: bufferOffset, problem: .malformedEntry(
                            entryOffset: bufferOffset + TraceChunk.headerSize + error.offset, reason: error.reason)), false, false)
                    }
                    return (records, total, nil, false, false)
                }
            }
        if outcome.footer {
            reachedFooter = true
            return nil
        }
        if outcome.bad {
            if !resyncing { resyncing = true; resyncStart = bufferOffset }
            drop(1)
            return []
        }
        guard let records = outcome.records else { return nil }
        if resyncing {
            issues.append(ChunkIssue(offset: resyncStart, problem: .badHeader(skipped: bufferOffset - resyncStart)))
            resyncing = false
        }
        if let issue = outcome.issue { issues.append(issue) }
        drop(outcome.consumed)
        return records
    }

    private mutating func drop(_ count: Int) {
        buffer.removeFirst(min(count, buffer.count))
        bufferOffset += count
    }
}
