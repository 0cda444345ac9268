/// A record whose type (or whose enumerated value) this reader does not know, kept verbatim.
///
/// Newer minor versions of the format may add record types; a reader skips them by length
/// and hands them out as this value.
public struct UnknownRecord: Hashable, Sendable {
    /// When it happened, in nanoseconds (every record starts with its timestamp).
    public var timestamp: UInt64
    /// The entry tag as stored (see docs/TraceFormat.md §5, "Entries").
    public var type: UInt8
    /// The payload after the timestamp.
    public var payload: [UInt8]

    /// Creates an unknown record.
    public init(timestamp: UInt64, type: UInt8, payload: [UInt8]) {
        self.timestamp = timestamp
        self.type = type
        self.payload = payload
    }
}
