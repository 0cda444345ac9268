/// A set of ``RecordKind``s as bits, for ``RecordCursor/next(in:)``: testing an entry's kind
/// is a shift and a mask.
///
/// ```swift
/// while cursor.next(in: [.key, .chainChange]) { … }
/// ```
public struct RecordKinds: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16

    /// The set whose bits are `rawValue`, one per kind in ``RecordKind/allCases`` order.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The set of `kinds`.
    public init(_ kinds: some Sequence<RecordKind>) {
        self = kinds.reduce(into: []) { $0.insert(RecordKinds(kind: $1)) }
    }

    /// The set holding `kind` alone.
    public init(kind: RecordKind) {
        switch kind {
        case .key: self = .key
        case .resolution: self = .resolution
        case .stageTimings: self = .stageTimings
        case .keyCommandsCounters: self = .keyCommandsCounters
        case .cache: self = .cache
        case .chainChange: self = .chainChange
        case .dropped: self = .dropped
        case .marker: self = .marker
        case .unknown: self = .unknown
        }
    }

    // One bit per record entry type, from `EntryType.key` (0x10) on; other types are unknown.
    /// Key records.
    public static let key = RecordKinds(rawValue: 1 << 0)
    /// Resolution records.
    public static let resolution = RecordKinds(rawValue: 1 << 1)
    /// Stage-timing records.
    public static let stageTimings = RecordKinds(rawValue: 1 << 2)
    /// `keyCommands` counter records.
    public static let keyCommandsCounters = RecordKinds(rawValue: 1 << 3)
    /// Cache event records.
    public static let cache = RecordKinds(rawValue: 1 << 4)
    /// Chain-change records.
    public static let chainChange = RecordKinds(rawValue: 1 << 5)
    /// Dropped-events records.
    public static let dropped = RecordKinds(rawValue: 1 << 6)
    /// Marker records.
    public static let marker = RecordKinds(rawValue: 1 << 7)
    /// Records of a type this reader does not know.
    public static let unknown = RecordKinds(rawValue: 1 << 8)
    /// Every kind.
    public static let all = RecordKinds(rawValue: 0x1FF)

    /// Whether the set holds `kind`.
    @inlinable
    public func contains(_ kind: RecordKind) -> Bool { contains(RecordKinds(kind: kind)) }

    /// Whether the set holds the kind of a long-form record entry of type `type` (a record
    /// type, `0x11` to `0x7F`).
    func containsRecord(ofType type: UInt8) -> Bool {
        let index = type &- EntryType.key
        return rawValue & (index < 8 ? 1 &<< UInt16(index) : RecordKinds.unknown.rawValue) != 0
    }
}
