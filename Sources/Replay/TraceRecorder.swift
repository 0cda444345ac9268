import Foundation
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
    public var droppedEvents: UInt64 { dropped.load(ordering: .relaxed) }

    // Dispatching thread.
    private var tables = RecorderTables()
    private var nextUncertainty: UInt64?
    private var pendingDrops: UInt64 = 0
    private var lastQueuedTimestamp: UInt64 = 0
    // Chain changes an event's own effects cause are written after its key and resolution, so
    // a replay can tell them from changes made between events (which it must apply itself).
    private var insideDispatch = false
    private var causedChanges: [ChainChangeRecord] = []
    // Shared.
    private let ring: EventRing?
    private let dropped = Atomic<UInt64>(0)
    private let closed = Atomic<Bool>(false)
    private let running = Atomic<Bool>(false)
    // Writer side (the writer thread, or the dispatching thread when synchronous).
    private var output = RecordedEventWriter()
    private var writeError: TraceFormatError?
    private var thread: Thread?

    /// Creates a recorder writing to `writer`.
    public init(writer: TraceWriter, mode: Mode = .synchronous) {
        self.writer = writer
        self.mode = mode
        if case .buffered(let capacity) = mode {
            ring = EventRing(capacity: capacity)
            running.store(true, ordering: .releasing)
            let thread = Thread { [unowned self] in self.drainLoop() }
            thread.name = "keytrace-recorder"
            self.thread = thread
            thread.start()
        } else {
            ring = nil
        }
    }

    /// The timestamp uncertainty (polling interval) of the next press, for captured input.
    public func setUncertaintyOfNextPress(_ nanoseconds: UInt64?) { nextUncertainty = nanoseconds }

    /// Records a record that does not come from the dispatcher (markers, drops, key presses of a
    /// trace recorded without a scene).
    public func record(_ record: TraceRecord) throws(TraceFormatError) {
        try enqueue(.record(record))
    }

    // MARK: DispatchObserver

    public func dispatcher(_ dispatcher: KeyDispatcher, willDispatch press: KeyPress) {
        insideDispatch = true
        tables.prepare { dispatcher.currentChain }
    }

    public func dispatcher(_ dispatcher: KeyDispatcher, didResolve resolution: Resolution) {
        var event = RecordedEvent(kind: .dispatch, press: resolution.press)
        event.uncertainty = nextUncertainty
        nextUncertainty = nil
        event.outcome = resolution.outcome
        if let command = resolution.command {
            event.command = tables.number(of: command)
            event.actionSource = resolution.isUpAction ? .keyUp : resolution.action != nil ? .keyDown : .none
        }
        if let blocking = resolution.blockingCommand { event.blockingCommand = tables.number(of: blocking) }
        if let provider = resolution.provider { event.provider = tables.number(of: provider) }
        if let target = resolution.target ?? resolution.pressHandler { event.target = tables.number(of: target) }
        event.timings = resolution.timings
        event.queries = resolution.queries
        try? enqueue(event)
        insideDispatch = false
        if !causedChanges.isEmpty {
            let changes = causedChanges
            causedChanges.removeAll()
            for change in changes { try? enqueue(.record(.chainChange(change))) }
        }
    }

    public func dispatcher(_ dispatcher: KeyDispatcher, didChangeChain change: ChainChange) {
        let record = ChainChangeRecord(timestamp: change.timestamp, kind: change.kind,
                                       from: tables.path(of: change.from), to: change.to?.description)
        tables.invalidatePaths()
        if insideDispatch { causedChanges.append(record) } else { try? enqueue(.record(.chainChange(record))) }
    }

    public func dispatcher(_ dispatcher: KeyDispatcher, didInvalidateCache reason: CacheInvalidationReason) {
        try? enqueue(.record(.cache(CacheEventRecord(timestamp: dispatcher.lastDispatchTimestamp,
                                                     event: .invalidation(reason)))))
    }

    // MARK: Queueing

    /// Writes (synchronous) or queues (buffered) `event`, after any definitions it needs.
    @inline(__always)
    private func enqueue(_ event: RecordedEvent) throws(TraceFormatError) {
        guard let ring else {
            for definition in tables.undefined { try output.write(definition, to: writer) }
            tables.definitionsSent()
            try output.write(event, to: writer)
            return
        }
        let definitions = tables.undefined.count
        let drops = pendingDrops > 0 ? 1 : 0
        guard definitions == 0 && drops == 0 else { return enqueueSlowly(event, ring: ring) }
        if ring.push(event) {
            lastQueuedTimestamp = event.press.timestamp
        } else {
            pendingDrops += 1
            dropped.add(1, ordering: .relaxed)
        }
    }

    /// Queues pending definitions, a pending drop count and `event` together, or drops the event.
    private func enqueueSlowly(_ event: RecordedEvent, ring: EventRing) {
        let definitions = tables.undefined
        let drops = pendingDrops > 0 ? 1 : 0
        guard ring.freeSlots() >= definitions.count + drops + 1 else {
            pendingDrops += 1
            dropped.add(1, ordering: .relaxed)
            return
        }
        for definition in definitions { _ = ring.push(definition) }
        tables.definitionsSent()
        if drops > 0 {
            _ = ring.push(droppedEvent())
            pendingDrops = 0
        }
        _ = ring.push(event)
        if event.kind == .dispatch { lastQueuedTimestamp = event.press.timestamp }
    }

    /// The dropped-events record for the drops not yet reported.
    private func droppedEvent() -> RecordedEvent {
        var event = RecordedEvent(kind: .dropped, press: KeyPress(.began, HIDUsage(0), timestamp: lastQueuedTimestamp))
        event.count = pendingDrops
        return event
    }

    // MARK: Writing

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
        if let thread {
            closed.store(true, ordering: .releasing)
            while running.load(ordering: .acquiring) { usleep(200) }
            _ = thread
            self.thread = nil
        }
        if let writeError { throw writeError }
        if pendingDrops > 0 {
            try output.write(droppedEvent(), to: writer)
            pendingDrops = 0
        }
        return try writer.finish()
    }
}
