import KeyTraceSupport
import ResponderEngine

/// Schedules a timed replay's presses at absolute deadlines of `CLOCK_MONOTONIC`: each press at
/// its recorded offset from the first, divided by the speed, from a start 1 ms after creation.
///
/// Deadlines are absolute, so a late press never delays the ones after it. Waiting sleeps with
/// `clock_nanosleep(TIMER_ABSTIME)` until a margin before the deadline, then spins on the clock.
/// The margin is learned from how late the kernel actually wakes the thread: it jumps up to any
/// larger oversleep seen (plus a guard) and decays slowly towards recent ones, so a quiet
/// machine spins for tens of µs and a busy one for as long as it needs.
///
/// ```
///   sleep ─────────────────▶│ woke (late by the oversleep) │ spin │ deadline ▶ dispatch
///                           │◀──────────── margin ─────────────────▶│
/// ```
struct DeadlineScheduler {
    /// How many times faster than recorded (1 = original).
    let speed: Double
    /// The monotonic time the first press is due.
    let start: UInt64
    private let clock: MonotonicClock
    /// How long before a deadline sleeping stops.
    private(set) var margin: UInt64 = DeadlineScheduler.initialMargin

    static let initialMargin: UInt64 = 100_000
    /// Spin at least this long: the clock read and the return from the sleep are not free.
    static let minimumMargin: UInt64 = 20_000
    /// Never spin longer than this before a press.
    static let maximumMargin: UInt64 = 2_000_000
    /// Added to the oversleep the margin follows.
    static let guardTime: UInt64 = 20_000

    /// A scheduler whose first deadline is 1 ms from now (reachable after any setup).
    init(speed: Double, clock: MonotonicClock) {
        self.speed = speed
        self.clock = clock
        self.start = clock.now() &+ 1_000_000
    }

    /// The deadline of a press recorded at `timestamp`, the first press being at `origin`.
    ///
    /// A press stamped before the first one (a capture whose clock stepped back) is due at
    /// once; offsets too large for the clock saturate instead of overflowing.
    func deadline(of timestamp: UInt64, origin: UInt64) -> UInt64 {
        guard timestamp > origin else { return start }
        let offset = Double(timestamp - origin) / speed
        let latest = Double(UInt64.max - start)
        return offset >= latest ? .max : start + UInt64(offset)
    }

    /// Waits until the monotonic clock reads `deadline`; returns the reading that ended the wait.
    mutating func wait(until deadline: UInt64) -> UInt64 {
        var now = clock.now()
        if deadline > now &+ margin {
            let wake = deadline - margin
            var ts = timespec(tv_sec: Int(wake / 1_000_000_000), tv_nsec: Int(wake % 1_000_000_000))
            while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
            now = clock.now()
            learn(oversleep: now > wake ? now - wake : 0)
        }
        while now < deadline { now = clock.now() }
        return now
    }

    /// Follows a larger oversleep at once and a smaller one slowly (1/16 of the gap per sleep).
    private mutating func learn(oversleep: UInt64) {
        let wanted = min(max(oversleep &+ DeadlineScheduler.guardTime, DeadlineScheduler.minimumMargin),
                         DeadlineScheduler.maximumMargin)
        margin = wanted >= margin ? wanted : margin - (margin - wanted) / 16
    }
}
