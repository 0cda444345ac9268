/// A bounds-checked little-endian cursor over borrowed bytes: `read…` moves, `get…(at:)` does not.
///
/// A read past the end returns `nil` and consumes nothing; callers turn that into a
/// ``TraceFormatError``. The reader never traps on any input.
@usableFromInline
struct ByteReader {
    @usableFromInline let base: UnsafeRawPointer?
    @usableFromInline let end: Int
    /// The offset of the next byte to read, relative to `base`.
    @usableFromInline var position: Int

    init(_ buffer: UnsafeRawBufferPointer, position: Int = 0, end: Int? = nil) {
        base = buffer.baseAddress
        self.end = min(end ?? buffer.count, buffer.count)
        self.position = min(position, self.end)
    }

    var remaining: Int { end - position }
    var isAtEnd: Bool { position >= end }

    @inline(__always) mutating func readUInt8() -> UInt8? {
        guard position < end, let base else { return nil }
        defer { position += 1 }
        return base.load(fromByteOffset: position, as: UInt8.self)
    }

    @inline(__always) func getUInt32(at offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= end, let base else { return nil }
        return base.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian
    }

    @inline(__always) func getUInt64(at offset: Int) -> UInt64? {
        guard offset >= 0, offset + 8 <= end, let base else { return nil }
        return base.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian
    }

    @inline(__always) func getUInt16(at offset: Int) -> UInt16? {
        guard offset >= 0, offset + 2 <= end, let base else { return nil }
        return base.loadUnaligned(fromByteOffset: offset, as: UInt16.self).littleEndian
    }

    mutating func readUInt16() -> UInt16? {
        guard let v = getUInt16(at: position) else { return nil }
        position += 2
        return v
    }

    mutating func readUInt32() -> UInt32? {
        guard let v = getUInt32(at: position) else { return nil }
        position += 4
        return v
    }

    mutating func readUInt64() -> UInt64? {
        guard let v = getUInt64(at: position) else { return nil }
        position += 8
        return v
    }

    /// Reads an unsigned LEB128 varint of at most 10 bytes; `nil` when short or overlong.
    @inline(__always) mutating func readVarint() -> UInt64? {
        guard let base else { return nil }
        return Varint.read(base, at: &position, end: end)
    }

    /// Reads `count` bytes as a raw buffer without copying.
    mutating func readSlice(_ count: Int) -> UnsafeRawBufferPointer? {
        guard count >= 0, count <= remaining, let base else { return nil }
        defer { position += count }
        return UnsafeRawBufferPointer(start: base + position, count: count)
    }

    /// Reads a varint length and that many bytes of UTF-8 (invalid sequences are repaired).
    mutating func readString() -> String? {
        let start = position
        guard let length = readVarint(), length <= UInt64(remaining), let slice = readSlice(Int(length)) else {
            position = start
            return nil
        }
        return String(decoding: slice, as: UTF8.self)
    }

    /// A view of `count` bytes at `offset`, or `nil` when out of range.
    func slice(at offset: Int, count: Int) -> UnsafeRawBufferPointer? {
        guard offset >= 0, count >= 0, offset <= end, count <= end - offset, let base else { return nil }
        return UnsafeRawBufferPointer(start: base + offset, count: count)
    }
}
