@testable import KeyTraceCore
@testable import TraceFormat

extension FuzzTarget {
    /// The trace reader: the file reader (index, seeks, verify, key columns, JSON and pcap
    /// rendering, the summary) and the stream decoder fed in uneven pieces.
    static let reader = FuzzTarget(
        name: "reader",
        summary: "the trace reader: file reader, seeks, verify, key columns, stream decoder",
        seedFiles: traceSeedFiles,
        constructedSeeds: constructedTraces,
        run: fuzzTraceReader)

    /// The trace reader behind the structure-aware mutator (``TraceResealer``): chunk payloads
    /// and records are mutated, then every chunk and the footer are re-sealed with correct
    /// CRC-32C, so the damage reaches the decoders.
    static let structured = FuzzTarget(
        name: "structured",
        summary: "the trace reader, mutated inside re-sealed chunks and footer (correct CRC-32C)",
        maxLength: 65_536,
        seedFiles: traceSeedFiles,
        constructedSeeds: constructedTraces,
        mutate: TraceResealer.mutate,
        run: fuzzTraceReader)

    static let traceSeedFiles = ["docs/TraceFormat-example.ktrace", "Traces/golden/*.ktrace"]

    /// Traces built as the tests build them: typing with engine records under several writer
    /// options (small chunks, sealed on flush, open tail), and records of every type.
    @Sendable static func constructedTraces() -> [[UInt8]] {
        var traces: [[UInt8]] = []
        let typing = TypingFixture.records(presses: 40)
        for options in [TraceWriter.Options(), TraceWriter.Options(chunkSize: 256),
                        TraceWriter.Options(flushInterval: 0, chunkSize: 512, sealOnFlush: true)] {
            if let trace = try? TypingFixture.trace(typing, options: options) { traces.append(trace) }
        }
        for seed: UInt64 in 1...4 {
            var random = RandomRecords(seed: seed)
            let records = (0..<24).map { _ in random.record() }
            if let trace = try? TypingFixture.trace(records, options: TraceWriter.Options(chunkSize: 128)) {
                traces.append(trace)
            }
        }
        return traces
    }
}

@Sendable func fuzzTraceReader(_ input: UnsafeBufferPointer<UInt8>) {
    let bytes = Array(input)
    let size = bytes.count
    if let reader = try? TraceReader(bytes: bytes) {
        var count = 0
        for record in reader {
            _ = record.jsonLine
            _ = record.pcapPayload
            count += 1
            if count > 100_000 { break }
        }
        _ = reader.verify()
        // The column decoder, in batches of a size that varies with the input.
        var cursor = reader.cursor()
        var columns = KeyColumns(capacity: 1 + size % 97)
        var keys = 0
        while cursor.nextKeys(into: &columns), keys <= 100_000 {
            for i in 0..<columns.count { _ = columns[i] }
            keys += columns.count
        }
        var byTime = reader.records(from: UInt64(size) &* 1_000_003)
        _ = byTime.next()
        var byIndex = reader.records(startingAt: UInt64(size % 17))
        _ = byIndex.next()
        _ = TraceSummary(reader).reportLines(path: "fuzz", header: reader.header)
    }
    var stream = TraceStreamDecoder()
    var start = 0
    while start < bytes.count {
        let end = min(bytes.count, start + 1 + (start % 29))
        guard (try? stream.feed(bytes[start..<end])) != nil else { break }
        start = end
    }
    _ = stream.finish()
}
