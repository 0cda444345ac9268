import KeyTraceCore

/// Encodes records into chunk entries, interning strings and key shapes per chunk.
///
/// State (string table, shape table, previous timestamp) starts empty at every chunk so
/// each chunk decodes on its own.
struct ChunkEncoder: ~Copyable {
    private var strings: [ExactString: UInt64] = [:]
    private var shapes: [KeyShape: UInt64] = [:]
    private let shapeCache = ShapeCache()
    private let stringCache = StringReferenceCache()
    private(set) var previousTime: UInt64 = 0
    var scratch = ByteWriter(capacity: 256)

    /// Starts a new chunk whose first timestamp is `baseTime`.
    mutating func reset(baseTime: UInt64) {
        strings.removeAll(keepingCapacity: true)
        shapes.removeAll(keepingCapacity: true)
        shapeCache.reset()
        stringCache.reset()
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
            beginRecord(r.timestamp)
            scratch.writeUInt8(r.kind.rawValue)
            scratch.writeVarint(from)
            scratch.writeVarint(to)
            endRecord(EntryType.chainChange, into: &out)
        case .dropped(let r):
            beginRecord(r.timestamp)
            scratch.writeVarint(r.device.rawValue)
            scratch.writeVarint(r.count)
            endRecord(EntryType.dropped, into: &out)
        case .marker(let r):
            let label = reference(r.label, into: &out)
            let text = reference(r.text, into: &out)
            beginRecord(r.timestamp)
            scratch.writeVarint(label)
            scratch.writeVarint(text)
            endRecord(EntryType.marker, into: &out)
        case .hidReport(let r):
            encode(r, into: &out)
        case .unknown(let r):
            guard r.type >= 0x80 ? (r.type & 0x0F) != EntryType.shortKey : r.type >= EntryType.firstRecordType else {
                throw .invalidRecord("unknown record type \(r.type) is reserved for definitions or key presses")
            }
            beginRecord(r.timestamp)
            scratch.writeBytes(r.payload)
            if r.type >= 0x80 {
                guard scratch.count <= EntryType.shortMaxLength else {
                    throw .invalidRecord("a short-form record carries at most \(EntryType.shortMaxLength) bytes")
                }
                out.writeUInt8(EntryType.shortTag(type: r.type & 0x0F, length: scratch.count))
                out.writeBytes(scratch)
            } else {
                endRecord(r.type, into: &out)
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
        beginRecord(r.timestamp)
        scratch.writeVarint(r.pressSequence)
        scratch.writeUInt8(r.outcome.rawValue)
        scratch.writeUInt8((r.isUpAction ? 1 : 0) | (r.command != nil ? 2 : 0))
        if let command = r.command {
            scratch.writeVarint(UInt64(command.modifiers.rawValue))
            scratch.writeVarint(input)
        }
        scratch.writeVarint(title)
        scratch.writeVarint(action)
        scratch.writeVarint(provider)
        scratch.writeVarint(target)
        scratch.writeVarint(blocking)
        endRecord(EntryType.resolution, into: &out)
    }

    /// Appends a stage-timings record.
    mutating func encode(_ r: StageTimingsRecord, into out: inout ByteWriter) {
        beginRecord(r.timestamp)
        scratch.writeVarint(r.pressSequence)
        scratch.writeVarint(UInt64(r.durations.count))
        for i in 0..<r.durations.count { scratch.writeVarint(r.durations[i]) }
        scratch.writeVarint(r.total)
        endRecord(EntryType.stageTimings, into: &out)
    }

    /// Appends a `keyCommands` counters record.
    mutating func encode(_ r: KeyCommandsCountersRecord, into out: inout ByteWriter) {
        beginRecord(r.timestamp)
        scratch.writeVarint(r.pressSequence)
        scratch.writeVarint(r.calls)
        scratch.writeVarint(r.policyCalls)
        scratch.writeVarint(r.enumerations)
        endRecord(EntryType.keyCommandsCounters, into: &out)
    }

    /// Appends a cache record.
    mutating func encode(_ r: CacheEventRecord, into out: inout ByteWriter) {
        beginRecord(r.timestamp)
        switch r.event {
        case .hit: scratch.writeUInt8(0)
        case .miss: scratch.writeUInt8(1)
        case .invalidation(let reason):
            scratch.writeUInt8(2)
            scratch.writeUInt8(reason.rawValue)
        }
        endRecord(EntryType.cache, into: &out)
    }

    // MARK: - Keys

    /// Appends a key record: a short-form entry of timestamp delta and shape number, after the
    /// shape's definition when the shape is new to the chunk.
    @inline(__always) mutating func encodeKey(_ press: KeyPress, uncertainty: UInt64?, into out: inout ByteWriter) {
        let key = ShapeCache.Key(press, uncertainty: uncertainty)
        let id: UInt64
        if let cached = shapeCache.id(of: press, key: key) {
            id = cached
        } else {
            let shape = KeyShape(KeyRecord(press, timestampUncertainty: uncertainty))
            id = shapes[shape] ?? defineShape(shape, into: &out)
            shapeCache.remember(id, for: press, key: key)
        }
        let time = press.timestamp
        // Build the whole entry in one word and append it once.
        if let delta = TimeDelta.value(time, after: previousTime) {
            let length = ByteWriter.varintSize(delta) + ByteWriter.varintSize(id)
            if length <= EntryType.shortMaxLength {
                var entry = EntryScratch()
                entry.append(EntryType.shortTag(type: EntryType.shortKey, length: length))
                entry.appendVarint(delta)
                entry.appendVarint(id)
                entry.flush(into: &out)
                previousTime = time
                return
            }
        }
        let length = TimeDelta.size(time, after: previousTime) + ByteWriter.varintSize(id)
        out.writeUInt8(EntryType.key)
        out.writeVarint(UInt64(length))
        TimeDelta.write(time, after: previousTime, into: &out)
        out.writeVarint(id)
        previousTime = time
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
        out.writeUInt8(EntryType.keyShapeDefinition)
        out.writeVarint(UInt64(w.count))
        out.writeBytes(w)
        let id = UInt64(shapes.count)
        shapes[shape] = id
        return id
    }

    // MARK: - Strings and framing

    /// The reference for `string` (0 for `nil`, id + 1 otherwise), defining it first if new.
    private mutating func reference(_ string: String?, into out: inout ByteWriter) -> UInt64 {
        guard let string else { return 0 }
        if let cached = stringCache.reference(of: string) { return cached }
        if let id = strings[ExactString(string)] {
            stringCache.remember(id + 1, for: string)
            return id + 1
        }
        let utf8 = Array(string.utf8)
        out.writeUInt8(EntryType.stringDefinition)
        out.writeVarint(UInt64(utf8.count))
        out.writeBytes(utf8)
        let id = UInt64(strings.count)
        strings[ExactString(string)] = id
        stringCache.remember(id + 1, for: string)
        return id + 1
    }

    mutating func beginRecord(_ time: UInt64) {
        scratch.removeAll()
        TimeDelta.write(time, after: previousTime, into: &scratch)
        previousTime = time
    }

    mutating func endRecord(_ type: UInt8, into out: inout ByteWriter) {
        out.writeUInt8(type)
        out.writeVarint(UInt64(scratch.count))
        out.writeBytes(scratch)
    }
}

/// One short entry (at most 8 bytes: a tag and 7 payload bytes), appended as one word.
struct EntryScratch {
    private var word: UInt64 = 0
    private var count: UInt64 = 0

    @inline(__always) mutating func append(_ byte: UInt8) {
        word |= UInt64(byte) &<< (count &* 8)
        count &+= 1
    }

    @inline(__always) mutating func appendVarint(_ value: UInt64) {
        if value < 0x80 {
            append(UInt8(value))
            return
        }
        var v = value
        while v >= 0x80 {
            append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        append(UInt8(v))
    }

    @inline(__always) func flush(into out: inout ByteWriter) {
        out.writeWord(word, length: Int(count))
    }
}
