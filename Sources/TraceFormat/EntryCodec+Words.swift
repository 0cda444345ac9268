// The word-at-a-time decoders of the fast paths: an entry (or a run of entries) is read as
// little-endian 8-byte words and decoded with masks and shifts, by the rules of ``EntryCodec``.

extension EntryCodec {
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
        guard id < shapeCount, let time = Self.time(after: previousTime, delta: delta) else { return nil }
        return (time, id, 1 &+ Int(truncatingIfNeeded: length))
    }

    /// Decodes as many consecutive short-form keys from `p` as come next (at most `limit`,
    /// each whole word readable up to `end`), writing each one's time to `times` and its shape
    /// number plus `shapeBase` to `shapes`; returns how many. Stops, consuming nothing more, at
    /// the first entry ``shortKey(_:after:shapeCount:)`` would not take. This is the column
    /// decoder's loop.
    ///
    /// Runs of keys with the same entry length and delta unit (typing recorded in µs is almost
    /// all four-byte entries) go through a loop made for that pair by
    /// ``uniformShortKeys(length:unit:from:time:times:shapes:count:shapeBase:shapeCount:)``;
    /// any other short key goes through ``shortKey(_:after:shapeCount:)``.
    static func shortKeys(from p: inout UnsafeRawPointer, lastWord end: UnsafeRawPointer, time: inout UInt64,
                          times: UnsafeMutablePointer<UInt64>, shapes: UnsafeMutablePointer<UInt32>,
                          shapeBase: UInt32, shapeCount: UInt64, limit: Int) -> Int {
        var n = 0
        while true {
            // Every entry is at most 8 bytes, so this many words can be read unchecked.
            let safe = min(limit &- n, (end - p) / 8 &+ 1)
            let word = UInt64(littleEndian: p.loadUnaligned(as: UInt64.self))
            let t = times + n
            let s = shapes + n
            @inline(__always) func run(length: Int, unit: UInt64) -> Int {
                uniformShortKeys(length: length, unit: unit, from: &p, time: &time, times: t, shapes: s,
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
                guard let key = shortKey(word, after: time, shapeCount: shapeCount) else { break }
                time = key.time
                times[n] = time
                shapes[n] = shapeBase &+ UInt32(truncatingIfNeeded: key.shape)
                p += key.size
                n &+= 1
            }
            if n == limit || p > end { break }
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
        let scale = unitScale(unit)
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
            clock = clock &+ packedDelta(w0, deltaMask) &* scale
            t[0] = clock
            clock = clock &+ packedDelta(w1, deltaMask) &* scale
            t[1] = clock
            clock = clock &+ packedDelta(w2, deltaMask) &* scale
            t[2] = clock
            clock = clock &+ packedDelta(w3, deltaMask) &* scale
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
            clock = clock &+ packedDelta(word, deltaMask) &* scale
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

    /// The record entry other than a key (a resolution, stage timings, counters, cache…) that
    /// starts with the 8 bytes of `word`: a short-form one of short type 5 or more, or a
    /// long-form one whose length fits one byte, when it lies within `available` bytes and
    /// its timestamp moves forward: its tag, its body's start and size relative to the entry,
    /// and its time; `nil` for anything else.
    ///
    /// The tag, the length and the timestamp delta come from the one word: the records a
    /// replay steps over between keys cost a few masks instead of a byte-at-a-time walk.
    @inline(__always)
    static func otherRecord(_ word: UInt64, after previousTime: UInt64,
                            available: Int) -> (type: UInt8, bodyStart: Int, bodyCount: Int, time: UInt64)? {
        let type = UInt8(truncatingIfNeeded: word)
        let length: Int
        let header: Int
        let bytes: UInt64
        if isShort(type) {
            guard type & 0x0F >= EntryType.shortResolution else { return nil }
            length = Int(truncatingIfNeeded: (word &>> 4) & 7)
            header = 1
            bytes = word &>> 8 & 0x00FF_FFFF_FFFF_FFFF
        } else {
            length = Int(truncatingIfNeeded: (word &>> 8) & 0xFF)
            guard type > EntryType.key, length < 0x80 else { return nil }
            header = 2
            bytes = word &>> 16
        }
        guard length <= available &- header else { return nil }
        // The timestamp delta: a varint in the (at most seven) bytes after the framing. Records
        // that follow their key share its time, so a one-byte delta is the usual case.
        if bytes & 0x80 == 0 {
            guard length >= 1, let time = forwardTime(after: previousTime, delta: bytes & 0x7F) else { return nil }
            return (type, header &+ 1, length &- 1, time)
        }
        let stops = ~bytes & 0x0080_8080_8080_8080 & EntryCodec.lowBytes(UInt64(truncatingIfNeeded: 8 &- header))
        guard stops != 0 else { return nil }
        let bits = stops.trailingZeroBitCount &+ 1
        let size = bits &>> 3
        guard size <= length, let time = forwardTime(after: previousTime, delta: unpackVarint(bytes & ((1 &<< UInt64(bits)) &- 1)))
        else { return nil }
        return (type, header &+ size, length &- size, time)
    }
}
