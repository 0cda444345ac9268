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
    /// Each shape number's release partner, −1 for none (definition 0x03).
    @usableFromInline var partners: [Int32] = []
    /// The shapes of the last three key records, for the release forms.
    @usableFromInline var history = KeyHistory()
    /// The press of the chunk's current (or last) resolution, timings or counters record in a
    /// 2.0 form, which the next one's press step starts from.
    @usableFromInline var sequence: UInt64 = 0
    /// The chunk's resolution details (definition 0x04), `nil` where a definition does not
    /// decode or names a string not defined before it.
    private var resolutionDefinitions: [ResolutionDetailsKey?] = []
    /// Whether each of ``resolutionDefinitions`` decodes, read without copying the definition.
    private var resolutionDefinitionDecodes: [Bool] = []
    /// The records of ``resolutionDefinitions``, built when a resolution first names one (a
    /// replay that does not compare resolutions never builds them): `.none` until then.
    private var resolutionDetails: [ResolutionRecord??] = []
    /// The chunk's counters (definition 0x05).
    private var counters: [SIMD4<UInt64>] = []

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
        partners.removeAll(keepingCapacity: true)
        history.removeAll()
        sequence = 0
        resolutionDefinitions.removeAll(keepingCapacity: true)
        resolutionDefinitionDecodes.removeAll(keepingCapacity: true)
        resolutionDetails.removeAll(keepingCapacity: true)
        counters.removeAll(keepingCapacity: true)
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

    /// Steps over a short-form key (the common case: a plain or compact key) when one comes
    /// next and at least 8 bytes remain; otherwise consumes nothing and returns `false`.
    ///
    /// The entry is read as one little-endian word and decoded by ``EntryCodec/shortKey(_:after:shapeCount:)``
    /// or ``compactKey(_:)`` with mask-and-shift steps: no loop, no per-byte bounds check.
    @inlinable @inline(__always)
    mutating func advanceShortKey() -> Bool {
        let p = reader.position
        guard let base = reader.base, p &+ 8 <= reader.end else { return false }
        let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: p, as: UInt64.self))
        let time: UInt64
        let id: UInt64
        let size: Int
        if word & 0x8F == 0x80 {
            guard let key = EntryCodec.shortKey(word, after: previousTime, shapeCount: UInt64(shapeCount)) else { return false }
            (time, id, size) = key
        } else {
            guard let key = compactKey(word) else { return false }
            (time, id, size) = key
        }
        previousTime = time
        tag = UInt8(truncatingIfNeeded: word)
        shape = Int(truncatingIfNeeded: id)
        history.push(Int32(truncatingIfNeeded: id))
        reader.position = p &+ size
        return true
    }

    /// The compact key (short types 1–4) that starts with the 8 bytes of `word`: its time,
    /// shape number and size; `nil` for any other entry, or one whose shape does not resolve.
    @inlinable @inline(__always)
    func compactKey(_ word: UInt64) -> (time: UInt64, shape: UInt64, size: Int)? {
        let type = word & 0x8F
        let length = (word &>> 4) & 7
        if type == 0x81 {
            let id = (word &>> 8) & 0xFF
            guard length >= 1, id < UInt64(truncatingIfNeeded: shapeCount) else { return nil }
            return (previousTime &+ (word &>> 16) & EntryCodec.lowBytes(length &- 1), id, 1 &+ Int(truncatingIfNeeded: length))
        }
        let back = type &- 0x82
        guard back < 3 else { return nil }
        let pressed = history.shape(back: Int(truncatingIfNeeded: back))
        guard pressed >= 0, Int(pressed) < partners.count else { return nil }
        let partner = partners[Int(pressed)]
        guard partner >= 0 else { return nil }
        return (previousTime &+ (word &>> 8) & EntryCodec.lowBytes(length), UInt64(truncatingIfNeeded: partner),
                1 &+ Int(truncatingIfNeeded: length))
    }

    /// Steps over as many consecutive short-form keys as come next (at most `limit`), writing
    /// each one's time to `times` and its shape number plus `shapeBase` to `shapes`; returns
    /// how many. Runs of plain short keys go through
    /// ``EntryCodec/shortKeys(from:lastWord:time:times:shapes:shapeBase:shapeCount:limit:)``,
    /// compact ones through ``compactKey(_:)``. Stops, consuming nothing more, at the first
    /// entry ``advanceShortKey()`` would not take. After a run, ``tag`` is left as it was: it
    /// only matters for records that are not keys.
    mutating func advanceShortKeys(times: UnsafeMutablePointer<UInt64>, shapes: UnsafeMutablePointer<UInt32>,
                                   shapeBase: UInt32, limit: Int) -> Int {
        guard let base = reader.base else { return 0 }
        var n = 0
        while n < limit, reader.position &+ 8 <= reader.end {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: reader.position, as: UInt64.self))
            if word & 0x8F == 0x80 {
                var p = base + reader.position
                var time = previousTime
                let run = EntryCodec.shortKeys(from: &p, lastWord: base + (reader.end &- 8), time: &time,
                                               times: times + n, shapes: shapes + n, shapeBase: shapeBase,
                                               shapeCount: UInt64(shapeCount), limit: limit &- n)
                guard run > 0 else { break }
                for i in max(0, run &- 3)..<run { history.push(Int32(truncatingIfNeeded: shapes[n &+ i] &- shapeBase)) }
                previousTime = time
                reader.position = p - base
                n &+= run
            } else {
                guard let key = compactKey(word) else { break }
                previousTime = key.time
                times[n] = key.time
                shapes[n] = shapeBase &+ UInt32(truncatingIfNeeded: key.shape)
                history.push(Int32(truncatingIfNeeded: key.shape))
                reader.position &+= key.size
                n &+= 1
            }
        }
        if n > 0 { shape = Int(truncatingIfNeeded: shapes[n &- 1] &- shapeBase) }
        return n
    }

    /// Steps over consecutive record entries other than keys (resolutions, stage timings,
    /// counters…): short-form ones, and long-form ones whose length fits one byte, whose
    /// timestamps move forward, while each entry and 8 bytes from its start lie inside the
    /// payload; each is decoded from one word (``EntryCodec/otherRecord(_:after:available:)``).
    /// Stops after the first whose tag is in `tags` (`stopped` is then `true`), or before the
    /// first entry it does not take (``advanceSlowly()`` then reads it, or the definition, key
    /// or damage). `count` is how many it stepped over, the stopping record included; with
    /// ``RecordTagSet/every`` it steps over one.
    ///
    /// The position, time and press sequence stay in registers for the whole run: between two
    /// keys a replay passes over a resolution, timings, counters and a cache record. `tags` are
    /// the tags to stop at.
    @inline(__always)
    mutating func advanceOtherRecords(stoppingAt tags: RecordTagSet) -> (count: UInt64, stopped: Bool) {
        guard let base = reader.base else { return (0, false) }
        let end = reader.end
        var p = reader.position
        var time = previousTime
        var steps = sequence
        var count: UInt64 = 0
        var last: (type: UInt8, start: Int, count: Int) = (0, 0, 0)
        var stopped = false
        while p &+ 8 <= end {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: p, as: UInt64.self))
            guard let entry = EntryCodec.otherRecord(word, after: time, available: end &- p) else { break }
            time = entry.time
            count &+= 1
            last = (entry.type, p &+ entry.bodyStart, entry.bodyCount)
            steps &+= Self.pressStep(of: entry.type, body: UnsafeRawBufferPointer(start: base + last.start, count: last.count))
            p = last.start &+ last.count
            if tags.contains(entry.type) {
                stopped = true
                break
            }
        }
        guard count > 0 else { return (0, false) }
        reader.position = p
        previousTime = time
        sequence = steps
        tag = last.type
        shape = -1
        body = UnsafeRawBufferPointer(start: base + last.start, count: last.count)
        return (count, stopped)
    }

    /// Adds the press step of the current record when it is a resolution, timings or counters
    /// record of format 2.0 (short types 5 and 6, long type 0x19) to ``sequence``. Every way of
    /// stepping over a record calls this, so the steps add up; 1.0 forms carry their press.
    @inline(__always)
    mutating func noteSequence() {
        sequence &+= Self.pressStep(of: tag, body: body)
    }

    /// The press step a record of entry type `tag` with `body` carries: the zigzag varint that
    /// starts the body of a format 2.0 resolution, timings or counters record; 0 for any other.
    @inline(__always)
    static func pressStep(of tag: UInt8, body: UnsafeRawBufferPointer) -> UInt64 {
        let short = tag & 0x8F
        guard short == 0x80 | EntryType.shortResolution || short == 0x80 | EntryType.shortCounters
            || tag == EntryType.compactStageTimings, let start = body.baseAddress, body.count > 0 else { return 0 }
        let first = start.load(as: UInt8.self)
        if first < 0x80 { return Varint.unzigzag(UInt64(first)) }
        var r = ByteReader(body)
        guard let value = r.readVarint() else { return 0 }
        return Varint.unzigzag(value)
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
            tag = first
            shape = -1
            if EntryCodec.isCompactKey(first) {
                // No varint delta: the entry is read as a word, its bytes past the payload zero.
                var word = UInt64(first)
                for (i, byte) in payload.enumerated() { word |= UInt64(byte) &<< (8 &* UInt64(i &+ 1)) }
                let fixed = first & 0x0F == EntryType.fixedKey
                if let key = compactKey(word) {
                    shape = Int(truncatingIfNeeded: key.shape)
                    previousTime = key.time
                } else if !fixed || !payload.isEmpty {
                    // A release of nothing, or a shape out of range: the time still reads.
                    previousTime &+= (word &>> (fixed ? 16 : 8))
                }
                history.push(Int32(truncatingIfNeeded: shape))
                body = payload
                return true
            }
            var r = ByteReader(payload)
            guard let t = EntryCodec.readDelta(after: previousTime, from: &r) else {
                throw Malformed(offset: start, reason: "record has no timestamp")
            }
            previousTime = t
            body = UnsafeRawBufferPointer(rebasing: payload[r.position...])
            if EntryCodec.isKey(first) {
                var k = ByteReader(body)
                if let id = k.readVarint(), id < UInt64(shapes.count) { shape = Int(id) }
                history.push(Int32(truncatingIfNeeded: shape))
            } else {
                noteSequence()
            }
            return true
        }
    }

    /// The kind of the current record by its entry type.
    var kind: RecordKind { shape >= 0 ? .key : Self.kind(ofTag: tag) }

    /// The kind of a record other than a key by its entry type.
    @usableFromInline
    static func kind(ofTag tag: UInt8) -> RecordKind { EntryType.kind(of: tag) }

    /// The current record as a value.
    @inlinable @inline(__always)
    func record() -> TraceRecord {
        if let key = keyRecord { return .key(key) }
        return decodeCurrent()
    }

    @usableFromInline
    func decodeCurrent() -> TraceRecord {
        var r = ByteReader(body)
        if let record = decodeRecord(EntryCodec.recordType(of: tag), time: previousTime, body: &r) { return record }
        return .unknown(UnknownRecord(timestamp: previousTime, type: EntryCodec.recordType(of: tag), payload: Array(body)))
    }

    // MARK: - Definitions

    private mutating func define(_ type: UInt8, _ payload: UnsafeRawBufferPointer, at start: Int) throws(Malformed) {
        var r = ByteReader(payload)
        switch type {
        case EntryType.stringDefinition:
            strings.append(String(decoding: payload, as: UTF8.self))
        case EntryType.keyShapeDefinition:
            guard let phase = r.readUInt8(), let flags = r.readUInt8(), let usage = r.readVarint(),
                  let modifiers = r.readVarint(), let sides = r.readUInt8(), let device = r.readVarint(),
                  let characters = r.readVarint(), let ignoring = r.readVarint() else {
                throw Malformed(offset: start, reason: "key shape definition is cut off")
            }
            var uncertainty: UInt64?
            if flags & 2 != 0 {
                guard let u = r.readVarint() else { throw Malformed(offset: start, reason: "key shape uncertainty is cut off") }
                uncertainty = u
            }
            var page = UInt64(HIDUsagePage.keyboard.rawValue)
            if flags & 4 != 0 {
                guard let p = r.readVarint() else { throw Malformed(offset: start, reason: "key shape usage page is cut off") }
                page = p
            }
            let fields = KeyShape.Fields(phase: phase, isRepeat: flags & 1 != 0, usage: usage, modifierFlags: modifiers,
                                         sides: sides, device: device, characters: characters,
                                         charactersIgnoringModifiers: ignoring, uncertainty: uncertainty, usagePage: page)
            defineShape(try keyRecord(fields, at: start), paired: false)
        case EntryType.compactKeyShapeDefinition:
            guard let definition = CompactKeyShape.read(&r) else {
                throw Malformed(offset: start, reason: "key shape definition is cut off or out of range")
            }
            defineShape(try keyRecord(definition.shape, at: start), paired: definition.paired)
        case EntryType.resolutionDefinition:
            // Strings are only appended, so references that resolve now resolve the same later.
            let definition = ResolutionDetailsKey(&r).flatMap { refersToDefinedStrings($0) ? $0 : nil }
            resolutionDefinitions.append(definition)
            resolutionDefinitionDecodes.append(definition != nil)
            resolutionDetails.append(.none)
        case EntryType.countersDefinition:
            guard let calls = r.readVarint(), let policy = r.readVarint(), let enumerations = r.readVarint() else {
                throw Malformed(offset: start, reason: "counters definition is cut off")
            }
            counters.append(SIMD4(calls, policy, enumerations, 0))
        default:
            break  // A definition type from a newer minor: skipped by length.
        }
    }

    /// The key record (timestamp 0) a shape definition's `fields` give.
    private func keyRecord(_ fields: KeyShape.Fields, at start: Int) throws(Malformed) -> KeyRecord {
        guard let phase = KeyPhase(rawValue: fields.phase) else {
            throw Malformed(offset: start, reason: "key shape has unknown phase \(fields.phase)")
        }
        guard let chars = string(fields.characters), let plain = string(fields.charactersIgnoringModifiers) else {
            throw Malformed(offset: start, reason: "key shape refers to an undefined string")
        }
        let press = KeyPress(phase: phase, usage: HIDUsage(rawValue: UInt16(truncatingIfNeeded: fields.usage)),
                             characters: KeyText(chars), charactersIgnoringModifiers: KeyText(plain),
                             modifierFlags: ModifierFlags(rawValue: UInt32(truncatingIfNeeded: fields.modifierFlags)),
                             modifierSides: ModifierSides(rawValue: fields.sides), isRepeat: fields.isRepeat,
                             isSynthesizedRepeat: fields.isSynthesizedRepeat && fields.isRepeat,
                             device: DeviceID(rawValue: fields.device), timestamp: 0,
                             usagePage: HIDUsagePage(UInt16(truncatingIfNeeded: fields.usagePage)))
        return KeyRecord(press, timestampUncertainty: fields.uncertainty)
    }

    /// Appends `record` to the shape table, and with `paired` its release partner after it.
    private mutating func defineShape(_ record: KeyRecord, paired: Bool) {
        shapes.append(record)
        if paired {
            partners.append(Int32(truncatingIfNeeded: shapes.count))
            var release = record
            release.press.phase = .ended
            release.press.isRepeat = false
            release.press.isSynthesizedRepeat = false
            shapes.append(release)
        }
        partners.append(-1)
        shapeCount = shapes.count
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
    /// seen earlier in the chunk shares that one's strings (``ResolutionDetailsCache``); one that
    /// names its details by number (format 2.0) shares the definition's.
    mutating func resolution() -> ResolutionRecord? {
        guard shape < 0 else { return nil }
        if tag == EntryType.resolution {
            var r = ByteReader(body)
            guard let press = r.readVarint(), let details = ResolutionDetailsKey(&r),
                  let outcome = DispatchOutcome(rawValue: details.outcome) else { return nil }
            let key = SIMD8(UInt64(details.flags & 2), details.modifiers, details.input, details.title, details.action,
                            details.provider, details.target, details.blocking)
            if let record = resolutions.record(key, timestamp: previousTime, pressSequence: press,
                                               outcome: outcome, isUpAction: details.flags & 1 != 0) {
                return record
            }
            guard let record = resolution(time: previousTime, sequence: press, details) else { return nil }
            resolutions.remember(record, under: key)
            return record
        }
        guard EntryCodec.isShort(tag), tag & 0x0F == EntryType.shortResolution else { return nil }
        return numberedResolution()
    }

    /// The current short-form resolution: its definition's record at this time and press.
    /// The definition's record is built once and kept for the chunk.
    private mutating func numberedResolution() -> ResolutionRecord? {
        guard let index = definitionNumber() else { return nil }
        if case .none = resolutionDetails[index] {
            resolutionDetails[index] = .some(resolutionDefinitions[index].flatMap { resolution(time: 0, sequence: 0, $0) })
        }
        guard case .some(.some(var record)) = resolutionDetails[index] else { return nil }
        record.timestamp = previousTime
        record.pressSequence = sequence
        return record
    }

    /// For a short-form resolution whose definition decodes: its press and definition number,
    /// read without building its record (``ResolutionReference``).
    /// Mutating only so that the decoder is read in place, not copied.
    mutating func definedResolution() -> (pressSequence: UInt64, definition: Int)? {
        guard shape < 0, EntryCodec.isShort(tag), tag & 0x0F == EntryType.shortResolution,
              let index = Self.definitionNumber(in: body, definitions: resolutionDefinitionDecodes.count),
              resolutionDefinitionDecodes[index] else { return nil }
        return (sequence, index)
    }

    /// ``numberedResolution()`` without keeping what it builds, for readers of a decoder they
    /// cannot change (``record()``).
    private func numberedResolutionBuiltInPlace() -> ResolutionRecord? {
        guard let index = definitionNumber() else { return nil }
        guard var record = resolutionDetails[index] ?? resolutionDefinitions[index].flatMap({ resolution(time: 0, sequence: 0, $0) })
        else { return nil }
        record.timestamp = previousTime
        record.pressSequence = sequence
        return record
    }

    /// The number of the resolution definition the current short-form resolution names, when
    /// the chunk has it.
    private func definitionNumber() -> Int? {
        Self.definitionNumber(in: body, definitions: resolutionDefinitions.count)
    }

    /// ``definitionNumber()`` from the record's `body` and the chunk's count of definitions: a
    /// static function, so a mutating caller does not copy the decoder to call it.
    private static func definitionNumber(in body: UnsafeRawBufferPointer, definitions: Int) -> Int? {
        var r = ByteReader(body)
        guard r.readVarint() != nil, let number = r.readVarint(), number < UInt64(definitions) else { return nil }
        return Int(number)
    }

    /// The current record when it is a set of stage timings.
    var stageTimings: StageTimingsRecord? {
        guard shape < 0, tag == EntryType.stageTimings || tag == EntryType.compactStageTimings else { return nil }
        var r = ByteReader(body)
        return stageTimings(body: &r, totalImplied: tag == EntryType.compactStageTimings)
    }

    /// The current record when it is a key press.
    @inlinable
    var keyRecord: KeyRecord? {
        guard shape >= 0 else { return nil }
        var record = shapes[shape]
        record.press.timestamp = previousTime
        return record
    }

    /// Whether every string `details` names is defined (a command's input must be).
    private func refersToDefinedStrings(_ details: ResolutionDetailsKey) -> Bool {
        let count = UInt64(strings.count)
        if details.flags & 2 != 0, details.input == 0 || details.input > count { return false }
        return details.title <= count && details.action <= count && details.provider <= count
            && details.target <= count && details.blocking <= count
    }

    /// The record `details` describe, `nil` when a string reference is out of range or the
    /// outcome is unknown.
    private func resolution(time: UInt64, sequence: UInt64, _ details: ResolutionDetailsKey) -> ResolutionRecord? {
        guard let outcome = DispatchOutcome(rawValue: details.outcome) else { return nil }
        var command: KeyShortcut?
        if details.flags & 2 != 0 {
            guard let input = string(details.input) else { return nil }
            command = KeyShortcut(input: KeyInput(uiKitValue: input),
                                  modifiers: ModifierFlags(rawValue: UInt32(truncatingIfNeeded: details.modifiers)))
        }
        guard let title = optionalString(details.title), let action = optionalString(details.action),
              let provider = optionalString(details.provider), let target = optionalString(details.target),
              let blocking = optionalString(details.blocking) else { return nil }
        return ResolutionRecord(timestamp: time, pressSequence: sequence, outcome: outcome,
                                command: command, title: title, action: action.map { Action($0) },
                                isUpAction: details.flags & 1 != 0, providerPath: provider, targetPath: target,
                                blockingAction: blocking.map { Action($0) })
    }

    /// The stage timings of the current record's body: the press (absolute in 1.0's form, a
    /// step already added to ``sequence`` in 2.0's), the durations, and the total unless it is
    /// implied as their sum.
    private func stageTimings(body r: inout ByteReader, totalImplied: Bool) -> StageTimingsRecord? {
        guard let press = r.readVarint(), let count = r.readVarint(), count <= UInt64(r.remaining) else { return nil }
        let sequence = totalImplied ? self.sequence : press
        var durations = StageDurations()
        var sum: UInt64 = 0
        for _ in 0..<count {
            guard let d = r.readVarint() else { return nil }
            durations.append(d)
            sum &+= d
        }
        if totalImplied {
            return StageTimingsRecord(timestamp: previousTime, pressSequence: sequence, durations: durations, total: sum)
        }
        guard let total = r.readVarint() else { return nil }
        return StageTimingsRecord(timestamp: previousTime, pressSequence: sequence, durations: durations, total: total)
    }

    /// The cache event of a body (`event: u8`, then for an invalidation `reason: u8`).
    private static func cacheEvent(body r: inout ByteReader) -> CacheEventRecord.Event? {
        switch r.readUInt8() {
        case 0: return .hit
        case 1: return .miss
        case 2:
            guard let raw = r.readUInt8(), let reason = CacheInvalidationReason(rawValue: raw) else { return nil }
            return .invalidation(reason)
        default: return nil
        }
    }

    /// The record of entry type `type` (``EntryCodec/recordType(of:)``) whose body `r` holds;
    /// `nil` when its fields do not decode or the type is not known here.
    private func decodeRecord(_ type: UInt8, time: UInt64, body r: inout ByteReader) -> TraceRecord? {
        switch type {
        case EntryType.resolution:
            guard let press = r.readVarint(), let details = ResolutionDetailsKey(&r) else { return nil }
            return resolution(time: time, sequence: press, details).map { .resolution($0) }
        case 0x80 | EntryType.shortResolution:
            return numberedResolutionBuiltInPlace().map { .resolution($0) }
        case EntryType.stageTimings, EntryType.compactStageTimings:
            return stageTimings(body: &r, totalImplied: type == EntryType.compactStageTimings).map { .stageTimings($0) }
        case EntryType.keyCommandsCounters:
            guard let press = r.readVarint(), let calls = r.readVarint(), let policy = r.readVarint(),
                  let enumerations = r.readVarint() else { return nil }
            return .keyCommandsCounters(KeyCommandsCountersRecord(timestamp: time, pressSequence: press, calls: calls,
                                                                  policyCalls: policy, enumerations: enumerations))
        case 0x80 | EntryType.shortCounters:
            guard r.readVarint() != nil, let number = r.readVarint(), number < UInt64(counters.count) else { return nil }
            let c = counters[Int(number)]
            return .keyCommandsCounters(KeyCommandsCountersRecord(timestamp: time, pressSequence: sequence, calls: c[0],
                                                                  policyCalls: c[1], enumerations: c[2]))
        case EntryType.cache, 0x80 | EntryType.shortCache:
            return Self.cacheEvent(body: &r).map { .cache(CacheEventRecord(timestamp: time, event: $0)) }
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
