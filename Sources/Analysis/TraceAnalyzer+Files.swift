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
    /// One thread does it all: handing records to a second, decoding thread was measured
    /// slower (the two cores then fight over the reference counts of the strings and the heap
    /// blocks the records share).
    public mutating func addTrace(_ reader: TraceReader, path: String, progress: ((UInt64, UInt64?) -> Void)? = nil) {
        beginTrace(path: path, metadata: reader.header.metadata)
        for issue in reader.indexIssues where issue.losesRecords || issue.losesMetadata { noteIssue(issue.description) }
        var iterator = reader.makeIterator()
        var read: UInt64 = 0
        let expected = reader.footerRecordCount
        while let record = iterator.next() {
            add(record)
            read += 1
            if read % Self.progressInterval == 0 { progress?(read, expected) }
        }
        progress?(read, expected)
        let known = Set(reader.indexIssues)
        for issue in iterator.issues where issue.losesRecords && !known.contains(issue) { noteIssue(issue.description) }
    }
}
