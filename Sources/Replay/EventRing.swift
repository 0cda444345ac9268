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
    fileprivate let slots: UnsafeMutablePointer<RecordedEvent>
    /// Events published by the producer so far.
    fileprivate let published = Atomic<Int>(0)
    /// Events the consumer is done with so far.
    fileprivate let consumed = Atomic<Int>(0)
    /// Events refused because the ring was full, over its lifetime.
    let dropped = Atomic<UInt64>(0)
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

    /// The producer's end of the ring. A value held by the producing thread only, so that its
    /// position needs no synchronisation; `consumed` is read only when the ring looks full
    /// (keeping the hot path off the consumer's cache line).
    struct Producer {
        let ring: EventRing
        private var position = 0
        private var slot = 0
        private var knownConsumed = 0

        init(_ ring: EventRing) { self.ring = ring }

        /// How many events fit now.
        mutating func freeSlots() -> Int {
            var free = ring.capacity - (position - knownConsumed)
            if free == 0 {
                knownConsumed = ring.consumed.load(ordering: .acquiring)
                free = ring.capacity - (position - knownConsumed)
            }
            return free
        }

        /// Fills the next slot in place with `fill` and publishes it; `false` (nothing filled)
        /// when the ring is full.
        @inline(__always)
        mutating func push(_ fill: (inout RecordedEvent) -> Void) -> Bool {
            guard freeSlots() > 0 else { return false }
            fill(&ring.slots[slot])
            slot = slot + 1 == ring.capacity ? 0 : slot + 1
            position += 1
            ring.published.store(position, ordering: .releasing)
            return true
        }
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
