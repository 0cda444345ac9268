import CProcessor
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
///
/// The two threads share no cache line they do not have to: slots start on a line boundary,
/// the producer's counters (``published``, ``rewoundAt``, ``dropped``) and the consumer's
/// (``consumed``) sit on lines of their own, and each side keeps its position and a copy of
/// the ring's geometry in its own memory. The producer also claims the lines of the slot it
/// will fill ``prefetchDistance`` events later (the writer read them last), so the store that
/// fills a slot does not wait for the other core to give its copy up. Both sides touch only a
/// slot's first ``RecordedEvent/hotBytes`` for a dispatch; the rare kinds' payload lines after
/// them move between the cores only when such an event is queued.
final class EventRing: @unchecked Sendable {
    /// How many events the ring holds.
    let capacity: Int
    fileprivate let slots: UnsafeMutablePointer<RecordedEvent>
    /// Events published by the producer so far (the producer's line).
    fileprivate let published: UnsafeMutablePointer<Atomic<Int>>
    /// The position of the last event the producer put in slot 0 out of turn (the producer's line).
    fileprivate let rewoundAt: UnsafeMutablePointer<Atomic<Int>>
    /// Events refused because the ring was full, over its lifetime (the producer's line).
    let droppedCount: UnsafeMutablePointer<Atomic<UInt64>>
    /// Events the consumer is done with so far (the consumer's line).
    fileprivate let consumed: UnsafeMutablePointer<Atomic<Int>>
    private let counters: UnsafeMutableRawPointer
    /// Past this slot, the producer checks every 64 events whether the ring is empty and, if
    /// so, goes back to slot 0.
    static let rewindThreshold = 512
    /// How many events ahead the producer claims a slot's cache lines.
    static let prefetchDistance = 4
    /// The cache line size assumed for the layout (x86-64 and most ARM64 cores).
    static let cacheLine = 64
    // Consumer-only state.
    private var consumerPosition = 0
    private var consumerSlot = 0

    /// A ring of `capacity` slots (at least one).
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        let slotMemory = UnsafeMutableRawPointer.allocate(
            byteCount: MemoryLayout<RecordedEvent>.stride * self.capacity,
            alignment: max(Self.cacheLine, MemoryLayout<RecordedEvent>.alignment))
        slots = slotMemory.bindMemory(to: RecordedEvent.self, capacity: self.capacity)
        slots.initialize(repeating: .empty, count: self.capacity)
        // Line 0: the producer's three counters (8 bytes each); line 1: the consumer's one.
        let lines = UnsafeMutableRawPointer.allocate(byteCount: 2 * Self.cacheLine, alignment: Self.cacheLine)
        counters = lines
        func counter<Value: AtomicRepresentable>(at offset: Int,
                                                 _ value: Value) -> UnsafeMutablePointer<Atomic<Value>> {
            let counter = (lines + offset).bindMemory(to: Atomic<Value>.self, capacity: 1)
            counter.initialize(to: Atomic(value))
            return counter
        }
        published = counter(at: 0, 0)
        rewoundAt = counter(at: 8, -1)
        droppedCount = counter(at: 16, UInt64(0))
        consumed = counter(at: Self.cacheLine, 0)
    }

    /// Events refused because the ring was full, over its lifetime.
    var dropped: UInt64 { droppedCount.pointee.load(ordering: .relaxed) }

    /// The first slot (a ring of one is a producer's scratch slot).
    var firstSlot: UnsafeMutablePointer<RecordedEvent> { slots }

    deinit {
        slots.deinitialize(count: capacity)
        UnsafeMutableRawPointer(slots).deallocate()
        counters.deallocate()
    }

    /// The producer's end of the ring. A value held by the producing thread only, so that its
    /// position needs no synchronisation; `consumed` is read only when the ring looks full or
    /// may be empty (keeping the hot path off the consumer's cache line).
    struct Producer {
        let ring: EventRing
        // The ring's geometry, copied so the hot path reads only the producer's own memory.
        private let slots: UnsafeMutablePointer<RecordedEvent>
        private let capacity: Int
        private var position = 0
        private var slot = 0
        private var knownConsumed = 0

        init(_ ring: EventRing) {
            self.ring = ring
            slots = ring.slots
            capacity = ring.capacity
        }

        /// How many events fit now.
        mutating func freeSlots() -> Int {
            var free = capacity &- (position &- knownConsumed)
            if free == 0 {
                knownConsumed = ring.consumed.pointee.load(ordering: .acquiring)
                free = capacity &- (position &- knownConsumed)
            }
            return free
        }

        /// The next slot, to fill in place and then ``publish()``; `nil` when the ring is full.
        @inline(__always)
        mutating func claim() -> UnsafeMutablePointer<RecordedEvent>? {
            guard freeSlots() > 0 else { return nil }
            if slot >= EventRing.rewindThreshold && slot & 63 == 0 {
                knownConsumed = ring.consumed.pointee.load(ordering: .acquiring)
                if knownConsumed == position {  // empty: every slot is free, start over
                    slot = 0
                    ring.rewoundAt.pointee.store(position, ordering: .relaxed)  // published by publish()
                    for ahead in 1..<EventRing.prefetchDistance where ahead < capacity { prefetch(ahead) }
                }
            }
            return slots + slot
        }

        /// Hands the slot last claimed to the consumer.
        @inline(__always)
        mutating func publish() {
            slot = slot &+ 1 == capacity ? 0 : slot &+ 1
            position &+= 1
            ring.published.pointee.store(position, ordering: .releasing)
            if capacity > EventRing.prefetchDistance {
                var ahead = slot &+ (EventRing.prefetchDistance &- 1)
                if ahead >= capacity { ahead &-= capacity }
                prefetch(ahead)
            }
        }

        /// Claims the cache lines of slot `index` for writing.
        @inline(__always)
        private func prefetch(_ index: Int) {
            EventRing.forEachLine(of: slots + index) { keytrace_prefetch_for_write($0) }
        }

        /// Counts an event the ring had no room for.
        func countDrop() { ring.droppedCount.pointee.add(1, ordering: .relaxed) }

        /// Copies `event` into the next slot and publishes it; `false` when the ring is full.
        mutating func push(_ event: RecordedEvent) -> Bool {
            guard let slot = claim() else { return false }
            slot.pointee = event
            publish()
            return true
        }
    }

    /// Calls `hint` with the start of each cache line a dispatch event uses in `slot`
    /// (``RecordedEvent/hotBytes``; slots are line-aligned). The rare kinds' payload lines are
    /// left to be fetched when one of them is written or read.
    @inline(__always)
    fileprivate static func forEachLine(of slot: UnsafeMutablePointer<RecordedEvent>,
                                        _ hint: (UnsafeRawPointer) -> Void) {
        let start = UnsafeRawPointer(slot)
        var offset = 0
        while offset < RecordedEvent.hotBytes {
            hint(start + offset)
            offset &+= cacheLine
        }
    }

    /// Consumer: calls `body` with every published event, in place and in order, then frees
    /// their slots. Returns how many there were.
    @discardableResult
    func drain(_ body: (UnsafePointer<RecordedEvent>) -> Void) -> Int {
        let end = published.pointee.load(ordering: .acquiring)
        var position = consumerPosition
        let count = end - position
        guard count > 0 else { return 0 }
        // A rewind happens only when the ring is empty, so only at the start of a batch.
        var slot = rewoundAt.pointee.load(ordering: .relaxed) == position ? 0 : consumerSlot
        let capacity = self.capacity, slots = self.slots
        while position < end {
            if end &- position > 2 {  // the writer reads the lines the producer wrote last: ask early
                var ahead = slot &+ 2
                if ahead >= capacity { ahead &-= capacity }
                Self.forEachLine(of: slots + ahead) { keytrace_prefetch_for_read($0) }
            }
            body(slots + slot)
            position += 1
            slot = slot + 1 == capacity ? 0 : slot + 1
        }
        consumerPosition = position
        consumerSlot = slot
        consumed.pointee.store(end, ordering: .releasing)
        return count
    }
}
