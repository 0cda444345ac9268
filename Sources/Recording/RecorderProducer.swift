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
    private var causedChanges: [ChainChangeRecord] = []
    private var pendingDrops: UInt64 = 0
    private var lastQueuedTimestamp: UInt64 = 0
    private var ring: EventRing.Producer?
    /// Synchronous mode: the slot each event is filled in before it joins ``outbox``.
    private let scratch = EventRing(capacity: 1)
    /// Synchronous mode: events to write now, in order.
    private(set) var outbox: [RecordedEvent] = []

    /// A producer queueing into `ring`, or collecting in ``outbox`` without one.
    init(ring: EventRing?) {
        self.ring = ring.map(EventRing.Producer.init)
    }

    /// Empties ``outbox`` after the recorder wrote it.
    mutating func outboxWritten() { outbox.removeAll(keepingCapacity: true) }

    /// After an event: queues its values, then the chain changes it caused; then, if the chain
    /// moved, looks its responders' paths up for the next event.
    ///
    /// Paths are those the responders had when the event arrived: a change the event caused
    /// only marks the tables stale, and the numbers of this event's responders still come from
    /// before it (a modal that dismisses itself reports the path it had when it acted). There is
    /// no work before an event: the tables are made current as soon as the chain has moved.
    @inline(__always)
    mutating func didResolve(_ resolution: Resolution, in dispatcher: KeyDispatcher) {
        // Numbers first (they may add definitions, which must precede the event).
        let numbers = tables.numbers(of: resolution)
        let uncertainty = nextUncertainty
        nextUncertainty = nil
        if let event = claim() {
            // Field by field into the slot: no intermediate event, nothing retained.
            event.pointee.kind = .dispatch
            event.pointee.press = resolution.press
            event.pointee.uncertainty = uncertainty
            event.pointee.outcome = resolution.outcome
            event.pointee.actionSource = resolution.actionSource
            event.pointee.command = numbers[0]
            event.pointee.blockingCommand = numbers[1]
            event.pointee.provider = numbers[2]
            event.pointee.target = numbers[3]
            event.pointee.timings = resolution.timings
            event.pointee.queries = resolution.queries
            event.pointee.clearPayload()
            commit(timestamp: resolution.press.timestamp)
        }
        if _slowPath(!causedChanges.isEmpty) {
            let changes = causedChanges
            causedChanges.removeAll()
            for change in changes { record(.chainChange(change)) }
        }
        if _slowPath(tables.isStale) { tables.prepare(for: dispatcher.currentChain) }
    }

    /// A chain change: written after the current event when that event caused it. A change
    /// between events makes the tables current at once; one an event caused, after the event.
    mutating func didChangeChain(_ change: ChainChange, in dispatcher: KeyDispatcher) {
        let record = ChainChangeRecord(timestamp: change.timestamp, kind: change.kind,
                                       from: tables.path(of: change.from), to: change.to?.description)
        tables.invalidatePaths()
        if dispatcher.isDispatching {
            causedChanges.append(record)
        } else {
            self.record(.chainChange(record))
            tables.prepare(for: dispatcher.currentChain)
        }
    }

    /// Queues a record to write as it is.
    mutating func record(_ record: TraceRecord) {
        guard let event = claim() else { return }
        event.pointee.clearPayload()
        event.pointee.kind = .record
        event.pointee.record = record
        event.pointee.hasPayload = true
        commit(timestamp: nil)
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

    /// The slot to fill the next event in, then ``commit(timestamp:)`` it. Definitions and a
    /// dropped-events event it must follow are queued first; `nil` (the event counted as dropped)
    /// when they and the event do not all fit.
    @inline(__always)
    private mutating func claim() -> UnsafeMutablePointer<RecordedEvent>? {
        guard ring != nil else { return scratch.firstSlot }
        if _slowPath(!tables.undefined.isEmpty || pendingDrops > 0) {
            guard queuePrerequisites() else {
                drop()
                return nil
            }
        }
        guard let slot = ring?.claim() else {
            drop()
            return nil
        }
        return slot
    }

    /// Queues the event filled in the slot ``claim()`` gave; a dispatch's `timestamp` becomes the
    /// time of the next dropped-events record.
    @inline(__always)
    private mutating func commit(timestamp: UInt64?) {
        guard ring != nil else {
            outbox.append(contentsOf: tables.undefined)
            tables.definitionsSent()
            outbox.append(scratch.firstSlot.pointee)
            return
        }
        ring?.publish()
        if let timestamp { lastQueuedTimestamp = timestamp }
    }

    /// Rare: queues the pending definitions and drop count, if they fit with one more event.
    private mutating func queuePrerequisites() -> Bool {
        let definitions = tables.undefined
        let needed = definitions.count + (pendingDrops > 0 ? 1 : 0) + 1
        guard let free = ring?.freeSlots(), free >= needed else { return false }
        for definition in definitions { _ = ring?.push(definition) }
        tables.definitionsSent()
        if pendingDrops > 0 {
            let dropped = droppedEvent()
            _ = ring?.push(dropped)
            pendingDrops = 0
        }
        return true
    }

    private mutating func drop() {
        pendingDrops += 1
        ring?.countDrop()
    }
}
