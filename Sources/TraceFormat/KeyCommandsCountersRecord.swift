/// How many times one dispatch asked responders for `keyCommands`, against UIKit's policy.
public struct KeyCommandsCountersRecord: Hashable, Sendable {
    /// When dispatch finished, in nanoseconds.
    public var timestamp: UInt64
    /// The 0-based ordinal of the key record these counters belong to.
    public var pressSequence: UInt64
    /// `keyCommands` calls made for this event.
    public var calls: UInt64
    /// `keyCommands` calls UIKit's policy would have made for this event.
    public var policyCalls: UInt64
    /// Enumerations of the command list (each candidate scan counts one).
    public var enumerations: UInt64

    /// Creates a counters record.
    public init(timestamp: UInt64, pressSequence: UInt64, calls: UInt64, policyCalls: UInt64, enumerations: UInt64) {
        self.timestamp = timestamp
        self.pressSequence = pressSequence
        self.calls = calls
        self.policyCalls = policyCalls
        self.enumerations = enumerations
    }
}
