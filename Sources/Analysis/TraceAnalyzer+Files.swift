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
    /// Records are decoded on a second thread while this one analyses them
    /// (``DecodingPipeline``); the result is the same as reading them in order on one thread.
    public mutating func addTrace(_ reader: TraceReader, path: String, progress: ((UInt64, UInt64?) -> Void)? = nil) {
        beginTrace(path: path, metadata: reader.header.metadata)
        for issue in reader.indexIssues where issue.losesRecords || issue.losesMetadata { noteIssue(issue.description) }
        let pipeline = DecodingPipeline(reader: reader)
        var read: UInt64 = 0
        var nextProgress = Self.progressInterval
        let expected = reader.footerRecordCount
        while let batch = pipeline.nextBatch() {
            read += UInt64(batch.count)
            while let record = batch.takeNext() { add(record, stageMetrics: DecodingPipeline.analysingThreadMetrics) }
            pipeline.recycle(batch)
            if read >= nextProgress {
                progress?(read, expected)
                nextProgress = (read / Self.progressInterval + 1) * Self.progressInterval
            }
        }
        mergeStages(pipeline.stages)
        progress?(read, expected)
        let known = Set(reader.indexIssues)
        for issue in pipeline.issues where issue.losesRecords && !known.contains(issue) { noteIssue(issue.description) }
    }
}
