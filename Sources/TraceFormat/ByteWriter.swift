/// A growable little-endian byte buffer for encoding: `write…` appends, `set…(at:)` patches.
///
/// Every multi-byte integer is little-endian; varints are unsigned LEB128.
struct ByteWriter {
    /// The bytes written so far.
    var bytes: [UInt8]

    init(capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    var count: Int { bytes.count }

    mutating func removeAll(keepingCapacity: Bool = true) {
        bytes.removeAll(keepingCapacity: keepingCapacity)
    }

    @inline(__always) mutating func writeUInt8(_ value: UInt8) { bytes.append(value) }

    @inline(__always) mutating func writeUInt16(_ value: UInt16) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    }

    @inline(__always) mutating func writeUInt32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    @inline(__always) mutating func writeUInt64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    /// Appends an unsigned LEB128 varint (1–10 bytes).
    @inline(__always) mutating func writeVarint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    /// Appends a varint length followed by the UTF-8 bytes of `string`.
    mutating func writeString(_ string: String) {
        let utf8 = Array(string.utf8)
        writeVarint(UInt64(utf8.count))
        bytes.append(contentsOf: utf8)
    }

    mutating func writeBytes<C: Collection>(_ other: C) where C.Element == UInt8 {
        bytes.append(contentsOf: other)
    }

    mutating func setUInt32(_ value: UInt32, at offset: Int) {
        for i in 0..<4 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> UInt32(8 * i)) }
    }

    mutating func setUInt64(_ value: UInt64, at offset: Int) {
        for i in 0..<8 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> UInt64(8 * i)) }
    }

    /// The number of bytes `writeVarint(value)` appends.
    @inline(__always) static func varintSize(_ value: UInt64) -> Int {
        value == 0 ? 1 : (64 - value.leadingZeroBitCount + 6) / 7
    }
}
