/// The entry types of chunk payloads (docs/TraceFormat.md §5.4) and the record kind of each:
/// the one table a new record type is added to (with its bit in ``RecordKinds``, which follows
/// the record types' order). Framing and timestamps are ``EntryCodec``'s.
enum EntryType {
    static let stringDefinition: UInt8 = 0x01
    static let keyShapeDefinition: UInt8 = 0x02
    /// The compact key shape of format 2.0, which may define a press and its release at once.
    static let compactKeyShapeDefinition: UInt8 = 0x03
    /// The fields of a resolution but its timestamp and press (format 2.0).
    static let resolutionDefinition: UInt8 = 0x04
    /// The three `keyCommands` counters of a press (format 2.0).
    static let countersDefinition: UInt8 = 0x05
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
    /// Stage timings by press step, total implied (format 2.0).
    static let compactStageTimings: UInt8 = 0x19

    /// Short type 0: a key press by shape (same payload as ``key``).
    static let shortKey: UInt8 = 0x0
    /// Short type 1: a key press by a one-byte shape number and a fixed-width delta (format 2.0).
    static let fixedKey: UInt8 = 0x1
    /// Short types 2–4: the release of the key pressed 1, 2 or 3 key records back, by a
    /// fixed-width delta alone (format 2.0).
    static let firstRelease: UInt8 = 0x2
    static let lastRelease: UInt8 = 0x4
    /// Short type 5: a resolution by press step and details number (format 2.0).
    static let shortResolution: UInt8 = 0x5
    /// Short type 6: `keyCommands` counters by press step and counters number (format 2.0).
    static let shortCounters: UInt8 = 0x6
    /// Short type 7: a cache event (format 2.0).
    static let shortCache: UInt8 = 0x7

    /// The kind of a record entry with tag `tag` other than a key (a key is a key once its shape
    /// number resolves): ``RecordKind/unknown`` for types this reader does not know, keys whose
    /// shape is undefined and short types.
    @inline(__always)
    static func kind(of tag: UInt8) -> RecordKind {
        switch tag >= 0x80 ? tag & 0x8F : tag {
        case resolution, 0x80 | shortResolution: return .resolution
        case stageTimings, compactStageTimings: return .stageTimings
        case keyCommandsCounters, 0x80 | shortCounters: return .keyCommandsCounters
        case cache, 0x80 | shortCache: return .cache
        case chainChange: return .chainChange
        case dropped: return .dropped
        case marker: return .marker
        case hidReport: return .hidReport
        default: return .unknown
        }
    }
}
