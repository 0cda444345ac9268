// Shared by TraceFormatTests (FastPathAgreementTests) and the `codec` fuzz target
// (Scripts/fuzz/FuzzCodec.swift), which compiles this file into one module with TraceFormat's
// sources: plain Swift, no test framework.
import KeyTraceCore
@testable import TraceFormat
import KeyTraceSupport

/// Decodes a trace through every fast path (``RecordCursor/next()``, ``RecordCursor/next(in:)``,
/// the key columns, ``RecordIterator``, ``TraceStreamDecoder``, seeks by index and by time)
/// and through the plain decoder (``ChunkDecoder/advanceSlowly()`` alone, entry by entry), and
/// lists every way they disagree.
struct FastPathAgreement {
    /// The kind a cursor reports for `record`: its entry type's kind. A record whose payload
    /// does not decode reads as `.unknown` with its type, and the cursor, which does not decode
    /// payloads to step or filter, still reports (and filters by) the type's kind.
    static func entryKind(_ record: TraceRecord) -> RecordKind {
        if case .unknown(let unknown) = record { return EntryType.kind(of: unknown.type) }
        return record.kind
    }

    /// One record as the plain decoder reads it, with the position of its chunk in the index.
    struct Plain {
        var chunk: Int
        var record: TraceRecord
    }

    /// The trace's records by the plain decoder: each chunk the cursor accepts (intact header,
    /// matching checksum when complete), decoded entry by entry until its end or its first
    /// malformed entry.
    static func plainRecords(_ reader: TraceReader) -> [Plain] {
        var out: [Plain] = []
        let bytes = reader.storage.reader
        for (position, indexed) in reader.chunks.enumerated() {
            guard case .success(let chunk) = TraceChunk.readHeader(bytes, at: indexed.offset) else { continue }
            if indexed.isSealed && (!chunk.isSealed || chunk.payloadLength != indexed.payloadLength) { continue }
            let available = bytes.end - chunk.offset - TraceChunk.headerSize
            let count: Int
            if chunk.isSealed && chunk.payloadLength > available {
                count = available
            } else {
                guard chunk.payloadLength <= available else { continue }
                count = chunk.payloadLength
            }
            guard let payload = bytes.slice(at: chunk.offset + TraceChunk.headerSize, count: count) else { continue }
            if chunk.isSealed && count == chunk.payloadLength && CRC32C.checksum(payload) != chunk.payloadCRC { continue }
            var decoder = ChunkDecoder(payload: payload, baseTime: chunk.firstTimestamp)
            while (try? decoder.advanceSlowly()) == true {
                out.append(Plain(chunk: position, record: decoder.record()))
            }
        }
        return out
    }

    /// Every disagreement between the fast paths and the plain decoder on `reader`, and with
    /// `written` (the records the trace was made of) when given. `bytes` (the whole file) also
    /// goes through the stream decoder in pieces `seed` chooses; `seed` picks the batch size,
    /// the kind filters and the seek targets too.
    static func disagreements(_ reader: TraceReader, bytes: [UInt8], written: [TraceRecord]? = nil,
                              seed: UInt64) -> [String] {
        var problems: [String] = []
        var rng = SeededGenerator(seed: seed)
        let plain = plainRecords(reader)
        let expected = plain.map(\.record)
        func check(_ path: String, _ got: [TraceRecord], _ want: [TraceRecord]) {
            guard got != want else { return }
            let index = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(got.count, want.count)
            let g = index < got.count ? "\(got[index])" : "end"
            let w = index < want.count ? "\(want[index])" : "end"
            problems.append("\(path): \(got.count) records against \(want.count); first difference at \(index): \(g) against \(w)")
        }
        if let written { check("plain decoder against the records written", expected, written) }

        // The cursor, record by record: kind, timestamp and typed accessors agree with the record.
        var cursor = reader.cursor()
        var stepped: [TraceRecord] = []
        while cursor.next() {
            let record = cursor.record
            if cursor.timestamp != record.timestamp { problems.append("cursor timestamp \(cursor.timestamp) for \(record)") }
            if cursor.kind != Self.entryKind(record) { problems.append("cursor kind \(cursor.kind) for \(record)") }
            if case .key(let key) = record, cursor.keyRecord != key { problems.append("cursor key record for \(record)") }
            if case .resolution(let r) = record, cursor.resolution != r { problems.append("cursor resolution for \(record)") }
            if case .stageTimings(let r) = record, cursor.stageTimings != r { problems.append("cursor timings for \(record)") }
            stepped.append(record)
        }
        check("RecordCursor.next()", stepped, expected)
        if cursor.recordsRead != UInt64(expected.count) {
            problems.append("cursor counted \(cursor.recordsRead) records, not \(expected.count)")
        }
        check("RecordIterator", Array(reader), expected)

        // Kind filters: every record of the kinds, in order.
        for _ in 0..<3 {
            let kinds = RecordKinds(rawValue: UInt16.random(in: 0...RecordKinds.all.rawValue, using: &rng))
            var filtered = reader.cursor()
            var got: [TraceRecord] = []
            while filtered.next(in: kinds) { got.append(filtered.record) }
            check("RecordCursor.next(in: \(kinds.rawValue))", got, expected.filter { kinds.contains(Self.entryKind($0)) })
            if filtered.recordsRead != UInt64(expected.count) {
                problems.append("next(in: \(kinds.rawValue)) counted \(filtered.recordsRead) records, not \(expected.count)")
            }
        }

        // Key columns, in batches of a size the seed picks.
        var columns = KeyColumns(capacity: Int.random(in: 1...300, using: &rng))
        var columnCursor = reader.cursor()
        var keys: [TraceRecord] = []
        while columnCursor.nextKeys(into: &columns) {
            for i in 0..<columns.count { keys.append(.key(columns[i])) }
        }
        check("RecordCursor.nextKeys(into:)", keys, expected.filter { $0.kind == .key })

        // The stream decoder, fed in pieces, reads what the cursor reads unless chunk headers
        // or the file's end are damaged (it resynchronises on its own terms there).
        let headersIntact = reader.indexIssues.isEmpty && cursor.issues.allSatisfy {
            switch $0.problem {
            case .malformedEntry, .recordCountMismatch: return true
            default: return false
            }
        }
        if headersIntact {
            var stream = TraceStreamDecoder()
            var streamed: [TraceRecord] = []
            var start = 0
            let piece = Int.random(in: 1...4096, using: &rng)
            while start < bytes.count, let records = try? stream.feed(bytes[start..<min(bytes.count, start + piece)]) {
                streamed += records
                start += piece
            }
            streamed += stream.finish()
            check("TraceStreamDecoder in \(piece)-byte pieces", streamed, expected)
        }

        // Seeks: by index, and by time (from the chunk the index finds, the records at or after
        // the time onward). Record indices come from the chunk headers: an intact trace only.
        if cursor.issues.isEmpty && reader.indexIssues.isEmpty {
            for _ in 0..<3 where !expected.isEmpty {
                let index = Int.random(in: 0...expected.count, using: &rng)
                check("records(startingAt: \(index))", Array(IteratorSequence(reader.records(startingAt: UInt64(index)))),
                      Array(expected[index...]))
                let time = expected[Int.random(in: 0..<expected.count, using: &rng)].timestamp &+ UInt64.random(in: 0...2, using: &rng)
                let chunk = reader.chunkPosition(forTime: time)
                let fromChunk = plain.drop { $0.chunk < chunk }.map(\.record)
                check("records(from: \(time))", Array(IteratorSequence(reader.records(from: time))),
                      Array(fromChunk.drop { $0.timestamp < time }))
            }
        }
        return problems
    }
}

/// Record streams made to reach every entry form: keys from a small set of shapes (short
/// entries, uniform runs and the general step), deltas in every unit and length, backwards,
/// across the absolute escape and at the ends of the clock, and records of every kind between.
struct CodecStream<Source: RandomNumberGenerator> {
    var source: Source

    /// The next timestamp after `time`.
    mutating func step(after time: UInt64) -> UInt64 {
        switch UInt8.random(in: 0...15, using: &source) {
        case 0...3: return time &+ UInt64.random(in: 1...500, using: &source) &* 1000          // µs typing
        case 4: return time &+ UInt64.random(in: 1...9_000, using: &source) &* 1_000_000      // ms
        case 5: return time &+ UInt64.random(in: 0...200_000, using: &source)                 // ns, any length
        case 12: return time &+ UInt64.random(in: 0...(1 << UInt64.random(in: 8...50, using: &source)), using: &source)  // ns, fixed widths
        case 6: return time &- UInt64.random(in: 0...5_000_000, using: &source)               // backwards
        case 7: return time &+ (1 &<< 62) &+ UInt64.random(in: 0...3, using: &source)        // absolute escape
        case 8: return [0, 1, UInt64.max, UInt64.max - 1, 1 << 63, (1 << 62) - 1][Int.random(in: 0...5, using: &source)]
        case 9: return UInt64.random(in: 0...UInt64.max, using: &source)
        case 10: return time &+ UInt64.random(in: 0...3, using: &source) &* 1_000_000_000_000  // whole ms, long
        default: return time &+ UInt64.random(in: 1...127, using: &source) &* 1000            // one-byte µs
        }
    }

    /// `count` records starting near `start`.
    mutating func records(count: Int, start: UInt64) -> [TraceRecord] {
        let usages: [UInt16] = [4, 5, 6, 0x2C, 0x28, 0xE1]
        let shapeCount = Int.random(in: 1...200, using: &source)
        var time = start
        var out: [TraceRecord] = []
        // Releases of presses made a few records earlier: the release forms refer back to them.
        var releases: [(due: Int, press: KeyRecord)] = []
        for index in 0..<count {
            time = step(after: time)
            if let i = releases.firstIndex(where: { $0.due <= index }) {
                var release = releases.remove(at: i).press
                release.press.phase = .ended
                release.press.isRepeat = false
                release.press.timestamp = time
                out.append(.key(release))
                continue
            }
            let choice = UInt8.random(in: 0...15, using: &source)
            switch choice {
            case 0...9:
                let shape = Int.random(in: 0..<shapeCount, using: &source)
                let press = KeyPress(phase: shape % 2 == 0 ? .began : .ended,
                                     usage: HIDUsage(rawValue: usages[shape % usages.count] &+ UInt16(shape / 12)),
                                     characters: KeyText(shape % 3 == 0 ? "" : "k\(shape)"),
                                     charactersIgnoringModifiers: KeyText(shape % 5 == 0 ? "long text past fifteen bytes" : "k"),
                                     modifierFlags: ModifierFlags(rawValue: UInt32(shape % 4) << 17),
                                     modifierSides: ModifierSides(rawValue: 0), isRepeat: shape % 7 == 0,
                                     device: DeviceID(rawValue: UInt64(shape % 3)), timestamp: time)
                let key = KeyRecord(press, timestampUncertainty: shape % 11 == 0 ? UInt64(shape) : nil)
                out.append(.key(key))
                if press.phase == .began, Bool.random(using: &source) {
                    releases.append((index + Int.random(in: 1...4, using: &source), key))
                }
            case 10:
                out.append(.resolution(ResolutionRecord(
                    timestamp: time, pressSequence: UInt64.random(in: 0...1000, using: &source), outcome: .performedCommand,
                    command: KeyShortcut(input: .character("d"), modifiers: .command), title: "Duplicate",
                    action: Action("duplicate:"), isUpAction: false, providerPath: "UIWindow/Root/Editor",
                    targetPath: Bool.random(using: &source) ? "UIWindow/Root" : nil, blockingAction: nil)))
            case 11:
                let durations = (0..<Int.random(in: 0...7, using: &source)).map { _ in UInt64.random(in: 0...100_000, using: &source) }
                let sum = durations.reduce(0, &+)
                out.append(.stageTimings(StageTimingsRecord(
                    timestamp: time, pressSequence: UInt64.random(in: 0...1000, using: &source), durations: durations,
                    total: Bool.random(using: &source) ? sum : sum &+ UInt64.random(in: 0...3, using: &source))))
            case 12:
                out.append(.keyCommandsCounters(KeyCommandsCountersRecord(
                    timestamp: time, pressSequence: UInt64.random(in: 0...1000, using: &source),
                    calls: UInt64.random(in: 0...3, using: &source), policyCalls: 1,
                    enumerations: UInt64.random(in: 0...300, using: &source))))
            case 13:
                out.append(Bool.random(using: &source)
                    ? .cache(CacheEventRecord(timestamp: time, event: .invalidation(.firstResponderChange)))
                    : .dropped(DroppedEventsRecord(timestamp: time, device: DeviceID(rawValue: 9), count: 2)))
            case 14:
                out.append(Bool.random(using: &source)
                    ? .marker(MarkerRecord(timestamp: time, label: "mark", text: nil))
                    : .chainChange(ChainChangeRecord(timestamp: time, kind: .firstResponder, from: "A", to: "B")))
            default:
                // Record types from a newer minor: long form, and short form with a tiny payload.
                let short = Bool.random(using: &source)
                let payload = (0..<Int.random(in: 0...(short ? 2 : 20), using: &source)).map { UInt8(truncatingIfNeeded: $0 &* 37) }
                out.append(.unknown(UnknownRecord(timestamp: time, type: short ? 0x88 : 0x60, payload: payload)))
            }
        }
        return out
    }

    /// Writes `records` with writer options `source` picks (small chunks, sealing on flush);
    /// returns the file and the records appended (a short unknown record that does not fit the
    /// short form is refused and left out).
    mutating func trace(of records: [TraceRecord]) throws(TraceFormatError) -> (bytes: [UInt8], written: [TraceRecord]) {
        let options = TraceWriter.Options(flushInterval: UInt64.random(in: 1...1_000_000_000, using: &source),
                                          chunkSize: Int.random(in: 64...8192, using: &source),
                                          sealOnFlush: Bool.random(using: &source))
        let writer = TraceWriter(metadata: TraceMetadata(sourceKind: "codec"), options: options)
        var written: [TraceRecord] = []
        for record in records {
            do throws(TraceFormatError) {
                _ = try writer.append(record)
                written.append(record)
            } catch {
                guard case .unknown = record else { throw error }
            }
        }
        return (try writer.finish(), written)
    }
}
