/// Decodes a trace that arrives in pieces (a pipe, a socket), yielding each chunk's records
/// as soon as the whole chunk has arrived and its checksum matches.
///
/// Buffers at most one chunk. Feed bytes with ``feed(_:)`` in any split, down to one byte at
/// a time; call ``finish()`` at the end of the stream to recover an unsealed tail chunk.
public struct TraceStreamDecoder {
    private var buffer: [UInt8] = []
    /// The stream offset of `buffer[0]`.
    private var bufferOffset = 0
    private var resyncing = false
    private var resyncStart = 0
    /// The resynchronisation began at "KTIX" on a chunk boundary: if no chunk header follows,
    /// those bytes were the footer, not damage.
    private var resyncFromFooter = false
    /// The header, once its bytes have arrived.
    public private(set) var header: TraceFileHeader?
    /// Damage met so far, with stream byte offsets.
    public private(set) var issues: [ChunkIssue] = []

    /// Creates a decoder expecting the start of a trace.
    public init() {}

    /// Adds bytes and returns the records of every chunk they complete.
    public mutating func feed<C: Collection>(_ bytes: C) throws(TraceFormatError) -> [TraceRecord] where C.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        var records: [TraceRecord] = []
        if header == nil {
            guard try readHeader() else { return [] }
        }
        while let next = try nextChunk() { records.append(contentsOf: next) }
        return records
    }

    /// Ends the stream: decodes an unsealed tail chunk and reports an incomplete one.
    public mutating func finish() -> [TraceRecord] {
        guard header != nil, !buffer.isEmpty else { return [] }
        if resyncing {
            // No valid chunk header after the damage (or after the footer): the rest of the
            // stream was passed over.
            if !resyncFromFooter {
                issues.append(ChunkIssue(offset: resyncStart, problem: .badHeader(skipped: bufferOffset + buffer.count - resyncStart)))
            }
            resyncing = false
            buffer.removeAll()
            return []
        }
        var records: [TraceRecord] = []
        buffer.withUnsafeBytes { raw in
            let reader = ByteReader(raw)
            switch TraceChunk.readHeader(reader, at: 0) {
            case .success(let chunk):
                // An open chunk, or a sealed one the stream cut short: every whole entry decodes.
                let available = raw.count - TraceChunk.headerSize
                guard let payload = reader.slice(at: TraceChunk.headerSize, count: available) else { return }
                var decoder = ChunkDecoder(payload: payload, baseTime: chunk.firstTimestamp)
                while let record = try? decoder.next() { records.append(record) }
                let recovered = UInt64(records.count)
                issues.append(ChunkIssue(offset: bufferOffset, problem: chunk.isSealed
                    ? .truncated(expected: chunk.payloadLength, available: available, recovered: recovered)
                    : .unsealed(recovered: recovered)))
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
                // "KTIX" on a chunk boundary starts the footer unless a chunk header follows it;
                // while resynchronising it is only payload.
                if !resyncing && reader.getUInt32(at: 0) == TraceFooter.indexMagic {
                    return ([], Self.nextCandidate(raw), nil, true, true)
                }
                guard raw.count >= TraceChunk.headerSize else { return (nil, 0, nil, false, false) }
                switch TraceChunk.readHeader(reader, at: 0) {
                case .failure:
                    return ([], Self.nextCandidate(raw), nil, false, true)
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
        if outcome.bad {
            if !resyncing {
                resyncing = true
                resyncStart = bufferOffset
                resyncFromFooter = outcome.footer
            }
            drop(outcome.consumed)
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

    /// How many bytes to pass over after a damaged header at the start of `raw`: up to the next
    /// "KTCK", or to the last 3 bytes (which may begin one).
    private static func nextCandidate(_ raw: UnsafeRawBufferPointer) -> Int {
        var p = 1
        while p + 4 <= raw.count {
            if raw[p] == 0x4B && raw[p + 1] == 0x54 && raw[p + 2] == 0x43 && raw[p + 3] == 0x4B { return p }
            p += 1
        }
        return max(1, raw.count - 3)
    }

    private mutating func drop(_ count: Int) {
        buffer.removeFirst(min(count, buffer.count))
        bufferOffset += count
    }
}
