/// The formats a trace exports to (`keytrace export --format`).
package enum ExportFormat: String, CaseIterable, Sendable {
    /// pcap, `LINKTYPE_USER0` with nanosecond timestamps: one packet a record
    /// (Scripts/wireshark/keytrace.lua dissects them).
    case pcap
    /// CSV, one line a record (``TraceRecord/csvHeader``).
    case csv
    /// NDJSON, one JSON object a record.
    case ndjson
    /// Chrome trace-event JSON, for Perfetto UI and chrome://tracing.
    case chrome
    /// CSV, one row a press with its resolution, stages, counters and cache event (``PressTable``).
    case presses
    /// The rows of ``presses`` as JSON Lines.
    case pressesNDJSON = "presses-ndjson"
    /// A hid-recorder recording: key presses as HID reports, for hid-replay.
    case hidRecorder = "hid-recorder"
}
