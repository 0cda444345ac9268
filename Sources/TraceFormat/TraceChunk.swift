/// A chunk as the index describes it: where it is, how many records it holds, which times.
///
/// On disk every chunk starts with a 48-byte header, all fields little-endian:
///
/// ```
///  offset  size  field
///  ------  ----  ------------------------------------------------------------
///       0     4  magic "KTCK" (4B 54 43 4B)
///       4     4  payload length in bytes (u32); FF FF FF FF while the chunk is open
///       8     4  record count (u32)
///      12     4  flags (u32) = 0; readers ignore unknown bits
///      16     8  first timestamp (u64 ns): the first record's; deltas start here
///      24     8  last timestamp (u64 ns): the largest in the chunk
///      32     8  first record index (u64): records in the file before this chunk
///      40     4  CRC-32C of the payload (u32)
///      44     4  CRC-32C of header bytes 0..<44 (u32)
///      48     …  payload: entries (see ChunkDecoder)
/// ```
public struct TraceChunk: Hashable, Sendable {
    /// Byte offset of the chunk header in the file.
    public var offset: Int
    /// Payload length in bytes (for an open chunk: the bytes present in the file).
    public var payloadLength: Int
    /// Records in the chunk (for an open chunk: unknown until decoded, 0 here).
    public var recordCount: UInt64
    /// The first record's timestamp.
    public var firstTimestamp: UInt64
    /// The largest timestamp in the chunk.
    public var lastTimestamp: UInt64
    /// The number of records in the file before this chunk.
    public var firstRecordIndex: UInt64
    /// Whether the writer sealed the chunk (length, count and CRC are final).
    public var isSealed: Bool
    /// The stored payload CRC-32C.
    var payloadCRC: UInt32

    /// Size of the fixed chunk header.
    public static let headerSize = 48
    /// The magic bytes "KTCK".
    static let magic: UInt32 = 0x4B43_544B
    /// The payload length that marks an open (unsealed) chunk.
    static let openLength: UInt32 = 0xFFFF_FFFF

    /// The byte offset just past the payload.
    public var endOffset: Int { offset + TraceChunk.headerSize + payloadLength }

    /// Encodes a header.
    static func encodeHeader(payloadLength: UInt32, recordCount: UInt32, firstTime: UInt64, lastTime: UInt64,
                             firstRecordIndex: UInt64, payloadCRC: UInt32) -> [UInt8] {
        var w = ByteWriter(capacity: headerSize)
        w.writeUInt32(magic)
        w.writeUInt32(payloadLength)
        w.writeUInt32(recordCount)
        w.writeUInt32(0)
        w.writeUInt64(firstTime)
        w.writeUInt64(lastTime)
        w.writeUInt64(firstRecordIndex)
        w.writeUInt32(payloadCRC)
        w.writeUInt32(CRC32C.checksum(w.bytes))
        return w.bytes
    }

    /// Why a header could not be read.
    enum HeaderProblem: Error {
        case short, badMagic, badChecksum
    }

    /// Reads and checks the header at `offset`; an open chunk's payload runs to the end of the data.
    static func readHeader(_ reader: ByteReader, at offset: Int) -> Result<TraceChunk, HeaderProblem> {
        guard let header = reader.slice(at: offset, count: headerSize),
              let magicValue = reader.getUInt32(at: offset) else { return .failure(.short) }
        guard magicValue == magic else { return .failure(.badMagic) }
        guard let stored = reader.getUInt32(at: offset + 44),
              CRC32C.checksum(UnsafeRawBufferPointer(rebasing: header[0..<44])) == stored,
              let length = reader.getUInt32(at: offset + 4), let count = reader.getUInt32(at: offset + 8),
              let first = reader.getUInt64(at: offset + 16), let last = reader.getUInt64(at: offset + 24),
              let index = reader.getUInt64(at: offset + 32), let crc = reader.getUInt32(at: offset + 40)
        else { return .failure(.badChecksum) }
        let sealed = length != openLength
        let available = reader.end - offset - headerSize
        return .success(TraceChunk(offset: offset, payloadLength: sealed ? Int(length) : available,
                                   recordCount: UInt64(count), firstTimestamp: first, lastTimestamp: last,
                                   firstRecordIndex: index, isSealed: sealed, payloadCRC: crc))
    }
}
