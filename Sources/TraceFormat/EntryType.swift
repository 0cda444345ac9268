/// Entry tags inside a chunk payload (see docs/TraceFormat.md §5, "Entries").
///
/// ```
///  long form   0TTTTTTT  length:varint  payload[length]      T = type 0x00–0x7F
///  short form  1LLLSSSS  payload[L]                          S = short type, L = 0–7
/// ```
/// Types 0x00–0x0F are definitions (no timestamp, not records); 0x10–0x7F and every short
/// type are records whose payload starts with a timestamp delta.
enum EntryType {
    static let stringDefinition: UInt8 = 0x01
    static let keyShapeDefinition: UInt8 = 0x02
    static let firstRecordType: UInt8 = 0x10
    static let key: UInt8 = 0x10
    static let resolution: UInt8 = 0x11
    static let stageTimings: UInt8 = 0x12
    static let keyCommandsCounters: UInt8 = 0x13
    static let cache: UInt8 = 0x14
    static let chainChange: UInt8 = 0x15
    static let dropped: UInt8 = 0x16
    static let marker: UInt8 = 0x17
    static let hidReport: UInt8 = 0x18

    /// Short type 0: a key press by shape (same payload as ``key``).
    static let shortKey: UInt8 = 0x0
    /// Largest payload a short-form entry can carry.
    static let shortMaxLength = 7

    static func shortTag(type: UInt8, length: Int) -> UInt8 { 0x80 | UInt8(length << 4) | type }
}

/// Timestamp deltas: `varint(m << 2 | mode)`.
///
/// ```
///  mode 0: +m ns    mode 1: -m ns (m = 0: an absolute u64 LE follows)
///  mode 2: +m µs    mode 3: +m ms
/// ```
enum TimeDelta {
    @inline(__always) static func write(_ time: UInt64, after previous: UInt64, into w: inout ByteWriter) {
        let d = time &- previous
        if Int64(bitPattern: d) >= 0 {
            if d % 1_000_000 == 0 { w.writeVarint((d / 1_000_000) << 2 | 3); return }
            if d % 1000 == 0 { w.writeVarint((d / 1000) << 2 | 2); return }
            if d < 1 << 62 { w.writeVarint(d << 2); return }
        } else {
            let m = 0 &- d
            if m < 1 << 62 { w.writeVarint(m << 2 | 1); return }
        }
        w.writeVarint(1)
        w.writeUInt64(time)
    }

    /// The varint value encoding `time` after `previous`, or `nil` when the absolute escape is needed.
    @inline(__always) static func value(_ time: UInt64, after previous: UInt64) -> UInt64? {
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

    @inline(__always) static func size(_ time: UInt64, after previous: UInt64) -> Int {
        let d = time &- previous
        if Int64(bitPattern: d) >= 0 {
            if d % 1_000_000 == 0 { return ByteWriter.varintSize((d / 1_000_000) << 2 | 3) }
            if d % 1000 == 0 { return ByteWriter.varintSize((d / 1000) << 2 | 2) }
            if d < 1 << 62 { return ByteWriter.varintSize(d << 2) }
        } else {
            let m = 0 &- d
            if m < 1 << 62 { return ByteWriter.varintSize(m << 2 | 1) }
        }
        return 9
    }

    @inline(__always) static func read(after previous: UInt64, from r: inout ByteReader) -> UInt64? {
        guard let v = r.readVarint() else { return nil }
        let m = v >> 2
        switch v & 3 {
        case 0: return previous &+ m
        case 1:
            if m == 0 { return r.readUInt64() }
            return previous &- m
        case 2: return previous &+ m &* 1000
        default: return previous &+ m &* 1_000_000
        }
    }
}
