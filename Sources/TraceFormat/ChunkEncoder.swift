import KeyTraceCore
import KeyTraceSupport

/// Encodes records into chunk entries, interning strings and key shapes per chunk.
///
/// State (string table, shape table, previous timestamp) starts empty at every chunk so
/// each chunk decodes on its own.
struct ChunkEncoder: ~Copyable {
    private var strings: [ExactString: UInt64] = [:]
    private var shapes: [KeyShape: UInt64] = [:]
    /// Shape numbers of the chunk by packed shape: a repeated key is encoded without hashing its texts.
    private var shapeCache = DirectMappedCache<ShapeCacheKey, UInt64>(capacity: 2048)
    /// String references of the chunk by string identity.
    private var stringCache = DirectMappedCache<StringIdentity, StringReference>(capacity: 64)
    /// Shape numbers given out in the chunk (a press defined with its release takes two).
    private var shapeCount: UInt64 = 0
    /// Each shape number's release partner, −1 for none.
    private var partners: [Int32] = []
    private var history = KeyHistory()
    /// The press of the chunk's last resolution, timings or counters record in a 2.0 form (0
    /// before one): the next one's press step starts from it.
    private var previousSequence: UInt64 = 0
    private var resolutionNumbers: [ResolutionDetailsKey: UInt64] = [:]
    private var counterNumbers: [SIMD4<UInt64>: UInt64] = [:]
    /// Resolution details and counters numbers of the chunk by their fields, in front of the
    /// dictionaries: a repeated value is found without hashing every field.
    private var recentNumbers = DirectMappedCache<CacheLanes, UInt64>(capacity: 256)
    private(set) var previousTime: UInt64 = 0
    var scratch = ByteWriter(capacity: 256)

    /// Starts a new chunk whose first timestamp is `baseTime`.
    mutating func reset(baseTime: UInt64) {
        strings.removeAll(keepingCapacity: true)
        shapes.removeAll(keepingCapacity: true)
        shapeCache.removeAll()
        stringCache.removeAll()
        shapeCount = 0
        partners.removeAll(keepingCapacity: true)
        history.removeAll()
        previousSequence = 0
        resolutionNumbers.removeAll(keepingCapacity: true)
        counterNumbers.removeAll(keepingCapacity: true)
        recentNumbers.removeAll()
        previousTime = baseTime
    }

    /// Appends the entries for `record` (definitions first, then the record) to `out`.
    mutating func encode(_ record: TraceRecord, into out: inout ByteWriter) throws(TraceFormatError) {
        switch record {
        case .key(let key):
            encodeKey(key.press, uncertainty: key.timestampUncertainty, into: &out)
        case .resolution(let r):
            encode(r, into: &out)
        case .stageTimings(let r):
            encode(r, into: &out)
        case .keyCommandsCounters(let r):
            encode(r, into: &out)
        case .cache(let r):
            encode(r, into: &out)
        case .chainChange(let r):
            let from = reference(r.from, into: &out)
            let to = reference(r.to, into: &out)
            let start = beginRecord(EntryType.chainChange, at: r.timestamp, into: &out)
            out.writeUInt8(r.kind.rawValue)
            out.writeVarint(from)
            out.writeVarint(to)
            endRecord(payloadStart: start, into: &out)
        case .dropped(let r):
            let start = beginRecord(EntryType.dropped, at: r.timestamp, into: &out)
            out.writeVarint(r.device.rawValue)
            out.writeVarint(r.count)
            endRecord(payloadStart: start, into: &out)
        case .marker(let r):
            let label = reference(r.label, into: &out)
            let text = reference(r.text, into: &out)
            let start = beginRecord(EntryType.marker, at: r.timestamp, into: &out)
            out.writeVarint(label)
            out.writeVarint(text)
            endRecord(payloadStart: start, into: &out)
        case .hidReport(let r):
            encode(r, into: &out)
        case .unknown(let r):
            guard EntryCodec.isShort(r.type) ? !EntryCodec.isKey(r.type) : !EntryCodec.isDefinition(r.type)
            else {
                throw .invalidRecord("unknown record type \(r.type) is reserved for definitions or key presses")
            }
            // Checked before anything changes: a refused record leaves no trace in the encoder.
            if EntryCodec.isShort(r.type)
                && EntryCodec.deltaSize(r.timestamp, after: previousTime) + r.payload.count > EntryCodec.shortMaxLength {
                throw .invalidRecord("a short-form record carries at most \(EntryCodec.shortMaxLength) bytes")
            }
            if EntryCodec.isShort(r.type) {
                scratch.removeAll()
                EntryCodec.writeDelta(r.timestamp, after: previousTime, into: &scratch)
                previousTime = r.timestamp
                scratch.writeBytes(r.payload)
                EntryCodec.writeShort(type: r.type & 0x0F, payload: scratch, into: &out)
            } else {
                let start = beginRecord(r.type, at: r.timestamp, into: &out)
                out.writeBytes(r.payload)
                endRecord(payloadStart: start, into: &out)
            }
        }
    }

    // MARK: - Dispatch records (also appended without a `TraceRecord`, see `TraceWriter`)

    /// Appends a resolution record: its details by number (defined, with their strings, the
    /// first time the chunk meets them) and its press as a step from the previous dispatch
    /// record's; the 1.0 form when the short one does not fit.
    mutating func encode(_ r: ResolutionRecord, into out: inout ByteWriter) {
        let details = ResolutionDetailsKey(
            outcome: r.outcome.rawValue, flags: (r.isUpAction ? 1 : 0) | (r.command != nil ? 2 : 0),
            modifiers: UInt64(r.command?.modifiers.rawValue ?? 0),
            input: r.command.map { reference($0.input.uiKitValue, into: &out) } ?? 0,
            title: reference(r.title, into: &out), action: reference(r.action?.name, into: &out),
            provider: reference(r.providerPath, into: &out), target: reference(r.targetPath, into: &out),
            blocking: reference(r.blockingAction?.name, into: &out))
        let lanes = details.lanes
        let number: UInt64
        if let recent = recentNumbers[lanes] {
            number = recent
        } else {
            number = resolutionNumbers[details] ?? define(details, into: &out)
            recentNumbers[lanes] = number
        }
        let step = Varint.zigzag(r.pressSequence &- previousSequence)
        if writeShort(EntryType.shortResolution, at: r.timestamp, step, number, into: &out) {
            previousSequence = r.pressSequence
            return
        }
        let start = beginRecord(EntryType.resolution, at: r.timestamp, into: &out)
        out.writeVarint(r.pressSequence)
        details.write(into: &out)
        endRecord(payloadStart: start, into: &out)
    }

    /// Appends a stage-timings record: a press step and the durations, the total implied as
    /// their sum; the 1.0 form (absolute press, explicit total) when the total is another value.
    mutating func encode(_ r: StageTimingsRecord, into out: inout ByteWriter) {
        var sum: UInt64 = 0
        for i in 0..<r.durations.count { sum &+= r.durations[i] }
        let implied = sum == r.total
        let start = beginRecord(implied ? EntryType.compactStageTimings : EntryType.stageTimings, at: r.timestamp,
                                into: &out)
        out.writeVarint(implied ? Varint.zigzag(r.pressSequence &- previousSequence) : r.pressSequence)
        out.writeVarint(UInt64(r.durations.count))
        for i in 0..<r.durations.count { out.writeVarint(r.durations[i]) }
        if implied {
            previousSequence = r.pressSequence
        } else {
            out.writeVarint(r.total)
        }
        endRecord(payloadStart: start, into: &out)
    }

    /// Appends a `keyCommands` counters record: the three counters by number (defined the first
    /// time the chunk meets them) and a press step; the 1.0 form when the short one does not fit.
    mutating func encode(_ r: KeyCommandsCountersRecord, into out: inout ByteWriter) {
        let counters = SIMD4(r.calls, r.policyCalls, r.enumerations, 0)
        // Lane 7 tells counters from resolution details, whose lane 7 is a string reference.
        let lanes = CacheLanes(SIMD8(r.calls, r.policyCalls, r.enumerations, 0, 0, 0, 0, UInt64.max))
        let number: UInt64
        if let recent = recentNumbers[lanes] {
            number = recent
        } else if let known = counterNumbers[counters] {
            number = known
            recentNumbers[lanes] = known
        } else {
            var w = ByteWriter(capacity: 32)
            w.writeVarint(r.calls)
            w.writeVarint(r.policyCalls)
            w.writeVarint(r.enumerations)
            EntryCodec.writeLong(type: EntryType.countersDefinition, payload: w, into: &out)
            number = UInt64(counterNumbers.count)
            counterNumbers[counters] = number
            recentNumbers[lanes] = number
        }
        let step = Varint.zigzag(r.pressSequence &- previousSequence)
        if writeShort(EntryType.shortCounters, at: r.timestamp, step, number, into: &out) {
            previousSequence = r.pressSequence
            return
        }
        let start = beginRecord(EntryType.keyCommandsCounters, at: r.timestamp, into: &out)
        out.writeVarint(r.pressSequence)
        out.writeVarint(r.calls)
        out.writeVarint(r.policyCalls)
        out.writeVarint(r.enumerations)
        endRecord(payloadStart: start, into: &out)
    }

    /// Appends a cache record, in the short form when its delta allows.
    mutating func encode(_ r: CacheEventRecord, into out: inout ByteWriter) {
        scratch.removeAll()
        EntryCodec.writeDelta(r.timestamp, after: previousTime, into: &scratch)
        switch r.event {
        case .hit: scratch.writeUInt8(0)
        case .miss: scratch.writeUInt8(1)
        case .invalidation(let reason):
            scratch.writeUInt8(2)
            scratch.writeUInt8(reason.rawValue)
        }
        previousTime = r.timestamp
        if scratch.count <= EntryCodec.shortMaxLength {
            EntryCodec.writeShort(type: EntryType.shortCache, payload: scratch, into: &out)
        } else {
            EntryCodec.writeLong(type: EntryType.cache, payload: scratch, into: &out)
        }
    }

    /// Appends a short-form record of `type` whose payload is the timestamp delta and two
    /// varints, when it fits; `false` (nothing written) otherwise.
    private mutating func writeShort(_ type: UInt8, at time: UInt64, _ first: UInt64, _ second: UInt64,
                                     into out: inout ByteWriter) -> Bool {
        guard EntryCodec.deltaSize(time, after: previousTime) &+ Varint.size(first) &+ Varint.size(second)
            <= EntryCodec.shortMaxLength else { return false }
        scratch.removeAll()
        EntryCodec.writeDelta(time, after: previousTime, into: &scratch)
        scratch.writeVarint(first)
        scratch.writeVarint(second)
        previousTime = time
        EntryCodec.writeShort(type: type, payload: scratch, into: &out)
        return true
    }

    /// Defines `details` as the chunk's next resolution details (definition 0x04).
    private mutating func define(_ details: ResolutionDetailsKey, into out: inout ByteWriter) -> UInt64 {
        var w = ByteWriter(capacity: 32)
        details.write(into: &w)
        EntryCodec.writeLong(type: EntryType.resolutionDefinition, payload: w, into: &out)
        let number = UInt64(resolutionNumbers.count)
        resolutionNumbers[details] = number
        return number
    }

    // MARK: - Keys

    /// Appends a key record: a short-form entry of timestamp delta and shape number, after the
    /// shape's definition when the shape is new to the chunk.
    @inline(__always) mutating func encodeKey(_ press: KeyPress, uncertainty: UInt64?, into out: inout ByteWriter) {
        let key = ShapeCacheKey(press, uncertainty: uncertainty)
        let id: UInt64
        if let cached = shapeCache[key] {
            id = cached
        } else {
            let shape = KeyShape(KeyRecord(press, timestampUncertainty: uncertainty))
            id = shapes[shape] ?? defineShape(shape, into: &out)
            shapeCache[key] = id
        }
        let shape = Int32(truncatingIfNeeded: id)
        let back = press.phase == .ended ? history.back(releasing: shape, partners: partners) : nil
        EntryCodec.writeKey(press.timestamp, after: previousTime, shape: id, releasing: back, into: &out)
        history.push(shape)
        previousTime = press.timestamp
    }

    /// Defines `shape` (definition 0x03). A press that is not a repeat is defined with its
    /// release partner, which takes the next shape number and from then on stands for that
    /// release in this chunk.
    private mutating func defineShape(_ shape: KeyShape, into out: inout ByteWriter) -> UInt64 {
        let characters = reference(shape.characters.string, into: &out)
        let ignoring = reference(shape.charactersIgnoringModifiers.string, into: &out)
        let paired = shape.phase == .began && !shape.isRepeat
        var w = ByteWriter(capacity: 32)
        CompactKeyShape.write(shape, characters: characters, charactersIgnoringModifiers: ignoring,
                              paired: paired, into: &w)
        EntryCodec.writeLong(type: EntryType.compactKeyShapeDefinition, payload: w, into: &out)
        let id = shapeCount
        shapes[shape] = id
        shapeCount &+= 1
        guard paired else {
            partners.append(-1)
            return id
        }
        partners.append(Int32(truncatingIfNeeded: id &+ 1))
        partners.append(-1)
        shapeCount &+= 1
        if shapes.updateValue(id &+ 1, forKey: CompactKeyShape.release(of: shape)) != nil {
            shapeCache.removeAll()  // it may hold the earlier number of that release
        }
        return id
    }

    // MARK: - Strings and framing

    /// The reference for `string` (0 for `nil`, id + 1 otherwise), defining it first if new.
    private mutating func reference(_ string: String?, into out: inout ByteWriter) -> UInt64 {
        guard let string else { return 0 }
        let identity = StringIdentity(string)
        if let cached = stringCache[identity] { return cached.reference }
        if let id = strings[ExactString(string)] {
            stringCache[identity] = StringReference(reference: id + 1, string: string)
            return id + 1
        }
        EntryCodec.writeLong(type: EntryType.stringDefinition, payload: Array(string.utf8), into: &out)
        let id = UInt64(strings.count)
        strings[ExactString(string)] = id
        stringCache[identity] = StringReference(reference: id + 1, string: string)
        return id + 1
    }

    /// Starts a long-form record of `type` at `time` in `out`, its timestamp delta written; the
    /// caller writes the rest of the payload into `out` and ends it with
    /// ``endRecord(payloadStart:into:)``. Returns where the payload starts.
    @inline(__always)
    mutating func beginRecord(_ type: UInt8, at time: UInt64, into out: inout ByteWriter) -> Int {
        let start = EntryCodec.beginLong(type: type, into: &out)
        EntryCodec.writeDelta(time, after: previousTime, into: &out)
        previousTime = time
        return start
    }

    /// Ends the record ``beginRecord(_:at:into:)`` started.
    @inline(__always)
    func endRecord(payloadStart start: Int, into out: inout ByteWriter) {
        EntryCodec.endLong(payloadStart: start, into: &out)
    }
}
