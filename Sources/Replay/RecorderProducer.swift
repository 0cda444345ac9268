import KeyTraceCore
import ResponderEngine
import TraceFormat

/// Everything a ``TraceRecorder`` does on the dispatching thread, as one value: the recorder
/// touches it once per callback (one exclusivity check), and each event is written straight
/// into its ring slot.
///
/// Buffered, events go into the ring (``EventRing/Producer``): definitions of new path and
/// command numbers first, then a dropped-events event when drops are pending, then the event,
/// all or nothing. Synchronous, they collect in ``outbox`` for the recorder to write at once.
struct RecorderProducer {
    private var tables = RecorderTables()
    /// The timestamp uncertainty of the next press.
    var nextUncertainty: UInt64?
    // Chain changes an event's own effects cause are written after its key and resolution, so
    // a replay can tell them from changes made between events (which it must apply itself).
    private var insideDispatch = false
    private var causedChanges: [ChainChangeRecord] = []
    private var pendingDrops: UInt64 = 0
    private var lastQueuedTimestamp: UInt64 = 0
    private var ring: EventRing.Producer?
    /// Synchronous mode: events to write now, in order.
    private(set) var outbox: [RecordedEvent] = []

    /// A producer queueing into `ring`, or collecting in ``outbox`` without one.
    init(ring: EventRing?) {
        self.ring = ring.map(EventRing.Producer.init)
    }

    /// Empties ``outbox`` after the recorder wrote it.
    mutating func outboxWritten() { outbox.removeAll(keepingCapacity: true) }

    /// Before an event: refreshes paths after a chain change.
    mutating func willDispatch(_ dispatcher: KeyDispatcher) {
        insideDispatch = true
        if tables.isStale { tables.prepare(for: dispatcher.currentChain) }
    }

    /// After an event: queues its values, then the chain changes it caused.
    mutating func didResolve(_ resolution: Resolution) {
        // Numbers first (they may add definitions, which must precede the event).
        // Optionals are passed as they are (no closures, no `??` on references): nothing is retained.
        let command = tables.number(of: resolution.command)
        let actionSource: RecordedEvent.ActionSource =
            command == RecordedEvent.none ? .none : resolution.isUpAction ? .keyUp : resolution.hasAction ? .keyDown : .none
        let blocking = tables.number(of: resolution.blockingCommand)
        let provider = tables.number(of: resolution.provider)
        let target = resolution.target != nil ? tables.number(of: resolution.target) : tables.number(of: resolution.pressHandler)
        let uncertainty = nextUncertainty
        nextUncertainty = nil
        // Values only in the closure (capturing the resolution would copy all its references).
        let press = resolution.press, outcome = resolution.outcome
        let timings = resolution.timings, queries = resolution.queries
        queue(timestamp: press.timestamp) { event in
            event.kind = .dispatch
            event.press = press
            event.uncertainty = uncertainty
            event.outcome = outcome
            event.actionSource = actionSource
            event.command = command
            event.blockingCommand = blocking
            event.provider = provider
            event.target = target
            event.timings = timings
            event.queries = queries
            event.clearPayload()
        }
        insideDispatch = false
        if !causedChanges.isEmpty {
            let changes = causedChanges
            causedChanges.removeAll()
            for change in changes { record(.chainChange(change)) }
        }
    }

    /// A chain change: written after the current event when that event caused it.
    mutating func didChangeChain(_ change: ChainChange) {
        let record = ChainChangeRecord(timestamp: change.timestamp, kind: change.kind,
                                       from: tables.path(of: change.from), to: change.to?.description)
        tables.invalidatePaths()
        if insideDispatch { causedChanges.append(record) } else { self.record(.chainChange(record)) }
    }

    /// Queues a record to write as it is.
    mutating func record(_ record: TraceRecord) {
        queue(timestamp: nil) { event in
            event.clearPayload()
            event.kind = .record
            event.record = record
            event.hasPayload = true
        }
    }

    /// The dropped-events event for drops not yet queued, if any (when finishing).
    mutating func takePendingDrops() -> RecordedEvent? {
        guard pendingDrops > 0 else { return nil }
        defer { pendingDrops = 0 }
        return droppedEvent()
    }

    private func droppedEvent() -> RecordedEvent {
        var event = RecordedEvent.empty
        event.kind = .dropped
        event.press.timestamp = lastQueuedTimestamp
        event.count = pendingDrops
        return event
    }

    /// Queues an event filled by `fill`, after any definitions and drops it must follow; a
    /// dispatch's `timestamp` becomes the time of the next dropped-events record.
    @inline(__always)
    private mutating func queue(timestamp: UInt64?, _ fill: (inout RecordedEvent) -> Void) {
        guard ring != nil else {
            outbox.append(contentsOf: tables.undefined)
            tables.definitionsSent()
            var event = RecordedEvent.empty
            fill(&event)
            outbox.append(event)
            return
        }
        if tables.undefined.isEmpty && pendingDrops == 0 {
            if ring!.push(fill) {
                if let timestamp { lastQueuedTimestamp = timestamp }
            } else {
                drop()
            }
            return
        }
        // Rare: definitions or a drop count go first, and everything fits or the event is dropped.
        let definitions = tables.undefined
        let needed = definitions.count + (pendingDrops > 0 ? 1 : 0) + 1
        guard ring!.freeSlots() >= needed else { return drop() }
        for definition in definitions { _ = ring!.push { $0 = definition } }
        tables.definitionsSent()
        if pendingDrops > 0 {
            let dropped = droppedEvent()
            _ = ring!.push { $0 = dropped }
            pendingDrops = 0
        }
        _ = ring!.push(fill)
        if let timestamp { lastQueuedTimestamp = timestamp }
    }

    private mutating func drop() {
        pendingDrops += 1
        ring?.ring.dropped.add(1, ordering: .relaxed)
    }
}
