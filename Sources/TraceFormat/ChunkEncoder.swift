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
    private(set) var previousTime: UInt64 = 0
    var scratch = ByteWriter(capacity: 256)

    /// Starts a new chunk whose first timestamp is `baseTime`.
    mutating func reset(baseTime: UInt64) {
        strings.removeAll(keepingCapacity: true)
        shapes.removeAll(keepingCapacity: true)
        shapeCache.removeAll()
        stringCache.removeAll()
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

    /// Appends a resolution record, after definitions of its strings new to the chunk.
    mutating func encode(_ r: ResolutionRecord, into out: inout ByteWriter) {
        let input = r.command.map { reference($0.input.uiKitValue, into: &out) } ?? 0
        let title = reference(r.title, into: &out)
        let action = reference(r.action?.name, into: &out)
        let provider = reference(r.providerPath, into: &out)
        let target = reference(r.targetPath, into: &out)
        let blocking = reference(r.blockingAction?.name, into: &out)
        let start = beginRecord(EntryType.resolution, at: r.timestamp, into: &out)
        out.writeVarint(r.pressSequence)
        out.writeUInt8(r.outcome.rawValue)
        out.writeUInt8((r.isUpAction ? 1 : 0) | (r.command != nil ? 2 : 0))
        if let command = r.command {
            out.writeVarint(UInt64(command.modifiers.rawValue))
            out.writeVarint(input)
        }
        out.writeVarint(title)
        out.writeVarint(action)
        out.writeVarint(provider)
        out.writeVarint(target)
        out.writeVarint(blocking)
        endRecord(payloadStart: start, into: &out)
    }

    /// Appends a stage-timings record.
    mutating func encode(_ r: StageTimingsRecord, into out: inout ByteWriter) {
        let start = beginRecord(EntryType.stageTimings, at: r.timestamp, into: &out)
        out.writeVarint(r.pressSequence)
        out.writeVarint(UInt64(r.durations.count))
        for i in 0..<r.durations.count { out.writeVarint(r.durations[i]) }
        out.writeVarint(r.total)
        endRecord(payloadStart: start, into: &out)
    }

    /// Appends a `keyCommands` counters record.
    mutating func encode(_ r: KeyCommandsCountersRecord, into out: inout ByteWriter) {
        let start = beginRecord(EntryType.keyCommandsCounters, at: r.timestamp, into: &out)
        out.writeVarint(r.pressSequence)
        out.writeVarint(r.calls)
        out.writeVarint(r.policyCalls)
        out.writeVarint(r.enumerations)
        endRecord(payloadStart: start, into: &out)
    }

    /// Appends a cache record.
    mutating func encode(_ r: CacheEventRecord, into out: inout ByteWriter) {
        let start = beginRecord(EntryType.cache, at: r.timestamp, into: &out)
        switch r.event {
        case .hit: out.writeUInt8(0)
        case .miss: out.writeUInt8(1)
        case .invalidation(let reason):
            out.writeUInt8(2)
            out.writeUInt8(reason.rawValue)
        }
        endRecord(payloadStart: start, into: &out)
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
        EntryCodec.writeKey(press.timestamp, after: previousTime, shape: id, into: &out)
        previousTime = press.timestamp
    }

    private mutating func defineShape(_ shape: KeyShape, into out: inout ByteWriter) -> UInt64 {
        let characters = reference(shape.characters.string, into: &out)
        let ignoring = reference(shape.charactersIgnoringModifiers.string, into: &out)
        var w = ByteWriter(capacity: 32)
        w.writeUInt8(shape.phase.rawValue)
        let hasPage = shape.usagePage != HIDUsagePage.keyboard.rawValue
        w.writeUInt8((shape.isRepeat ? 1 : 0) | (shape.uncertainty != nil ? 2 : 0) | (hasPage ? 4 : 0))
        w.writeVarint(UInt64(shape.usage))
        w.writeVarint(UInt64(shape.modifierFlags))
        w.writeUInt8(shape.sides)
        w.writeVarint(shape.device)
        w.writeVarint(characters)
        w.writeVarint(ignoring)
        if let u = shape.uncertainty { w.writeVarint(u) }
        if hasPage { w.writeVarint(UInt64(shape.usagePage)) }
        EntryCodec.writeLong(type: EntryType.keyShapeDefinition, payload: w, into: &out)
        let id = UInt64(shapes.count)
        shapes[shape] = id
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
