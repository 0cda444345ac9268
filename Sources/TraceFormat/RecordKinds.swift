/// A set of ``RecordKind``s as bits, for ``RecordCursor/next(in:)``: testing an entry's kind
/// is a shift and a mask.
///
/// ```swift
/// while cursor.next(in: [.key, .chainChange]) { … }
/// ```
public struct RecordKinds: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16

    /// The set whose bits are `rawValue`, one per kind in ``RecordKind/allCases`` order.
    @inlinable public init(rawValue: UInt16) { self.rawValue = rawValue }

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
        case .hidReport: self = .hidReport
        case .unknown: self = .unknown
        }
    }

    // One bit per record entry type, from `EntryType.key` (0x10) on; other types are unknown.
    /// Key records.
    @inlinable public static var key: RecordKinds { RecordKinds(rawValue: 1 << 0) }
    /// Resolution records.
    @inlinable public static var resolution: RecordKinds { RecordKinds(rawValue: 1 << 1) }
    /// Stage-timing records.
    @inlinable public static var stageTimings: RecordKinds { RecordKinds(rawValue: 1 << 2) }
    /// `keyCommands` counter records.
    @inlinable public static var keyCommandsCounters: RecordKinds { RecordKinds(rawValue: 1 << 3) }
    /// Cache event records.
    @inlinable public static var cache: RecordKinds { RecordKinds(rawValue: 1 << 4) }
    /// Chain-change records.
    @inlinable public static var chainChange: RecordKinds { RecordKinds(rawValue: 1 << 5) }
    /// Dropped-events records.
    @inlinable public static var dropped: RecordKinds { RecordKinds(rawValue: 1 << 6) }
    /// Marker records.
    @inlinable public static var marker: RecordKinds { RecordKinds(rawValue: 1 << 7) }
    /// HID report records.
    @inlinable public static var hidReport: RecordKinds { RecordKinds(rawValue: 1 << 8) }
    /// Records of a type this reader does not know.
    @inlinable public static var unknown: RecordKinds { RecordKinds(rawValue: 1 << 9) }
    /// Every kind.
    @inlinable public static var all: RecordKinds { RecordKinds(rawValue: 0x3FF) }

    /// Whether the set holds `kind`.
    @inlinable
    public func contains(_ kind: RecordKind) -> Bool { contains(RecordKinds(kind: kind)) }

    /// Whether the set holds the kind of a record entry with tag `tag` other than a key (the
    /// kinds of ``EntryType/kind(of:)``, by arithmetic on the tag: this runs for every record a
    /// filtered scan steps over).
    @inline(__always)
    func containsRecord(ofType tag: UInt8) -> Bool {
        let index = tag &- EntryType.key
        let bits: RecordKinds
        if index <= EntryType.hidReport &- EntryType.key {
            bits = RecordKinds(rawValue: 1 &<< UInt16(index))
        } else if EntryCodec.isShort(tag) {
            switch tag & 0x0F {
            case EntryType.shortResolution: bits = .resolution
            case EntryType.shortCounters: bits = .keyCommandsCounters
            case EntryType.shortCache: bits = .cache
            default: bits = .unknown
            }
        } else {
            bits = tag == EntryType.compactStageTimings ? .stageTimings : .unknown
        }
        return rawValue & bits.rawValue != 0
    }
}
