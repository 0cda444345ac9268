extension TraceReader {
    /// The position of the first chunk whose last timestamp is at or after `time`
    /// (binary search over the index: O(log chunks)); `chunks.count` when none is.
    public func chunkPosition(forTime time: UInt64) -> Int {
        var low = 0
        var high = chunks.count
        while low < high {
            let mid = (low + high) / 2
            if chunks[mid].lastTimestamp < time && chunks[mid].isSealed { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The position of the chunk holding record `index` (binary search); `chunks.count` when none does.
    public func chunkPosition(forRecord index: UInt64) -> Int {
        var low = 0
        var high = chunks.count
        while low < high {
            let mid = (low + high) / 2
            if chunks[mid].firstRecordIndex <= index { low = mid + 1 } else { high = mid }
        }
        return Swift.max(0, low - 1)
    }

    /// Records from the first one at or after `time` (for nondecreasing timestamps, exactly
    /// those with `timestamp >= time`), found by binary search over the index.
    public func records(from time: UInt64) -> RecordIterator {
        RecordIterator(cursor: cursor(from: time))
    }

    /// A cursor positioned before the first record at or after `time` (see ``records(from:)``).
    public func cursor(from time: UInt64) -> RecordCursor {
        RecordCursor(storage: storage, chunks: chunks, startChunk: chunkPosition(forTime: time), skipBeforeTime: time)
    }

    /// Records from the one with index `index` (0-based, in file order) onward.
    public func records(startingAt index: UInt64) -> RecordIterator {
        RecordIterator(cursor: cursor(startingAt: index))
    }

    /// A cursor positioned before record `index` (see ``records(startingAt:)``).
    public func cursor(startingAt index: UInt64) -> RecordCursor {
        guard !chunks.isEmpty else { return cursor() }
        let position = chunkPosition(forRecord: index)
        let skip = index >= chunks[position].firstRecordIndex ? index - chunks[position].firstRecordIndex : 0
        return RecordCursor(storage: storage, chunks: chunks, startChunk: position, skipRecords: skip)
    }

    /// A cursor over the records of the chunks in `range` (indices into ``chunks``) only:
    /// a trace split into chunk ranges can be read by several threads at once.
    public func cursor(overChunks range: Range<Int>) -> RecordCursor {
        let lower = Swift.max(0, Swift.min(range.lowerBound, chunks.count))
        return RecordCursor(storage: storage, chunks: chunks, startChunk: lower, endChunk: Swift.max(lower, range.upperBound))
    }
}
