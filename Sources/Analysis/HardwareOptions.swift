/// The thresholds the keyboard-hardware figures use (docs/HardwareTiming.md).
public struct HardwareOptions: Sendable, Hashable, Codable {
    /// A key released and pressed again within this time is chatter (a switch bouncing into a
    /// second press), not a second keystroke. Default 30 ms.
    public var chatterThresholdNanoseconds: UInt64
    /// Downs within this time of a chord's first down, before any of its keys is released,
    /// belong to the chord. Default 50 ms.
    public var chordWindowNanoseconds: UInt64

    /// The largest threshold either option accepts: 10 s.
    public static let maximumNanoseconds: UInt64 = 10_000_000_000

    public init(chatterThresholdNanoseconds: UInt64 = 30_000_000, chordWindowNanoseconds: UInt64 = 50_000_000) {
        self.chatterThresholdNanoseconds = chatterThresholdNanoseconds
        self.chordWindowNanoseconds = chordWindowNanoseconds
    }
}
