import KeyTraceCore

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

/// Takes checkpoint timestamps during one dispatch; does nothing when there is no clock.
struct StageTimer {
    /// Where a dispatch reads its time.
    enum Source {
        /// Timing off: no reads at all.
        case off
        /// The tick counter, read inline: no call through the protocol and no reference count
        /// on the clock per checkpoint (a dispatch passes five or six).
        case ticks(TickCounterClock.Conversion)
        /// Any other clock, read through ``NanosecondClock``.
        case clock(NanosecondClock)

        /// The source that reads `clock`.
        init(_ clock: NanosecondClock?) {
            if let ticks = clock as? TickCounterClock {
                self = .ticks(ticks.conversion)
            } else if let clock {
                self = .clock(clock)
            } else {
                self = .off
            }
        }
    }

    private let source: Source
    private(set) var timings = StageTimings.zero
    private var nextCheckpoint = 0

    init(source: Source) {
        self.source = source
    }

    /// A timer that takes no timestamps.
    static var off: StageTimer { StageTimer(source: .off) }

    /// Stamps `checkpoint` and any skipped before it with the current time.
    @inline(__always)
    mutating func mark(_ checkpoint: DispatchStage.Checkpoint) {
        let index = Int(checkpoint.rawValue)
        guard index >= nextCheckpoint else { return }
        let now: UInt64
        switch source {
        case .off: return
        case .ticks(let conversion): now = conversion.now()
        case .clock(let clock): now = clock.now()
        }
        while nextCheckpoint <= index {
            timings.checkpoints[nextCheckpoint] = now
            nextCheckpoint += 1
        }
    }
}
