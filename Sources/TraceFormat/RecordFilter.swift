/// Which records to read: those between two times, of some kinds (`keytrace dump --from --to
/// --kind`).
///
/// ```swift
/// let filter = try RecordFilter(origin: firstTimestamp, from: "2s", to: "+500ms", kinds: "key,resolution")
/// var cursor = filter.cursor(in: reader)
/// while cursor.next(in: filter.kinds) {
///     guard filter.accepts(time: cursor.timestamp, kind: cursor.kind) else { continue }
///     …
/// }
/// ```
public struct RecordFilter: Sendable {
    /// The time bounds are relative to: the trace's first timestamp.
    public let origin: UInt64
    /// The earliest time accepted, if any.
    public let lower: UInt64?
    /// The latest time accepted, if any.
    public let upper: UInt64?
    /// The kinds accepted (every kind when none was named).
    public let kinds: RecordKinds

    /// A bound or kind list written in a notation the filter does not read.
    public struct NotationError: Error, CustomStringConvertible, Sendable {
        /// What was wrong and what is expected.
        public let description: String
    }

    /// A filter from the notation of `--from` and `--to` (``TimeBound``) and `--kind` (a
    /// comma-separated list of record kinds); `nil` leaves a side open.
    public init(origin: UInt64, from: String?, to: String?, kinds: String?) throws(NotationError) {
        self.origin = origin
        lower = try Self.bound(from, option: "--from", origin: origin)
        upper = try Self.bound(to, option: "--to", origin: origin)
        if let kinds {
            switch RecordKind.parseList(kinds) {
            case .success(let set): self.kinds = RecordKinds(set)
            case .failure(let error): throw NotationError(description: error.description)
            }
        } else {
            self.kinds = .all
        }
    }

    private static func bound(_ text: String?, option: String, origin: UInt64) throws(NotationError) -> UInt64? {
        guard let text else { return nil }
        guard let bound = TimeBound(text) else { throw NotationError(description: "\(option): expected \(TimeBound.help)") }
        return bound.resolved(origin: origin)
    }

    /// A cursor over `reader`, starting at the lower bound by binary search when there is one.
    public func cursor(in reader: TraceReader) -> RecordCursor {
        if let lower { return reader.cursor(from: lower) }
        return reader.cursor()
    }

    /// Whether a record at `time` of `kind` passes the bounds and the kinds.
    public func accepts(time: UInt64, kind: RecordKind) -> Bool {
        if let lower, time < lower { return false }
        if let upper, time > upper { return false }
        return kinds.contains(kind)
    }
}
