#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ResponderEngine

/// Schedules a timed replay's presses at absolute deadlines of `CLOCK_MONOTONIC`: each press at
/// its recorded offset from the first, divided by the speed, from a start 1 ms after creation.
///
/// Deadlines are absolute, so a late press never delays the ones after it.
struct DeadlineScheduler {
    /// How many times faster than recorded (1 = original).
    let speed: Double
    /// The monotonic time the first press is due.
    let start: UInt64
    private let clock: MonotonicClock

    /// How long before a deadline the scheduler stops sleeping and spins: the kernel wakes a
    /// sleeper tens to hundreds of µs late, a spin on the clock does not.
    static let spinMargin: UInt64 = 300_000

    /// A scheduler whose first deadline is 1 ms from now (reachable after any setup).
    init(speed: Double, clock: MonotonicClock) {
        self.speed = speed
        self.clock = clock
        self.start = clock.now() &+ 1_000_000
    }

    /// The deadline of a press recorded at `timestamp`, the first press being at `origin`.
    func deadline(of timestamp: UInt64, origin: UInt64) -> UInt64 {
        let offset = Double(timestamp &- origin) / speed
        return start &+ UInt64(offset)
    }

    /// Waits until the monotonic clock reads `deadline`: sleeps until ``spinMargin`` before it,
    /// then spins. Returns the clock reading that ended the wait.
    mutating func wait(until deadline: UInt64) -> UInt64 {
        if deadline > DeadlineScheduler.spinMargin {
            let wake = deadline - DeadlineScheduler.spinMargin
            var ts = timespec(tv_sec: Int(wake / 1_000_000_000), tv_nsec: Int(wake % 1_000_000_000))
            if clock.now() < wake {
                while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
            }
        }
        var now = clock.now()
        while now < deadline { now = clock.now() }
        return now
    }
}
