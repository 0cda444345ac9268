import KeyTraceCore

/// Appends records to a trace, in chunks that survive a killed writer.
///
/// ```
///  append ─▶ encode into the open chunk ─▶ (every flushInterval of trace time) write bytes
///                                      └─▶ (payload ≥ chunkSize, or finish) seal: patch header
///  finish ─▶ seal ─▶ footer index ─▶ close
/// ```
///
/// The open chunk's header is written with the "open" length (FF FF FF FF) when its first
/// bytes are flushed; sealing back-patches length, count, last timestamp and CRC in one
/// 48-byte write. A writer killed at any moment leaves sealed chunks that verify and an
/// open tail whose flushed records a reader still recovers (without a checksum).
///
/// Flushing is driven by trace time only (no hidden wall clock): appending a record at least
/// ``Options/flushInterval`` after the oldest unflushed one writes everything pending. A live
/// recorder calls ``advanceTime(to:)`` or ``flush()`` from its own timer when input is idle.
/// Identical input gives byte-identical output.
///
/// A writer is a reference type because it owns a file descriptor; it is not thread-safe.
public final class TraceWriter {
    /// When the writer flushes and seals.
    public struct Options: Hashable, Sendable {
        /// Trace time in nanoseconds after which pending records are written (default 100 ms).
        public var flushInterval: UInt64
        /// Payload bytes after which a chunk is sealed (default 64 KiB).
        public var chunkSize: Int
        /// Seal the chunk at every flush, so every flushed record is checksummed (more chunk
        /// headers: about 48 bytes per flush).
        public var sealOnFlush: Bool
        /// Bytes the header's metadata block takes up at least (padding, §3.1 tag 16), so that
        /// metadata given later with ``TraceWriter/setMetadata(_:)`` is written in place at
        /// ``TraceWriter/finish()``. 0 (the default) reserves nothing.
        public var metadataReserve: Int

        /// Creates options; the defaults flush every 100 ms of trace time, seal at 64 KiB and
        /// reserve no metadata room.
        public init(flushInterval: UInt64 = 100_000_000, chunkSize: Int = 64 * 1024, sealOnFlush: Bool = false,
                    metadataReserve: Int = 0) {
            self.flushInterval = flushInterval
            self.chunkSize = max(1, chunkSize)
            self.sealOnFlush = sealOnFlush
            self.metadataReserve = max(0, metadataReserve)
        }

        /// For converting a file whose whole input is at hand: no flush by trace time (bytes are
        /// written a sealed 64 KiB chunk at a time) and 4 KiB of metadata room, for devices
        /// found while converting. A killed conversion is run again rather than recovered.
        public static let conversion = Options(flushInterval: .max, metadataReserve: 4096)
    }

    /// The options in force.
    public let options: Options
    /// The header written at the start, or the one ``setMetadata(_:)`` gave.
    public private(set) var header: TraceFileHeader
    /// The length of the header on disk.
    private var headerLength: Int
    /// Whether ``setMetadata(_:)`` changed the header since it was written.
    private var headerChanged = false
    /// Held through a pointer so each call makes one plain access instead of a dynamic
    /// exclusivity check on a class property (the writer is not thread-safe anyway).
    private let storage: UnsafeMutablePointer<WriterState>
    private var state: WriterState {
        _read { yield storage.pointee }
        _modify { yield &storage.pointee }
    }

    /// Creates a writer that builds the trace in memory; read it with ``finish()``.
    public init(metadata: TraceMetadata, options: Options = Options()) {
        self.options = options
        header = TraceFileHeader(metadata: metadata)
        let encoded = header.encodedReserving(options.metadataReserve)
        headerLength = encoded.count
        storage = UnsafeMutablePointer<WriterState>.allocate(capacity: 1)
        storage.initialize(to: WriterState(options: options, sink: .memory))
        try? state.write(encoded)
    }

    /// Creates (or truncates) the file at `path` and writes the header.
    public init(path: String, metadata: TraceMetadata, options: Options = Options()) throws(TraceFormatError) {
        self.options = options
        header = TraceFileHeader(metadata: metadata)
        let encoded = header.encodedReserving(options.metadataReserve)
        headerLength = encoded.count
        let sink = try OutputSink(creating: path)
        storage = UnsafeMutablePointer<WriterState>.allocate(capacity: 1)
        storage.initialize(to: WriterState(options: options, sink: sink))
        try state.write(encoded)
    }

    deinit {
        storage.pointee.sink.close()
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// The chunks sealed so far, as the footer index will list them.
    public var chunks: [TraceChunk] { state.chunks }
    /// Records appended so far.
    public var recordCount: UInt64 { state.recordCount }
    /// Key records appended so far: the next key's press sequence number.
    public var keyCount: UInt64 { state.keyCount }

    /// Appends a record. Returns the record's index in the trace.
    @discardableResult
    public func append(_ record: TraceRecord) throws(TraceFormatError) -> UInt64 {
        try state.append(record)
    }

    /// Appends a resolution record without wrapping it in a ``TraceRecord`` (whose case would
    /// box it); returns its index. The bytes are those of `append(.resolution(record))`.
    @discardableResult
    public func append(_ record: ResolutionRecord) throws(TraceFormatError) -> UInt64 {
        try state.append(at: record.timestamp) { encoder, out in encoder.encode(record, into: &out) }
    }

    /// Appends a stage-timings record without wrapping it in a ``TraceRecord``; returns its index.
    @discardableResult
    public func append(_ record: StageTimingsRecord) throws(TraceFormatError) -> UInt64 {
        try state.append(at: record.timestamp) { encoder, out in encoder.encode(record, into: &out) }
    }

    /// Appends a `keyCommands` counters record without wrapping it in a ``TraceRecord``; returns
    /// its index.
    @discardableResult
    public func append(_ record: KeyCommandsCountersRecord) throws(TraceFormatError) -> UInt64 {
        try state.append(at: record.timestamp) { encoder, out in encoder.encode(record, into: &out) }
    }

    /// Appends a cache record without wrapping it in a ``TraceRecord``; returns its index.
    @discardableResult
    public func append(_ record: CacheEventRecord) throws(TraceFormatError) -> UInt64 {
        try state.append(at: record.timestamp) { encoder, out in encoder.encode(record, into: &out) }
    }

    /// Appends a HID report record (allocating nothing); returns its index.
    @discardableResult
    public func append(_ report: HIDReport) throws(TraceFormatError) -> UInt64 {
        try state.append(at: report.timestamp) { encoder, out in encoder.encode(report, into: &out) }
    }

    /// Appends a key press; returns its press sequence number (for resolution records).
    @discardableResult
    public func append(_ press: KeyPress, timestampUncertainty: UInt64? = nil) throws(TraceFormatError) -> UInt64 {
        try state.appendKey(press, uncertainty: timestampUncertainty)
    }

    /// Tells the writer trace time has reached `time` with no new record, flushing if due.
    public func advanceTime(to time: UInt64) throws(TraceFormatError) {
        try state.advanceTime(to: time)
    }

    /// Writes every pending record to the file now (sealing the chunk if ``Options/sealOnFlush``).
    public func flush() throws(TraceFormatError) {
        try state.flush()
    }

    /// Replaces the metadata; the header is rewritten by ``finish()``: in place when the new
    /// metadata fits the header's length (see ``Options/metadataReserve``), else by moving the
    /// chunks after it.
    public func setMetadata(_ metadata: TraceMetadata) {
        header.metadata = metadata
        headerChanged = true
    }

    /// Seals the open chunk, rewrites the header if ``setMetadata(_:)`` changed it, writes the
    /// footer index and closes the file.
    ///
    /// Returns the whole trace for an in-memory writer, and an empty array for a file.
    @discardableResult
    public func finish() throws(TraceFormatError) -> [UInt8] {
        if headerChanged {
            headerChanged = false
            let encoded = header.encoded(metadataLength: headerLength - TraceFileHeader.fixedSize) ?? header.encoded()
            try state.replaceHeader(encoded, oldLength: headerLength)
            headerLength = encoded.count
        }
        return try state.finish()
    }
}
