import KeyTraceCore

/// A key press as recorded: every ``KeyPress`` field, plus how uncertain its timestamp is.
public struct KeyRecord: Hashable, Sendable, BitwiseCopyable {
    /// The press, including its timestamp in nanoseconds.
    public var press: KeyPress
    /// How far the true instant may lie before ``KeyPress/timestamp``, in nanoseconds:
    /// the USB polling interval for captured presses, `nil` when unknown.
    public var timestampUncertainty: UInt64?

    /// Wraps a press.
    public init(_ press: KeyPress, timestampUncertainty: UInt64? = nil) {
        self.press = press
        self.timestampUncertainty = timestampUncertainty
    }

    /// The press's timestamp.
    public var timestamp: UInt64 { press.timestamp }
}
