import KeyTraceCore

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
        // Stored through the vector's bytes: assigning `checkpoints[i]` with a variable index
        // spilled all eight lanes to the stack and loaded them back for every checkpoint.
        var next = nextCheckpoint
        withUnsafeMutableBytes(of: &timings.checkpoints) { stamps in
            while next <= index {
                stamps.storeBytes(of: now, toByteOffset: next &* MemoryLayout<UInt64>.stride, as: UInt64.self)
                next &+= 1
            }
        }
        nextCheckpoint = next
    }
}
