/// A growable little-endian byte buffer for encoding: `write…` appends, `set…(at:)` patches.
///
/// Every multi-byte integer is little-endian; varints are unsigned LEB128. The storage keeps
/// zeroed spare room past ``count`` so short entries are stored as one 8-byte word.
struct ByteWriter {
    private var storage: [UInt8]
    /// The number of bytes written.
    private(set) var count = 0

    init(capacity: Int = 0) {
        storage = [UInt8](repeating: 0, count: max(capacity, 64))
    }

    /// A copy of the bytes written so far.
    var bytes: [UInt8] { Array(storage[0..<count]) }

    /// Calls `body` with the bytes written so far, without copying.
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws(TraceFormatError) -> R) throws(TraceFormatError) -> R {
        let result: Result<R, TraceFormatError> = storage.withUnsafeBytes { raw in
            do throws(TraceFormatError) {
                return .success(try body(UnsafeRawBufferPointer(rebasing: raw[0..<count])))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    mutating func removeAll(keepingCapacity: Bool = true) {
        count = 0
    }

    @inline(__always) private mutating func reserve(_ extra: Int) {
        if count + extra > storage.count {
            storage.append(contentsOf: repeatElement(0, count: Swift.max(storage.count, extra + 8)))
        }
    }

    /// Appends the low `length` (≤ 8) bytes of `word`, least significant first.
    @inline(__always) mutating func writeWord(_ word: UInt64, length: Int) {
        reserve(8)
        let at = count
        storage.withUnsafeMutableBytes { $0.storeBytes(of: word.littleEndian, toByteOffset: at, as: UInt64.self) }
        count += length
    }

    @inline(__always) mutating func writeUInt8(_ value: UInt8) {
        reserve(1)
        storage[count] = value
        count += 1
    }

    @inline(__always) mutating func writeUInt16(_ value: UInt16) { writeWord(UInt64(value), length: 2) }

    @inline(__always) mutating func writeUInt32(_ value: UInt32) { writeWord(UInt64(value), length: 4) }

    @inline(__always) mutating func writeUInt64(_ value: UInt64) { writeWord(value, length: 8) }

    /// Appends an unsigned LEB128 varint (1–10 bytes).
    ///
    /// A value below 2⁵⁶ (at most 8 bytes encoded) is assembled in a register and stored with
    /// one write; only larger values go byte by byte.
    @inline(__always) mutating func writeVarint(_ value: UInt64) {
        guard value < 1 << 56 else {
            var v = value
            while v >= 0x80 {
                writeUInt8(UInt8(truncatingIfNeeded: v) | 0x80)
                v >>= 7
            }
            writeUInt8(UInt8(v))
            return
        }
        var v = value
        var word: UInt64 = 0
        var shift: UInt64 = 0
        while v >= 0x80 {
            word |= ((v & 0x7F) | 0x80) &<< shift
            v &>>= 7
            shift &+= 8
        }
        word |= v &<< shift
        writeWord(word, length: Int(truncatingIfNeeded: shift &>> 3) &+ 1)
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
            storage[at] = byte
            at += 1
        }
        count = at
    }

    /// Appends `bytes` with one copy.
    mutating func writeBytes(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        let at = count
        storage.withUnsafeMutableBytes { target in
            guard let base = target.baseAddress else { return }  // never empty after `reserve`
            (base + at).copyMemory(from: source, byteCount: bytes.count)
        }
        count += bytes.count
    }

    mutating func writeBytes(_ other: ByteWriter) {
        other.storage.withUnsafeBytes { writeBytes(UnsafeRawBufferPointer(rebasing: $0[0..<other.count])) }
    }

    mutating func setUInt8(_ value: UInt8, at offset: Int) {
        storage[offset] = value
    }

    /// The number of bytes `writeVarint(value)` appends.
    @inline(__always) static func varintSize(_ value: UInt64) -> Int {
        value == 0 ? 1 : (64 - value.leadingZeroBitCount + 6) / 7
    }
}
