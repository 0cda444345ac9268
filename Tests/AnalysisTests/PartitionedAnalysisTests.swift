import Analysis
import Foundation
import KeyTraceCore
import Testing
import TraceFormat
import KeyTraceSupport

/// Reading a trace on two threads gives exactly the analysis one thread gives, wherever the
/// chunk split falls: inside a press, among late records, next to damage.
struct PartitionedAnalysisTests {
    private func report(_ reader: TraceReader, path: String, splittingAt split: Int?) throws -> String {
        var analyzer = TraceAnalyzer(top: 5)
        if let split {
            analyzer.addTrace(reader, path: path, splittingAt: split)
        } else {
            analyzer.addTraceOnOneThread(reader, path: path)
        }
        return try analyzer.finish().jsonReport()
    }

    /// Compares the one-thread report with reports split at both ends, the quarters and a
    /// seeded sample of other chunk boundaries (every boundary is too slow in a debug build).
    private func expectSplitsMatch(_ path: String, minimumChunks: Int = 8) throws {
        let reader = try TraceReader(path: path)
        let n = reader.chunks.count
        #expect(n >= minimumChunks)
        let expected = try report(reader, path: path, splittingAt: nil)
        var generator = SeededGenerator(seed: UInt64(n))
        let sample = (0..<6).map { _ in Int(generator.next() % UInt64(n + 1)) }
        for split in Set([0, 1, n / 4, n / 2, 3 * n / 4, n - 1, n] + sample).sorted() {
            let got = try report(reader, path: path, splittingAt: split)
            if got != expected {
                let difference = zip(expected.split(separator: "\n"), got.split(separator: "\n"))
                    .first { $0 != $1 }.map { "one thread: \($0)\nsplit:      \($1)" } ?? "lengths differ"
                Issue.record("split at chunk \(split) of \(reader.chunks.count) differs:\n\(difference)")
                return
            }
        }
    }

    /// Writes `records` in chunks of at most `chunkSize` bytes.
    private func write(_ records: [TraceRecord], metadata: TraceMetadata, chunkSize: Int = 400,
                       named name: String, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("\(name).ktrace").path
        let writer = try TraceWriter(path: path, metadata: metadata, options: .init(chunkSize: chunkSize, sealOnFlush: true))
        for record in records { _ = try writer.append(record) }
        _ = try writer.finish()
        return path
    }

    @Test(arguments: ["sha2017", "deadly_arthropod", "modals", "tabs"])
    func splitsOfARecordedTraceGiveTheOneThreadAnalysis(name: String) throws {
        let folder = try GoldenTraces.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try TraceReader(path: GoldenTraces.path(name))
        let path = try write(Array(source), metadata: source.header.metadata, named: name, in: folder)
        try expectSplitsMatch(path)
    }

    /// Presses from a USB keyboard whose resolution and timings arrive up to 70 presses late:
    /// some join across the split, the latest fall out of the 64-press window on both paths.
    @Test func lateRecordsJoinAcrossTheSplitAsOnOneThread() throws {
        let folder = try GoldenTraces.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var generator = SeededGenerator(seed: 11)
        let device = DeviceID.usb(bus: 1, device: 4, endpoint: 0x81)
        var records: [TraceRecord] = []
        var late: [(due: Int, record: TraceRecord)] = []
        var time: UInt64 = 1_700_000_000_000_000_000
        for i in 0..<800 {
            time += 8_000_000 * (1 + generator.next() % 20)
            let usage = HIDUsage(UInt16(4 + generator.next() % 26))
            records.append(.key(KeyRecord(KeyPress(i % 2 == 0 ? .began : .ended, usage, device: device, timestamp: time),
                                          timestampUncertainty: 8_000_000)))
            let sequence = UInt64(i)
            let total = 500 + generator.next() % 50_000
            let resolution = TraceRecord.resolution(ResolutionRecord(
                timestamp: time + total, pressSequence: sequence, outcome: i % 5 == 0 ? .performedCommand : .handledByTextInput,
                command: i % 5 == 0 ? KeyShortcut(input: .character("s"), modifiers: .command) : nil,
                providerPath: "window/editor/\(i % 7)", targetPath: "window/editor"))
            let timings = TraceRecord.stageTimings(StageTimingsRecord(
                timestamp: time + total, pressSequence: sequence,
                durations: (0..<DispatchStage.allCases.count).map { _ in total / 7 }, total: total))
            let delay = i % 9 == 0 ? Int(generator.next() % 71) : 0
            late.append((i + delay, resolution))
            late.append((i + delay, timings))
            records += late.filter { $0.due <= i }.map(\.record)
            late.removeAll { $0.due <= i }
        }
        records += late.map(\.record)
        let path = try write(records, metadata: TraceMetadata(sourceKind: "usb"), named: "late", in: folder)
        try expectSplitsMatch(path)
    }

    /// More providers than a breakdown keeps, cycling: the tail folds into `(other)` groups the
    /// head keeps, and the merge credits them to those groups as one thread would.
    @Test func groupsTheTailFoldedAreCreditedToTheGroupsTheHeadKeeps() throws {
        let folder = try GoldenTraces.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var records: [TraceRecord] = []
        for i in 0..<600 {
            let time = UInt64(1_000_000 + i * 50_000_000)
            records.append(.key(KeyRecord(KeyPress(.began, HIDUsage(UInt16(4 + i % 26)), timestamp: time))))
            records.append(.resolution(ResolutionRecord(timestamp: time + 900, pressSequence: UInt64(i), outcome: .performedCommand,
                                                        providerPath: "window/panel/\(i % 300)")))
        }
        let path = try write(records, metadata: TraceMetadata(sourceKind: "script"), named: "groups", in: folder)
        try expectSplitsMatch(path, minimumChunks: 4)
    }

    /// Damaged chunks on both sides of the split are reported once each, in file order.
    @Test func damageOnEitherSideIsReportedOnceInOrder() throws {
        let folder = try GoldenTraces.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try TraceReader(path: GoldenTraces.path("sha2017"))
        let path = try write(Array(source), metadata: source.header.metadata, named: "damaged", in: folder)
        let chunks = try TraceReader(path: path).chunks
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        for chunk in [chunks[2], chunks[chunks.count - 3]] {
            bytes[chunk.offset + TraceChunk.headerSize + 5] ^= 0x40
        }
        try bytes.write(to: URL(fileURLWithPath: path))
        let reader = try TraceReader(path: path)
        var analyzer = TraceAnalyzer()
        analyzer.addTrace(reader, path: path, splittingAt: reader.chunks.count / 2)
        let analysis = analyzer.finish()
        #expect(analysis.traces[0].issues.count == 2)
        #expect(analysis.traces[0].issues.first?.contains("\(chunks[2].offset)") == true)
        try expectSplitsMatch(path)
    }
}
