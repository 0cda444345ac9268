import Synchronization

/// A bounded single-producer, single-consumer queue of ``RecordedEvent`` slots, allocated once.
///
/// The producer (the dispatching thread) fills the slot after the last one published and
/// publishes it with one release store; the consumer (the writer thread) reads every published
/// slot and hands them back with one release store. Neither ever waits for the other: a full
/// ring refuses the event (the recorder counts it as dropped).
///
/// When the writer keeps up, the producer goes back to the first slot as soon as it finds the
/// ring empty past ``rewindThreshold`` slots, so a large ring is only touched as deep as the
/// backlog ever gets and the slots in use stay in cache. The ring is empty then, so the event
/// going to slot 0 is the first of the consumer's next batch; the producer notes its position
/// (``rewoundAt``) before publishing it, and the consumer starts that batch at slot 0.
///
/// ```
///   consumed ──▶ [ read by the writer … ] ◀── published        (positions only grow)
///   slots:  0 1 2 … ── empty past the threshold? back to 0 ── … capacity − 1 ──▶ 0
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
    /// The position of the last event the producer put in slot 0 out of turn.
    fileprivate let rewoundAt = Atomic<Int>(-1)
    /// Past this slot, the producer checks every 64 events whether the ring is empty and, if
    /// so, goes back to slot 0.
    static let rewindThreshold = 512
    // Consumer-only state.
    private var consumerPosition = 0
    private var consumerSlot = 0

    /// A ring of `capacity` slots (at least one).
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        slots = .allocate(capacity: self.capacity)
        slots.initialize(repeating: .empty, count: self.capacity)
    }

    /// The first slot (a ring of one is a producer's scratch slot).
    var firstSlot: UnsafeMutablePointer<RecordedEvent> { slots }

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
            var free = ring.capacity &- (position &- knownConsumed)
            if free == 0 {
                knownConsumed = ring.consumed.load(ordering: .acquiring)
                free = ring.capacity &- (position &- knownConsumed)
            }
            return free
        }

        /// The next slot, to fill in place and then ``publish()``; `nil` when the ring is full.
        @inline(__always)
        mutating func claim() -> UnsafeMutablePointer<RecordedEvent>? {
            guard freeSlots() > 0 else { return nil }
            if slot >= EventRing.rewindThreshold && slot & 63 == 0 {
                knownConsumed = ring.consumed.load(ordering: .acquiring)
                if knownConsumed == position {  // empty: every slot is free, start over
                    slot = 0
                    ring.rewoundAt.store(position, ordering: .relaxed)  // published by publish()
                }
            }
            return ring.slots + slot
        }

        /// Hands the slot last claimed to the consumer.
        @inline(__always)
        mutating func publish() {
            slot = slot &+ 1 == ring.capacity ? 0 : slot &+ 1
            position &+= 1
            ring.published.store(position, ordering: .releasing)
        }

        /// Copies `event` into the next slot and publishes it; `false` when the ring is full.
        mutating func push(_ event: RecordedEvent) -> Bool {
            guard let slot = claim() else { return false }
            slot.pointee = event
            publish()
            return true
        }
    }

    /// Consumer: calls `body` with every published event, in place and in order, then frees
    /// their slots. Returns how many there were.
    @discardableResult
    func drain(_ body: (UnsafePointer<RecordedEvent>) -> Void) -> Int {
        let end = published.load(ordering: .acquiring)
        let count = end - consumerPosition
        guard count > 0 else { return 0 }
        // A rewind happens only when the ring is empty, so only at the start of a batch.
        if rewoundAt.load(ordering: .relaxed) == consumerPosition { consumerSlot = 0 }
        for _ in 0..<count {
            body(slots + consumerSlot)
            consumerPosition += 1
            consumerSlot = consumerSlot + 1 == capacity ? 0 : consumerSlot + 1
        }
        consumed.store(end, ordering: .releasing)
        return count
    }
}
