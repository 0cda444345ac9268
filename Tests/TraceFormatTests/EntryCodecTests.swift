import Testing
import KeyTraceCore
@testable import TraceFormat
import KeyTraceSupport

@Suite struct EntryCodecTests {
    static let extremes: [UInt64] = [0, 1, 999, 1000, 1_000_000, (1 << 62) - 1, 1 << 62, (1 << 62) + 1, 1 << 63,
                                     UInt64.max - 1, UInt64.max, 1_700_000_000_000_000_000]

    /// Every pair of extreme times, and random ones: the size is the bytes written, and reading
    /// gives the time back.
    @Test func deltasRoundTripWithTheSizeTheyPredict() {
        var rng = SeededGenerator(seed: 11)
        var pairs = Self.extremes.flatMap { a in Self.extremes.map { (a, $0) } }
        for _ in 0..<2_000 {
            let a = UInt64.random(in: 0...UInt64.max, using: &rng)
            pairs.append((a, a &+ UInt64.random(in: 0...3_000_000, using: &rng) &* [1, 1000, 1_000_000][Int.random(in: 0...2, using: &rng)]))
        }
        for (previous, time) in pairs {
            var w = ByteWriter()
            EntryCodec.writeDelta(time, after: previous, into: &w)
            #expect(w.count == EntryCodec.deltaSize(time, after: previous))
            let bytes = w.bytes
            bytes.withUnsafeBytes { raw in
                var r = ByteReader(raw)
                #expect(EntryCodec.readDelta(after: previous, from: &r) == time)
                #expect(r.isAtEnd)
            }
            if let value = EntryCodec.deltaValue(time, after: previous) {
                #expect(EntryCodec.time(after: previous, delta: value) == time)
            } else {
                #expect(bytes.count == 9 && bytes[0] == UInt8(EntryCodec.absoluteDelta))
            }
        }
    }

    /// An entry whose payload is written in place gets the bytes of one framed from a finished
    /// payload, on both sides of every varint-length boundary, after other bytes and before more.
    @Test func longEntriesWrittenInPlaceMatchLongEntriesFramedAfterwards() {
        for length in [0, 1, 126, 127, 128, 129, 300, 16_383, 16_384, 20_000] {
            let payload = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 5) }
            var framed = ByteWriter()
            framed.writeBytes([0xEE, 0xEF])
            EntryCodec.writeLong(type: EntryType.marker, payload: payload, into: &framed)
            framed.writeUInt8(0xAB)
            var inPlace = ByteWriter()
            inPlace.writeBytes([0xEE, 0xEF])
            let start = EntryCodec.beginLong(type: EntryType.marker, into: &inPlace)
            inPlace.writeBytes(payload)
            EntryCodec.endLong(payloadStart: start, into: &inPlace)
            inPlace.writeUInt8(0xAB)
            #expect(inPlace.bytes == framed.bytes, "payload of \(length) bytes")
        }
    }

    @Test func deltasPickTheCoarsestExactUnit() {
        #expect(EntryCodec.deltaValue(5_000_000, after: 0) == 5 << 2 | 3)
        #expect(EntryCodec.deltaValue(5_000, after: 0) == 5 << 2 | 2)
        #expect(EntryCodec.deltaValue(5, after: 0) == 5 << 2)
        #expect(EntryCodec.deltaValue(0, after: 5) == 5 << 2 | 1)
        #expect(EntryCodec.deltaValue(1 << 62 | 1, after: 0) == nil)
        #expect(EntryCodec.time(after: 7, delta: EntryCodec.absoluteDelta) == nil)
    }

    /// A key entry written by ``EntryCodec/writeKey(_:after:shape:into:)`` reads back through
    /// the word decoder (short form) and the plain path (both forms).
    @Test func keyEntriesReadBackThroughTheWordDecoderAndThePlainPath() throws {
        var rng = SeededGenerator(seed: 5)
        for _ in 0..<5_000 {
            let previous = Self.extremes[Int.random(in: 0..<Self.extremes.count, using: &rng)]
            let time = Bool.random(using: &rng) ? previous &+ UInt64.random(in: 0...5_000, using: &rng) &* 1000
                                                : UInt64.random(in: 0...UInt64.max, using: &rng)
            let shape = UInt64.random(in: 0...(Bool.random(using: &rng) ? 127 : 70_000), using: &rng)
            var w = ByteWriter()
            EntryCodec.writeKey(time, after: previous, shape: shape, into: &w)
            let count = w.count
            let bytes = w.bytes + [UInt8](repeating: 0, count: 8)
            let short = EntryCodec.isShort(bytes[0])
            let word = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
            let key = EntryCodec.shortKey(word, after: previous, shapeCount: shape + 1)
            if short && count <= 8 {
                #expect(key?.time == time && key?.shape == shape && key?.size == count)
            } else {
                #expect(key == nil)
            }
            try bytes.withUnsafeBytes { raw in
                var r = ByteReader(UnsafeRawBufferPointer(rebasing: raw[0..<count]))
                let entry = try #require(try EntryCodec.readEntry(from: &r))
                #expect(EntryCodec.isKey(entry.tag) && r.isAtEnd)
                var body = ByteReader(entry.payload)
                #expect(EntryCodec.readDelta(after: previous, from: &body) == time)
                #expect(body.readVarint() == shape && body.isAtEnd)
            }
        }
    }

    /// Each record entry type names one kind, and ``RecordKinds`` keeps the kinds' bits in
    /// entry-type order (its one-word filter depends on it).
    @Test func recordKindBitsFollowTheEntryTypes() {
        for type in EntryType.resolution...EntryType.marker {
            let kind = EntryType.kind(of: type)
            #expect(kind != .unknown && kind != .key)
            #expect(RecordKinds(kind: kind).rawValue == 1 << UInt16(type - EntryType.key))
            #expect(RecordKinds(kind: kind).containsRecord(ofType: type))
        }
        #expect(EntryType.kind(of: 0x60) == .unknown)
    }
}

@Suite struct CompactEntryTests {
    /// The entry tags of a one-chunk trace's payload, in order.
    static func tags(_ bytes: [UInt8]) throws -> [UInt8] {
        let reader = try TraceReader(bytes: bytes)
        let chunk = try #require(reader.chunks.first)
        let start = chunk.offset + TraceChunk.headerSize
        return Array(bytes[start..<(start + chunk.payloadLength)]).withUnsafeBytes { raw in
            var r = ByteReader(raw)
            var tags: [UInt8] = []
            while let entry = try? EntryCodec.readEntry(from: &r) { tags.append(entry.tag) }
            return tags
        }
    }

    /// Typing in ns: two presses rolled over, then their releases. Each press is a one-byte
    /// shape and a fixed-width delta; each release names the press it ends by how many key
    /// records back it lies, and carries no shape at all.
    @Test func releasesOfRecentPressesTakeNoShapeAndPressesAFixedWidthDelta() throws {
        let writer = TraceWriter(metadata: TraceMetadata(sourceKind: "test"))
        let t: UInt64 = 5_000_000_123
        let presses = [KeyPress(.began, .a, timestamp: t), KeyPress(.began, .z, timestamp: t + 80_000_017),
                       KeyPress(.ended, .a, timestamp: t + 150_000_301), KeyPress(.ended, .z, timestamp: t + 230_777_001)]
        for press in presses { try writer.append(press) }
        let bytes = try writer.finish()
        #expect(Array(try TraceReader(bytes: bytes)) == presses.map { TraceRecord.key(KeyRecord($0)) })
        let records = try Self.tags(bytes).filter { !EntryCodec.isDefinition($0) }
        // a: 1 + 4 bytes (shape and a 4-byte delta; the first key's delta is 0, so 1 + 1);
        // the release of a lies 2 records back (short type 3), that of b 2 back as well.
        #expect(records.map { $0 & 0x8F } == [0x81, 0x81, 0x83, 0x83])
        #expect(records.map { ($0 >> 4) & 7 } == [1, 5, 4, 4])
    }

    /// Typing in whole µs keeps the plain short key, whose varint delta is shorter there.
    @Test func wholeMicrosecondsKeepThePlainShortKey() throws {
        let writer = TraceWriter(metadata: TraceMetadata(sourceKind: "test"))
        let t: UInt64 = 5_000_000_000
        for (i, press) in [KeyPress(.began, .a, timestamp: t), KeyPress(.ended, .a, timestamp: t + 97_000_000),
                           KeyPress(.began, .z, timestamp: t + 180_123_000)].enumerated() {
            _ = i
            try writer.append(press)
        }
        let records = try Self.tags(try writer.finish()).filter { !EntryCodec.isDefinition($0) }
        #expect(records.map { $0 & 0x8F } == [0x81, 0x80, 0x80])
    }

    /// Resolutions, counters and cache events of a press are short entries naming their
    /// details by number, and timings whose total is their sum leave the total out.
    @Test func dispatchRecordsNameRepeatedDetailsByNumber() throws {
        let writer = TraceWriter(metadata: TraceMetadata(sourceKind: "test"))
        var records: [TraceRecord] = []
        for press in 0..<3 as Range<UInt64> {
            let t = 1_000_000 * (press + 1)
            records.append(.resolution(ResolutionRecord(timestamp: t, pressSequence: press, outcome: .unhandled)))
            records.append(.stageTimings(StageTimingsRecord(timestamp: t, pressSequence: press,
                                                            durations: StageDurations([10, 20, 30]), total: 60)))
            records.append(.keyCommandsCounters(KeyCommandsCountersRecord(timestamp: t, pressSequence: press, calls: 0,
                                                                          policyCalls: 9, enumerations: 0)))
            records.append(.cache(CacheEventRecord(timestamp: t, event: .hit)))
        }
        for record in records { _ = try writer.append(record) }
        let bytes = try writer.finish()
        #expect(Array(try TraceReader(bytes: bytes)) == records)
        let tags = try Self.tags(bytes)
        #expect(tags.filter { $0 == EntryType.resolutionDefinition }.count == 1)
        #expect(tags.filter { $0 == EntryType.countersDefinition }.count == 1)
        #expect(tags.filter { !EntryCodec.isDefinition($0) }.map { EntryCodec.recordType(of: $0) }
            == Array(repeating: [0x85, EntryType.compactStageTimings, 0x86, 0x87], count: 3).flatMap { $0 })
    }
}

@Suite struct RefusedRecordTests {
    /// A short-form record too long for its entry is refused, and the records after it keep
    /// their timestamps (the refused one must not move the chunk's clock).
    @Test func aRefusedRecordLeavesTheNextTimestampIntact() throws {
        let writer = TraceWriter(metadata: TraceMetadata(sourceKind: "test"))
        let before = TraceRecord.marker(MarkerRecord(timestamp: 1_000, label: "a", text: nil))
        let refused = TraceRecord.unknown(UnknownRecord(timestamp: 1 << 63, type: 0x88, payload: [1, 2, 3]))
        let after = TraceRecord.marker(MarkerRecord(timestamp: 2_000, label: "b", text: nil))
        try writer.append(before)
        #expect(throws: TraceFormatError.self) { try writer.append(refused) }
        try writer.append(after)
        #expect(Array(try TraceReader(bytes: writer.finish())) == [before, after])
    }
}
