import CLITestSupport
import Foundation
import KeyTraceSupport
import KeyTraceCore
import Testing
@testable import TraceFormat
import KeyTraceSupport

/// Nothing lost, nothing silent: every whole record of a damaged trace comes back, and the
/// damage is named.
@Suite struct ReliabilityTests {
    static let records = TypingFixture.records(presses: 120)
    static let bytes: [UInt8] = (try? TypingFixture.trace(records, options: .init(chunkSize: 300))) ?? []

    /// Every record yielded and every issue met reading `bytes`.
    static func readAll(_ bytes: [UInt8], ignoringFooter: Bool = false) throws
        -> (records: [TraceRecord], report: VerificationReport) {
        let reader = try TraceReader(storage: TraceStorage(bytes: bytes), ignoringFooter: ignoringFooter)
        var iterator = reader.makeIterator()
        var out: [TraceRecord] = []
        while let r = iterator.next() { out.append(r) }
        return (out, reader.report(after: iterator))
    }

    /// The byte offset just past each record's entry in the intact file, in record order.
    static func recordEnds(_ bytes: [UInt8]) throws -> [Int] {
        let chunks = try TraceReader(bytes: bytes).chunks
        var ends: [Int] = []
        bytes.withUnsafeBytes { raw in
            for chunk in chunks {
                let start = chunk.offset + TraceChunk.headerSize
                var decoder = ChunkDecoder(payload: UnsafeRawBufferPointer(rebasing: raw[start..<chunk.endOffset]),
                                           baseTime: chunk.firstTimestamp)
                while (try? decoder.advance()) == true { ends.append(start + decoder.reader.position) }
            }
        }
        return ends
    }

    /// Whether `part` is `whole` with some elements left out, order kept.
    static func isSubsequence(_ part: [TraceRecord], of whole: [TraceRecord]) -> Bool {
        var i = whole.startIndex
        for record in part {
            while i < whole.endIndex && whole[i] != record { i += 1 }
            guard i < whole.endIndex else { return false }
            i += 1
        }
        return true
    }

    @Test func truncationAtEveryByteOffsetRecoversEveryWholeRecordAndReportsTheLoss() throws {
        let full = try TraceReader(bytes: Self.bytes)
        let ends = try Self.recordEnds(Self.bytes)
        #expect(ends.count == Self.records.count)
        #expect(full.chunks.count > 20)
        for cut in full.header.chunksOffset..<Self.bytes.count {
            let result = try Self.readAll(Array(Self.bytes[0..<cut]))
            let whole = ends.filter { $0 <= cut }.count
            #expect(result.records.count == whole && result.records == Array(Self.records[0..<whole]),
                    "cut at \(cut): \(result.records.count) of \(whole)")
            // One or two bytes after the last chunk ("K", "KT") may begin a chunk header or the
            // footer: the reader cannot tell, and reports a possible loss.
            let footer = full.chunks.last?.endOffset ?? 0
            let lost = full.chunks.contains { $0.offset < cut && cut < $0.endOffset } || (1...2).contains(cut - footer)
            #expect(result.report.lostRecords == lost, "cut at \(cut)")
        }
    }

    @Test func aStreamCutInsideASealedChunkYieldsItsWholeRecords() throws {
        let ends = try Self.recordEnds(Self.bytes)
        let full = try TraceReader(bytes: Self.bytes)
        for chunk in full.chunks.prefix(6) {
            let cut = chunk.offset + TraceChunk.headerSize + chunk.payloadLength / 2
            var decoder = TraceStreamDecoder()
            var out = try decoder.feed(Self.bytes[0..<cut])
            out += decoder.finish()
            #expect(out == Array(Self.records[0..<ends.filter { $0 <= cut }.count]))
            #expect(decoder.issues.contains { $0.offset == chunk.offset && $0.losesRecords })
        }
    }

    @Test func randomBitFlipsNeverYieldAWrongRecord() throws {
        var rng = SeededGenerator(seed: 31)
        for trial in 0..<3000 {
            var damaged = Self.bytes
            let flips = trial % 3 + 1
            for _ in 0..<flips {
                damaged[Int.random(in: 0..<damaged.count, using: &rng)] ^= 1 << UInt8.random(in: 0...7, using: &rng)
            }
            guard let result = try? Self.readAll(damaged) else { continue }  // the magic or version was hit
            #expect(Self.isSubsequence(result.records, of: Self.records), "trial \(trial)")
            if result.records.count < Self.records.count { #expect(result.report.lostRecords, "trial \(trial)") }
        }
    }

    /// A trace whose payloads hold the bytes of a footer magic and of chunk magics that are not
    /// headers, written without a footer (as a killed writer leaves it, chunks sealed).
    static func trapTrace() throws -> (bytes: [UInt8], records: [TraceRecord]) {
        var records: [TraceRecord] = []
        var time: UInt64 = 1_000_000_000
        for i in 0..<400 {
            time += 7_000_000
            records.append(.marker(MarkerRecord(timestamp: time, label: "KTIX\(i % 3)", text: "KTCK KTIX \(i)")))
            records.append(.key(KeyRecord(KeyPress(.began, .a, timestamp: time + 1000), timestampUncertainty: nil)))
        }
        let bytes = try TypingFixture.trace(records, options: .init(chunkSize: 300))
        let reader = try TraceReader(bytes: bytes)
        let end = reader.chunks.last?.endOffset ?? bytes.count
        return (Array(bytes[0..<end]), records)
    }

    @Test func resyncAfterADamagedHeaderFindsEveryLaterChunkWhateverThePayloadHolds() throws {
        let (bytes, records) = try Self.trapTrace()
        let chunks = try TraceReader(bytes: bytes).chunks
        #expect(chunks.count > 30)
        for damagedChunk in [0, 1, chunks.count / 2, chunks.count - 2] {
            let chunk = chunks[damagedChunk]
            var expected = records
            expected.removeSubrange(Int(chunk.firstRecordIndex)..<Int(chunk.firstRecordIndex + chunk.recordCount))
            for variant in 0..<2 {
                var damaged = bytes
                if variant == 0 {
                    damaged[chunk.offset + 20] ^= 0x01  // the header CRC no longer matches
                } else {
                    damaged.replaceSubrange(chunk.offset..<(chunk.offset + 4), with: Array("KTIX".utf8))
                }
                let result = try Self.readAll(damaged)
                #expect(result.records.count == expected.count && result.records == expected,
                        "chunk \(damagedChunk), variant \(variant): \(result.records.count) of \(expected.count)")
                #expect(result.report.issues.contains { $0.offset == chunk.offset && $0.losesRecords })
                var stream = TraceStreamDecoder()
                var streamed = try stream.feed(damaged)
                streamed += stream.finish()
                #expect(streamed.count == expected.count && streamed == expected,
                        "stream: chunk \(damagedChunk), variant \(variant): \(streamed.count) of \(expected.count)")
            }
        }
    }

    /// `bytes` with the footer's first entry rewritten by `edit` and the footer CRC made valid
    /// again, as a hostile writer could.
    static func forgedFooter(_ bytes: [UInt8], edit: (inout [UInt8], Int) -> Void) -> [UInt8] {
        var forged = bytes
        let end = forged.count
        let indexOffset = (0..<8).reduce(0) { $0 | Int(forged[end - 32 + $1]) << (8 * $1) }
        edit(&forged, indexOffset + 8)
        let crc = CRC32C.checksum(Array(forged[indexOffset..<(end - 8)]))
        for i in 0..<4 { forged[end - 8 + i] = UInt8(truncatingIfNeeded: crc >> (8 * UInt32(i))) }
        return forged
    }

    @Test func aForgedFooterWithOffsetsNearTwoToThe64IsRejectedNotTrapped() throws {
        func put(_ value: UInt64, _ bytes: inout [UInt8], at offset: Int) {
            for i in 0..<8 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(i))) }
        }
        let forgeries: [(inout [UInt8], Int) -> Void] = [
            { bytes, entry in put(UInt64.max - 20, &bytes, at: entry) },                        // chunk offset
            { bytes, entry in put(UInt64.max - 60, &bytes, at: entry); bytes[entry + 36] = 0xFF },
            { bytes, entry in put(UInt64.max, &bytes, at: entry + 24) },                        // first record index
            { bytes, entry in for i in 36..<40 { bytes[entry + i] = 0xFF } },                   // payload length
        ]
        for (index, forge) in forgeries.enumerated() {
            let forged = Self.forgedFooter(Self.bytes, edit: forge)
            let result = try Self.readAll(forged)
            #expect(Self.isSubsequence(result.records, of: Self.records), "forgery \(index)")
            if index != 2 { #expect(result.records == Self.records, "forgery \(index)") }
            let path = try TemporaryFile.write(forged, to: "forged-footer-\(index).ktrace")
            for command in [["dump", path], ["verify", path], ["inspect", path]] {
                let run = try CLIRunner.run(command)
                #expect(run.status == 0 || run.status == 1, "\(command): \(run.status) \(run.stderr)")
            }
        }
    }

    @Test func everyReaderOfACutTraceSaysSoAndExits1() throws {
        let small = Array(Self.records.prefix(60))
        let bytes = try TypingFixture.trace(small, options: .init(chunkSize: 200))
        let ends = try Self.recordEnds(bytes)
        let chunks = try TraceReader(bytes: bytes).chunks
        // Every byte offset of two chunks, and one cut in the middle of every other chunk.
        let dense = chunks.prefix(2).flatMap { Array($0.offset...$0.endOffset) }
        let cuts = Set(dense + chunks.map { $0.offset + TraceChunk.headerSize + $0.payloadLength / 2 })
        for cut in cuts.sorted() {
            let path = try TemporaryFile.write(Array(bytes[0..<cut]), to: "cut-\(cut).ktrace")
            let lost = chunks.contains { $0.offset < cut && cut < $0.endOffset }
            let dump = try CLIRunner.run(["dump", path, "--json"])
            #expect(dump.status == (lost ? 1 : 0), "cut at \(cut): \(dump.stderr)")
            #expect(dump.stdout.split(separator: "\n").count == ends.filter { $0 <= cut }.count, "cut at \(cut)")
            #expect(lost == dump.stderr.contains("is damaged"), "cut at \(cut): \(dump.stderr)")
        }
        let cut = chunks[1].offset + TraceChunk.headerSize + 5
        let path = try TemporaryFile.write(Array(bytes[0..<cut]), to: "cut-readers.ktrace")
        let out = TemporaryFile.path("cut-readers.csv")
        for command in [["inspect", path], ["export", path, "--format", "csv", "-o", out], ["analyze", path],
                        ["verify", path]] {
            let run = try CLIRunner.run(command)
            #expect(run.status == 1, "\(command): \(run.stderr)")
            #expect((run.stderr + run.stdout).contains("offset \(chunks[1].offset)"), "\(command): \(run.stderr)")
        }
    }

    /// Runs `keytrace` with its standard output sent to `path` (a device); returns the status
    /// and standard error.
    static func run(_ arguments: [String], standardOutput path: String) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(CLIRunner.binary))
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        let err = Pipe()
        process.standardError = err
        try process.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(.enabled(if: FileKind(path: "/dev/full") == .characterDevice))
    func writesToAFullDeviceExit1NamingTheOutputAndTheError() throws {
        let path = try TemporaryFile.write(Self.bytes, to: "full-device.ktrace")
        for command in [["dump", path], ["dump", path, "--json"], ["inspect", path], ["verify", path]] {
            let run = try Self.run(command, standardOutput: "/dev/full")
            #expect(run.status == 1, "\(command)")
            #expect(run.stderr.contains("cannot write standard output: No space left on device"), "\(command): \(run.stderr)")
        }
        for format in ["pcap", "csv", "ndjson", "chrome"] {
            let run = try CLIRunner.run(["export", path, "--format", format, "-o", "/dev/full"])
            #expect(run.status == 1, "\(format)")
            #expect(run.stderr.contains("cannot write '/dev/full': No space left on device"), "\(format): \(run.stderr)")
        }
        let analyze = try CLIRunner.run(["analyze", path, "-o", "/dev/full"])
        #expect(analyze.status == 1 && analyze.stderr.contains("cannot write '/dev/full': No space left on device"))
        #expect(FileKind(path: "/dev/full") == .characterDevice)
    }

    @Test func reportsFollowSymlinksAndWriteFIFOsAndDevicesInPlace() throws {
        let trace = try TemporaryFile.write(Self.bytes, to: "outputs.ktrace")
        let folder = ScratchDirectory.make()
        let target = folder + "/target.txt"
        let link = folder + "/link.txt"
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let linked = try CLIRunner.run(["analyze", trace, "-o", link])
        #expect(linked.status == 0, "\(linked.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("Overview"))

        let fifo = folder + "/report.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        nonisolated(unsafe) var received = Data()
        let done = DispatchSemaphore(value: 0)
        Thread {
            received = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data()
            done.signal()
        }.start()
        let piped = try CLIRunner.run(["analyze", trace, "--format", "json", "-o", fifo])
        done.wait()
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(String(decoding: received, as: UTF8.self).contains("keytrace-analysis/1"))
        #expect(FileKind(path: fifo) == .fifo)

        let toNull = try CLIRunner.run(["analyze", trace, "-o", "/dev/null"])
        #expect(toNull.status == 0 && FileKind(path: "/dev/null") == .characterDevice)
        let dash = try CLIRunner.run(["analyze", trace, "--format", "json", "-o", "-"])
        #expect(dash.status == 0 && dash.stdout.contains("keytrace-analysis/1"))
        #expect(!FileManager.default.fileExists(atPath: "-"))

        let directory = try CLIRunner.run(["analyze", trace, "-o", folder])
        #expect(directory.status == 1)
        #expect(directory.stderr.contains("cannot write '\(folder)': it is a directory"), "\(directory.stderr)")
    }

    @Test func readingAnythingButATraceFileNamesWhatItIs() throws {
        let folder = ScratchDirectory.make()
        for command in ["verify", "dump", "inspect", "analyze"] {
            let device = try CLIRunner.run([command, "/dev/null"])
            #expect(device.status == 2)
            #expect(device.stderr.contains("'/dev/null' is a character device, not a trace"), "\(command): \(device.stderr)")
            let directory = try CLIRunner.run([command, folder])
            #expect(directory.status == 2)
            #expect(directory.stderr.contains("'\(folder)' is a directory, not a trace"), "\(command): \(directory.stderr)")
        }
    }

    @Test func aTraceReaderOnAFIFOWithNoWriterSaysWhatItAwaitsThenReads() throws {
        let folder = ScratchDirectory.make()
        let fifo = folder + "/trace.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let bytes = Self.bytes
        Thread {
            Thread.sleep(forTimeInterval: 0.8)
            try? Data(bytes).write(to: URL(fileURLWithPath: fifo))
        }.start()
        let run = try CLIRunner.run(["dump", fifo])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("waiting for a writer on '\(fifo)' (a FIFO)"), "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == Self.records.count)
    }
}
