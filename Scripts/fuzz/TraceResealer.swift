@testable import KeyTraceCore
@testable import TraceFormat
import KeyTraceSupport

/// Structure-aware mutation for the `structured` fuzz target: libFuzzer cannot forge CRC-32C,
/// so byte mutations almost never get past a chunk's checksum. This mutator changes what is
/// inside the checksums — a chunk's payload bytes, or the records themselves — and then
/// re-seals every chunk header and the footer with correct CRCs, so the decoder behind the
/// checks sees the damage.
enum TraceResealer {
    /// A mutation of the trace `bytes`, re-sealed; `nil` when `bytes` holds no readable chunk.
    @Sendable static func mutate(_ bytes: [UInt8], seed: UInt32) -> [UInt8]? {
        guard let reader = try? TraceReader(bytes: bytes), !reader.chunks.isEmpty else { return nil }
        var rng = SeededGenerator(seed: UInt64(seed))
        if seed % 3 == 0 { return rewritten(reader, rng: &rng) }
        // Payload bytes of one chunk mutated by libFuzzer, then every chunk re-sealed.
        var payloads: [[UInt8]] = reader.chunks.map { chunk in
            let end = Swift.min(chunk.endOffset, bytes.count)
            let start = Swift.min(chunk.offset + TraceChunk.headerSize, end)
            return Array(bytes[start..<end])
        }
        let target = Int(seed >> 2) % payloads.count
        var payload = payloads[target] + [UInt8](repeating: 0, count: payloads[target].count + 64)
        let size = payload.withUnsafeMutableBufferPointer {
            libFuzzerMutate($0.baseAddress!, payloads[target].count, $0.count)
        }
        payloads[target] = Array(payload[0..<size])
        return sealed(header: Array(bytes[0..<reader.header.chunksOffset]), chunks: reader.chunks, payloads: payloads,
                      total: reader.footerRecordCount ?? 0, withFooter: seed & 2 == 0)
    }

    /// The chunks' payloads behind fresh headers and a fresh footer, all with correct CRCs.
    static func sealed(header: [UInt8], chunks: [TraceChunk], payloads: [[UInt8]], total: UInt64, withFooter: Bool) -> [UInt8] {
        var out = header
        var index: [TraceChunk] = []
        for (chunk, payload) in zip(chunks, payloads) {
            var resealed = chunk
            resealed.offset = out.count
            resealed.payloadLength = payload.count
            resealed.isSealed = true
            out += TraceChunk.encodeHeader(payloadLength: UInt32(truncatingIfNeeded: payload.count),
                                           recordCount: UInt32(truncatingIfNeeded: chunk.recordCount),
                                           firstTime: chunk.firstTimestamp, lastTime: chunk.lastTimestamp,
                                           firstRecordIndex: chunk.firstRecordIndex, payloadCRC: CRC32C.checksum(payload))
            out += payload
            index.append(resealed)
        }
        if withFooter { out += TraceFooter.encode(chunks: index, indexOffset: out.count, recordCount: total) }
        return out
    }

    /// The records with one dropped, duplicated, moved or re-timed, written again by a
    /// ``TraceWriter`` with a chunk size and flush interval drawn from `rng`.
    static func rewritten(_ reader: TraceReader, rng: inout SeededGenerator) -> [UInt8]? {
        var records = Array(reader.prefix(4096))
        guard !records.isEmpty else { return nil }
        let i = Int.random(in: 0..<records.count, using: &rng)
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: records.remove(at: i)
        case 1: records.insert(records[i], at: Int.random(in: 0...records.count, using: &rng))
        case 2: records.swapAt(i, Int.random(in: 0..<records.count, using: &rng))
        default:
            if case .key(var key) = records[i] {
                key.press.timestamp = UInt64.random(in: 0...UInt64.max, using: &rng)
                records[i] = .key(key)
            } else {
                records.remove(at: i)
            }
        }
        let options = TraceWriter.Options(flushInterval: UInt64.random(in: 0...200_000_000, using: &rng),
                                          chunkSize: Int.random(in: 16...4096, using: &rng),
                                          sealOnFlush: Bool.random(using: &rng))
        let writer = TraceWriter(metadata: reader.header.metadata, options: options)
        for record in records { guard (try? writer.append(record)) != nil else { return nil } }
        return try? writer.finish()
    }
}
