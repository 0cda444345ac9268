import Synchronization

/// A bounded single-producer, single-consumer queue of ``RecordedEvent`` slots, allocated once.
///
/// The producer (the dispatching thread) fills the slot after the last one published and
/// publishes it with one release store; the consumer (the writer thread) reads every published
/// slot and hands them back with one release store. Neither ever waits for the other: a full
/// ring refuses the event (the recorder counts it as dropped).
///
/// ```
///   consumed ──▶ [ read by the writer … ] ◀── published        (positions only grow)
///                 slot = position mod capacity
/// ```
final class EventRing: @unchecked Sendable {
    /// How many events the ring holds.
    let capacity: Int
    private let slots: UnsafeMutablePointer<RecordedEvent>
    /// Events published by the producer so far.
    private let published = Atomic<Int>(0)
    /// Events the consumer is done with so far.
    private let consumed = Atomic<Int>(0)
    // Producer-only state: its position, its slot, and the last `consumed` it read (reading
    // the consumer's counter only when the ring looks full keeps the hot path off its cache line).
    private var producerPosition = 0
    private var producerSlot = 0
    private var knownConsumed = 0
    // Consumer-only state.
    private var consumerPosition = 0
    private var consumerSlot = 0

    /// A ring of `capacity` slots (at least one).
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        slots = .allocate(capacity: self.capacity)
        slots.initialize(repeating: .empty, count: self.capacity)
    }

    deinit {
        slots.deinitialize(count: capacity)
        slots.deallocate()
    }

    /// Producer: how many events fit now.
    func freeSlots() -> Int {
        var free = capacity - (producerPosition - knownConsumed)
        if free == 0 {
            knownConsumed = consumed.load(ordering: .acquiring)
            free = capacity - (producerPosition - knownConsumed)
        }
        return free
    }

    /// Producer: publishes `event` if a slot is free; returns whether it did.
    @inline(__always)
    func push(_ event: RecordedEvent) -> Bool {
        guard freeSlots() > 0 else { return false }
        slots[producerSlot] = event
        producerSlot = producerSlot + 1 == capacity ? 0 : producerSlot + 1
        producerPosition += 1
        published.store(producerPosition, ordering: .releasing)
        return true
    }

    /// Consumer: calls `body` with every published event, in order, then frees their slots.
    /// Returns how many there were.
    @discardableResult
    func drain(_ body: (borrowing RecordedEvent) -> Void) -> Int {
        let end = published.load(ordering: .acquiring)
        let count = end - consumerPosition
        guard count > 0 else { return 0 }
        for _ in 0..<count {
            body(slots[consumerSlot])
            consumerSlot = consumerSlot + 1 == capacity ? 0 : consumerSlot + 1
        }
        consumerPosition = end
        consumed.store(end, ordering: .releasing)
        return count
    }
}
