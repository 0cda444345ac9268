/// A resolution record named by the definition it repeats, read without building the record.
///
/// A format 2.0 resolution record names its fields (outcome, up-action flag, command, title,
/// action, paths, blocking action) by the number of a chunk definition
/// (docs/TraceFormat.md §5.4). Two references with the same ``chunk`` and ``definition``
/// describe equal resolutions that differ only in their press, so a reader that compares
/// many resolutions (a replay's `--verify`) can compare one record per definition and the
/// rest by these two numbers. ``RecordCursor/resolution`` builds the record itself.
public struct ResolutionReference: Hashable, Sendable {
    /// The 0-based ordinal of the key record this resolves among the trace's key records.
    public var pressSequence: UInt64
    /// Which chunk's definitions ``definition`` indexes: the cursor's count of chunks entered.
    public var chunk: Int
    /// The definition's number within its chunk.
    public var definition: Int

    /// A reference to definition `definition` of chunk `chunk`, for the press `pressSequence`.
    public init(pressSequence: UInt64, chunk: Int, definition: Int) {
        self.pressSequence = pressSequence
        self.chunk = chunk
        self.definition = definition
    }
}
