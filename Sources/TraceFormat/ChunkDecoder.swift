import KeyTraceCore

/// Decodes the entries of one chunk payload into records, one at a time.
///
/// A record of a known type whose fields do not decode (an enumerated value from a newer
/// minor, a string reference out of range) comes out as ``UnknownRecord``; only broken
/// framing (a length past the end, a missing timestamp) stops the chunk.
@usableFromInline
struct ChunkDecoder {
    /// Where framing broke, relative to the payload start.
    struct Malformed: Error {
        var offset: Int
        var reason: String
    }

    @usableFromInline var reader: ByteReader
    private var strings: [String] = []
    /// Every key shape of the chunk so far, as a record with timestamp 0 (a plain value).
    @usableFromInline var shapes: [KeyRecord] = []
    /// `shapes.count`, kept in a plain field for the short-key path.
    @usableFromInline var shapeCount = 0
    @usableFromInline var previousTime: UInt64
    /// The current record's entry tag (after ``advance()``).
    @usableFromInline var tag: UInt8 = 0
    /// The current key record's shape number, or -1 when the current record is not a key.
    @usableFromInline var shape = -1
    /// The current record's payload after its timestamp delta.
    private(set) var body = UnsafeRawBufferPointer(start: nil, count: 0)
    /// Resolutions decoded in this chunk, by their string references.
    private var resolutions = ResolutionDetailsCache()

    init(payload: UnsafeRawBufferPointer, baseTime: UInt64) {
        reader = ByteReader(payload)
        previousTime = baseTime
    }

    /// Starts over on another chunk, keeping the tables' storage (a cursor enters one chunk
    /// after another).
    mutating func restart(payload: UnsafeRawBufferPointer, baseTime: UInt64) {
        reader = ByteReader(payload)
        previousTime = baseTime
        strings.removeAll(keepingCapacity: true)
        shapes.removeAll(keepingCapacity: true)
        shapeCount = 0
        tag = 0
        shape = -1
        body = UnsafeRawBufferPointer(start: nil, count: 0)
        resolutions.removeAll()  // its keys are this chunk's string references
    }

    /// The offset of the next entry in the payload.
    var position: Int { reader.position }

    /// The current record's timestamp.
    var time: UInt64 { previousTime }

    /// The next record, `nil` at the end of the payload.
    @inline(__always)
    mutating func next() throws(Malformed) -> TraceRecord? {
        guard try advance() else { return nil }
        return record()
    }

    /// Moves to the next record, reading definitions on the way; `false` at the end.
    @inline(__always)
    mutating func advance() throws(Malformed) -> Bool {
        if advanceShortKey() { return true }
        return try advanceSlowly()
    }

    /// Steps over a short-form key (the common case: tag, timestamp delta, shape number) when
    /// one comes next and at least 8 bytes remain; otherwise consumes nothing and returns `false`.
    ///
    /// The entry is read as one little-endian word and decoded by ``shortKey(_:after:shapeCount:)``
    /// with mask-and-shift steps: no loop, no per-byte bounds check, no branch on the timestamp unit.
    @inlinable @inline(__always)
    mutating func advanceShortKey() -> Bool {
        let p = reader.position
        guard let base = reader.base, p &+ 8 <= reader.end else { return false }
        let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: p, as: UInt64.self))
        guard let key = Self.shortKey(word, after: previousTime, shapeCount: UInt64(shapeCount)) else { return false }
        previousTime = key.time
        tag = UInt8(truncatingIfNeeded: word)
        shape = Int(truncatingIfNeeded: key.shape)
        reader.position = p &+ key.size
        return true
    }

    /// The short-form key entry that starts with the 8 bytes of `word` (little-endian): its
    /// time, shape number and size in bytes; `nil` when the entry is anything else, is longer,
    /// or refers to a shape beyond `shapeCount` (the general path then reads it).
    @inlinable @inline(__always)
    static func shortKey(_ word: UInt64, after previousTime: UInt64,
                         shapeCount: UInt64) -> (time: UInt64, shape: UInt64, size: Int)? {
        guard word & 0x8F == 0x80 else { return nil }
        let length = (word &>> 4) & 7
        let payload = word &>> 8
        let delta: UInt64
        let id: UInt64
        // The usual entries first: a one-byte shape number after a delta of one to three bytes
        // (typing in µs up to 0.5 s apart, in ms up to 8 s), told by the continuation bits alone.
        if length == 4 && payload & 0x8080_8080 == 0x8080 {
            delta = (payload & 0x7F) | (payload &>> 1) & 0x3F80 | (payload &>> 2) & 0x1F_C000
            id = (payload &>> 24) & 0x7F
        } else if length == 3 && payload & 0x80_8080 == 0x80 {
            delta = (payload & 0x7F) | (payload &>> 1) & 0x3F80
            id = (payload &>> 16) & 0x7F
        } else if length == 2 && payload & 0x8080 == 0 {
            delta = payload & 0x7F
            id = (payload &>> 8) & 0x7F
        } else {
            // Any other split: a clear top bit ends a varint; `stops` marks those bytes.
            let stops = ~payload & 0x0080_8080_8080_8080
            let deltaBits = UInt64(truncatingIfNeeded: stops.trailingZeroBitCount) &+ 1  // 8 × bytes
            let idStops = stops &>> deltaBits
            let idBits = UInt64(truncatingIfNeeded: idStops.trailingZeroBitCount) &+ 1
            guard stops != 0, idStops != 0, deltaBits &+ idBits == length &* 8 else { return nil }
            delta = unpackVarint(payload & ((1 &<< deltaBits) &- 1))
            id = unpackVarint((payload &>> deltaBits) & ((1 &<< idBits) &- 1))
        }
        let mode = delta & 3
        let m = delta &>> 2
        guard id < shapeCount, mode != 1 || m != 0 else { return nil }
        // Mode 0 counts ns, 2 µs, 3 ms, 1 ns backwards: selects, not a jump table.
        let thousands: UInt64 = mode & 2 == 0 ? 1 : 1000
        let scale = mode == 3 ? thousands &* 1000 : thousands
        let forward = previousTime &+ m &* scale
        let time = mode == 1 ? previousTime &- m : forward
        return (time, id, 1 &+ Int(truncatingIfNeeded: length))
    }

    /// Steps over as many consecutive short-form keys as come next (at most `limit`), writing
    /// each one's time to `times` and its shape number plus `shapeBase` to `shapes`; returns
    /// how many. Stops, consuming nothing more, at the first entry ``advanceShortKey()`` would
    /// not take. This is the column decoder's loop.
    ///
    /// Runs of keys with the same entry length and delta unit (typing recorded in µs is almost
    /// all four-byte entries) go through a loop made for that pair by
    /// ``uniformShortKeys(length:unit:from:time:times:shapes:count:shapeBase:shapeCount:)``;
    /// any other short key goes through ``shortKey(_:after:shapeCount:)``. After a run,
    /// ``tag`` is left as it was: it only matters for records that are not keys.
    mutating func advanceShortKeys(times: UnsafeMutablePointer<UInt64>, shapes: UnsafeMutablePointer<UInt32>,
                                   shapeBase: UInt32, limit: Int) -> Int {
        guard let base = reader.base, reader.position &+ 8 <= reader.end, limit > 0 else { return 0 }
        let end = base + (reader.end &- 8)
        var p = base + reader.position
        var time = previousTime
        let shapeCount = UInt64(shapeCount)
        var n = 0
        while true {
            // Every entry is at most 8 bytes, so this many words can be read unchecked.
            let safe = min(limit &- n, (end - p) / 8 &+ 1)
            let word = UInt64(littleEndian: p.loadUnaligned(as: UInt64.self))
            let t = times + n
            let s = shapes + n
            @inline(__always) func run(length: Int, unit: UInt64) -> Int {
                Self.uniformShortKeys(length: length, unit: unit, from: &p, time: &time, times: t, shapes: s,
                                      count: safe, shapeBase: shapeBase, shapeCount: shapeCount)
            }
            let taken: Int
            // The tag (form and length) and the two unit bits of the delta's first byte; each
            // case passes constants, so each gets its own loop.
            switch word & 0x3FF {
            case 0x2C0: taken = run(length: 4, unit: 2)
            case 0x3C0: taken = run(length: 4, unit: 3)
            case 0x0C0: taken = run(length: 4, unit: 0)
            case 0x2B0: taken = run(length: 3, unit: 2)
            case 0x3B0: taken = run(length: 3, unit: 3)
            case 0x0B0: taken = run(length: 3, unit: 0)
            case 0x2A0: taken = run(length: 2, unit: 2)
            case 0x3A0: taken = run(length: 2, unit: 3)
            case 0x0A0: taken = run(length: 2, unit: 0)
            default: taken = 0
            }
            n &+= taken
            if taken < safe {
                // Some other form: the general step, or the end of the run.
                let word = UInt64(littleEndian: p.loadUnaligned(as: UInt64.self))
                guard let key = Self.shortKey(word, after: time, shapeCount: shapeCount) else { break }
                time = key.time
                times[n] = time
                shapes[n] = shapeBase &+ UInt32(truncatingIfNeeded: key.shape)
                p += key.size
                n &+= 1
            }
            if n == limit || p > end { break }
        }
        if n > 0 {
            shape = Int(truncatingIfNeeded: shapes[n &- 1] &- shapeBase)
            previousTime = time
            reader.position = p - base
        }
        return n
    }

    /// Decodes up to `count` short keys from `p` that are `length` bytes after the tag, a
    /// delta in `unit` (0 ns, 2 µs, 3 ms) of `length - 1` bytes, then a one-byte shape number
    /// below `shapeCount`; each is surely readable as a whole word. Stops before any other
    /// entry and returns how many it decoded.
    ///
    /// Called with constants, so each pair gets its own loop: one compare tells an entry by
    /// its tag, unit and continuation bits, the next entry starts a fixed distance on (the
    /// loads do not wait on one another), and the unit is a constant multiplier.
    @inline(__always)
    static func uniformShortKeys(length: Int, unit: UInt64, from p: inout UnsafeRawPointer, time: inout UInt64,
                                 times: UnsafeMutablePointer<UInt64>, shapes: UnsafeMutablePointer<UInt32>,
                                 count: Int, shapeBase: UInt32, shapeCount: UInt64) -> Int {
        func bytes(_ k: Int) -> UInt64 { (1 &<< (8 &* UInt64(truncatingIfNeeded: k))) &- 1 }
        let continuation: UInt64 = 0x8080_8080_8080_8000
        let mask = 0x3FF | continuation & bytes(length &+ 1)
        let expected = 0x80 | UInt64(truncatingIfNeeded: length) &<< 4 | unit &<< 8 | continuation & bytes(length &- 1)
        let deltaMask = bytes(length &- 1)
        let scale: UInt64 = unit == 3 ? 1_000_000 : unit == 2 ? 1000 : 1
        let size = length &+ 1
        var t = times
        var s = shapes
        let tEnd = times + count
        var position = p
        var clock = time
        // Four entries a step while all are of the form; the single loop below takes the rest.
        let idShift = 8 &* UInt64(truncatingIfNeeded: length)
        while t + 3 < tEnd {
            let w0 = UInt64(littleEndian: position.loadUnaligned(as: UInt64.self))
            let w1 = UInt64(littleEndian: position.loadUnaligned(fromByteOffset: size, as: UInt64.self))
            let w2 = UInt64(littleEndian: position.loadUnaligned(fromByteOffset: 2 &* size, as: UInt64.self))
            let w3 = UInt64(littleEndian: position.loadUnaligned(fromByteOffset: 3 &* size, as: UInt64.self))
            let formed = (w0 & mask ^ expected) | (w1 & mask ^ expected) | (w2 & mask ^ expected) | (w3 & mask ^ expected)
            let i0 = (w0 &>> idShift) & 0x7F, i1 = (w1 &>> idShift) & 0x7F
            let i2 = (w2 &>> idShift) & 0x7F, i3 = (w3 &>> idShift) & 0x7F
            guard formed == 0, max(max(i0, i1), max(i2, i3)) < shapeCount else { break }
            clock = clock &+ Self.packedDelta(w0, deltaMask) &* scale
            t[0] = clock
            clock = clock &+ Self.packedDelta(w1, deltaMask) &* scale
            t[1] = clock
            clock = clock &+ Self.packedDelta(w2, deltaMask) &* scale
            t[2] = clock
            clock = clock &+ Self.packedDelta(w3, deltaMask) &* scale
            t[3] = clock
            s[0] = shapeBase &+ UInt32(truncatingIfNeeded: i0)
            s[1] = shapeBase &+ UInt32(truncatingIfNeeded: i1)
            s[2] = shapeBase &+ UInt32(truncatingIfNeeded: i2)
            s[3] = shapeBase &+ UInt32(truncatingIfNeeded: i3)
            t += 4
            s += 4
            position += 4 &* size
        }
        while t < tEnd {
            let word = UInt64(littleEndian: position.loadUnaligned(as: UInt64.self))
            let id = (word &>> idShift) & 0x7F
            guard word & mask == expected, id < shapeCount else { break }
            clock = clock &+ Self.packedDelta(word, deltaMask) &* scale
            t.pointee = clock
            s.pointee = shapeBase &+ UInt32(truncatingIfNeeded: id)
            t += 1
            s += 1
            position += size
        }
        p = position
        time = clock
        return t - times
    }

    /// The step (without its two unit bits) of a usual short key whose delta bytes
    /// `deltaMask` keeps, packed from its 7-bit groups.
    @inline(__always)
    static func packedDelta(_ word: UInt64, _ deltaMask: UInt64) -> UInt64 {
        let x = (word &>> 8) & deltaMask
        return (x &>> 2) & 0x1F | (x &>> 3) & 0xFE0 | (x &>> 4) & 0x7_F000
    }

    /// The value of a varint of at most 8 bytes held little-endian in `bytes` (only its own
    /// bytes set): the 7-bit groups are packed together in three steps.
    @inlinable @inline(__always)
    static func unpackVarint(_ bytes: UInt64) -> UInt64 {
        var x = bytes & 0x7F7F_7F7F_7F7F_7F7F
        x = (x & 0x007F_007F_007F_007F) | ((x & 0x7F00_7F00_7F00_7F00) &>> 1)
        x = (x & 0x0000_3FFF_0000_3FFF) | ((x & 0x3FFF_0000_3FFF_0000) &>> 2)
        return (x & 0x0000_0000_0FFF_FFFF) | ((x & 0x0FFF_FFFF_0000_0000) &>> 4)
    }

    /// Steps over a long-form record entry other than a key (a resolution, stage timings,
    /// counters…) whose length fits one byte and whose timestamp moves forward, when the
    /// entry and 8 bytes from its start lie inside the payload; otherwise consumes nothing and
    /// returns `false` (``advanceSlowly()`` then reads it, or the definition, key or damage).
    ///
    /// The tag, the length and the timestamp delta are read from one word: the records a
    /// replay steps over between keys cost a few masks instead of a byte-at-a-time walk.
    @inline(__always)
    mutating func advanceLongRecord() -> Bool {
        let p = reader.position
        guard let base = reader.base, p &+ 8 <= reader.end else { return false }
        let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: p, as: UInt64.self))
        let type = UInt8(truncatingIfNeeded: word)
        let length = Int(truncatingIfNeeded: (word &>> 8) & 0xFF)
        guard type > EntryType.key, type < 0x80, length < 0x80, length <= reader.end &- (p &+ 2) else { return false }
        // The timestamp delta: a varint in the (at most six) bytes after the length.
        let bytes = word &>> 16
        let stops = ~bytes & 0x8080_8080_8080
        guard stops != 0 else { return false }
        let bits = stops.trailingZeroBitCount &+ 1
        let size = bits &>> 3
        guard size <= length else { return false }
        let value = Self.unpackVarint(bytes & ((1 &<< UInt64(bits)) &- 1))
        let mode = value & 3
        let m = value &>> 2
        guard mode != 1 else { return false }  // backwards, or an absolute time
        let thousands: UInt64 = mode & 2 == 0 ? 1 : 1000
        previousTime = previousTime &+ m &* (mode == 3 ? thousands &* 1000 : thousands)
        tag = type
        shape = -1
        body = UnsafeRawBufferPointer(start: base + (p &+ 2 &+ size), count: length &- size)
        reader.position = p &+ 2 &+ length
        return true
    }

    private mutating func advanceSlowly() throws(Malformed) -> Bool {
        while !reader.isAtEnd {
            let start = reader.position
            guard let first = reader.readUInt8() else { break }
            let type: UInt8
            let length: Int
            if first >= 0x80 {
                type = first & 0x0F
                length = Int((first >> 4) & 0x07)
            } else {
                type = first
                guard let l = reader.readVarint() else {
                    throw Malformed(offset: start, reason: "entry length is cut off")
                }
                guard l <= UInt64(reader.remaining) else {
                    throw Malformed(offset: start, reason: "entry length \(l) runs past the chunk end")
                }
                length = Int(l)
            }
            guard length <= reader.remaining, let payload = reader.readSlice(length) else {
                throw Malformed(offset: start, reason: "entry of \(length) bytes runs past the chunk end")
            }
            if first < 0x80 && type < EntryType.firstRecordType {
                try define(type, payload, at: start)
                continue
            }
            var r = ByteReader(payload)
            guard let t = TimeDelta.read(after: previousTime, from: &r) else {
                throw Malformed(offset: start, reason: "record has no timestamp")
            }
            previousTime = t
            tag = first
            shape = -1
            body = UnsafeRawBufferPointer(rebasing: payload[r.position...])
            if first >= 0x80 && type == EntryType.shortKey || first == EntryType.key {
                var k = ByteReader(body)
                if let id = k.readVarint(), id < UInt64(shapes.count) { shape = Int(id) }
            }
            return true
        }
        return false
    }

    /// The kind of the current record by its entry type.
    @usableFromInline
    var kind: RecordKind {
        if shape >= 0 { return .key }
        switch tag {
        case EntryType.resolution: return .resolution
        case EntryType.stageTimings: return .stageTimings
        case EntryType.keyCommandsCounters: return .keyCommandsCounters
        case EntryType.cache: return .cache
        case EntryType.chainChange: return .chainChange
        case EntryType.dropped: return .dropped
        case EntryType.marker: return .marker
        case EntryType.hidReport: return .hidReport
        default: return .unknown
        }
    }

    /// The current record as a value.
    @inlinable @inline(__always)
    func record() -> TraceRecord {
        if let key = keyRecord { return .key(key) }
        return decodeCurrent()
    }

    @usableFromInline
    func decodeCurrent() -> TraceRecord {
        var r = ByteReader(body)
        if tag < 0x80, let record = decodeRecord(tag, time: previousTime, body: &r) { return record }
        return .unknown(UnknownRecord(timestamp: previousTime, type: tag >= 0x80 ? (tag & 0x8F) : tag, payload: Array(body)))
    }

    // MARK: - Definitions

    private mutating func define(_ type: UInt8, _ payload: UnsafeRawBufferPointer, at start: Int) throws(Malformed) {
        switch type {
        case EntryType.stringDefinition:
            strings.append(String(decoding: payload, as: UTF8.self))
        case EntryType.keyShapeDefinition:
            var r = ByteReader(payload)
            guard let phaseRaw = r.readUInt8(), let flags = r.readUInt8(), let usage = r.readVarint(),
                  let modifiers = r.readVarint(), let sides = r.readUInt8(), let device = r.readVarint(),
                  let characters = r.readVarint(), let ignoring = r.readVarint() else {
                throw Malformed(offset: start, reason: "key shape definition is cut off")
            }
            var uncertainty: UInt64?
            if flags & 2 != 0 {
                guard let u = r.readVarint() else { throw Malformed(offset: start, reason: "key shape uncertainty is cut off") }
                uncertainty = u
            }
            var page = HIDUsagePage.keyboard
            if flags & 4 != 0 {
                guard let p = r.readVarint() else { throw Malformed(offset: start, reason: "key shape usage page is cut off") }
                page = HIDUsagePage(UInt16(truncatingIfNeeded: p))
            }
            guard let phase = KeyPhase(rawValue: phaseRaw) else {
                throw Malformed(offset: start, reason: "key shape has unknown phase \(phaseRaw)")
            }
            guard let chars = string(characters), let plain = string(ignoring) else {
                throw Malformed(offset: start, reason: "key shape refers to an undefined string")
            }
            let press = KeyPress(phase: phase, usage: HIDUsage(rawValue: UInt16(truncatingIfNeeded: usage)),
                                 characters: KeyText(chars), charactersIgnoringModifiers: KeyText(plain),
                                 modifierFlags: ModifierFlags(rawValue: UInt32(truncatingIfNeeded: modifiers)),
                                 modifierSides: ModifierSides(rawValue: sides), isRepeat: flags & 1 != 0,
                                 device: DeviceID(rawValue: device), timestamp: 0, usagePage: page)
            let record = KeyRecord(press, timestampUncertainty: uncertainty)
            shapes.append(record)
            shapeCount = shapes.count
        default:
            break  // A definition type from a newer minor: skipped by length.
        }
    }

    /// A string reference: 0 is `nil`, n is string n - 1. Returns `.some(nil)` for 0, `nil` when out of range.
    private func optionalString(_ ref: UInt64) -> String?? {
        if ref == 0 { return .some(nil) }
        guard ref <= UInt64(strings.count) else { return nil }
        return .some(strings[Int(ref - 1)])
    }

    private func string(_ ref: UInt64) -> String? {
        guard ref >= 1, ref <= UInt64(strings.count) else { return nil }
        return strings[Int(ref - 1)]
    }

    // MARK: - Records

    /// The current record when it is a resolution. A resolution whose string references were
    /// seen earlier in the chunk shares that one's strings (``ResolutionDetailsCache``).
    mutating func resolution() -> ResolutionRecord? {
        guard shape < 0, tag == EntryType.resolution else { return nil }
        var r = ByteReader(body)
        guard let fields = ResolutionFields(&r) else { return nil }
        let key = fields.key
        if let record = resolutions.record(key, timestamp: previousTime, pressSequence: fields.sequence,
                                           outcome: fields.outcome, isUpAction: fields.isUpAction) {
            return record
        }
        guard let record = resolution(time: previousTime, fields) else { return nil }
        resolutions.remember(record, under: key)
        return record
    }

    /// The current record when it is a set of stage timings.
    var stageTimings: StageTimingsRecord? {
        guard shape < 0, tag == EntryType.stageTimings else { return nil }
        var r = ByteReader(body)
        return Self.stageTimings(time: previousTime, body: &r)
    }

    /// The current record when it is a key press.
    @inlinable
    var keyRecord: KeyRecord? {
        guard shape >= 0 else { return nil }
        var record = shapes[shape]
        record.press.timestamp = previousTime
        return record
    }

    /// A resolution's fields as encoded: scalars, and references into the string table.
    private struct ResolutionFields {
        var sequence: UInt64
        var outcome: DispatchOutcome
        var flags: UInt8
        var modifiers: UInt64 = 0
        var input: UInt64 = 0
        var title: UInt64 = 0
        var action: UInt64 = 0
        var provider: UInt64 = 0
        var target: UInt64 = 0
        var blocking: UInt64 = 0

        var hasCommand: Bool { flags & 2 != 0 }
        var isUpAction: Bool { flags & 1 != 0 }

        /// What determines the reference fields, within one chunk.
        var key: SIMD8<UInt64> {
            SIMD8(UInt64(flags & 2), modifiers, input, title, action, provider, target, blocking)
        }

        init?(_ r: inout ByteReader) {
            guard let seq = r.readVarint(), let outcomeRaw = r.readUInt8(),
                  let outcome = DispatchOutcome(rawValue: outcomeRaw), let flags = r.readUInt8() else { return nil }
            sequence = seq
            self.outcome = outcome
            self.flags = flags
            if flags & 2 != 0 {
                guard let modifiers = r.readVarint(), let input = r.readVarint() else { return nil }
                self.modifiers = modifiers
                self.input = input
            }
            guard let t = r.readVarint(), let a = r.readVarint(), let p = r.readVarint(), let g = r.readVarint(),
                  let b = r.readVarint() else { return nil }
            title = t
            action = a
            provider = p
            target = g
            blocking = b
        }
    }

    private func resolution(time: UInt64, body r: inout ByteReader) -> ResolutionRecord? {
        ResolutionFields(&r).flatMap { resolution(time: time, $0) }
    }

    /// The record `fields` encode, `nil` when a string reference is out of range.
    private func resolution(time: UInt64, _ fields: ResolutionFields) -> ResolutionRecord? {
        var command: KeyShortcut?
        if fields.hasCommand {
            guard let input = string(fields.input) else { return nil }
            command = KeyShortcut(input: KeyInput(uiKitValue: input),
                                  modifiers: ModifierFlags(rawValue: UInt32(truncatingIfNeeded: fields.modifiers)))
        }
        guard let title = optionalString(fields.title), let action = optionalString(fields.action),
              let provider = optionalString(fields.provider), let target = optionalString(fields.target),
              let blocking = optionalString(fields.blocking) else { return nil }
        return ResolutionRecord(timestamp: time, pressSequence: fields.sequence, outcome: fields.outcome,
                                command: command, title: title, action: action.map { Action($0) },
                                isUpAction: fields.isUpAction, providerPath: provider, targetPath: target,
                                blockingAction: blocking.map { Action($0) })
    }

    private static func stageTimings(time: UInt64, body r: inout ByteReader) -> StageTimingsRecord? {
        guard let seq = r.readVarint(), let count = r.readVarint(), count <= UInt64(r.remaining) else { return nil }
        var durations = StageDurations()
        for _ in 0..<count {
            guard let d = r.readVarint() else { return nil }
            durations.append(d)
        }
        guard let total = r.readVarint() else { return nil }
        return StageTimingsRecord(timestamp: time, pressSequence: seq, durations: durations, total: total)
    }

    private func decodeRecord(_ type: UInt8, time: UInt64, body r: inout ByteReader) -> TraceRecord? {
        switch type {
        case EntryType.resolution:
            return resolution(time: time, body: &r).map { .resolution($0) }
        case EntryType.stageTimings:
            return Self.stageTimings(time: time, body: &r).map { .stageTimings($0) }
        case EntryType.keyCommandsCounters:
            guard let seq = r.readVarint(), let calls = r.readVarint(), let policy = r.readVarint(),
                  let enumerations = r.readVarint() else { return nil }
            return .keyCommandsCounters(KeyCommandsCountersRecord(timestamp: time, pressSequence: seq, calls: calls,
                                                                  policyCalls: policy, enumerations: enumerations))
        case EntryType.cache:
            guard let kind = r.readUInt8() else { return nil }
            let event: CacheEventRecord.Event
            switch kind {
            case 0: event = .hit
            case 1: event = .miss
            case 2:
                guard let raw = r.readUInt8(), let reason = CacheInvalidationReason(rawValue: raw) else { return nil }
                event = .invalidation(reason)
            default: return nil
            }
            return .cache(CacheEventRecord(timestamp: time, event: event))
        case EntryType.chainChange:
            guard let raw = r.readUInt8(), let kind = ChainChangeKind(rawValue: raw), let f = r.readVarint(),
                  let from = optionalString(f), let t = r.readVarint(), let to = optionalString(t) else { return nil }
            return .chainChange(ChainChangeRecord(timestamp: time, kind: kind, from: from, to: to))
        case EntryType.dropped:
            guard let device = r.readVarint(), let count = r.readVarint() else { return nil }
            return .dropped(DroppedEventsRecord(timestamp: time, device: DeviceID(rawValue: device), count: count))
        case EntryType.marker:
            guard let l = r.readVarint(), let label = string(l), let t = r.readVarint(), let text = optionalString(t) else {
                return nil
            }
            return .marker(MarkerRecord(timestamp: time, label: label, text: text))
        case EntryType.hidReport:
            return HIDReport.decodeRecord(time: time, body: &r).map { .hidReport($0) }
        default:
            return nil
        }
    }
}
