#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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

        /// Creates options; the defaults flush every 100 ms of trace time and seal at 64 KiB.
        public init(flushInterval: UInt64 = 100_000_000, chunkSize: Int = 64 * 1024, sealOnFlush: Bool = false) {
            self.flushInterval = flushInterval
            self.chunkSize = max(1, chunkSize)
            self.sealOnFlush = sealOnFlush
        }
    }

    private enum Destination {
        case memory
        case file(descriptor: Int32, path: String)
    }

    /// The options in force.
    public let options: Options
    /// The header written at the start.
    public let header: TraceFileHeader
    private var destination: Destination
    private var memory: [UInt8] = []
    private var size = 0
    private var encoder = ChunkEncoder()
    private var pending = ByteWriter(capacity: 64 * 1024 + 1024)
    private var chunkOpen = false
    private var headerWritten = false
    private var chunkOffset = 0
    private var chunkFirstTime: UInt64 = 0
    private var chunkLastTime: UInt64 = 0
    private var chunkFirstIndex: UInt64 = 0
    private var chunkRecords: UInt32 = 0
    private var chunkFlushed = 0
    private var chunkCRC = CRC32C()
    private var oldestPending: UInt64?
    private var finished = false
    /// The chunks sealed so far, as the footer index will list them.
    public private(set) var chunks: [TraceChunk] = []
    /// Records appended so far.
    public private(set) var recordCount: UInt64 = 0
    /// Key records appended so far: the next key's press sequence number.
    public private(set) var keyCount: UInt64 = 0

    /// Creates a writer that builds the trace in memory; read it with ``finish()``.
    public init(metadata: TraceMetadata, options: Options = Options()) {
        self.options = options
        self.header = TraceFileHeader(metadata: metadata)
        destination = .memory
        let bytes = header.encoded()
        memory = bytes
        size = bytes.count
    }

    /// Creates (or truncates) the file at `path` and writes the header.
    public init(path: String, metadata: TraceMetadata, options: Options = Options()) throws(TraceFormatError) {
        self.options = options
        self.header = TraceFileHeader(metadata: metadata)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw .cannotWrite(path: path, errno: errno) }
        destination = .file(descriptor: fd, path: path)
        try write(header.encoded())
    }

    deinit {
        if case .file(let fd, _) = destination { close(fd) }
    }

    /// Appends a record. Returns the record's index in the trace.
    @discardableResult
    public func append(_ record: TraceRecord) throws(TraceFormatError) -> UInt64 {
        guard !finished else { throw .writerFinished }
        let time = record.timestamp
        if !chunkOpen { openChunk(at: time) }
        try encoder.encode(record, into: &pending)
        if case .key = record { keyCount += 1 }
        chunkRecords += 1
        if time > chunkLastTime { chunkLastTime = time }
        let index = recordCount
        recordCount += 1
        if oldestPending == nil { oldestPending = time }
        if chunkFlushed + pending.count >= options.chunkSize || chunkRecords == UInt32.max {
            try seal()
        } else if let oldest = oldestPending, Int64(bitPattern: time &- oldest) >= Int64(clamping: options.flushInterval) {
            try flush()
        }
        return index
    }

    /// Appends a key press; returns its press sequence number (for resolution records).
    @discardableResult
    public func append(_ press: KeyPress, timestampUncertainty: UInt64? = nil) throws(TraceFormatError) -> UInt64 {
        let sequence = keyCount
        try append(.key(KeyRecord(press, timestampUncertainty: timestampUncertainty)))
        return sequence
    }

    /// Tells the writer trace time has reached `time` with no new record, flushing if due.
    public func advanceTime(to time: UInt64) throws(TraceFormatError) {
        guard !finished, let oldest = oldestPending else { return }
        if Int64(bitPattern: time &- oldest) >= Int64(clamping: options.flushInterval) { try flush() }
    }

    /// Writes every pending record to the file now (sealing the chunk if ``Options/sealOnFlush``).
    public func flush() throws(TraceFormatError) {
        guard chunkOpen else { return }
        if options.sealOnFlush { try seal(); return }
        try writePending()
    }

    /// Seals the open chunk, writes the footer index and closes the file.
    ///
    /// Returns the whole trace for an in-memory writer, and an empty array for a file.
    @discardableResult
    public func finish() throws(TraceFormatError) -> [UInt8] {
        guard !finished else { return memory }
        if chunkOpen { try seal() }
        try write(TraceFooter.encode(chunks: chunks, indexOffset: size, recordCount: recordCount))
        finished = true
        if case .file(let fd, _) = destination {
            close(fd)
            destination = .memory
            memory = []
        }
        return memory
    }

    // MARK: - Chunks

    private func openChunk(at time: UInt64) {
        chunkOpen = true
        headerWritten = false
        chunkOffset = size
        chunkFirstTime = time
        chunkLastTime = time
        chunkFirstIndex = recordCount
        chunkRecords = 0
        chunkFlushed = 0
        chunkCRC = CRC32C()
        encoder.reset(baseTime: time)
        pending.removeAll()
    }

    private func writePending() throws(TraceFormatError) {
        if !headerWritten {
            try write(TraceChunk.encodeHeader(payloadLength: TraceChunk.openLength, recordCount: 0,
                                              firstTime: chunkFirstTime, lastTime: chunkFirstTime,
                                              firstRecordIndex: chunkFirstIndex, payloadCRC: 0))
            headerWritten = true
        }
        guard pending.count > 0 else { return }
        chunkCRC.update(pending.bytes)
        chunkFlushed += pending.count
        try write(pending.bytes)
        pending.removeAll()
        oldestPending = nil
    }

    private func seal() throws(TraceFormatError) {
        let finalHeader: [UInt8]
        let payloadLength = chunkFlushed + pending.count
        var crc = chunkCRC
        crc.update(pending.bytes)
        finalHeader = TraceChunk.encodeHeader(payloadLength: UInt32(payloadLength), recordCount: chunkRecords,
                                              firstTime: chunkFirstTime, lastTime: chunkLastTime,
                                              firstRecordIndex: chunkFirstIndex, payloadCRC: crc.value)
        if headerWritten {
            try writePending()
            try patch(finalHeader, at: chunkOffset)
        } else {
            var whole = finalHeader
            whole.append(contentsOf: pending.bytes)
            try write(whole)
            pending.removeAll()
            oldestPending = nil
        }
        chunks.append(TraceChunk(offset: chunkOffset, payloadLength: payloadLength, recordCount: UInt64(chunkRecords),
                                 firstTimestamp: chunkFirstTime, lastTimestamp: chunkLastTime,
                                 firstRecordIndex: chunkFirstIndex, isSealed: true, payloadCRC: crc.value))
        chunkOpen = false
    }

    // MARK: - Output

    private func write(_ bytes: [UInt8]) throws(TraceFormatError) {
        switch destination {
        case .memory:
            memory.append(contentsOf: bytes)
        case .file(let fd, let path):
            var failure: Int32 = 0
            bytes.withUnsafeBytes { buffer in
                guard let base = buffer.baseAddress else { return }
                var done = 0
                while done < buffer.count {
                    let n = systemWrite(fd, base + done, buffer.count - done)
                    if n < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return
                    }
                    done += n
                }
            }
            if failure != 0 { throw .cannotWrite(path: path, errno: failure) }
        }
        size += bytes.count
    }

    private func patch(_ bytes: [UInt8], at offset: Int) throws(TraceFormatError) {
        switch destination {
        case .memory:
            memory.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
        case .file(let fd, let path):
            let n = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(offset)) }
            if n != bytes.count { throw .cannotWrite(path: path, errno: n < 0 ? errno : EIO) }
        }
    }
}

@inline(__always) private func systemWrite(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, pointer, count)
}
