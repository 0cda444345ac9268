import KeyTraceCore

/// A source's report that it lost events (a ring buffer overflowed, a capture dropped packets).
public struct DroppedEventsRecord: Hashable, Sendable {
    /// When the loss was reported, in nanoseconds.
    public var timestamp: UInt64
    /// The device whose events were lost (``DeviceID/unspecified`` when the source cannot tell).
    public var device: DeviceID
    /// How many events were lost since the previous report.
    public var count: UInt64

    /// Creates a dropped-events record.
    public init(timestamp: UInt64, device: DeviceID = .unspecified, count: UInt64) {
        self.timestamp = timestamp
        self.device = device
        self.count = count
    }
}
