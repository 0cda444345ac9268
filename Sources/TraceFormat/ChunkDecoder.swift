import KeyTraceCore

/// Decodes the entries of one chunk payload into records, one at a time.
///
/// A record of a known type whose fields do not decode (an enumerated value from a newer
/// minor, a string reference out of range) comes out as ``UnknownRecord``; only broken
/// framing (a length past the end, a missing timestamp) stops the chunk.
@usableFromInline
struct ChunkDecoder {
    /// Where framing broke, relative to the payload start.
    typealias Malformed = EntryCodec.Malformed

    @usableFromInline var reader: ByteReader
    private var strings: [String] = []
    /// Every key shape of the chunk so far, as a record with timestamp 0 (a plain value).
    @usableFromInline var shapes: [KeyRecord] = []
    /// `shapes.count`, kept in a plain field for the short-key path.
    @usableFromInline var shapeCount = 0
    @usableFromInline var previousTime: UInt64
    /// The current record's entry tag (after ``advance()``).
    @usableFromInline var tag: UInt8 = 0
    /// The current key record's shape number, or -1 when the current record is not a key.
    @usableFromInline var shape = -1
    /// The current record's payload after its timestamp delta.
    private(set) var body = UnsafeRawBufferPointer(start: nil, count: 0)
    /// Resolutions decoded in this chunk, by their string references.
    private var resolutions = ResolutionDetailsCache()

    init(payload: UnsafeRawBufferPointer, baseTime: UInt64) {
        reader = ByteReader(payload)
        previousTime = baseTime
    }

    /// Starts over on another chunk, keeping the tables' storage (a cursor enters one chunk
    /// after another).
    mutating func restart(payload: UnsafeRawBufferPointer, baseTime: UInt64) {
        reader = ByteReader(payload)
        previousTime = baseTime
        strings.removeAll(keepingCapacity: true)
        shapes.removeAll(keepingCapacity: true)
        shapeCount = 0
        tag = 0
        shape = -1
        body = UnsafeRawBufferPointer(start: nil, count: 0)
        resolutions.removeAll()  // its keys are this chunk's string references
    }

    /// The current record's timestamp.
    var time: UInt64 { previousTime }

    /// The next record, `nil` at the end of the payload.
    @inline(__always)
    mutating func next() throws(Malformed) -> TraceRecord? {
        guard try advance() else { return nil }
        return record()
    }

    /// Moves to the next record, reading definitions on the way; `false` at the end.
    @inline(__always)
    mutating func advance() throws(Malformed) -> Bool {
        if advanceShortKey() { return true }
        return try advanceSlowly()
    }

    /// Steps over a short-form key (the common case: tag, timestamp delta, shape number) when
    /// one comes next and at least 8 bytes remain; otherwise consumes nothing and returns `false`.
    ///
    /// The entry is read as one little-endian word and decoded by ``EntryCodec/shortKey(_:after:shapeCount:)``
    /// with mask-and-shift steps: no loop, no per-byte bounds check, no branch on the timestamp unit.
    @inlinable @inline(__always)
    mutating func advanceShortKey() -> Bool {
        let p = reader.position
        guard let base = reader.base, p &+ 8 <= reader.end else { return false }
        let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: p, as: UInt64.self))
        guard let key = EntryCodec.shortKey(word, after: previousTime, shapeCount: UInt64(shapeCount)) else { return false }
        previousTime = key.time
        tag = UInt8(truncatingIfNeeded: word)
        shape = Int(truncatingIfNeeded: key.shape)
        reader.position = p &+ key.size
        return true
    }

    /// Steps over as many consecutive short-form keys as come next (at most `limit`), writing
    /// each one's time to `times` and its shape number plus `shapeBase` to `shapes`; returns
    /// how many (``EntryCodec/shortKeys(from:lastWord:time:times:shapes:shapeBase:shapeCount:limit:)``).
    /// Stops, consuming nothing more, at the first entry ``advanceShortKey()`` would not take.
    /// After a run, ``tag`` is left as it was: it only matters for records that are not keys.
    mutating func advanceShortKeys(times: UnsafeMutablePointer<UInt64>, shapes: UnsafeMutablePointer<UInt32>,
                                   shapeBase: UInt32, limit: Int) -> Int {
        guard let base = reader.base, reader.position &+ 8 <= reader.end, limit > 0 else { return 0 }
        var p = base + reader.position
        var time = previousTime
        let n = EntryCodec.shortKeys(from: &p, lastWord: base + (reader.end &- 8), time: &time, times: times,
                                     shapes: shapes, shapeBase: shapeBase, shapeCount: UInt64(shapeCount), limit: limit)
        if n > 0 {
            shape = Int(truncatingIfNeeded: shapes[n &- 1] &- shapeBase)
            previousTime = time
            reader.position = p - base
        }
        return n
    }

    /// Steps over a long-form record entry other than a key (a resolution, stage timings,
    /// counters…) whose length fits one byte and whose timestamp moves forward, when
    /// the entry and 8 bytes from its start lie inside the payload; otherwise consumes nothing
    /// and returns `false` (``advanceSlowly()`` then reads it, or the definition, key or damage).
    /// The entry is decoded from one word (``EntryCodec/longRecord(_:after:available:)``).
    @inline(__always)
    mutating func advanceLongRecord() -> Bool {
        let p = reader.position
        guard let base = reader.base, p &+ 8 <= reader.end else { return false }
        let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: p, as: UInt64.self))
        guard let entry = EntryCodec.longRecord(word, after: previousTime, available: reader.end &- p) else { return false }
        previousTime = entry.time
        tag = entry.type
        shape = -1
        body = UnsafeRawBufferPointer(start: base + (p &+ entry.bodyStart), count: entry.bodyCount)
        reader.position = p &+ entry.bodyStart &+ entry.bodyCount
        return true
    }

    /// The plain path: reads the next entry byte by byte (definitions on the way) with
    /// ``EntryCodec/readEntry(from:)`` and ``EntryCodec/readDelta(after:from:)``; `false` at
    /// the end. Every fast path must agree with it (the fast-path agreement tests and fuzz target).
    mutating func advanceSlowly() throws(Malformed) -> Bool {
        while true {
            let start = reader.position
            guard let (first, payload) = try EntryCodec.readEntry(from: &reader) else { return false }
            if EntryCodec.isDefinition(first) {
                try define(first, payload, at: start)
                continue
            }
            var r = ByteReader(payload)
            guard let t = EntryCodec.readDelta(after: previousTime, from: &r) else {
                throw Malformed(offset: start, reason: "record has no timestamp")
            }
            previousTime = t
            tag = first
            shape = -1
            body = UnsafeRawBufferPointer(rebasing: payload[r.position...])
            if EntryCodec.isKey(first) {
                var k = ByteReader(body)
                if let id = k.readVarint(), id < UInt64(shapes.count) { shape = Int(id) }
            }
            return true
        }
    }

    /// The kind of the current record by its entry type.
    @usableFromInline
    var kind: RecordKind { shape >= 0 ? .key : EntryType.kind(of: tag) }

    /// The current record as a value.
    @inlinable @inline(__always)
    func record() -> TraceRecord {
        if let key = keyRecord { return .key(key) }
        return decodeCurrent()
    }

    @usableFromInline
    func decodeCurrent() -> TraceRecord {
        var r = ByteReader(body)
        if !EntryCodec.isShort(tag), let record = decodeRecord(tag, time: previousTime, body: &r) { return record }
        return .unknown(UnknownRecord(timestamp: previousTime, type: EntryCodec.recordType(of: tag), payload: Array(body)))
    }

    // MARK: - Definitions

    private mutating func define(_ type: UInt8, _ payload: UnsafeRawBufferPointer, at start: Int) throws(Malformed) {
        switch type {
        case EntryType.stringDefinition:
            strings.append(String(decoding: payload, as: UTF8.self))
        case EntryType.keyShapeDefinition:
            var r = ByteReader(payload)
            guard let phaseRaw = r.readUInt8(), let flags = r.readUInt8(), let usage = r.readVarint(),
                  let modifiers = r.readVarint(), let sides = r.readUInt8(), let device = r.readVarint(),
                  let characters = r.readVarint(), let ignoring = r.readVarint() else {
                throw Malformed(offset: start, reason: "key shape definition is cut off")
            }
            var uncertainty: UInt64?
            if flags & 2 != 0 {
                guard let u = r.readVarint() else { throw Malformed(offset: start, reason: "key shape uncertainty is cut off") }
                uncertainty = u
            }
            var page = HIDUsagePage.keyboard
            if flags & 4 != 0 {
                guard let p = r.readVarint() else { throw Malformed(offset: start, reason: "key shape usage page is cut off") }
                page = HIDUsagePage(UInt16(truncatingIfNeeded: p))
            }
            guard let phase = KeyPhase(rawValue: phaseRaw) else {
                throw Malformed(offset: start, reason: "key shape has unknown phase \(phaseRaw)")
            }
            guard let chars = string(characters), let plain = string(ignoring) else {
                throw Malformed(offset: start, reason: "key shape refers to an undefined string")
            }
            let press = KeyPress(phase: phase, usage: HIDUsage(rawValue: UInt16(truncatingIfNeeded: usage)),
                                 characters: KeyText(chars), charactersIgnoringModifiers: KeyText(plain),
                                 modifierFlags: ModifierFlags(rawValue: UInt32(truncatingIfNeeded: modifiers)),
                                 modifierSides: ModifierSides(rawValue: sides), isRepeat: flags & 1 != 0,
                                 device: DeviceID(rawValue: device), timestamp: 0, usagePage: page)
            let record = KeyRecord(press, timestampUncertainty: uncertainty)
            shapes.append(record)
            shapeCount = shapes.count
        default:
            break  // A definition type from a newer minor: skipped by length.
        }
    }

    /// A string reference: 0 is `nil`, n is string n - 1. Returns `.some(nil)` for 0, `nil` when out of range.
    private func optionalString(_ ref: UInt64) -> String?? {
        if ref == 0 { return .some(nil) }
        guard ref <= UInt64(strings.count) else { return nil }
        return .some(strings[Int(ref - 1)])
    }

    private func string(_ ref: UInt64) -> String? {
        guard ref >= 1, ref <= UInt64(strings.count) else { return nil }
        return strings[Int(ref - 1)]
    }

    // MARK: - Records

    /// The current record when it is a resolution. A resolution whose string references were
    /// seen earlier in the chunk shares that one's strings (``ResolutionDetailsCache``).
    mutating func resolution() -> ResolutionRecord? {
        guard shape < 0, tag == EntryType.resolution else { return nil }
        var r = ByteReader(body)
        guard let fields = ResolutionFields(&r) else { return nil }
        let key = fields.key
        if let record = resolutions.record(key, timestamp: previousTime, pressSequence: fields.sequence,
                                           outcome: fields.outcome, isUpAction: fields.isUpAction) {
            return record
        }
        guard let record = resolution(time: previousTime, fields) else { return nil }
        resolutions.remember(record, under: key)
        return record
    }

    /// The current record when it is a set of stage timings.
    var stageTimings: StageTimingsRecord? {
        guard shape < 0, tag == EntryType.stageTimings else { return nil }
        var r = ByteReader(body)
        return Self.stageTimings(time: previousTime, body: &r)
    }

    /// The current record when it is a key press.
    @inlinable
    var keyRecord: KeyRecord? {
        guard shape >= 0 else { return nil }
        var record = shapes[shape]
        record.press.timestamp = previousTime
        return record
    }

    /// A resolution's fields as encoded: scalars, and references into the string table.
    private struct ResolutionFields {
        var sequence: UInt64
        var outcome: DispatchOutcome
        var flags: UInt8
        var modifiers: UInt64 = 0
        var input: UInt64 = 0
        var title: UInt64 = 0
        var action: UInt64 = 0
        var provider: UInt64 = 0
        var target: UInt64 = 0
        var blocking: UInt64 = 0

        var hasCommand: Bool { flags & 2 != 0 }
        var isUpAction: Bool { flags & 1 != 0 }

        /// What determines the reference fields, within one chunk.
        var key: SIMD8<UInt64> {
            SIMD8(UInt64(flags & 2), modifiers, input, title, action, provider, target, blocking)
        }

        init?(_ r: inout ByteReader) {
            guard let seq = r.readVarint(), let outcomeRaw = r.readUInt8(),
                  let outcome = DispatchOutcome(rawValue: outcomeRaw), let flags = r.readUInt8() else { return nil }
            sequence = seq
            self.outcome = outcome
            self.flags = flags
            if flags & 2 != 0 {
                guard let modifiers = r.readVarint(), let input = r.readVarint() else { return nil }
                self.modifiers = modifiers
                self.input = input
            }
            guard let t = r.readVarint(), let a = r.readVarint(), let p = r.readVarint(), let g = r.readVarint(),
                  let b = r.readVarint() else { return nil }
            title = t
            action = a
            provider = p
            target = g
            blocking = b
        }
    }

    private func resolution(time: UInt64, body r: inout ByteReader) -> ResolutionRecord? {
        ResolutionFields(&r).flatMap { resolution(time: time, $0) }
    }

    /// The record `fields` encode, `nil` when a string reference is out of range.
    private func resolution(time: UInt64, _ fields: ResolutionFields) -> ResolutionRecord? {
        var command: KeyShortcut?
        if fields.hasCommand {
            guard let input = string(fields.input) else { return nil }
            command = KeyShortcut(input: KeyInput(uiKitValue: input),
                                  modifiers: ModifierFlags(rawValue: UInt32(truncatingIfNeeded: fields.modifiers)))
        }
        guard let title = optionalString(fields.title), let action = optionalString(fields.action),
              let provider = optionalString(fields.provider), let target = optionalString(fields.target),
              let blocking = optionalString(fields.blocking) else { return nil }
        return ResolutionRecord(timestamp: time, pressSequence: fields.sequence, outcome: fields.outcome,
                                command: command, title: title, action: action.map { Action($0) },
                                isUpAction: fields.isUpAction, providerPath: provider, targetPath: target,
                                blockingAction: blocking.map { Action($0) })
    }

    private static func stageTimings(time: UInt64, body r: inout ByteReader) -> StageTimingsRecord? {
        guard let seq = r.readVarint(), let count = r.readVarint(), count <= UInt64(r.remaining) else { return nil }
        var durations = StageDurations()
        for _ in 0..<count {
            guard let d = r.readVarint() else { return nil }
            durations.append(d)
        }
        guard let total = r.readVarint() else { return nil }
        return StageTimingsRecord(timestamp: time, pressSequence: seq, durations: durations, total: total)
    }

    private func decodeRecord(_ type: UInt8, time: UInt64, body r: inout ByteReader) -> TraceRecord? {
        switch type {
        case EntryType.resolution:
            return resolution(time: time, body: &r).map { .resolution($0) }
        case EntryType.stageTimings:
            return Self.stageTimings(time: time, body: &r).map { .stageTimings($0) }
        case EntryType.keyCommandsCounters:
            guard let seq = r.readVarint(), let calls = r.readVarint(), let policy = r.readVarint(),
                  let enumerations = r.readVarint() else { return nil }
            return .keyCommandsCounters(KeyCommandsCountersRecord(timestamp: time, pressSequence: seq, calls: calls,
                                                                  policyCalls: policy, enumerations: enumerations))
        case EntryType.cache:
            guard let kind = r.readUInt8() else { return nil }
            let event: CacheEventRecord.Event
            switch kind {
            case 0: event = .hit
            case 1: event = .miss
            case 2:
                guard let raw = r.readUInt8(), let reason = CacheInvalidationReason(rawValue: raw) else { return nil }
                event = .invalidation(reason)
            default: return nil
            }
            return .cache(CacheEventRecord(timestamp: time, event: event))
        case EntryType.chainChange:
            guard let raw = r.readUInt8(), let kind = ChainChangeKind(rawValue: raw), let f = r.readVarint(),
                  let from = optionalString(f), let t = r.readVarint(), let to = optionalString(t) else { return nil }
            return .chainChange(ChainChangeRecord(timestamp: time, kind: kind, from: from, to: to))
        case EntryType.dropped:
            guard let device = r.readVarint(), let count = r.readVarint() else { return nil }
            return .dropped(DroppedEventsRecord(timestamp: time, device: DeviceID(rawValue: device), count: count))
        case EntryType.marker:
            guard let l = r.readVarint(), let label = string(l), let t = r.readVarint(), let text = optionalString(t) else {
                return nil
            }
            return .marker(MarkerRecord(timestamp: time, label: label, text: text))
        case EntryType.hidReport:
            return HIDReport.decodeRecord(time: time, body: &r).map { .hidReport($0) }
        default:
            return nil
        }
    }
}
