import KeyTraceCore
import Testing
@testable import TraceFormat

@Suite struct RoundTripTests {
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func everyRecordTypeWithRandomValuesReadsBackEqual(seed: UInt64) throws {
        var random = RandomRecords(seed: seed)
        let records = (0..<2_000).map { _ in random.record() }
        for options in [TraceWriter.Options(), TraceWriter.Options(flushInterval: 1, chunkSize: 300)] {
            let bytes = try TraceFixture.write(records, options: options)
            let reader = try TraceReader(bytes: bytes)
            var iterator = reader.makeIterator()
            var read: [TraceRecord] = []
            while let record = iterator.next() { read.append(record) }
            #expect(iterator.issues.isEmpty)
            #expect(read.count == records.count)
            for (a, b) in zip(read, records) where a != b {
                Issue.record("mismatch: \(a) != \(b)")
                break
            }
            #expect(reader.verify().isIntact)
        }
    }

    @Test func keyPressesDifferingInOneFieldKeepTheirOwnShapes() throws {
        let base = KeyPress(phase: .began, usage: HIDUsage(0x04), characters: "a", charactersIgnoringModifiers: "a",
                            modifierFlags: [], device: .usb(bus: 1, device: 2, endpoint: 0x81), timestamp: 1_000)
        var variants: [(KeyPress, UInt64?)] = [(base, nil), (base, 8_000_000), (base, 1_000_000)]
        var p = base; p.characters = "A"; variants.append((p, nil))
        p = base; p.charactersIgnoringModifiers = "á"; variants.append((p, nil))
        p = base; p.modifierFlags = .shift; variants.append((p, nil))
        p = base; p.modifierSides = .leftShift; variants.append((p, nil))
        p = base; p.isRepeat = true; variants.append((p, nil))
        p = base; p.isRepeat = true; p.isSynthesizedRepeat = true; variants.append((p, nil))
        p = base; p.phase = .ended; variants.append((p, nil))
        p = base; p.device = .usb(bus: 1, device: 3, endpoint: 0x81); variants.append((p, nil))
        p = base; p.usage = HIDUsage(0x05); variants.append((p, nil))
        p = base; p.usagePage = .consumer; variants.append((p, nil))
        p = base; p.usagePage = .genericDesktop; variants.append((p, 8_000_000))
        // Each variant twice in a row and then all again, so cached shapes are reused and checked.
        var records: [TraceRecord] = []
        var time: UInt64 = 1_000
        for round in 0..<3 {
            for (press, uncertainty) in variants {
                for _ in 0..<(round == 0 ? 2 : 1) {
                    var press = press
                    time += 1_234
                    press.timestamp = time
                    records.append(.key(KeyRecord(press, timestampUncertainty: uncertainty)))
                }
            }
        }
        let read = Array(try TraceReader(bytes: try TraceFixture.write(records, options: .init())))
        #expect(read == records)
    }

    @Test func metadataWithEveryFieldReadsBackEqual() throws {
        let bytes = try TypingFixture.trace([])
        let reader = try TraceReader(bytes: bytes)
        #expect(reader.header.metadata == TypingFixture.metadata)
        #expect(reader.header.major == TraceFileHeader.currentMajor && reader.header.minor == 0)
        #expect(Array(reader).isEmpty)
    }

    @Test func identicalInputGivesByteIdenticalOutput() throws {
        let records = TypingFixture.records(presses: 3_000)
        let a = try TypingFixture.trace(records, options: .init(chunkSize: 4096))
        let b = try TypingFixture.trace(records, options: .init(chunkSize: 4096))
        #expect(a == b)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func typedAppendsWriteTheSameBytesAsTraceRecordCases(seed: UInt64) throws {
        var random = RandomRecords(seed: seed)
        let records = (0..<2_000).map { _ in random.record() }
        let typed = TraceWriter(metadata: TypingFixture.metadata, options: .init(chunkSize: 4096))
        var direct = 0
        for record in records {
            switch record {
            case .resolution(let r): try typed.append(r)
            case .stageTimings(let r): try typed.append(r)
            case .keyCommandsCounters(let r): try typed.append(r)
            case .cache(let r): try typed.append(r)
            default:
                try typed.append(record)
                continue
            }
            direct += 1
        }
        #expect(direct > 500)
        #expect(try typed.finish() == TraceFixture.write(records, options: .init(chunkSize: 4096)))
    }

    @Test func realisticTypingCostsAtMostSixBytesPerKeyPress() throws {
        let records = TypingFixture.records(presses: 20_000, engine: false)
        let bytes = try TypingFixture.trace(records)
        let empty = try TypingFixture.trace([])
        let perPress = Double(bytes.count - empty.count) / 20_000
        #expect(perPress <= 6.0, "bytes per key press: \(perPress)")
    }

    @Test func fileWriterProducesTheSameBytesAsTheMemoryWriter() throws {
        let records = TypingFixture.records(presses: 500)
        let path = TemporaryFile.path("file-writer.ktrace")
        let writer = try TraceWriter(path: path, metadata: TypingFixture.metadata, options: .init(chunkSize: 1024))
        for r in records { try writer.append(r) }
        try writer.finish()
        #expect(try TemporaryFile.read(path) == TypingFixture.trace(records, options: .init(chunkSize: 1024)))
    }

    @Test func cursorStepsOverTheSameRecordsAsTheIteratorWithoutMaterialising() throws {
        var random = RandomRecords(seed: 9)
        let records = (0..<3_000).map { _ in random.record() } + TypingFixture.records(presses: 500)
        let reader = try TraceReader(bytes: TypingFixture.trace(records, options: .init(chunkSize: 700)))
        var cursor = reader.cursor()
        var index = 0
        while cursor.next() {
            let expected = records[index]
            #expect(cursor.timestamp == expected.timestamp)
            #expect(cursor.kind == expected.kind)
            if case .key(let key) = expected {
                #expect(cursor.keyPhase == key.press.phase)
                #expect(cursor.keyUsage == key.press.usage)
                #expect(cursor.keyDevice == key.press.device)
            } else {
                #expect(cursor.keyPhase == nil)
            }
            #expect(cursor.record == expected)  // every field, whichever path stepped to it
            index += 1
        }
        #expect(index == records.count)
        #expect(cursor.issues.isEmpty)
    }

    @Test func cursorNextInKindsStopsOnExactlyTheRecordsOfThoseKinds() throws {
        var random = RandomRecords(seed: 11)
        let records = (0..<3_000).map { _ in random.record() } + TypingFixture.records(presses: 500)
        var bytes = try TypingFixture.trace(records, options: .init(chunkSize: 700))
        let intact = try TraceReader(bytes: bytes)
        let victim = intact.chunks[intact.chunks.count / 2]
        bytes[victim.offset + TraceChunk.headerSize + 5] ^= 0x10
        let damaged = try TraceReader(bytes: bytes)
        let sets: [RecordKinds] = [[], .all, [.key], [.resolution], [.key, .chainChange, .marker],
                                   [.key, .resolution, .chainChange, .marker], [.stageTimings, .cache, .dropped, .unknown],
                                   RecordKinds(RecordKind.allCases.filter { $0 != .key })]
        for reader in [intact, damaged] {
            for kinds in sets {
                // What plain `next()` finds, filtered by kind…
                var plain = reader.cursor()
                var expected: [(UInt64, TraceRecord)] = []
                while plain.next() { if kinds.contains(plain.kind) { expected.append((plain.timestamp, plain.record)) } }
                // …is what `next(in:)` stops on, with the same count of records read and the same damage.
                var cursor = reader.cursor()
                var found: [(UInt64, TraceRecord)] = []
                while cursor.next(in: kinds) {
                    #expect(kinds.contains(cursor.kind))
                    found.append((cursor.timestamp, cursor.record))
                }
                #expect(found.count == expected.count, "\(kinds)")
                #expect(zip(found, expected).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }, "\(kinds)")
                #expect(cursor.recordsRead == plain.recordsRead && cursor.issues == plain.issues)
            }
        }
        #expect(Array(damaged).count < records.count)  // the flipped bit did damage a chunk
        #expect(RecordKinds(RecordKind.allCases) == .all && RecordKinds(kind: .marker) == .marker)
    }

    @Test func seekByTimeAndByIndexLandOnTheRightRecord() throws {
        let records = TypingFixture.records(presses: 2_000, engine: false)
        let reader = try TraceReader(bytes: TypingFixture.trace(records, options: .init(chunkSize: 512)))
        #expect(reader.chunks.count > 10)
        for k in stride(from: 0, to: records.count, by: 97) {
            var byIndex = reader.records(startingAt: UInt64(k))
            #expect(byIndex.next() == records[k])
            var byTime = reader.records(from: records[k].timestamp)
            #expect(byTime.next() == records.first { $0.timestamp >= records[k].timestamp })
        }
        var past = reader.records(from: UInt64.max)
        #expect(past.next() == nil)
    }
}

/// Writing arbitrary records with the fixture's metadata.
enum TraceFixture {
    static func write(_ records: [TraceRecord], options: TraceWriter.Options = .init()) throws -> [UInt8] {
        try TypingFixture.trace(records, options: options)
    }
}
