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

    /// Whether fewer records were read than the file claims (a chunk header's count, the
    /// footer's total): some issue lost records. An unfinished trace (an unsealed tail, no
    /// footer) loses none.
    public var lostRecords: Bool { issues.contains { $0.losesRecords } }
}

extension TraceReader {
    /// Reads every chunk, checking checksums, framing and record counts.
    public func verify() -> VerificationReport {
        var iterator = makeIterator()
        while iterator.next() != nil {}
        return report(after: iterator.cursor)
    }

    /// What reading with `cursor` met: the index's issues and the cursor's, in file order, each
    /// once, and the records it read. When `wholeTrace` (the cursor started at the first record
    /// and ran to the end), a footer total that differs from the records read is an issue too.
    public func report(after cursor: RecordCursor, wholeTrace: Bool = true) -> VerificationReport {
        var issues = indexIssues
        for issue in cursor.issues where !issues.contains(issue) { issues.append(issue) }
        issues.sort { $0.offset < $1.offset }
        if wholeTrace, let expected = footerRecordCount, expected != cursor.recordsRead, issues.isEmpty {
            issues.append(ChunkIssue(offset: fileSize, problem: .recordCountMismatch(expected: expected, found: cursor.recordsRead)))
        }
        return VerificationReport(chunkCount: chunks.count, readableRecords: cursor.recordsRead,
                                  expectedRecords: footerRecordCount, hasFooter: hasFooter, issues: issues)
    }

    /// What reading with `iterator` met (see ``report(after:wholeTrace:)``).
    public func report(after iterator: RecordIterator, wholeTrace: Bool = true) -> VerificationReport {
        report(after: iterator.cursor, wholeTrace: wholeTrace)
    }
}
