/// The fixed start of every trace file: magic, version, flags and the metadata block.
///
/// ```
///  offset  size  field
///  ------  ----  ------------------------------------------------------------
///       0     8  magic 89 4B 54 52 41 43 45 0A  ("\x89KTRACE\n")
///       8     2  major version (u16 LE)           = 2 (1 is read too)
///      10     2  minor version (u16 LE)           = 0
///      12     4  flags (u32 LE)                   = 0; readers ignore unknown bits
///      16     4  metadata length M (u32 LE)
///      20     4  CRC-32C of bytes 0..<20 and the metadata block (u32 LE)
///      24     M  metadata: tagged fields (see TraceMetadata)
///  24 + M        first chunk
/// ```
public struct TraceFileHeader: Hashable, Sendable {
    /// The major version this library writes. It reads this one and ``oldestReadableMajor``
    /// (whose entries are a subset of this one's); any other major cannot be read.
    public static let currentMajor: UInt16 = 2
    /// The oldest major version this library reads.
    public static let oldestReadableMajor: UInt16 = 1
    /// The minor version this library writes. Readers read any minor of their major.
    public static let currentMinor: UInt16 = 0
    /// The eight magic bytes at offset 0.
    public static let magic: [UInt8] = [0x89, 0x4B, 0x54, 0x52, 0x41, 0x43, 0x45, 0x0A]
    /// Size of the fixed part before the metadata block.
    public static let fixedSize = 24

    /// The file's major version.
    public var major: UInt16
    /// The file's minor version.
    public var minor: UInt16
    /// Header flags (none defined).
    public var flags: UInt32
    /// The metadata.
    public var metadata: TraceMetadata
    /// The byte offset of the first chunk (the header's total size).
    public var chunksOffset: Int

    /// Creates a header for writing with the current version.
    public init(metadata: TraceMetadata, major: UInt16 = currentMajor, minor: UInt16 = currentMinor, flags: UInt32 = 0) {
        self.major = major
        self.minor = minor
        self.flags = flags
        self.metadata = metadata
        self.chunksOffset = 0
    }

    /// Encodes the header and metadata.
    func encoded() -> [UInt8] { encoded(metadataBlock: metadata.encoded()) }

    /// Encodes the header with the metadata padded to `metadataLength` bytes (§3.1, tag 16), or
    /// `nil` when the metadata does not fit.
    func encoded(metadataLength: Int) -> [UInt8]? {
        metadata.encoded(paddedTo: metadataLength).map(encoded(metadataBlock:))
    }

    /// Encodes the header with its metadata padded to at least `reserve` bytes.
    func encodedReserving(_ reserve: Int) -> [UInt8] {
        let meta = metadata.encoded()
        guard reserve > meta.count else { return encoded(metadataBlock: meta) }
        return encoded(metadataLength: reserve) ?? encoded(metadataLength: reserve + 1) ?? encoded(metadataBlock: meta)
    }

    private func encoded(metadataBlock meta: [UInt8]) -> [UInt8] {
        var w = ByteWriter(capacity: TraceFileHeader.fixedSize + meta.count)
        w.writeBytes(TraceFileHeader.magic)
        w.writeUInt16(major)
        w.writeUInt16(minor)
        w.writeUInt32(flags)
        w.writeUInt32(UInt32(meta.count))
        var crc = CRC32C()
        crc.update(w.bytes)
        crc.update(meta)
        w.writeUInt32(crc.value)
        w.writeBytes(meta)
        return w.bytes
    }

    /// Reads the header at the start of `buffer`; when only its checksum or metadata is damaged
    /// (magic and major version intact) and a valid chunk follows, returns a header with empty
    /// metadata whose chunks start at that chunk, and the damage as an issue, so the records
    /// are still read.
    static func read(_ buffer: UnsafeRawBufferPointer) throws(TraceFormatError) -> (header: TraceFileHeader, damage: ChunkIssue?) {
        do {
            return (try decode(buffer), nil)
        } catch {
            let reader = ByteReader(buffer)
            guard let damage = error.headerDamage, let major = reader.getUInt16(at: 8), let minor = reader.getUInt16(at: 10),
                  let flags = reader.getUInt32(at: 12) else { throw error }
            let first = TraceReader.nextValidHeader(reader, after: fixedSize - 1)
            guard reader.getUInt32(at: first) == TraceChunk.magic else { throw error }
            var header = TraceFileHeader(metadata: TraceMetadata(), major: major, minor: minor, flags: flags)
            header.chunksOffset = first
            return (header, ChunkIssue(offset: damage.offset, problem: .headerDamaged(reason: damage.reason)))
        }
    }

    /// Reads the header at the start of `buffer`, checking magic, version and checksum.
    static func decode(_ buffer: UnsafeRawBufferPointer) throws(TraceFormatError) -> TraceFileHeader {
        if buffer.count == 0 { throw .emptyFile }
        let reader = ByteReader(buffer)
        let magicCount = min(buffer.count, 8)
        for i in 0..<magicCount where buffer[i] != magic[i] { throw .notATrace(offset: 0) }
        guard buffer.count >= fixedSize, let major = reader.getUInt16(at: 8), let minor = reader.getUInt16(at: 10),
              let flags = reader.getUInt32(at: 12), let length = reader.getUInt32(at: 16),
              let stored = reader.getUInt32(at: 20) else {
            throw .truncatedHeader(needed: fixedSize, available: buffer.count)
        }
        guard (oldestReadableMajor...currentMajor).contains(major) else {
            throw .unsupportedVersion(major: major, minor: minor)
        }
        guard Int(length) <= buffer.count - fixedSize, let meta = reader.slice(at: fixedSize, count: Int(length)) else {
            throw .truncatedHeader(needed: fixedSize + Int(length), available: buffer.count)
        }
        var crc = CRC32C()
        if let fixed = reader.slice(at: 0, count: 20) { crc.update(fixed) }
        crc.update(meta)
        guard crc.value == stored else {
            throw .corruptHeader(offset: 0, reason: "header checksum mismatch: stored \(hex(stored)), computed \(hex(crc.value))")
        }
        guard let metadata = TraceMetadata.decode(meta) else {
            throw .corruptHeader(offset: fixedSize, reason: "metadata fields are malformed")
        }
        var header = TraceFileHeader(metadata: metadata, major: major, minor: minor, flags: flags)
        header.chunksOffset = fixedSize + Int(length)
        return header
    }
}

/// `0x1234ABCD` style.
func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
}
