import KeyTraceSupport
import KeyTraceCore
import ResponderEngine
import Synchronization
import TraceFormat

/// Records everything a dispatcher does into a trace: each press, its resolution, stage
/// timings and `keyCommands` counters, cache events and chain changes.
///
/// Attach it as the dispatcher's observer. Two modes:
///
/// - ``Mode/synchronous`` writes inside the callback (replays, imports: simple and lossless);
/// - ``Mode/buffered(capacity:)`` copies each event's values into a bounded ring and a
///   writer thread turns them into records and writes them, so the dispatch path pays only for
///   the copy: no conversion, no lock, no allocation. When the ring is full the event is
///   counted as dropped — never blocking, never growing — and a dropped-events record is
///   written once there is room again.
///
/// ```
///  dispatch ──observer──▶ [ ring of values ] ──writer thread──▶ records ──▶ TraceWriter ──▶ file
///                              │ full: count drop
/// ```
///
/// Responders are read on the dispatching thread only: an event carries numbers of paths and
/// commands (``RecorderTables``), defined in the same stream before their first use.
public final class TraceRecorder: DispatchObserver, @unchecked Sendable {
    /// How the recorder writes.
    public enum Mode: Hashable, Sendable {
        /// Writes inside each callback.
        case synchronous
        /// Queues up to `capacity` events for a writer thread.
        case buffered(capacity: Int)
    }

    /// The writer records go to.
    public let writer: TraceWriter
    /// How the recorder writes.
    public let mode: Mode
    /// Events dropped because the buffer was full.
    public var droppedEvents: UInt64 { ring?.dropped ?? 0 }

    // The dispatching thread's state, touched once per callback.
    @exclusivity(unchecked) private var producer: RecorderProducer
    // The producer's fields change on every event; the writer thread reads the fields below.
    private let separation = CacheLinePadding()
    private let ring: EventRing?
    private let closed = Atomic<Bool>(false)
    private let running = Atomic<Bool>(false)
    // Writer side (the writer thread, or the dispatching thread when synchronous).
    private var output = RecordedEventWriter()
    private var writeError: TraceFormatError?
    /// Whether a writer thread drains the ring (buffered mode, when the system gave a thread).
    private var hasWriterThread = false

    /// Creates a recorder writing to `writer`.
    public init(writer: TraceWriter, mode: Mode = .synchronous) {
        self.writer = writer
        self.mode = mode
        if case .buffered(let capacity) = mode {
            let ring = EventRing(capacity: capacity)
            self.ring = ring
            producer = RecorderProducer(ring: ring)
            running.store(true, ordering: .releasing)
            // Without a thread the ring keeps what fits (the rest counts as dropped) and
            // `finish()` drains it.
            hasWriterThread = DetachedThread.start(name: "keytrace-recorder") { [unowned self] in self.drainLoop() }
            if !hasWriterThread { running.store(false, ordering: .releasing) }
        } else {
            ring = nil
            producer = RecorderProducer(ring: nil)
        }
    }

    /// The timestamp uncertainty (polling interval) of the next press, for captured input.
    public func setUncertaintyOfNextPress(_ nanoseconds: UInt64?) { producer.nextUncertainty = nanoseconds }

    /// Records a record that does not come from the dispatcher (markers, drops, key presses of a
    /// trace recorded without a scene).
    public func record(_ record: TraceRecord) throws(TraceFormatError) {
        producer.record(record)
        try writeOutbox()
    }

    // MARK: DispatchObserver

    public func dispatcher(_ dispatcher: KeyDispatcher, didResolve resolution: Resolution) {
        producer.didResolve(resolution, in: dispatcher)
        if ring == nil { try? writeOutbox() }
    }

    public func dispatcher(_ dispatcher: KeyDispatcher, didChangeChain change: ChainChange) {
        producer.didChangeChain(change, in: dispatcher)
        if ring == nil { try? writeOutbox() }
    }

    public func dispatcher(_ dispatcher: KeyDispatcher, didInvalidateCache reason: CacheInvalidationReason) {
        producer.record(.cache(CacheEventRecord(timestamp: dispatcher.lastDispatchTimestamp, event: .invalidation(reason))))
        if ring == nil { try? writeOutbox() }
    }

    // MARK: Writing

    /// Synchronous mode: writes what the producer collected.
    private func writeOutbox() throws(TraceFormatError) {
        guard ring == nil, !producer.outbox.isEmpty else { return }
        defer { producer.outboxWritten() }
        try producer.outbox.withUnsafeBufferPointer { events throws(TraceFormatError) in
            guard let first = events.baseAddress else { return }
            for i in events.indices { try output.write(first + i, to: writer) }
        }
    }

    private func drainLoop() {
        guard let ring else { return }
        while true {
            let finishing = closed.load(ordering: .acquiring)
            let drained = ring.drain { event in
                guard writeError == nil else { return }
                do throws(TraceFormatError) { try output.write(event, to: writer) } catch { writeError = error }
            }
            if finishing && drained == 0 { break }
            if drained == 0 { usleep(500) }
        }
        running.store(false, ordering: .releasing)
    }

    /// Writes everything pending, stops the writer thread and finishes the trace (footer index).
    /// Returns the trace bytes for an in-memory writer.
    @discardableResult
    public func finish() throws(TraceFormatError) -> [UInt8] {
        if hasWriterThread {
            closed.store(true, ordering: .releasing)
            while running.load(ordering: .acquiring) { usleep(200) }
            hasWriterThread = false
        } else if ring != nil {
            closed.store(true, ordering: .releasing)
            drainLoop()
        }
        if let writeError { throw writeError }
        if var drops = producer.takePendingDrops() { try output.write(&drops, to: writer) }
        return try writer.finish()
    }
}
