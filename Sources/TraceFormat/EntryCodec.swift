/// The codec of chunk entries (docs/TraceFormat.md §5): framing, timestamp deltas and key
/// entries, with the encode, size and decode functions every writer and reader path calls.
///
/// ```
///  long form   0TTTTTTT  length:varint  payload[length]      T = type 0x00–0x7F
///  short form  1LLLSSSS  payload[L]                          S = short type, L = 0–7
///
///  record payload:  delta:varint(m << 2 | mode)  [u64 LE when mode 1, m 0]  fields…
///                   mode 0: +m ns   1: −m ns   2: +m µs   3: +m ms
///
///  key entry:       1LLL0000  delta:varint  shape:varint           (short form, L ≤ 7)
///                   0x10  length  delta  shape                     (long form otherwise)
/// ```
///
/// Types 0x00–0x0F (long form) are definitions, with no timestamp; 0x10–0x7F and every short
/// type are records, whose payload starts with a timestamp delta. The word-at-a-time decoders
/// that the fast paths use are in `EntryCodec+Words.swift`; they decode the same rules.
@usableFromInline
enum EntryCodec {
    /// Where framing broke, relative to the payload start.
    struct Malformed: Error {
        var offset: Int
        var reason: String
    }

    // MARK: - Framing

    /// The largest payload a short-form entry carries.
    static let shortMaxLength = 7

    /// The tag of a short-form entry of short type `type` (0–15) and a `length`-byte payload (0–7).
    @inlinable @inline(__always)
    static func shortTag(type: UInt8, length: Int) -> UInt8 { 0x80 | UInt8(truncatingIfNeeded: length << 4) | type }

    /// Whether `tag` starts a short-form entry.
    @inline(__always)
    static func isShort(_ tag: UInt8) -> Bool { tag >= 0x80 }

    /// Whether `tag` starts a definition (a long-form entry of type 0x00–0x0F: no timestamp).
    @inline(__always)
    static func isDefinition(_ tag: UInt8) -> Bool { tag < EntryType.firstRecordType }

    /// Whether `tag` starts a key record, in any form.
    @inline(__always)
    static func isKey(_ tag: UInt8) -> Bool {
        tag == EntryType.key || isShort(tag) && tag & 0x0F <= EntryType.lastRelease
    }

    /// Whether `tag` starts a compact key (short types 1–4), whose payload has no varint delta.
    @inline(__always)
    static func isCompactKey(_ tag: UInt8) -> Bool {
        isShort(tag) && tag & 0x0F &- EntryType.fixedKey <= EntryType.lastRelease &- EntryType.fixedKey
    }

    /// The type a record entry's `tag` names, as ``UnknownRecord/type`` reports it: the long
    /// type (0x10–0x7F), or the form bit and the short type (0x80–0x8F).
    static func recordType(of tag: UInt8) -> UInt8 { isShort(tag) ? tag & 0x8F : tag }

    /// Starts a long-form entry of `type` whose payload the caller then writes straight into
    /// `out`: the type, and one byte kept for the payload's length. Returns where the payload
    /// starts, for ``endLong(payloadStart:into:)``.
    @inline(__always)
    static func beginLong(type: UInt8, into out: inout ByteWriter) -> Int {
        out.writeUInt8(type)
        out.writeUInt8(0)
        return out.count
    }

    /// Finishes the entry ``beginLong(type:into:)`` started: fills in its payload length. A
    /// payload of 128 bytes or more needs a longer varint, so it moves up to make room; the
    /// bytes are those ``writeLong(type:payload:into:)`` writes.
    @inline(__always)
    static func endLong(payloadStart start: Int, into out: inout ByteWriter) {
        let length = out.count &- start
        if length < 0x80 {
            out.setUInt8(UInt8(truncatingIfNeeded: length), at: start &- 1)
        } else {
            out.setVarint(UInt64(length), replacingByteAt: start &- 1)
        }
    }

    /// Appends a long-form entry of `type` carrying `payload`.
    @inline(__always)
    static func writeLong(type: UInt8, payload: borrowing ByteWriter, into out: inout ByteWriter) {
        out.writeUInt8(type)
        out.writeVarint(UInt64(payload.count))
        out.writeBytes(payload)
    }

    /// Appends a long-form entry of `type` carrying `payload`.
    static func writeLong(type: UInt8, payload: [UInt8], into out: inout ByteWriter) {
        out.writeUInt8(type)
        out.writeVarint(UInt64(payload.count))
        out.writeBytes(payload)
    }

    /// Appends a short-form entry of short type `type` carrying `payload` (at most
    /// ``shortMaxLength`` bytes).
    static func writeShort(type: UInt8, payload: borrowing ByteWriter, into out: inout ByteWriter) {
        out.writeUInt8(shortTag(type: type, length: payload.count))
        out.writeBytes(payload)
    }

    /// Reads the next entry's tag and payload; `nil` at the end of the payload. Throws when
    /// the entry's length is cut off or runs past the end.
    @inline(__always)
    static func readEntry(from r: inout ByteReader) throws(Malformed) -> (tag: UInt8, payload: UnsafeRawBufferPointer)? {
        let start = r.position
        guard let tag = r.readUInt8() else { return nil }
        let length: Int
        if isShort(tag) {
            length = Int((tag >> 4) & 0x07)
        } else {
            guard let l = r.readVarint() else {
                throw Malformed(offset: start, reason: "entry length is cut off")
            }
            guard l <= UInt64(r.remaining) else {
                throw Malformed(offset: start, reason: "entry length \(l) runs past the chunk end")
            }
            length = Int(l)
        }
        guard length <= r.remaining, let payload = r.readSlice(length) else {
            throw Malformed(offset: start, reason: "entry of \(length) bytes runs past the chunk end")
        }
        return (tag, payload)
    }

    // MARK: - Timestamp delta

    /// The varint value that encodes `time` after `previous`, or `nil` when the delta needs
    /// the absolute escape (mode 1, m 0, then the time as a `u64`).
    ///
    /// The coarsest exact unit wins: ms when the delta is whole ms, else µs when whole µs,
    /// else ns; a negative delta counts ns backwards.
    @inline(__always)
    static func deltaValue(_ time: UInt64, after previous: UInt64) -> UInt64? {
        let d = time &- previous
        if Int64(bitPattern: d) >= 0 {
            let (ms, msRest) = d.quotientAndRemainder(dividingBy: 1_000_000)
            if msRest == 0 { return ms << 2 | 3 }
            let (us, usRest) = d.quotientAndRemainder(dividingBy: 1000)
            if usRest == 0 { return us << 2 | 2 }
            if d < 1 << 62 { return d << 2 }
        } else {
            let m = 0 &- d
            if m < 1 << 62 { return m << 2 | 1 }
        }
        return nil
    }

    /// The varint value of the absolute escape, followed by the time as a `u64`.
    static let absoluteDelta: UInt64 = 1

    /// The bytes ``writeDelta(_:after:into:)`` appends.
    @inline(__always)
    static func deltaSize(_ time: UInt64, after previous: UInt64) -> Int {
        guard let value = deltaValue(time, after: previous) else { return 9 }
        return Varint.size(value)
    }

    /// Appends the delta that takes `previous` to `time`.
    @inline(__always)
    static func writeDelta(_ time: UInt64, after previous: UInt64, into w: inout ByteWriter) {
        guard let value = deltaValue(time, after: previous) else {
            w.writeVarint(absoluteDelta)
            w.writeUInt64(time)
            return
        }
        w.writeVarint(value)
    }

    /// The nanoseconds one step of a delta in `mode` (the value's two low bits) counts:
    /// 1 for ns (0, and 1 backwards), 1000 for µs (2), 1 000 000 for ms (3). Selects, no jump table.
    @inlinable @inline(__always)
    static func unitScale(_ mode: UInt64) -> UInt64 {
        let thousands: UInt64 = mode & 2 == 0 ? 1 : 1000
        return mode == 3 ? thousands &* 1000 : thousands
    }

    /// The time the delta `value` gives after `previous`, or `nil` for the absolute escape
    /// (whose time follows as a `u64`). Arithmetic wraps.
    @inlinable @inline(__always)
    static func time(after previous: UInt64, delta value: UInt64) -> UInt64? {
        let mode = value & 3
        let m = value &>> 2
        guard mode != 1 || m != 0 else { return nil }
        let forward = previous &+ m &* unitScale(mode)
        return mode == 1 ? previous &- m : forward
    }

    /// The time a forward delta (mode 0, 2 or 3) gives after `previous`; `nil` for mode 1
    /// (backwards, or the absolute escape), which the plain path reads.
    @inline(__always)
    static func forwardTime(after previous: UInt64, delta value: UInt64) -> UInt64? {
        let mode = value & 3
        guard mode != 1 else { return nil }
        return previous &+ (value &>> 2) &* unitScale(mode)
    }

    /// Reads a delta (and the absolute time after an escape); `nil` when the bytes are cut off.
    @inline(__always)
    static func readDelta(after previous: UInt64, from r: inout ByteReader) -> UInt64? {
        guard let value = r.readVarint() else { return nil }
        return time(after: previous, delta: value) ?? r.readUInt64()
    }

    // MARK: - Keys

    /// The bytes a forward delta of `d` ns takes as a fixed-width little-endian integer (0 for 0).
    @inline(__always)
    static func fixedWidth(_ d: UInt64) -> Int { (64 &- d.leadingZeroBitCount &+ 7) &>> 3 }

    /// The mask that keeps the low `bytes` bytes of a word (`bytes` ≤ 7).
    @inlinable @inline(__always)
    static func lowBytes(_ bytes: UInt64) -> UInt64 { (1 &<< (bytes &* 8)) &- 1 }

    /// Appends a key record of shape number `shape` at `time` in its shortest form. `releasing`
    /// is how many key records back (0 for the last) lies the press whose release partner
    /// `shape` is, when one of the last three is.
    ///
    /// The forms, shortest first on a tie with the plain form excluded: a release by delta alone
    /// (short types 2–4), a one-byte shape with a fixed-width delta (short type 1), the plain
    /// short key (short type 0: varint delta and shape, which wins for whole µs and ms), the
    /// long form.
    @inline(__always)
    static func writeKey(_ time: UInt64, after previous: UInt64, shape: UInt64, releasing back: Int?,
                         into out: inout ByteWriter) {
        let d = time &- previous
        guard Int64(bitPattern: d) >= 0, let delta = deltaValue(time, after: previous) else {
            return writeKey(time, after: previous, shape: shape, into: &out)
        }
        let plain = Varint.size(delta) &+ Varint.size(shape)
        let width = fixedWidth(d)
        if let back, width < plain, width <= shortMaxLength {
            let tag = UInt64(shortTag(type: EntryType.firstRelease &+ UInt8(truncatingIfNeeded: back), length: width))
            out.writeWord(tag | d &<< 8, length: 1 &+ width)
        } else if shape < 0x100, width &+ 1 < plain, width < shortMaxLength {
            let tag = UInt64(shortTag(type: EntryType.fixedKey, length: width &+ 1))
            out.writeWord(tag | shape &<< 8 | d &<< 16, length: 2 &+ width)
        } else {
            writeKey(time, after: previous, shape: shape, into: &out)
        }
    }

    /// Appends a key record of shape number `shape` at `time` in the plain form: one short-form
    /// entry built in a register and stored at once when delta and shape fit 7 bytes, else a
    /// long-form entry.
    @inline(__always)
    static func writeKey(_ time: UInt64, after previous: UInt64, shape: UInt64, into out: inout ByteWriter) {
        if let delta = deltaValue(time, after: previous) {
            let length = Varint.size(delta) + Varint.size(shape)
            if length <= shortMaxLength {
                var entry = ShortEntry()
                entry.append(shortTag(type: EntryType.shortKey, length: length))
                entry.appendVarint(delta)
                entry.appendVarint(shape)
                out.writeWord(entry.word, length: Int(truncatingIfNeeded: entry.count))
                return
            }
        }
        out.writeUInt8(EntryType.key)
        out.writeVarint(UInt64(deltaSize(time, after: previous) + Varint.size(shape)))
        writeDelta(time, after: previous, into: &out)
        out.writeVarint(shape)
    }

    /// One short entry (at most 8 bytes: a tag and 7 payload bytes) assembled in a word.
    private struct ShortEntry {
        var word: UInt64 = 0
        var count: UInt64 = 0

        @inline(__always) mutating func append(_ byte: UInt8) {
            word |= UInt64(byte) &<< (count &* 8)
            count &+= 1
        }

        /// Appends `value`'s varint; the entry's bytes stay within the word (at most 7 payload
        /// bytes, so `value` is below ``Varint/packableLimit``).
        @inline(__always) mutating func appendVarint(_ value: UInt64) {
            let (bytes, length) = Varint.packed(value)
            word |= bytes &<< (count &* 8)
            count &+= UInt64(truncatingIfNeeded: length)
        }
    }
}
