import KeyTraceCore
import Testing
@testable import TraceFormat

@Suite struct TraceSummaryTests {
    /// The summary as iterating the trace's records gives it.
    static func reference(_ reader: TraceReader) -> (counts: [RecordKind: UInt64], first: UInt64?, last: UInt64?,
                                                     devices: [DeviceID: UInt64], read: UInt64, issues: [ChunkIssue]) {
        var counts: [RecordKind: UInt64] = [:], devices: [DeviceID: UInt64] = [:]
        var first: UInt64?, last: UInt64?
        var iterator = reader.makeIterator()
        while let record = iterator.next() {
            counts[record.kind, default: 0] += 1
            first = min(first ?? record.timestamp, record.timestamp)
            last = max(last ?? record.timestamp, record.timestamp)
            if case .key(let key) = record { devices[key.press.device, default: 0] += 1 }
        }
        return (counts, first, last, devices, iterator.recordsRead, (reader.indexIssues + iterator.issues).sorted { $0.offset < $1.offset })
    }

    @Test func countsTimesAndDevicesMatchIteratingEveryRecordOfADamagedTrace() throws {
        var random = RandomRecords(seed: 5)
        let devices: [DeviceID] = [.usb(bus: 1, device: 2, endpoint: 0x81), .usb(bus: 3, device: 4, endpoint: 0x82), DeviceID(rawValue: 9)]
        var records = (0..<1_500).map { _ in random.record() }
        for (i, key) in TypingFixture.records(presses: 2_000).enumerated() {
            guard case .key(var k) = key else { records.append(key); continue }
            k.press.device = devices[(i / 7) % devices.count]
            records.append(.key(k))
        }
        var bytes = try TypingFixture.trace(records, options: .init(chunkSize: 1_000))
        let intact = try TraceReader(bytes: bytes)
        bytes[intact.chunks[intact.chunks.count / 2].offset + TraceChunk.headerSize + 3] ^= 0x40
        let reader = try TraceReader(bytes: bytes)
        let summary = TraceSummary(reader)
        let expected = Self.reference(reader)
        #expect(summary.counts == expected.counts)
        #expect(summary.firstTimestamp == expected.first && summary.lastTimestamp == expected.last)
        #expect(summary.devices == expected.devices)
        #expect(Set(devices).isSubset(of: summary.devices.keys))
        #expect(summary.verification.readableRecords == expected.read)
        #expect(summary.verification.issues == expected.issues && expected.issues.count == 1)
        #expect(summary.recordCount < UInt64(records.count))
    }

    @Test func anEmptyTraceHasNoTimes() throws {
        let summary = TraceSummary(try TraceReader(bytes: TypingFixture.trace([])))
        #expect(summary.recordCount == 0 && summary.firstTimestamp == nil && summary.lastTimestamp == nil)
    }
}
