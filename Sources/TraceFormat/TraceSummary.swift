import KeyTraceCore

/// What `keytrace inspect` shows: counts, times, devices, chunks and integrity of a trace.
public struct TraceSummary: Hashable, Sendable {
    /// Records per kind.
    public var counts: [RecordKind: UInt64] = [:]
    /// The smallest and largest record timestamps, if there are records.
    public var firstTimestamp: UInt64?
    /// The largest record timestamp.
    public var lastTimestamp: UInt64?
    /// Devices seen in key records, with their press counts.
    public var devices: [DeviceID: UInt64] = [:]
    /// The integrity check of every chunk.
    public var verification: VerificationReport
    /// The file size in bytes.
    public var fileSize: Int

    /// Reads every record of `reader` once.
    public init(_ reader: TraceReader) {
        var iterator = reader.makeIterator()
        while let record = iterator.next() {
            counts[record.kind, default: 0] += 1
            let t = record.timestamp
            firstTimestamp = Swift.min(firstTimestamp ?? t, t)
            lastTimestamp = Swift.max(lastTimestamp ?? t, t)
            if case .key(let k) = record { devices[k.press.device, default: 0] += 1 }
        }
        var issues = reader.indexIssues + iterator.issues
        issues.sort { $0.offset < $1.offset }
        verification = VerificationReport(chunkCount: reader.chunks.count, readableRecords: iterator.recordsRead,
                                          expectedRecords: reader.footerRecordCount, hasFooter: reader.hasFooter,
                                          issues: issues)
        fileSize = reader.fileSize
    }

    /// Total records read.
    public var recordCount: UInt64 { counts.values.reduce(0, +) }

    /// Duration from the first to the last record in ns.
    public var duration: UInt64 {
        guard let a = firstTimestamp, let b = lastTimestamp else { return 0 }
        return b &- a
    }
}
