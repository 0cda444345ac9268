import KeyTraceCore
import KeyTraceSupport

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
        // One store a checkpoint (``SIMD/setLane(_:to:)``): assigning `checkpoints[i]` spilled
        // the eight lanes for each.
        var next = nextCheckpoint
        while next <= index {
            timings.checkpoints.setLane(next, to: now)
            next &+= 1
        }
        nextCheckpoint = next
    }
}
