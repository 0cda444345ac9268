/// Yields the records of a trace one chunk at a time, skipping and reporting damaged chunks.
///
/// A ``RecordCursor`` that materialises every record it steps on.
public struct RecordIterator: IteratorProtocol {
    @usableFromInline var cursor: RecordCursor

    init(cursor: RecordCursor) { self.cursor = cursor }

    /// Damage met so far, in file order, with byte offsets.
    public var issues: [ChunkIssue] { cursor.issues }
    /// Records yielded so far.
    public var recordsRead: UInt64 { cursor.recordsRead }

    /// The next intact record, or `nil` at the end of the trace.
    @inlinable
    public mutating func next() -> TraceRecord? {
        cursor.nextRecord()
    }
}
