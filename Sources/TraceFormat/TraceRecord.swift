import KeyTraceCore

/// One record of a trace: what happened, and when, in nanoseconds of the trace's clock domain.
///
/// Every case carries a value type with its own `timestamp`. Records of a type this reader
/// does not know (written by a newer minor version) arrive as ``unknown(_:)`` with their
/// timestamp and raw payload, so nothing is lost and the stream stays in sync.
public enum TraceRecord: Hashable, Sendable {
    /// A key press: a key going down, repeating, changing, going up or being cancelled.
    case key(KeyRecord)
    /// What the responder chain did with one press.
    indirect case resolution(ResolutionRecord)
    /// How long each dispatch stage took for one press.
    indirect case stageTimings(StageTimingsRecord)
    /// How many `keyCommands` calls one dispatch made.
    case keyCommandsCounters(KeyCommandsCountersRecord)
    /// A key-command cache hit, miss or invalidation.
    case cache(CacheEventRecord)
    /// A responder-chain change (first responder, text input, modal, …).
    case chainChange(ChainChangeRecord)
    /// Events a source reports it lost.
    case dropped(DroppedEventsRecord)
    /// A user marker: a label and optional text.
    case marker(MarkerRecord)
    /// A HID report as it crossed the bus (input, or output with the LED state). Boxed, so
    /// every record stays small; `TraceWriter.append(_:)` taking a `HIDReport` and
    /// ``RecordCursor/hidReport`` never box it.
    indirect case hidReport(HIDReport)
    /// A record of a type this reader does not know, kept verbatim.
    case unknown(UnknownRecord)

    /// When the record happened, in nanoseconds.
    @inlinable
    public var timestamp: UInt64 {
        switch self {
        case .key(let r): return r.press.timestamp
        case .resolution(let r): return r.timestamp
        case .stageTimings(let r): return r.timestamp
        case .keyCommandsCounters(let r): return r.timestamp
        case .cache(let r): return r.timestamp
        case .chainChange(let r): return r.timestamp
        case .dropped(let r): return r.timestamp
        case .marker(let r): return r.timestamp
        case .hidReport(let r): return r.timestamp
        case .unknown(let r): return r.timestamp
        }
    }

    /// The record's kind, as `--kind` filters and JSON name it.
    public var kind: RecordKind {
        switch self {
        case .key: return .key
        case .resolution: return .resolution
        case .stageTimings: return .stageTimings
        case .keyCommandsCounters: return .keyCommandsCounters
        case .cache: return .cache
        case .chainChange: return .chainChange
        case .dropped: return .dropped
        case .marker: return .marker
        case .hidReport: return .hidReport
        case .unknown: return .unknown
        }
    }
}
