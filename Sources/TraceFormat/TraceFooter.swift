/// The footer index at the end of a finished trace: one entry per chunk, then a trailer.
///
/// ```
///  index block (at index offset)
///    0    4  magic "KTIX" (4B 54 49 58)
///    4    4  reserved = 0
///    8  40N  N entries, each:
///              0  8  chunk offset (u64)       8  8  first timestamp (u64)
///             16  8  last timestamp (u64)    24  8  first record index (u64)
///             32  4  record count (u32)      36  4  payload length (u32)
///  trailer (last 32 bytes of the file)
///    0    8  index offset (u64)
///    8    8  chunk count N (u64)
///   16    8  total record count (u64)
///   24    4  CRC-32C of the index block and trailer bytes 0..<24 (u32)
///   28    4  magic "KTFT" (4B 54 46 54)
/// ```
enum TraceFooter {
    static let indexMagic: UInt32 = 0x5849_544B
    static let trailerMagic: UInt32 = 0x5446_544B
    static let trailerSize = 32
    static let entrySize = 40

    static func encode(chunks: [TraceChunk], indexOffset: Int, recordCount: UInt64) -> [UInt8] {
        var w = ByteWriter(capacity: 8 + chunks.count * entrySize + trailerSize)
        w.writeUInt32(indexMagic)
        w.writeUInt32(0)
        for chunk in chunks {
            w.writeUInt64(UInt64(chunk.offset))
            w.writeUInt64(chunk.firstTimestamp)
            w.writeUInt64(chunk.lastTimestamp)
            w.writeUInt64(chunk.firstRecordIndex)
            w.writeUInt32(UInt32(truncatingIfNeeded: chunk.recordCount))
            w.writeUInt32(UInt32(truncatingIfNeeded: chunk.payloadLength))
        }
        w.writeUInt64(UInt64(indexOffset))
        w.writeUInt64(UInt64(chunks.count))
        w.writeUInt64(recordCount)
        w.writeUInt32(CRC32C.checksum(w.bytes))
        w.writeUInt32(trailerMagic)
        return w.bytes
    }

    /// The footer's chunks and record total, or `nil` when there is no valid footer.
    static func decode(_ reader: ByteReader, chunksStart: Int) -> (chunks: [TraceChunk], recordCount: UInt64, indexOffset: Int)? {
        let end = reader.end
        guard end - chunksStart >= trailerSize + 8, let magic = reader.getUInt32(at: end - 4), magic == trailerMagic,
              let indexOffset64 = reader.getUInt64(at: end - trailerSize), let count64 = reader.getUInt64(at: end - trailerSize + 8),
              let total = reader.getUInt64(at: end - trailerSize + 16), let stored = reader.getUInt32(at: end - trailerSize + 24),
              indexOffset64 >= UInt64(chunksStart), indexOffset64 < UInt64(end),
              count64 <= UInt64(end) / UInt64(entrySize) else { return nil }
        let indexOffset = Int(indexOffset64)
        let count = Int(count64)
        guard indexOffset + 8 + count * entrySize + trailerSize == end,
              reader.getUInt32(at: indexOffset) == indexMagic,
              let block = reader.slice(at: indexOffset, count: end - indexOffset - 8),
              CRC32C.checksum(block) == stored else { return nil }
        var chunks: [TraceChunk] = []
        chunks.reserveCapacity(count)
        var previousEnd = chunksStart
        for i in 0..<count {
            let at = indexOffset + 8 + i * entrySize
            guard let offset = reader.getUInt64(at: at), let first = reader.getUInt64(at: at + 8),
                  let last = reader.getUInt64(at: at + 16), let firstIndex = reader.getUInt64(at: at + 24),
                  let records = reader.getUInt32(at: at + 32), let length = reader.getUInt32(at: at + 36),
                  // Range-checked before any arithmetic: an offset near 2^64 is rejected, not added to.
                  offset >= UInt64(previousEnd), offset <= indexOffset64,
                  UInt64(length) <= indexOffset64 - offset,
                  UInt64(TraceChunk.headerSize) <= indexOffset64 - offset - UInt64(length)
            else { return nil }
            let chunk = TraceChunk(offset: Int(offset), payloadLength: Int(length), recordCount: UInt64(records),
                                   firstTimestamp: first, lastTimestamp: last, firstRecordIndex: firstIndex,
                                   isSealed: true, payloadCRC: 0)
            previousEnd = chunk.endOffset
            chunks.append(chunk)
        }
        return (chunks, total, indexOffset)
    }
}
