import Testing
import KeyTraceCore
@testable import TraceFormat
import KeyTraceSupport

@Suite struct FastPathAgreementTests {
    @Test(arguments: 0..<24)
    func everyFastPathReadsWhatThePlainDecoderReads(seed: UInt64) throws {
        var stream = CodecStream(source: SeededGenerator(seed: 0xC0DEC + seed))
        let records = stream.records(count: seed < 4 ? 40 : 3_000, start: seed % 3 == 0 ? UInt64.max - 10_000 : 1_700_000_000_000_000_000)
        let (bytes, written) = try stream.trace(of: records)
        let reader = try TraceReader(bytes: bytes)
        let problems = FastPathAgreement.disagreements(reader, bytes: bytes, written: written, seed: seed)
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        #expect(reader.chunks.count > (seed < 4 ? 0 : 1), "the stream spans several chunks")
    }

    /// Damage: flipped bytes in sealed chunks (their checksums fail) and a cut tail. The fast
    /// paths must still skip and recover exactly what the plain decoder does.
    @Test(arguments: 0..<8)
    func fastPathsAgreeOnDamagedTraces(seed: UInt64) throws {
        var stream = CodecStream(source: SeededGenerator(seed: 0xDA3A6E + seed))
        let (intact, _) = try stream.trace(of: stream.records(count: 2_000, start: 1_000_000))
        var rng = SeededGenerator(seed: seed)
        var bytes = intact
        for _ in 0..<4 {
            let i = Int.random(in: 64..<bytes.count, using: &rng)
            bytes[i] ^= UInt8.random(in: 1...255, using: &rng)
        }
        bytes.removeLast(Int.random(in: 0..<min(2_000, bytes.count / 2), using: &rng))
        guard let reader = try? TraceReader(bytes: bytes) else { return }
        let problems = FastPathAgreement.disagreements(reader, bytes: bytes, seed: seed)
        #expect(problems.isEmpty, "\(problems.prefix(5))")
    }

    /// Damage the checksums do not catch: bytes changed inside chunk payloads, then every chunk
    /// resealed, so that broken framing, undefined shape numbers and odd deltas reach the
    /// decoders themselves.
    @Test(arguments: 0..<16)
    func fastPathsAgreeOnResealedPayloadDamage(seed: UInt64) throws {
        var stream = CodecStream(source: SeededGenerator(seed: 0x5EA1 + seed))
        let (intact, _) = try stream.trace(of: stream.records(count: 1_500, start: 1_000_000))
        let chunks = try TraceReader(bytes: intact).chunks
        var rng = SeededGenerator(seed: seed)
        var bytes = intact
        for chunk in chunks where chunk.payloadLength > 0 {
            let start = chunk.offset + TraceChunk.headerSize
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                bytes[start + Int.random(in: 0..<chunk.payloadLength, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            Self.reseal(&bytes, chunk)
        }
        let reader = try TraceReader(bytes: bytes)
        let problems = FastPathAgreement.disagreements(reader, bytes: bytes, seed: seed)
        #expect(problems.isEmpty, "\(problems.prefix(5))")
    }

    /// Writes `chunk`'s payload checksum and header checksum anew.
    static func reseal(_ bytes: inout [UInt8], _ chunk: TraceChunk) {
        func put(_ value: UInt32, at offset: Int) {
            for k in 0..<4 { bytes[offset + k] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(k))) }
        }
        let start = chunk.offset + TraceChunk.headerSize
        put(CRC32C.checksum(bytes[start..<(start + chunk.payloadLength)]), at: chunk.offset + 40)
        put(CRC32C.checksum(bytes[chunk.offset..<(chunk.offset + 44)]), at: chunk.offset + 44)
    }
}
