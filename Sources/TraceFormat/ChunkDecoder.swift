import KeyTraceCore

/// Decodes the entries of one chunk payload into records, one at a time.
///
/// A record of a known type whose fields do not decode (an enumerated value from a newer
/// minor, a string reference out of range) comes out as ``UnknownRecord``; only broken
/// framing (a length past the end, a missing timestamp) stops the chunk.
struct ChunkDecoder {
    /// Where framing broke, relative to the payload start.
    struct Malformed: Error {
        var offset: Int
        var reason: String
    }

    private var reader: ByteReader
    private var strings: [String] = []
    private var shapes: [KeyRecord] = []
    private(set) var previousTime: UInt64

    init(payload: UnsafeRawBufferPointer, baseTime: UInt64) {
        reader = ByteReader(payload)
        previousTime = baseTime
    }

    /// The offset of the next entry in the payload.
    var position: Int { reader.position }

    /// The next record, `nil` at the end of the payload.
    mutating func next() throws(Malformed) -> TraceRecord? {
        while !reader.isAtEnd {
            let start = reader.position
            guard let tag = reader.readUInt8() else { break }
            let type: UInt8
            let length: Int
            if tag >= 0x80 {
                type = tag & 0x0F
                length = Int((tag >> 4) & 0x07)
            } else {
                type = tag
                guard let l = reader.readVarint() else {
                    throw Malformed(offset: start, reason: "entry length is cut off")
                }
                guard l <= UInt64(reader.remaining) else {
                    throw Malformed(offset: start, reason: "entry length \(l) runs past the chunk end")
                }
                length = Int(l)
            }
            guard length <= reader.remaining, let payload = reader.readSlice(length) else {
                throw Malformed(offset: start, reason: "entry of \(length) bytes runs past the chunk end")
            }
            if tag < 0x80 && type < EntryType.firstRecordType {
                try define(type, payload, at: start)
                continue
            }
            var body = ByteReader(payload)
            guard let time = TimeDelta.read(after: previousTime, from: &body) else {
                throw Malformed(offset: start, reason: "record has no timestamp")
            }
            previousTime = time
            if tag >= 0x80 && type == EntryType.shortKey || tag == EntryType.key {
                if let id = body.readVarint(), id < UInt64(shapes.count) {
                    var record = shapes[Int(id)]
                    record.press.timestamp = time
                    return .key(record)
                }
            } else if tag < 0x80, let record = decodeRecord(type, time: time, body: &body) {
                return record
            }
            var skip = ByteReader(payload)
            _ = TimeDelta.read(after: 0, from: &skip)
            let unknownPayload = Array(UnsafeRawBufferPointer(rebasing: payload[skip.position...]))
            return .unknown(UnknownRecord(timestamp: time, type: tag >= 0x80 ? (tag & 0x8F) : tag, payload: unknownPayload))
        }
        return nil
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
            guard let phase = KeyPhase(rawValue: phaseRaw) else {
                throw Malformed(offset: start, reason: "key shape has unknown phase \(phaseRaw)")
            }
            guard let chars = string(characters), let plain = string(ignoring) else {
                throw Malformed(offset: start, reason: "key shape refers to an undefined string")
            }
            let press = KeyPress(phase: phase, usage: HIDUsage(rawValue: UInt16(truncatingIfNeeded: usage)),
                                 characters: chars, charactersIgnoringModifiers: plain,
                                 modifierFlags: ModifierFlags(rawValue: UInt32(truncatingIfNeeded: modifiers)),
                                 modifierSides: ModifierSides(rawValue: sides), isRepeat: flags & 1 != 0,
                                 device: DeviceID(rawValue: device), timestamp: 0)
            shapes.append(KeyRecord(press, timestampUncertainty: uncertainty))
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

    private func decodeRecord(_ type: UInt8, time: UInt64, body r: inout ByteReader) -> TraceRecord? {
        switch type {
        case EntryType.resolution:
            guard let seq = r.readVarint(), let outcomeRaw = r.readUInt8(), let outcome = DispatchOutcome(rawValue: outcomeRaw),
                  let flags = r.readUInt8() else { return nil }
            var command: KeyShortcut?
            if flags & 2 != 0 {
                guard let modifiers = r.readVarint(), let inputRef = r.readVarint(), let input = string(inputRef) else { return nil }
                command = KeyShortcut(input: KeyInput(uiKitValue: input),
                                      modifiers: ModifierFlags(rawValue: UInt32(truncatingIfNeeded: modifiers)))
            }
            guard let t = r.readVarint(), let title = optionalString(t), let a = r.readVarint(), let action = optionalString(a),
                  let p = r.readVarint(), let provider = optionalString(p), let g = r.readVarint(), let target = optionalString(g),
                  let b = r.readVarint(), let blocking = optionalString(b) else { return nil }
            return .resolution(ResolutionRecord(timestamp: time, pressSequence: seq, outcome: outcome, command: command,
                                                title: title, action: action.map { Action($0) }, isUpAction: flags & 1 != 0,
                                                providerPath: provider, targetPath: target,
                                                blockingAction: blocking.map { Action($0) }))
        case EntryType.stageTimings:
            guard let seq = r.readVarint(), let count = r.readVarint(), count <= UInt64(r.remaining) else { return nil }
            var durations: [UInt64] = []
            durations.reserveCapacity(Int(count))
            for _ in 0..<count {
                guard let d = r.readVarint() else { return nil }
                durations.append(d)
            }
            guard let total = r.readVarint() else { return nil }
            return .stageTimings(StageTimingsRecord(timestamp: time, pressSequence: seq, durations: durations, total: total))
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
        default:
            return nil
        }
    }
}
