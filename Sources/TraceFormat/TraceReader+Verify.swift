/// The result of checking every chunk of a trace.
public struct VerificationReport: Hashable, Sendable {
    /// Chunks found (from the footer or a scan).
    public var chunkCount: Int
    /// Records that could be read.
    public var readableRecords: UInt64
    /// Records the footer says the trace holds, when there is a footer.
    public var expectedRecords: UInt64?
    /// Whether a valid footer index was found.
    public var hasFooter: Bool
    /// Every problem, in file order.
    public var issues: [ChunkIssue]

    /// Whether the trace is complete and undamaged: a footer, no issues.
    public var isIntact: Bool { hasFooter && issues.isEmpty }
}

extension TraceReader {
    /// Reads every chunk, checking checksums, framing and record counts.
    public func verify() -> VerificationReport {
        var iterator = makeIterator()
        while iterator.next() != nil {}
        var issues = indexIssues + iterator.issues
        issues.sort { $0.offset < $1.offset }
        if let expected = footerRecordCount, expected != iterator.recordsRead, issues.isEmpty {
            issues.append(ChunkIssue(offset: fileSize, problem: .recordCountMismatch(expected: expected, found: iterator.recordsRead)))
        }
        return VerificationReport(chunkCount: chunks.count, readableRecords: iterator.recordsRead,
                                  expectedRecords: footerRecordCount, hasFooter: hasFooter, issues: issues)
    }
}
