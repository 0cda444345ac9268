#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A stop request shared between a capture source and whoever ends the capture (the CLI's
/// SIGINT/SIGTERM handling, a test, another thread).
///
/// ``stop()`` may be called from any thread; the source notices it within one read timeout
/// (100 ms for live sources), then delivers what it has decoded and ends normally. Call it from
/// a dispatch signal source or a thread, not from inside a raw C signal handler.
public final class CaptureStopper: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var stopped = false

    /// A stopper not yet stopped; pass the same instance to a source and to whoever ends the capture.
    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Asks the source to stop.
    public func stop() {
        pthread_mutex_lock(mutex)
        stopped = true
        pthread_mutex_unlock(mutex)
    }

    /// Whether ``stop()`` was called.
    public var isStopped: Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return stopped
    }
}
