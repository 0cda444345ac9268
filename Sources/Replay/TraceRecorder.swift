import Foundation
import KeyTraceCore
import ResponderEngine
import TraceFormat

/// Records everything a dispatcher does into a trace: each press, its resolution, stage
/// timings and `keyCommands` counters, cache events and chain changes.
///
/// Attach it as the dispatcher's observer. Two modes:
///
/// - ``Mode/synchronous`` writes inside the callback (replays, imports: simple and lossless);
/// - ``Mode/buffered(capacity:)`` copies each event into a bounded buffer and a background
///   thread writes it, so the dispatch path pays only for the copy. When the buffer is full the
///   event is counted as dropped — never blocking, never growing — and a dropped-events record
///   is written once there is room again.
///
/// ```
///  dispatch ──observer──▶ [ bounded buffer ] ──writer thread──▶ TraceWriter ──▶ file
///                              │ full: count drop
/// ```
public final class TraceRecorder: DispatchObserver, @unchecked Sendable {
    /// How the recorder writes.
    public enum Mode: Hashable, Sendable {
        case synchronous
        case buffered(capacity: Int)
    }

    // Values only: responders are read on the dispatching thread, never on the writer thread.
    private enum Pending {
        case dispatch(KeyPress, uncertainty: UInt64?, ResolutionRecord, StageTimings, KeyCommandQueries)
        case chain(ChainChangeRecord)
        case invalidation(CacheInvalidationReason, timestamp: UInt64)
        case record(TraceRecord)
    }

    private struct Buffer {
        var items: [Pending] = []
        var dropped: UInt64 = 0
        var lastTimestamp: UInt64 = 0
        var closed = false
    }

    /// The writer records go to.
    public let writer: TraceWriter
    public let mode: Mode
    private let lock = NSLock()
    private var bufferState = Buffer()
    private var converter = ResolutionRecords()
    private var thread: Thread?
    private var writeError: TraceFormatError?
    private var nextUncertainty: UInt64?
    /// Events dropped because the buffer was full.
    public var droppedEvents: UInt64 { withBuffer { $0.dropped } + totalDropped }

    private func withBuffer<T>(_ body: (inout Buffer) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&bufferState)
    }

    /// Creates a recorder writing to `writer`.
    public init(writer: TraceWriter, mode: Mode = .synchronous) {
        self.writer = writer
        self.mode = mode
        if case .buffered(let capacity) = mode {
            bufferState.items.reserveCapacity(capacity)
            let thread = Thread { [unowned self] in self.drainLoop() }
            thread.name = "keytrace-recorder"
            self.thread = thread
            thread.start()
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

    // Chain changes an event's own effects cause are written after its key and resolution, so
    // a replay can tell them from changes made between events (which it must apply itself).
    private var insideDispatch = false
    private var causedChanges: [ChainChangeRecord] = []

    public func dispatcher(_ dispatcher: KeyDispatcher, willDispatch press: KeyPress) {
        insideDispatch = true
        converter.prepare { dispatcher.currentChain }
    }

    public func dispatcher(_ dispatcher: KeyDispatcher, didResolve resolution: Resolution) {
        let uncertainty = nextUncertainty
        nextUncertainty = nil
        let press = resolution.press
        let record = converter.record(for: resolution, sequence: 0, timestamp: press.timestamp)
        try? enqueue(.dispatch(press, uncertainty: uncertainty, record, resolution.timings, resolution.queries))
        insideDispatch = false
        if !causedChanges.isEmpty {
            let changes = causedChanges
            causedChanges.removeAll()
            for change in changes { try? enqueue(.chain(change)) }
        }
    }

    public func dispatcher(_ dispatcher: KeyDispatcher, didChangeChain change: ChainChange) {
        let record = ChainChangeRecord(timestamp: change.timestamp, kind: change.kind,
                                       from: converter.path(of: change.from), to: change.to?.description)
        converter.invalidatePaths()
        if insideDispatch { causedChanges.append(record) } else { try? enqueue(.chain(record)) }
    }

    public func dispatcher(_ dispatcher: KeyDispatcher, didInvalidateCache reason: CacheInvalidationReason) {
        try? enqueue(.invalidation(reason, timestamp: dispatcher.lastDispatchTimestamp))
    }

    // MARK: Writing

    private func enqueue(_ item: Pending) throws(TraceFormatError) {
        switch mode {
        case .synchronous:
            try write(item)
        case .buffered(let capacity):
            let accepted = withBuffer { state -> Bool in
                guard state.items.count < capacity else {
                    state.dropped += 1
                    return false
                }
                state.items.append(item)
                return true
            }
            if accepted && thread == nil { try drainOnce() }
        }
    }

    private func write(_ item: Pending) throws(TraceFormatError) {
        switch item {
        case .dispatch(let press, let uncertainty, var record, let timings, let queries):
            let sequence = try writer.append(press, timestampUncertainty: uncertainty)
            record.pressSequence = sequence
            try writer.append(.resolution(record))
            for measurement in ResolutionRecords.measurements(timings: timings, queries: queries, sequence: sequence,
                                                              timestamp: press.timestamp) {
                try writer.append(measurement)
            }
        case .chain(let change):
            try writer.append(.chainChange(change))
        case .invalidation(let reason, let timestamp):
            try writer.append(.cache(CacheEventRecord(timestamp: timestamp, event: .invalidation(reason))))
        case .record(let record):
            try writer.append(record)
        }
    }

    private func drainOnce() throws(TraceFormatError) {
        let (items, dropped) = withBuffer { state -> ([Pending], UInt64) in
            let items = state.items
            state.items.removeAll(keepingCapacity: true)
            let dropped = state.dropped
            state.dropped = 0
            return (items, dropped)
        }
        for item in items { try write(item) }
        if dropped > 0 {
            let timestamp = items.last.map(timestamp(of:)) ?? 0
            try writer.append(.dropped(DroppedEventsRecord(timestamp: timestamp, count: dropped)))
            totalDropped += dropped
        }
    }

    private var totalDropped: UInt64 = 0

    private func timestamp(of item: Pending) -> UInt64 {
        switch item {
        case .dispatch(let press, _, _, _, _): return press.timestamp
        case .chain(let change): return change.timestamp
        case .invalidation(_, let timestamp): return timestamp
        case .record(let record): return record.timestamp
        }
    }

    private func drainLoop() {
        while true {
            let closed = withBuffer { $0.closed }
            do { try drainOnce() } catch { writeError = error }
            if closed { return }
            usleep(500)
        }
    }

    /// Writes everything pending, stops the writer thread and finishes the trace (footer index).
    /// Returns the trace bytes for an in-memory writer.
    @discardableResult
    public func finish() throws(TraceFormatError) -> [UInt8] {
        if let thread {
            withBuffer { $0.closed = true }
            while !thread.isFinished { usleep(200) }
            self.thread = nil
        }
        try drainOnce()
        if let writeError { throw writeError }
        return try writer.finish()
    }
}

