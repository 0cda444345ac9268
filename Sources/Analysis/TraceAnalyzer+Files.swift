import TraceFormat

extension TraceAnalyzer {
    /// How often ``addTrace(at:progress:)`` reports progress, in records.
    public static let progressInterval: UInt64 = 1 << 17

    /// Reads every intact record of the trace at `path` into the analysis, streaming one chunk
    /// at a time. Damaged chunks are skipped and noted (``TraceAnalysis/warnings``) with their
    /// byte offset; a file that is not a usable trace at all throws.
    ///
    /// `progress` receives (records read, records the footer announces or `nil`) every
    /// ``progressInterval`` records and once at the end.
    public mutating func addTrace(at path: String,
                                  progress: ((UInt64, UInt64?) -> Void)? = nil) throws(TraceFormatError) {
        let reader = try TraceReader(path: path)
        addTrace(reader, path: path, progress: progress)
    }

    /// Reads every intact record of `reader` (see ``addTrace(at:progress:)``).
    ///
    /// A trace of at least ``minimumChunksToSplit`` chunks is read by two threads, each taking
    /// half of its chunks, and the halves are merged; the analysis is the same as one thread's
    /// (see ``addTrace(_:path:splittingAt:progress:)``).
    public mutating func addTrace(_ reader: TraceReader, path: String, progress: ((UInt64, UInt64?) -> Void)? = nil) {
        if Self.splitsLargeTraces && reader.chunks.count >= Self.minimumChunksToSplit {
            addTrace(reader, path: path, splittingAt: reader.chunks.count / 2, progress: progress)
        } else {
            addTraceOnOneThread(reader, path: path, progress: progress)
        }
    }

    /// Reads every record of `reader` on the calling thread, in file order.
    public mutating func addTraceOnOneThread(_ reader: TraceReader, path: String,
                                             progress: ((UInt64, UInt64?) -> Void)? = nil) {
        beginTrace(path: path, metadata: reader.header.metadata)
        noteIndexIssues(of: reader)
        var cursor = reader.cursor()
        let expected = reader.footerRecordCount
        let read = read(&cursor) { read in progress?(read, expected) }
        progress?(read, expected)
        noteIssues(of: cursor, in: reader)
    }

    mutating func noteIndexIssues(of reader: TraceReader) {
        for issue in reader.indexIssues where issue.losesRecords || issue.losesMetadata { note(issue) }
    }

    /// Notes the damage `cursor` met that the index did not already report.
    mutating func noteIssues(of cursor: RecordCursor, in reader: TraceReader) {
        let known = Set(reader.indexIssues)
        for issue in cursor.issues where issue.losesRecords && !known.contains(issue) { note(issue) }
    }

    private mutating func note(_ issue: ChunkIssue) {
        noteIssue(issue.description)
        if issue.losesRecords { lostRecords = true }
    }

    /// Adds every record `cursor` yields; `progress` gets the count every ``progressInterval``.
    /// Returns the number of records read.
    mutating func read(_ cursor: inout RecordCursor, progress: (UInt64) -> Void) -> UInt64 {
        // The cursor hands over each payload on its own: no `TraceRecord` is built, copied or
        // destroyed for the three kinds that make up almost every trace.
        var read: UInt64 = 0
        while cursor.next() {
            switch cursor.kind {
            case .key:
                if let key = cursor.keyRecord { add(key: key) } else { add(cursor.record) }
            case .resolution:
                if let resolution = cursor.resolution { add(resolution: resolution) } else { add(cursor.record) }
            case .stageTimings:
                if let timings = cursor.stageTimings { add(stageTimings: timings) } else { add(cursor.record) }
            case .hidReport:
                if let report = cursor.hidReport { add(report: report) } else { add(cursor.record) }
            default:
                add(cursor.record)
            }
            read += 1
            if read % Self.progressInterval == 0 { progress(read) }
        }
        return read
    }
}
