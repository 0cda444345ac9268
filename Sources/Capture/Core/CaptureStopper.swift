import Synchronization

/// A stop request shared between a capture source and whoever ends the capture (the CLI's
/// SIGINT/SIGTERM handling, a test, another thread).
///
/// ``stop()`` may be called from any thread; the source notices it within one read timeout
/// (100 ms for live sources), then delivers what it has decoded and ends normally. Call it from
/// a dispatch signal source or a thread, not from inside a raw C signal handler. Sources check
/// it before every read: one atomic load.
public final class CaptureStopper: Sendable {
    private let stopped = Atomic<Bool>(false)

    /// A stopper not yet stopped; pass the same instance to a source and to whoever ends the capture.
    public init() {}

    /// Asks the source to stop.
    public func stop() {
        stopped.store(true, ordering: .releasing)
    }

    /// Whether ``stop()`` was called.
    public var isStopped: Bool {
        stopped.load(ordering: .acquiring)
    }
}
