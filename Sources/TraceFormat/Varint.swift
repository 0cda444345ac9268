/// Unsigned LEB128 varints, the integer encoding of the trace format (docs/TraceFormat.md): seven
/// bits a byte, least significant first, the top bit set on every byte but the last; 1 to 10
/// bytes for a `UInt64`. The writer, the entry codec, the metadata block and the reader all
/// encode, size and decode through this type.
enum Varint {
    /// The number of bytes `value` takes.
    @inline(__always) static func size(_ value: UInt64) -> Int {
        value == 0 ? 1 : (64 - value.leadingZeroBitCount + 6) / 7
    }

    /// `difference` (a wrapping `UInt64` difference read as signed) mapped so that small
    /// magnitudes of either sign are small: 0, −1, 1, −2 … become 0, 1, 2, 3 …
    @inline(__always) static func zigzag(_ difference: UInt64) -> UInt64 {
        difference &<< 1 ^ UInt64(bitPattern: Int64(bitPattern: difference) &>> 63)
    }

    /// The difference ``zigzag(_:)`` mapped to `value`.
    @inline(__always) static func unzigzag(_ value: UInt64) -> UInt64 {
        value &>> 1 ^ (0 &- (value & 1))
    }

    /// The largest value ``packed(_:)`` takes: one that encodes in at most 8 bytes.
    static let packableLimit: UInt64 = 1 << 56

    /// The encoding of `value` (below ``packableLimit``) in the low bytes of a word, first byte
    /// lowest, and its length: assembled in a register so that it is stored with one write.
    @inline(__always) static func packed(_ value: UInt64) -> (word: UInt64, count: Int) {
        var v = value
        var word: UInt64 = 0
        var shift: UInt64 = 0
        while v >= 0x80 {
            word |= ((v & 0x7F) | 0x80) &<< shift
            v &>>= 7
            shift &+= 8
        }
        word |= v &<< shift
        return (word, Int(truncatingIfNeeded: shift &>> 3) &+ 1)
    }

    /// Stores the encoding of `value` (any size) byte by byte at `destination` and returns its
    /// length: for rare writes, such as patching a length in place.
    @discardableResult
    static func store(_ value: UInt64, at destination: UnsafeMutableRawPointer) -> Int {
        var v = value
        var at = 0
        while v >= 0x80 {
            destination.storeBytes(of: UInt8(truncatingIfNeeded: v) | 0x80, toByteOffset: at, as: UInt8.self)
            v >>= 7
            at += 1
        }
        destination.storeBytes(of: UInt8(truncatingIfNeeded: v), toByteOffset: at, as: UInt8.self)
        return at + 1
    }

    /// Decodes the varint at `position` (at most 10 bytes, not past `end`) and moves `position`
    /// past it; `nil` when the bytes end first or the value overflows 64 bits.
    @inline(__always) static func read(_ base: UnsafeRawPointer, at position: inout Int, end: Int) -> UInt64? {
        var p = position
        if p < end {
            let first = base.load(fromByteOffset: p, as: UInt8.self)
            if first < 0x80 {
                position = p + 1
                return UInt64(first)
            }
        }
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while p < end {
            let byte = base.load(fromByteOffset: p, as: UInt8.self)
            p += 1
            if shift == 63 && byte > 1 { return nil }
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 {
                position = p
                return result
            }
            shift += 7
            if shift > 63 { return nil }
        }
        return nil
    }
}
