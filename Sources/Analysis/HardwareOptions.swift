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

    /// Options from thresholds in whole milliseconds (`--chatter-ms`, `--chord-ms`), each from
    /// 1 ms to ``maximumNanoseconds``; throws a message naming the first out of range.
    public init(chatterMilliseconds: UInt64, chordMilliseconds: UInt64) throws(RangeError) {
        let limit = Self.maximumNanoseconds / 1_000_000
        for (name, value) in [("--chatter-ms", chatterMilliseconds), ("--chord-ms", chordMilliseconds)] where !(1...limit).contains(value) {
            throw RangeError(description: "\(name) \(value): expected 1 to \(limit) milliseconds")
        }
        self.init(chatterThresholdNanoseconds: chatterMilliseconds * 1_000_000, chordWindowNanoseconds: chordMilliseconds * 1_000_000)
    }

    /// A threshold out of range, named as the command line names it.
    public struct RangeError: Error, CustomStringConvertible, Sendable {
        /// The threshold, its value and the range accepted.
        public var description: String
    }
}
