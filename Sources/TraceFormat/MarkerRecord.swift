/// A user marker: a short label and optional free text, e.g. `"scenario"`, `"paste test"`.
public struct MarkerRecord: Hashable, Sendable {
    /// When the marker was set, in nanoseconds.
    public var timestamp: UInt64
    /// The label.
    public var label: String
    /// Optional text.
    public var text: String?

    /// Creates a marker.
    public init(timestamp: UInt64, label: String, text: String? = nil) {
        self.timestamp = timestamp
        self.label = label
        self.text = text
    }
}
