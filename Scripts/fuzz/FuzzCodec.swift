// The `codec` fuzz target: every fast path of the trace reader must read exactly what the plain
// decoder reads (Tests/TraceFormatTests/FastPathAgreement.swift, compiled in beside this file).
//
// An input whose first byte is even drives a record generator (keys of few shapes, deltas in
// every unit and length, backwards, across the absolute escape, records of every kind): the
// trace it writes must read back as the records written, through every path. An odd first byte
// makes the rest of the input a trace file itself, damaged or not: the paths must still agree.
// A disagreement stops the process with the list of differences.
@testable import KeyTraceCore
@testable import TraceFormat
import KeyTraceSupport

extension FuzzTarget {
    /// The trace-entry codec: every fast decoding path against the plain decoder.
    static let codec = FuzzTarget(
        name: "codec",
        summary: "every fast decoding path against the plain decoder, on generated and raw traces",
        seedFiles: traceSeedFiles,
        constructedSeeds: constructedTraces,
        run: { input in fuzzCodec(Array(input)) })
}

/// Runs the codec target on one input.
func fuzzCodec(_ bytes: [UInt8]) {
    guard let first = bytes.first else { return }
    let problems: [String]
    if first & 1 == 0 {
        var stream = CodecStream(source: FuzzInputBytes(bytes.dropFirst()))
        let count = Int(bytes.count > 1 ? bytes[1] : 0) * 8
        let start = UInt64.random(in: 0...UInt64.max, using: &stream.source)
        guard let (trace, written) = try? stream.trace(of: stream.records(count: count, start: start)),
              let reader = try? TraceReader(bytes: trace) else {
            fatalError("a generated record stream could not be written and read back")
        }
        problems = FastPathAgreement.disagreements(reader, bytes: trace, written: written, seed: UInt64(bytes.count))
    } else {
        let trace = Array(bytes.dropFirst())
        guard let reader = try? TraceReader(bytes: trace) else { return }
        problems = FastPathAgreement.disagreements(reader, bytes: trace, seed: UInt64(bytes.count))
    }
    if !problems.isEmpty { fatalError("fast paths disagree with the plain decoder:\n" + problems.joined(separator: "\n")) }
}

/// The input's bytes as a random source, eight at a time; once they run out, a generator
/// seeded with their count (a source of endless zeros would stall `random(in:)`'s rejection loop).
struct FuzzInputBytes: RandomNumberGenerator {
    private var bytes: ArraySlice<UInt8>
    private var rest: SeededGenerator

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        rest = SeededGenerator(seed: UInt64(bytes.count))
    }

    mutating func next() -> UInt64 {
        guard !bytes.isEmpty else { return rest.next() }
        var value: UInt64 = 0
        for k in 0..<8 {
            guard let byte = bytes.popFirst() else { break }
            value |= UInt64(byte) << (8 * UInt64(k))
        }
        return value
    }
}
