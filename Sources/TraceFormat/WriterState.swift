import KeyTraceCore

/// The mutable state of a ``TraceWriter``: one struct, so each append is one exclusive access.
struct WriterState: ~Copyable {
    let options: TraceWriter.Options
    private let flushInterval: Int64
    var sink: OutputSink
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
    private var hasPending = false
    private var oldestPending: UInt64 = 0
    private var finished = false
    private(set) var chunks: [TraceChunk] = []
    private(set) var recordCount: UInt64 = 0
    private(set) var keyCount: UInt64 = 0

    init(options: TraceWriter.Options, sink: OutputSink) {
        self.options = options
        self.flushInterval = Int64(clamping: options.flushInterval)
        self.sink = sink
    }

    mutating func append(_ record: TraceRecord) throws(TraceFormatError) -> UInt64 {
        if case .key(let key) = record {
            _ = try appendKey(key.press, uncertainty: key.timestampUncertainty)
            return recordCount - 1
        }
        return try append(at: record.timestamp) { encoder, out throws(TraceFormatError) in
            try encoder.encode(record, into: &out)
        }
    }

    /// Appends the record `encode` writes with the chunk's encoder, at `time`; returns its index.
    @inline(__always)
    mutating func append(at time: UInt64,
                         _ encode: (inout ChunkEncoder, inout ByteWriter) throws(TraceFormatError) -> Void)
        throws(TraceFormatError) -> UInt64 {
        guard !finished else { throw .writerFinished }
        if !chunkOpen { openChunk(at: time) }
        try encode(&encoder, &pending)
        return try recorded(at: time)
    }

    /// Appends a key record; returns its press sequence number.
    mutating func appendKey(_ press: KeyPress, uncertainty: UInt64?) throws(TraceFormatError) -> UInt64 {
        guard !finished else { throw .writerFinished }
        let time = press.timestamp
        if !chunkOpen { openChunk(at: time) }
        encoder.encodeKey(press, uncertainty: uncertainty, into: &pending)
        let sequence = keyCount
        keyCount += 1
        _ = try recorded(at: time)
        return sequence
    }

    /// Bookkeeping after a record was encoded; flushes or seals when due. Returns the record index.
    @inline(__always)
    private mutating func recorded(at time: UInt64) throws(TraceFormatError) -> UInt64 {
        chunkRecords &+= 1
        if time > chunkLastTime { chunkLastTime = time }
        let index = recordCount
        recordCount += 1
        if !hasPending {
            hasPending = true
            oldestPending = time
        }
        if chunkFlushed + pending.count >= options.chunkSize || chunkRecords == UInt32.max {
            try seal()
        } else if Int64(bitPattern: time &- oldestPending) >= flushInterval {
            try flush()
        }
        return index
    }

    mutating func advanceTime(to time: UInt64) throws(TraceFormatError) {
        guard !finished, hasPending else { return }
        if Int64(bitPattern: time &- oldestPending) >= Int64(clamping: options.flushInterval) { try flush() }
    }

    mutating func flush() throws(TraceFormatError) {
        guard chunkOpen, !finished else { return }
        if options.sealOnFlush { try seal(); return }
        try writePending()
    }

    mutating func finish() throws(TraceFormatError) -> [UInt8] {
        guard !finished else { return memory }
        if chunkOpen { try seal() }
        try write(TraceFooter.encode(chunks: chunks, indexOffset: size, recordCount: recordCount))
        finished = true
        sink.close()
        sink = .memory
        return memory
    }

    /// Replaces the first `oldLength` bytes (the file header) with `header`, sealing the open
    /// chunk first. A header of another length moves every chunk after it and their index entries.
    mutating func replaceHeader(_ header: [UInt8], oldLength: Int) throws(TraceFormatError) {
        guard !finished else { throw .writerFinished }
        if chunkOpen { try seal() }
        let distance = header.count - oldLength
        guard distance != 0 else { return try patch(header, at: 0) }
        if case .memory = sink {
            memory.replaceSubrange(0..<oldLength, with: header)
        } else {
            try sink.move(oldLength, size, by: distance)
            try patch(header, at: 0)
        }
        size += distance
        for index in chunks.indices { chunks[index].offset += distance }
    }

    // MARK: - Chunks

    private mutating func openChunk(at time: UInt64) {
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

    private mutating func writePending() throws(TraceFormatError) {
        // In memory there is nothing to make durable: bytes stay pending until the seal.
        if case .memory = sink {
            hasPending = false
            return
        }
        if !headerWritten {
            try write(TraceChunk.encodeHeader(payloadLength: TraceChunk.openLength, recordCount: 0,
                                              firstTime: chunkFirstTime, lastTime: chunkFirstTime,
                                              firstRecordIndex: chunkFirstIndex, payloadCRC: 0))
            headerWritten = true
        }
        hasPending = false
        guard pending.count > 0 else { return }
        let bytes = pending.bytes
        chunkCRC.update(bytes)
        chunkFlushed += pending.count
        try write(bytes)
        pending.removeAll()
    }

    private mutating func seal() throws(TraceFormatError) {
        let payloadLength = chunkFlushed + pending.count
        var crc = chunkCRC
        try pending.withBytes { crc.update($0) }
        let finalHeader = TraceChunk.encodeHeader(payloadLength: UInt32(payloadLength), recordCount: chunkRecords,
                                                  firstTime: chunkFirstTime, lastTime: chunkLastTime,
                                                  firstRecordIndex: chunkFirstIndex, payloadCRC: crc.value)
        if headerWritten {
            try writePending()
            try patch(finalHeader, at: chunkOffset)
        } else {
            try write(finalHeader)
            let bytes = pending.bytes
            try write(bytes)
            pending.removeAll()
            hasPending = false
        }
        chunks.append(TraceChunk(offset: chunkOffset, payloadLength: payloadLength, recordCount: UInt64(chunkRecords),
                                 firstTimestamp: chunkFirstTime, lastTimestamp: chunkLastTime,
                                 firstRecordIndex: chunkFirstIndex, isSealed: true, payloadCRC: crc.value))
        chunkOpen = false
    }

    // MARK: - Output

    mutating func write(_ bytes: [UInt8]) throws(TraceFormatError) {
        switch sink {
        case .memory:
            memory.append(contentsOf: bytes)
        case .file:
            let result: Result<Void, TraceFormatError> = bytes.withUnsafeBytes { raw in
                do throws(TraceFormatError) {
                    try sink.append(raw)
                    return .success(())
                } catch {
                    return .failure(error)
                }
            }
            try result.get()
        }
        size += bytes.count
    }

    private mutating func patch(_ bytes: [UInt8], at offset: Int) throws(TraceFormatError) {
        switch sink {
        case .memory:
            memory.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
        case .file:
            let result: Result<Void, TraceFormatError> = bytes.withUnsafeBytes { raw in
                do throws(TraceFormatError) {
                    try sink.patch(raw, at: offset)
                    return .success(())
                } catch {
                    return .failure(error)
                }
            }
            try result.get()
        }
    }
}
