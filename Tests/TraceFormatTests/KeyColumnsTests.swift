import Foundation
import Testing
import KeyTraceCore
@testable import TraceFormat

@Suite struct KeyColumnsTests {
    /// Every key `nextKeys(into:)` yields, one record at a time.
    static func keys(of cursor: RecordCursor, capacity: Int) -> (keys: [KeyRecord], issues: [ChunkIssue], read: UInt64) {
        var cursor = cursor
        var columns = KeyColumns(capacity: capacity)
        var keys: [KeyRecord] = []
        while cursor.nextKeys(into: &columns) {
            #expect(columns.count <= capacity)
            #expect(Array(columns.timestamps) == (0..<columns.count).map { columns[$0].timestamp })
            keys += (0..<columns.count).map { columns[$0] }
        }
        return (keys, cursor.issues, cursor.recordsRead)
    }

    static func expectedKeys(_ records: [TraceRecord]) -> [KeyRecord] {
        records.compactMap { if case .key(let key) = $0 { return key } else { return nil } }
    }

    @Test(arguments: [1, 7, 4096])
    func columnsHoldExactlyTheKeysTheIteratorYields(capacity: Int) throws {
        var random = RandomRecords(seed: 21)
        let records = (0..<2_000).map { _ in random.record() } + TypingFixture.records(presses: 3_000)
        let reader = try TraceReader(bytes: TypingFixture.trace(records, options: .init(chunkSize: 900)))
        #expect(reader.chunks.count > 10)
        let result = Self.keys(of: reader.cursor(), capacity: capacity)
        #expect(result.keys == Self.expectedKeys(records))
        #expect(result.read == UInt64(records.count))
        #expect(result.issues.isEmpty)
    }

    @Test func theDocumentedLoopCollectsEveryKeyDown() throws {
        let records = TypingFixture.records(presses: 1_000)
        let reader = try TraceReader(bytes: TypingFixture.trace(records))
        var downs: [UInt64] = []
        var cursor = reader.cursor()
        var keys = KeyColumns(capacity: 4096)
        while cursor.nextKeys(into: &keys) {
            for i in 0..<keys.count where keys.shapes[keys.shapeNumbers[i]].press.phase == .began {
                downs.append(keys.timestamps[i])
            }
        }
        #expect(downs == Self.expectedKeys(records).filter { $0.press.phase == .began }.map(\.timestamp))
        #expect(!downs.isEmpty)
    }

    @Test func columnsFromASeekStartAtTheSameRecordAsTheIterator() throws {
        let records = TypingFixture.records(presses: 2_000)
        let reader = try TraceReader(bytes: TypingFixture.trace(records, options: .init(chunkSize: 700)))
        let from = records[records.count / 3].timestamp
        let expected = Self.expectedKeys(Array(reader.cursor(from: from).remainingRecords()))
        #expect(!expected.isEmpty)
        #expect(Self.keys(of: reader.cursor(from: from), capacity: 100).keys == expected)
        #expect(Self.keys(of: reader.cursor(startingAt: 777), capacity: 64).keys
                == Self.expectedKeys(Array(records[777...])))
    }

    /// Every committed golden trace (real captures and scripted scenes, keys between
    /// resolutions and timings): the columns hold exactly the keys iteration yields.
    @Test func everyGoldenTraceReadsTheSameKeysThroughColumns() throws {
        let directory = ExampleTraceTests.root.appendingPathComponent("Traces/golden").path
        let traces = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".ktrace") }
        #expect(traces.count >= 5)
        for name in traces {
            let reader = try TraceReader(path: "\(directory)/\(name)")
            let expected = Self.expectedKeys(Array(reader))
            #expect(!expected.isEmpty, "\(name)")
            #expect(Self.keys(of: reader.cursor(), capacity: 97).keys == expected, "\(name)")
        }
    }

    @Test func aDamagedChunkIsSkippedAndReportedAsTheIteratorDoes() throws {
        let records = TypingFixture.records(presses: 3_000)
        var bytes = try TypingFixture.trace(records, options: .init(chunkSize: 800))
        let reader = try TraceReader(bytes: bytes)
        let victim = reader.chunks[reader.chunks.count / 2]
        bytes[victim.offset + TraceChunk.headerSize + 5] ^= 0x10
        let damaged = try TraceReader(bytes: bytes)
        var iterator = damaged.makeIterator()
        var expected: [KeyRecord] = []
        while let record = iterator.next() { if case .key(let key) = record { expected.append(key) } }
        let result = Self.keys(of: damaged.cursor(), capacity: 333)
        #expect(result.keys == expected)
        #expect(result.keys.count < Self.expectedKeys(records).count)
        #expect(result.issues == iterator.issues && result.issues.count == 1)
    }
}

extension RecordCursor {
    /// The records from the cursor's position on, one at a time.
    fileprivate func remainingRecords() -> [TraceRecord] {
        var cursor = self
        var out: [TraceRecord] = []
        while let record = cursor.nextRecord() { out.append(record) }
        return out
    }
}

@Suite struct ShortKeyDecodingTests {
    /// Presses whose deltas take every short-entry split: one to three delta bytes in each
    /// unit, backwards steps, a zero step, and shape numbers of one and two bytes.
    static let presses: [KeyPress] = {
        let steps: [Int64] = [0, 1, 127, 128, 5_000, 16_383_000, 16_384_000, 2_000_000_000, 1_000_000,
                              8_000_000_000, -1, -300, 64_000, 999, 3_000_000, 120_000_000, 70_000]
        var time: UInt64 = 1_700_000_000_000_000_000
        var out: [KeyPress] = []
        for i in 0..<3_000 {
            time = UInt64(Int64(time) + steps[i % steps.count])
            // 200 shapes: past 127, the shape number takes two bytes.
            let usage = HIDUsage(UInt16(4 + (i * 7) % 100))
            out.append(KeyPress(i % 2 == 0 ? .began : .ended, usage, device: .usb(bus: 1, device: 2, endpoint: 0x81),
                                timestamp: time))
        }
        return out
    }()

    @Test func everyDeltaAndShapeSplitReadsBackThroughEveryPath() throws {
        let writer = TraceWriter(metadata: TypingFixture.metadata)
        for press in Self.presses { try writer.append(press) }
        let reader = try TraceReader(bytes: writer.finish())
        let expected = Self.presses.map { KeyRecord($0) }
        #expect(reader.compactMap { if case .key(let k) = $0 { return k } else { return nil } } == expected)
        var cursor = reader.cursor()
        var stepped: [KeyRecord] = []
        while cursor.next() { if let key = cursor.keyRecord { stepped.append(key) } }
        #expect(stepped == expected)
        #expect(KeyColumnsTests.keys(of: reader.cursor(), capacity: 256).keys == expected)
    }

    /// Runs of 40 presses with one step each: every delta length (one to four bytes) in every
    /// unit, so each of the column decoder's run loops starts, runs and hands over mid-batch.
    @Test func longRunsOfEveryEntryFormReadBackThroughColumns() throws {
        let steps: [UInt64] = [7, 1_001, 100_001, 7_000, 1_001_000, 100_001_000, 7_000_000, 1_001_000_000,
                               100_001_000_000, 1_000_001_000, 3, 200_000_000]
        var time: UInt64 = 1_700_000_000_000_000_000
        var presses: [KeyPress] = []
        for (run, step) in steps.enumerated() {
            for i in 0..<40 {
                time += step
                let usage = HIDUsage(UInt16(4 + (run * 40 + i) % 30))
                presses.append(KeyPress(i % 2 == 0 ? .began : .ended, usage, timestamp: time))
            }
        }
        let writer = TraceWriter(metadata: TypingFixture.metadata)
        for press in presses { try writer.append(press) }
        let reader = try TraceReader(bytes: writer.finish())
        let expected = presses.map { KeyRecord($0) }
        for capacity in [1, 39, 41, 4096] {
            #expect(KeyColumnsTests.keys(of: reader.cursor(), capacity: capacity).keys == expected)
        }
    }
}

@Suite struct ExactTextTests {
    @Test func canonicallyEquivalentTextsInOneChunkKeepTheirOwnBytes() throws {
        let composed = "\u{E9}", decomposed = "e\u{301}"
        #expect(composed == decomposed)  // equal as Strings, different bytes
        let presses = [composed, decomposed, composed].enumerated().map { i, text in
            KeyPress(phase: .began, usage: HIDUsage(0x08), characters: KeyText(text), charactersIgnoringModifiers: KeyText(text),
                     modifierFlags: [], timestamp: UInt64(1_000 + i))
        }
        let writer = TraceWriter(metadata: TypingFixture.metadata)
        for press in presses { try writer.append(press) }
        try writer.append(.marker(MarkerRecord(timestamp: 2_000, label: composed, text: decomposed)))
        let records = Array(try TraceReader(bytes: writer.finish()))
        #expect(records.count == 4)
        for (record, press) in zip(records, presses) {
            guard case .key(let key) = record else { Issue.record("not a key: \(record)"); continue }
            #expect(Array(key.press.characters.string.utf8) == Array(press.characters.string.utf8))
        }
        guard case .marker(let marker) = records.last else { Issue.record("no marker"); return }
        #expect(Array(marker.label.utf8) == Array(composed.utf8))
        #expect(Array((marker.text ?? "").utf8) == Array(decomposed.utf8))
    }
}
