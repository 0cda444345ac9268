import Dispatch
import KeyTraceSupport
import Synchronization
import TraceFormat

/// Flushes a trace writer on a wall-clock timer while a live recording waits for input.
///
/// A ``TraceWriter`` flushes when a record arrives at least its flush interval of trace time
/// after the oldest pending one, so the last records before a pause stay in memory for as long
/// as the input is idle. This timer writes them out every ``interval`` of wall-clock time, so a
/// recording killed at any moment, however long the pause before it, has lost at most about one
/// interval of input. The writer is not thread-safe: every use of it while the timer runs goes
/// through ``exclusively(_:)``.
final class WallClockFlusher: @unchecked Sendable {
    /// How often pending records are written (50 ms: half the 100 ms bound, leaving the rest for
    /// the write itself and a busy machine).
    static let defaultInterval: Duration = .milliseconds(50)

    private let writer: TraceWriter
    private let interval: Duration
    private let lock = Mutex(())
    private let stopping = Atomic<Bool>(false)
    private let stopped = DispatchSemaphore(value: 0)
    /// The first flush that failed; the recording's next write reports the same problem.
    private var failure: TraceFormatError?

    /// Starts flushing `writer` every `interval`.
    init(writer: TraceWriter, interval: Duration = defaultInterval) {
        self.writer = writer
        self.interval = interval
        // Without a thread nothing flushes on the clock; the recording still flushes as it ends.
        if !DetachedThread.start(name: "keytrace-flusher", { [self] in run() }) { stopping.store(true, ordering: .releasing); stopped.signal() }
    }

    /// Runs `body` with the writer to itself (no flush in between).
    func exclusively<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        try lock.withLock { _ throws(Failure) in try body() }
    }

    /// Stops the timer and waits until its thread has ended; throws the first flush failure.
    func stop() throws(TraceFormatError) {
        guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        stopped.wait()
        if let failure { throw failure }
    }

    private func run() {
        let (seconds, attoseconds) = interval.components
        let micros = UInt32(clamping: seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
        while !stopping.load(ordering: .acquiring) {
            usleep(micros)
            exclusively {
                do throws(TraceFormatError) { try writer.flush() } catch { if failure == nil { failure = error } }
            }
        }
        stopped.signal()
    }
}
