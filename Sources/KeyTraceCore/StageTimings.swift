/// The checkpoint timestamps of one dispatch and the stage durations they imply.
///
/// There is one timestamp per ``DispatchStage/Checkpoint``; stage *i* lasts from checkpoint
/// *i* to *i + 1*, so ``duration(of:)`` summed over every stage equals ``total`` exactly.
/// Checkpoints a dispatch does not pass get the next checkpoint's time (a zero-length stage).
/// All zero when timing is off.
public struct StageTimings: Hashable, Sendable {
    /// Timestamps indexed by checkpoint raw value.
    public var checkpoints: SIMD8<UInt64>

    /// Timings with every checkpoint at zero (timing off).
    public static let zero = StageTimings(checkpoints: .zero)

    /// Wraps checkpoint timestamps.
    public init(checkpoints: SIMD8<UInt64>) { self.checkpoints = checkpoints }

    /// The timestamp of `checkpoint`.
    public subscript(checkpoint: DispatchStage.Checkpoint) -> UInt64 { checkpoints[Int(checkpoint.rawValue)] }

    /// How long `stage` took, in ns.
    public func duration(of stage: DispatchStage) -> UInt64 {
        self[stage.end] &- self[stage.start]
    }

    /// End-to-end time, receive to end, in ns.
    public var total: UInt64 { self[.end] &- self[.receive] }

    /// Every stage's duration, in table order.
    public var durations: [UInt64] { DispatchStage.allCases.map(duration(of:)) }

    /// Whether timing was on for this dispatch.
    public var isMeasured: Bool { checkpoints != .zero }
}
