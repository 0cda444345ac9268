import KeyTraceSupport

/// Runs the calling thread at real-time priority (`SCHED_FIFO`, the lowest real-time level)
/// while it exists, when the system permits it (`CAP_SYS_NICE` or an `RLIMIT_RTPRIO` allowance);
/// the thread's previous policy comes back when it goes away.
///
/// A timed replay sleeps between presses; at normal priority a busy machine lets other work run
/// in the microseconds around a deadline and the press is late by a scheduler time slice. A
/// real-time thread is woken and run at once. It never spins for more than the scheduler's
/// margin before each press, so it does not starve the machine.
final class RealTimePriority {
    /// Whether the thread runs at real-time priority.
    let isActive: Bool
    private var savedPolicy: Int32 = 0
    private var savedParameters = sched_param()
    private let thread = pthread_self()

    /// Raises the calling thread's priority if permitted.
    init() {
        guard pthread_getschedparam(thread, &savedPolicy, &savedParameters) == 0 else {
            isActive = false
            return
        }
        var realTime = sched_param()
        realTime.sched_priority = sched_get_priority_min(SCHED_FIFO)
        isActive = pthread_setschedparam(thread, SCHED_FIFO, &realTime) == 0
    }

    deinit {
        if isActive { _ = pthread_setschedparam(thread, savedPolicy, &savedParameters) }
    }
}
