import KeyTraceCore

/// Walks a trace's records without materialising them: each step decodes only the entry
/// framing and the timestamp (and, for keys, the shape number), so scans, filters and
/// seeks cost a few nanoseconds per record. ``record`` builds the full value on demand.
///
/// ```swift
/// var cursor = reader.cursor()
/// while cursor.next() {
///     if cursor.kind == .key, cursor.keyPhase == .began { print(cursor.timestamp, cursor.record) }
/// }
/// ```
///
/// Damaged chunks are skipped and reported in ``issues``, exactly as ``RecordIterator`` does.
public struct RecordCursor {
    private let storage: TraceStorage
    private let chunks: [TraceChunk]
    private var nextChunk: Int
    /// One past the last chunk this cursor reads.
    private let endChunk: Int
    @usableFromInline var decoder = ChunkDecoder(payload: UnsafeRawBufferPointer(start: nil, count: 0), baseTime: 0)
    private var current: TraceChunk?
    /// For a sealed chunk cut short by the end of the file: the payload bytes it claims and
    /// those present. Its whole records are read without a checksum.
    private var cutShort: (expected: Int, available: Int)?
    @usableFromInline var decodedInChunk: UInt64 = 0
    /// Counts the chunks entered, so that batches know when shape numbers change meaning.
    var chunkSerial = 0
    private var skipRecords: UInt64
    private var skipBeforeTime: UInt64?
    /// Damage met so far, in file order, with byte offsets.
    public private(set) var issues: [ChunkIssue] = []
    /// Records stepped over so far (after any seek).
    @inlinable public var recordsRead: UInt64 { stepped }
    @usableFromInline var stepped: UInt64 = 0
    /// The current record's timestamp in ns (kept when ``next()`` returns `false`).
    @inlinable public var timestamp: UInt64 { currentTime }
    @usableFromInline var currentTime: UInt64 = 0
    /// Inside an intact chunk with no records left to skip: ``next()`` may take its fast path.
    @usableFromInline var isStreaming = false
    /// The tags ``next(in:)`` stops at, for the kinds it was last called with.
    @usableFromInline var stopTags = RecordTagSet(.all)
    /// File bytes before this offset have been passed and handed back to the kernel (`nil`
    /// before the first chunk).
    private var releasedUpTo: Int?
    /// How many bytes the cursor passes before it releases them (see ``TraceStorage/release(_:)``),
    /// which keeps a scan's resident memory constant.
    static let releaseStride = 8 << 20

    init(storage: TraceStorage, chunks: [TraceChunk], startChunk: Int, endChunk: Int? = nil,
         skipRecords: UInt64 = 0, skipBeforeTime: UInt64? = nil) {
        self.storage = storage
        self.chunks = chunks
        self.nextChunk = startChunk
        self.endChunk = min(endChunk ?? chunks.count, chunks.count)
        self.skipRecords = skipRecords
        self.skipBeforeTime = skipBeforeTime
    }

    /// Moves to the next intact record; `false` at the end of the trace.
    ///
    /// The common case, a short-form key inside an intact chunk with no seek pending, is
    /// inlined into the caller's loop: one word load and two in-register varints.
    @inlinable
    public mutating func next() -> Bool {
        if isStreaming && decoder.advanceShortKey() {
            decodedInChunk &+= 1
            stepped &+= 1
            currentTime = decoder.previousTime
            return true
        }
        return nextInGeneral()
    }

    /// Moves to the next intact record of one of `kinds`, stepping over the others; `false` at
    /// the end of the trace.
    ///
    /// The records stepped over still count in ``recordsRead`` and their damage in ``issues``.
    /// Inside an intact chunk, a record of another kind costs a few masks: its tag, length and
    /// timestamp come from one word, and the cursor does not stop on it.
    public mutating func next(in kinds: RecordKinds) -> Bool {
        while true {
            if isStreaming {
                if stopTags.kinds != kinds { stopTags = RecordTagSet(kinds) }
                let run = decoder.advanceOtherRecords(stoppingAt: stopTags)
                if run.count > 0 {
                    decodedInChunk &+= run.count
                    stepped &+= run.count
                    currentTime = decoder.previousTime
                    if run.stopped { return true }
                }
                if decoder.advanceShortKey() {
                    decodedInChunk &+= 1
                    stepped &+= 1
                    currentTime = decoder.previousTime
                    if kinds.contains(.key) { return true }
                    continue
                }
            }
            switch nextInGeneral(in: kinds) {
            case .found: return true
            case .end: return false
            case .other: continue
            }
        }
    }

    /// What ``nextInGeneral(in:)`` came to.
    @usableFromInline
    enum GeneralStep { case found, other, end }

    /// ``nextInGeneral()`` and whether the record it reaches is of one of `kinds`. Kept out of
    /// line so that ``next(in:)`` does not map every kind to its bit on each call.
    @usableFromInline @inline(never)
    mutating func nextInGeneral(in kinds: RecordKinds) -> GeneralStep {
        guard nextInGeneral() else { return .end }
        return kinds.contains(kind) ? .found : .other
    }

    @usableFromInline
    mutating func nextInGeneral() -> Bool {
        // Streaming (no seek or skip pending): a record other than a key usually steps quickly.
        if isStreaming && decoder.advanceOtherRecords(stoppingAt: .every).count > 0 {
            decodedInChunk &+= 1
            stepped &+= 1
            currentTime = decoder.previousTime
            return true
        }
        while true {
            if current != nil, step() {
                if skipRecords > 0 {
                    skipRecords -= 1
                    continue
                }
                if let t = skipBeforeTime {
                    if decoder.time < t { continue }
                    skipBeforeTime = nil
                }
                isStreaming = true
                stepped += 1
                currentTime = decoder.time
                return true
            }
            isStreaming = false
            guard nextChunk < endChunk else { return false }
            enter(chunks[nextChunk])
            nextChunk += 1
        }
    }

    /// The current record's kind by its entry type (a record whose fields do not decode
    /// still materialises as ``TraceRecord/unknown(_:)``).
    @inlinable
    public var kind: RecordKind { decoder.shape >= 0 ? .key : ChunkDecoder.kind(ofTag: decoder.tag) }

    /// The current record, fully decoded.
    @inlinable
    public var record: TraceRecord { decoder.record() }

    /// Moves to the next record and decodes it: ``next()`` then ``record`` in one call.
    @inlinable
    public mutating func nextRecord() -> TraceRecord? {
        next() ? decoder.record() : nil
    }

    /// The current record when it is a key press (`nil` otherwise): the payload alone, without
    /// a ``TraceRecord`` around it. Consumers that switch on ``kind`` use these accessors.
    @inlinable
    public var keyRecord: KeyRecord? {
        // The decoder's stored fields, read in place: a call on the decoder would copy it first.
        let shape = decoder.shape
        guard shape >= 0 else { return nil }
        var record = decoder.shapes[shape]
        record.press.timestamp = decoder.previousTime
        return record
    }

    /// The current record when it is a resolution whose fields decode, `nil` otherwise.
    ///
    /// Resolutions that repeat within a chunk (the same command, title, action and paths) share
    /// one copy of their strings: reading them this way allocates nothing after the first.
    public var resolution: ResolutionRecord? { mutating get { decoder.resolution() } }

    /// The current record when it is a resolution that names its fields by a chunk definition
    /// (format 2.0's short form), read without building the record; `nil` otherwise, when
    /// ``resolution`` is the way to read it.
    public var resolutionReference: ResolutionReference? {
        mutating get {
            guard let defined = decoder.definedResolution() else { return nil }
            return ResolutionReference(pressSequence: defined.pressSequence, chunk: chunkSerial, definition: defined.definition)
        }
    }

    /// The current record when it is a set of stage timings whose fields decode, `nil` otherwise.
    public var stageTimings: StageTimingsRecord? { decoder.stageTimings }

    /// For a key record: its phase.
    @inlinable
    public var keyPhase: KeyPhase? { keyRecord?.press.phase }

    /// For a key record: its HID usage.
    @inlinable
    public var keyUsage: HIDUsage? { keyRecord?.press.usage }

    /// For a key record: its device.
    @inlinable
    public var keyDevice: DeviceID? { keyRecord?.press.device }

    @inline(__always)
    private mutating func step() -> Bool {
        do {
            if try decoder.advance() {
                decodedInChunk += 1
                return true
            }
            if let chunk = current {
                if let cut = cutShort {
                    issues.append(ChunkIssue(offset: chunk.offset, problem: .truncated(
                        expected: cut.expected, available: cut.available, recovered: decodedInChunk)))
                } else if chunk.isSealed {
                    if decodedInChunk != chunk.recordCount {
                        issues.append(ChunkIssue(offset: chunk.offset, problem: .recordCountMismatch(
                            expected: chunk.recordCount, found: decodedInChunk)))
                    }
                } else {
                    issues.append(ChunkIssue(offset: chunk.offset, problem: .unsealed(recovered: decodedInChunk)))
                }
            }
        } catch {
            if let chunk = current {
                if let cut = cutShort {
                    // The file ends inside this entry: every record before it is recovered.
                    issues.append(ChunkIssue(offset: chunk.offset, problem: .truncated(
                        expected: cut.expected, available: cut.available, recovered: decodedInChunk)))
                } else if chunk.isSealed {
                    issues.append(ChunkIssue(offset: chunk.offset, problem: .malformedEntry(
                        entryOffset: chunk.offset + TraceChunk.headerSize + error.offset, reason: error.reason)))
                } else {
                    // The writer stopped mid-entry: everything before it is recovered.
                    issues.append(ChunkIssue(offset: chunk.offset, problem: .unsealed(recovered: decodedInChunk)))
                }
            }
        }
        current = nil
        cutShort = nil
        return false
    }

    private mutating func enter(_ indexed: TraceChunk) {
        current = nil
        cutShort = nil
        chunkSerial += 1
        decodedInChunk = 0
        let released = releasedUpTo ?? indexed.offset
        if indexed.offset - released >= Self.releaseStride {
            storage.release(released..<indexed.offset)
            releasedUpTo = indexed.offset
        } else if releasedUpTo == nil {
            releasedUpTo = released
        }
        let reader = storage.reader
        guard case .success(let chunk) = TraceChunk.readHeader(reader, at: indexed.offset) else {
            issues.append(ChunkIssue(offset: indexed.offset, problem: .badHeader(skipped: 0)))
            return
        }
        if indexed.isSealed && (!chunk.isSealed || chunk.payloadLength != indexed.payloadLength) {
            issues.append(ChunkIssue(offset: indexed.offset, problem: .badHeader(skipped: 0)))
            return
        }
        let available = reader.end - chunk.offset - TraceChunk.headerSize
        if chunk.isSealed && chunk.payloadLength > available {
            // Cut short by the end of the file: its checksum cannot be checked, but every entry
            // wholly present still decodes, up to the first one the cut runs through.
            guard let payload = reader.slice(at: chunk.offset + TraceChunk.headerSize, count: available) else { return }
            decoder.restart(payload: payload, baseTime: chunk.firstTimestamp)
            current = chunk
            cutShort = (chunk.payloadLength, available)
            return
        }
        guard chunk.payloadLength <= available,
              let payload = reader.slice(at: chunk.offset + TraceChunk.headerSize, count: chunk.payloadLength) else {
            issues.append(ChunkIssue(offset: chunk.offset, problem: .truncated(expected: chunk.payloadLength, available: available)))
            return
        }
        if chunk.isSealed {
            let computed = CRC32C.checksum(payload)
            guard computed == chunk.payloadCRC else {
                issues.append(ChunkIssue(offset: chunk.offset, problem: .checksumMismatch(stored: chunk.payloadCRC,
                                                                                           computed: computed)))
                return
            }
        }
        decoder.restart(payload: payload, baseTime: chunk.firstTimestamp)
        current = chunk
    }
}
