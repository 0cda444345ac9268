/// The entry types of chunk payloads (docs/TraceFormat.md §5.4) and the record kind of each:
/// the one table a new record type is added to (with its bit in ``RecordKinds``, which follows
/// the record types' order). Framing and timestamps are ``EntryCodec``'s.
enum EntryType {
    static let stringDefinition: UInt8 = 0x01
    static let keyShapeDefinition: UInt8 = 0x02
    /// The first long-form type that is a record (below it: definitions).
    static let firstRecordType: UInt8 = 0x10
    static let key: UInt8 = 0x10
    static let resolution: UInt8 = 0x11
    static let stageTimings: UInt8 = 0x12
    static let keyCommandsCounters: UInt8 = 0x13
    static let cache: UInt8 = 0x14
    static let chainChange: UInt8 = 0x15
    static let dropped: UInt8 = 0x16
    static let marker: UInt8 = 0x17
    static let hidReport: UInt8 = 0x18

    /// Short type 0: a key press by shape (same payload as ``key``).
    static let shortKey: UInt8 = 0x0

    /// The kind of a record entry with tag `tag` other than a key (a key is a key once its shape
    /// number resolves): ``RecordKind/unknown`` for types this reader does not know, keys whose
    /// shape is undefined and short types.
    @inline(__always)
    static func kind(of tag: UInt8) -> RecordKind {
        switch tag {
        case resolution: return .resolution
        case stageTimings: return .stageTimings
        case keyCommandsCounters: return .keyCommandsCounters
        case cache: return .cache
        case chainChange: return .chainChange
        case dropped: return .dropped
        case marker: return .marker
        case hidReport: return .hidReport
        default: return .unknown
        }
    }
}
