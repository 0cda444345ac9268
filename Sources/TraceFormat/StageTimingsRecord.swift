import KeyTraceCore

/// How long each ``DispatchStage`` of one dispatch took, in nanoseconds.
///
/// ``durations`` is indexed by stage raw value. Its length is stored in the trace, so a
/// reader built with a different stage table still reads every duration it was given.
public struct StageTimingsRecord: Hashable, Sendable {
    /// When dispatch finished, in nanoseconds.
    public var timestamp: UInt64
    /// The 0-based ordinal of the key record these timings belong to.
    public var pressSequence: UInt64
    /// Duration per stage in nanoseconds, indexed by ``DispatchStage/rawValue`` (held inline:
    /// decoding a record allocates nothing).
    public var durations: StageDurations
    /// End-to-end duration in nanoseconds (the sum of the stages when nothing was skipped).
    public var total: UInt64

    /// Creates a record; `durations` usually has ``DispatchStage/allCases``.count entries.
    public init(timestamp: UInt64, pressSequence: UInt64, durations: StageDurations, total: UInt64) {
        self.timestamp = timestamp
        self.pressSequence = pressSequence
        self.durations = durations
        self.total = total
    }

    /// Creates a record from durations held in an array.
    public init(timestamp: UInt64, pressSequence: UInt64, durations: [UInt64], total: UInt64) {
        self.init(timestamp: timestamp, pressSequence: pressSequence, durations: StageDurations(durations), total: total)
    }

    /// The duration of `stage`, or `nil` when the record has no entry for it.
    public subscript(stage: DispatchStage) -> UInt64? {
        let index = Int(stage.rawValue)
        return index < durations.count ? durations[index] : nil
    }
}
