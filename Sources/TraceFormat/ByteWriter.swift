/// A growable little-endian byte buffer for encoding: `write…` appends, `set…(at:)` patches.
///
/// Every multi-byte integer is little-endian; varints are unsigned LEB128. The storage keeps
/// zeroed spare room past ``count`` so short entries are stored as one 8-byte word.
///
/// The bytes live in one allocation the writer owns (it is noncopyable, so two copies can never
/// write into the same bytes), and every write is a plain store through its pointer: no
/// uniqueness check, no bounds check beyond the one capacity test.
struct ByteWriter: ~Copyable {
    private var base: UnsafeMutableRawPointer
    private var capacity: Int
    /// The number of bytes written.
    private(set) var count = 0

    init(capacity: Int = 0) {
        self.capacity = max(capacity, 64)
        base = .allocate(byteCount: self.capacity, alignment: 8)
        base.initializeMemory(as: UInt8.self, repeating: 0, count: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// A copy of the bytes written so far.
    var bytes: [UInt8] { Array(UnsafeRawBufferPointer(start: base, count: count)) }

    /// Calls `body` with the bytes written so far, without copying.
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws(TraceFormatError) -> R) throws(TraceFormatError) -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    mutating func removeAll(keepingCapacity: Bool = true) {
        count = 0
    }

    @inline(__always) private mutating func reserve(_ extra: Int) {
        if count &+ extra > capacity { grow(toFit: extra) }
    }

    /// Moves the bytes to an allocation at least twice as large (zeroed past them).
    @inline(never)
    private mutating func grow(toFit extra: Int) {
        let newCapacity = Swift.max(capacity * 2, count + extra + 8)
        let newBase = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 8)
        newBase.copyMemory(from: base, byteCount: count)
        (newBase + count).initializeMemory(as: UInt8.self, repeating: 0, count: newCapacity - count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Appends the low `length` (≤ 8) bytes of `word`, least significant first.
    @inline(__always) mutating func writeWord(_ word: UInt64, length: Int) {
        reserve(8)
        base.storeBytes(of: word.littleEndian, toByteOffset: count, as: UInt64.self)
        count &+= length
    }

    @inline(__always) mutating func writeUInt8(_ value: UInt8) {
        reserve(1)
        base.storeBytes(of: value, toByteOffset: count, as: UInt8.self)
        count &+= 1
    }

    @inline(__always) mutating func writeUInt16(_ value: UInt16) { writeWord(UInt64(value), length: 2) }

    @inline(__always) mutating func writeUInt32(_ value: UInt32) { writeWord(UInt64(value), length: 4) }

    @inline(__always) mutating func writeUInt64(_ value: UInt64) { writeWord(value, length: 8) }

    /// Appends an unsigned LEB128 varint (1–10 bytes, ``Varint``).
    ///
    /// A value below 2⁵⁶ (at most 8 bytes encoded) is assembled in a register and stored with
    /// one write; a larger one with two.
    @inline(__always) mutating func writeVarint(_ value: UInt64) {
        guard value < Varint.packableLimit else {
            // 9 or 10 bytes (device ids carry their kind in the top byte): the first eight, each
            // with its continuation bit, in one word, then the last one or two.
            var word: UInt64 = 0
            var v = value
            for byte in 0..<8 {
                word |= ((v & 0x7F) | 0x80) &<< UInt64(byte &* 8)
                v &>>= 7
            }
            writeWord(word, length: 8)
            if v >= 0x80 {
                writeWord((v & 0x7F) | 0x80 | (v &>> 7) &<< 8, length: 2)
            } else {
                writeUInt8(UInt8(truncatingIfNeeded: v))
            }
            return
        }
        let (word, length) = Varint.packed(value)
        writeWord(word, length: length)
    }

    /// Appends a varint length followed by the UTF-8 bytes of `string`.
    mutating func writeString(_ string: String) {
        let utf8 = Array(string.utf8)
        writeVarint(UInt64(utf8.count))
        writeBytes(utf8)
    }

    mutating func writeBytes<C: Collection>(_ other: C) where C.Element == UInt8 {
        let copied: Void? = other.withContiguousStorageIfAvailable { writeBytes(UnsafeRawBufferPointer($0)) }
        guard copied == nil else { return }
        reserve(other.count)
        var at = count
        for byte in other {
            base.storeBytes(of: byte, toByteOffset: at, as: UInt8.self)
            at += 1
        }
        count = at
    }

    /// Appends `bytes` with one copy.
    mutating func writeBytes(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        (base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    mutating func writeBytes(_ other: borrowing ByteWriter) {
        writeBytes(UnsafeRawBufferPointer(start: other.base, count: other.count))
    }

    mutating func setUInt8(_ value: UInt8, at offset: Int) {
        precondition(offset >= 0 && offset < count, "patch outside the bytes written")
        base.storeBytes(of: value, toByteOffset: offset, as: UInt8.self)
    }

    /// Replaces the one byte at `offset` with the varint of `value`, moving the bytes after it
    /// up when the varint is longer.
    mutating func setVarint(_ value: UInt64, replacingByteAt offset: Int) {
        precondition(offset >= 0 && offset < count, "patch outside the bytes written")
        let extra = Varint.size(value) - 1
        if extra > 0 {
            reserve(extra)
            (base + offset + 1 + extra).copyMemory(from: base + offset + 1, byteCount: count - offset - 1)
            count += extra
        }
        Varint.store(value, at: base + offset)
    }
}
