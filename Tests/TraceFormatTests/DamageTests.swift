import Foundation
import KeyTraceCore
import Testing
@testable import TraceFormat
import KeyTraceSupport

@Suite struct DamageTests {
    static let records = TypingFixture.records(presses: 120)
    static let options = TraceWriter.Options(chunkSize: 400)
    static let bytes: [UInt8] = (try? TypingFixture.trace(records, options: options)) ?? []

    static func readAll(_ bytes: [UInt8]) throws -> (records: [TraceRecord], issues: [ChunkIssue], reader: TraceReader) {
        let reader = try TraceReader(bytes: bytes)
        var iterator = reader.makeIterator()
        var out: [TraceRecord] = []
        while let r = iterator.next() { out.append(r) }
        return (out, reader.indexIssues + iterator.issues, reader)
    }

    @Test func decodingDripFedOneByteAtATimeYieldsEveryRecord() throws {
        var decoder = TraceStreamDecoder()
        var out: [TraceRecord] = []
        for byte in Self.bytes { out += try decoder.feed([byte]) }
        out += decoder.finish()
        #expect(out == Self.records)
        #expect(decoder.issues.isEmpty)
        #expect(decoder.header?.metadata == TypingFixture.metadata)
    }

    @Test func decodingManyChunksPerFeedYieldsEveryRecord() throws {
        var decoder = TraceStreamDecoder()
        var out: [TraceRecord] = []
        var start = 0
        var rng = SeededGenerator(seed: 3)
        while start < Self.bytes.count {
            let end = min(Self.bytes.count, start + Int.random(in: 1...3000, using: &rng))
            out += try decoder.feed(Self.bytes[start..<end])
            start = end
        }
        #expect(out == Self.records)
    }

    @Test func aDamagedHeaderLosesOnlyTheMetadataAndEveryRecordStillReads() throws {
        let headerEnd = try TraceReader(bytes: Self.bytes).header.chunksOffset
        var rng = SeededGenerator(seed: 5)
        // Bit flips past the magic and version: every bit of flags, metadata length and checksum,
        // and random ones in the metadata.
        let flips = (12..<24).flatMap { at in (0..<8).map { (at, UInt8($0)) } }
            + (0..<40).map { _ in (Int.random(in: 24..<headerEnd, using: &rng), UInt8.random(in: 0...7, using: &rng)) }
        for (at, bit) in flips {
            var damaged = Self.bytes
            damaged[at] ^= 1 << bit
            let result = try Self.readAll(damaged)
            #expect(result.records == Self.records, "flip at \(at)")
            let damage = result.reader.indexIssues.filter(\.losesMetadata)
            #expect(damage.count == 1 && damage[0].offset <= at, "flip at \(at)")
            #expect(!result.reader.verify().isIntact)
        }
        // A damaged magic still means "not a trace".
        var wrongMagic = Self.bytes
        wrongMagic[2] ^= 0x20
        #expect(throws: TraceFormatError.notATrace()) { try TraceReader(bytes: wrongMagic) }
    }

    @Test func aSingleBitFlipInAChunkIsNamedByOffsetAndEveryOtherChunkStillReads() throws {
        let full = try TraceReader(bytes: Self.bytes)
        let chunks = full.chunks
        var rng = SeededGenerator(seed: 11)
        for chunk in chunks.prefix(12) {
            for _ in 0..<16 {
                var damaged = Self.bytes
                let at = Int.random(in: chunk.offset..<chunk.endOffset, using: &rng)
                damaged[at] ^= 1 << UInt8.random(in: 0...7, using: &rng)
                let result = try Self.readAll(damaged)
                #expect(result.issues.contains { $0.offset == chunk.offset && $0.losesRecords }, "flip at \(at)")
                var expected = Self.records
                expected.removeSubrange(Int(chunk.firstRecordIndex)..<Int(chunk.firstRecordIndex + chunk.recordCount))
                #expect(result.records == expected, "flip at \(at)")
            }
        }
    }

    @Test func aBitFlipInTheFooterFallsBackToScanningWithNoRecordLost() throws {
        var damaged = Self.bytes
        damaged[damaged.count - 20] ^= 0x10
        let result = try Self.readAll(damaged)
        #expect(!result.reader.hasFooter)
        #expect(result.records == Self.records)
        #expect(result.issues.allSatisfy { !$0.losesRecords })
    }

    @Test func aKilledWriterLeavesEveryFlushedRecordReadable() throws {
        let path = TemporaryFile.path("killed.ktrace")
        let writer = try TraceWriter(path: path, metadata: TypingFixture.metadata, options: .init(chunkSize: 2048))
        for r in Self.records { try writer.append(r) }
        // No finish(): the file is what a writer killed now leaves behind.
        let onDisk = try TemporaryFile.read(path)
        let result = try Self.readAll(onDisk)
        #expect(result.records == Array(Self.records[0..<result.records.count]))
        // Everything older than the flush interval before the last record is on disk.
        let last = Self.records.last?.timestamp ?? 0
        let due = Self.records.filter { last - $0.timestamp >= 100_000_000 }.count
        #expect(result.records.count >= due)
        #expect(!result.reader.hasFooter)
        #expect(result.issues.contains { if case .unsealed = $0.problem { return true } else { return false } })
        _ = writer
    }

    @Test func garbageAndEmptyInputsThrowClearErrors() throws {
        #expect(throws: TraceFormatError.emptyFile) { try TraceReader(bytes: []) }
        #expect(throws: TraceFormatError.notATrace(offset: 0)) { try TraceReader(bytes: Array("hello, world\n".utf8)) }
        var rng = SeededGenerator(seed: 5)
        for length in [1, 7, 8, 23, 24, 100, 5000] {
            var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            for i in 0..<min(8, length) { bytes[i] = TraceFileHeader.magic[i] }
            do {
                _ = try Self.readAll(bytes)
            } catch let error as TraceFormatError {
                #expect(error.isUnusableInput)
                #expect(!error.description.isEmpty)
            }
        }
    }

    @Test func aNewerMinorWithUnknownRecordTypesStillReads() throws {
        var records = Array(Self.records.prefix(40))
        records.insert(.unknown(UnknownRecord(timestamp: records[3].timestamp, type: 0x40, payload: [1, 2, 3, 4, 5])), at: 4)
        records.insert(.unknown(UnknownRecord(timestamp: records[9].timestamp, type: 0x8F, payload: [9, 9])), at: 10)
        var bytes = try TypingFixture.trace(records)
        // Re-label the file as version 1.7 with an unknown flag bit, and re-checksum the header.
        bytes[10] = 7
        bytes[12] = 0x80
        let metaLength = Int(bytes[16]) | Int(bytes[17]) << 8
        var crc = CRC32C()
        crc.update(bytes[0..<20])
        crc.update(bytes[24..<(24 + metaLength)])
        for i in 0..<4 { bytes[20 + i] = UInt8(truncatingIfNeeded: crc.value >> (8 * i)) }
        let result = try Self.readAll(bytes)
        #expect(result.reader.header.minor == 7)
        #expect(result.records == records)
        #expect(result.issues.isEmpty)
    }

    @Test func aNewerMajorIsRefusedWithAnUpgradeHint() throws {
        var bytes = try TypingFixture.trace(Array(Self.records.prefix(3)))
        bytes[8] = UInt8(TraceFileHeader.currentMajor + 1)
        #expect(throws: TraceFormatError.unsupportedVersion(major: TraceFileHeader.currentMajor + 1, minor: 0)) {
            try TraceReader(bytes: bytes)
        }
    }
}

@Suite struct FlushTests {
    @Test func sealOnFlushLeavesEveryFlushedRecordChecksummedAfterAKill() throws {
        let records = TypingFixture.records(presses: 60, engine: false)
        let path = TemporaryFile.path("seal-on-flush.ktrace")
        let writer = try TraceWriter(path: path, metadata: TypingFixture.metadata,
                                     options: .init(sealOnFlush: true))
        for r in records { try writer.append(r) }
        let reader = try TraceReader(bytes: TemporaryFile.read(path))
        var iterator = reader.makeIterator()
        var read: [TraceRecord] = []
        while let r = iterator.next() { read.append(r) }
        #expect(reader.chunks.allSatisfy { $0.isSealed })
        #expect(reader.chunks.count > 10)
        #expect(iterator.issues.isEmpty)
        #expect(read == Array(records[0..<read.count]))
        #expect(read.count >= records.count - 2)
        _ = writer
    }

    @Test func advancingIdleTraceTimeFlushesPendingRecords() throws {
        let path = TemporaryFile.path("advance.ktrace")
        let writer = try TraceWriter(path: path, metadata: TypingFixture.metadata)
        let press = KeyPress(.began, .a, timestamp: 1_000_000_000)
        try writer.append(press)
        let before = try TraceReader(bytes: TemporaryFile.read(path))
        #expect(before.chunks.isEmpty)
        try writer.advanceTime(to: 1_050_000_000)
        let notYet = try TraceReader(bytes: TemporaryFile.read(path))
        #expect(notYet.chunks.isEmpty)
        try writer.advanceTime(to: 1_100_000_000)
        let records = Array(try TraceReader(bytes: TemporaryFile.read(path)))
        #expect(records == [.key(KeyRecord(press))])
        _ = writer
    }
}
