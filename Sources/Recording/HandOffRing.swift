import Dispatch
import Synchronization

/// Batches handed from one producing thread to one consuming thread through a bounded ring,
/// then handed back emptied for reuse, so a pipeline allocates nothing in steady state and holds
/// at most `depth` batches whatever the length of its input.
///
/// ```
///  producer: fill ─▶ handOver(batch) ───full───▶ next() ─▶ consumer: use, empty
///               ◀── an emptied batch ◀──emptied── giveBack(batch)
///  producer: finish(last:end:) ─────────────────▶ next() == .end(…)
/// ```
///
/// `handOver` waits while the consumer holds every other batch; `next` waits for the producer.
/// Either side can ``stop()`` the producer, which then finishes after the batch at hand.
final class HandOffRing<Batch: Sendable, End: Sendable>: Sendable {
    /// What the consumer takes: a full batch, or the end the producer reported.
    enum Item: Sendable {
        case batch(Batch)
        case end(End)
    }

    private let full = Mutex<[Item]>([])
    private let emptied = Mutex<[Batch]>([])
    /// Counts the items in ``full``.
    private let fullCount = DispatchSemaphore(value: 0)
    /// Counts the batches the producer may still take: `depth` in all, one in its hands.
    private let freeCount: DispatchSemaphore
    private let stopped = Atomic<Bool>(false)

    /// A ring of `depth` batches (at least 2).
    init(depth: Int) {
        // Created at zero and raised, not created at `depth - 1`: libdispatch traps when a
        // semaphore goes away below its initial value, as this one does when the consumer
        // keeps a batch it was handed.
        freeCount = DispatchSemaphore(value: 0)
        for _ in 1..<max(depth, 2) { freeCount.signal() }
    }

    /// Producer: queues the full `batch` and returns an emptied one to refill, or `nil` while
    /// fewer than `depth` batches exist (make one); waits while the ring is full. The queued batch
    /// is referenced by the ring alone, so the consumer can empty it in place.
    func handOver(_ batch: consuming Batch) -> Batch? {
        var item: Item? = .batch(batch)
        full.withLock { items in
            if let taken = item.take() { items.append(taken) }
        }
        fullCount.signal()
        freeCount.wait()
        return emptied.withLock { $0.popLast() }
    }

    /// Producer: queues `last` (a batch still holding items, if any), then the end.
    func finish(last: Batch?, end: End) {
        full.withLock { items in
            if let last { items.append(.batch(last)) }
            items.append(.end(end))
        }
        if last != nil { fullCount.signal() }
        fullCount.signal()
    }

    /// Consumer: the next item, waiting for the producer.
    func next() -> Item {
        fullCount.wait()
        return full.withLock { $0.removeFirst() }
    }

    /// Consumer: returns an emptied batch for the producer to refill.
    func giveBack(_ batch: Batch) {
        emptied.withLock { $0.append(batch) }
        freeCount.signal()
    }

    /// Asks the producer to finish after the batch at hand, and wakes it if it waits for room.
    func stop() {
        stopped.store(true, ordering: .relaxed)
        freeCount.signal()
    }

    /// Whether ``stop()`` was called.
    var isStopped: Bool { stopped.load(ordering: .relaxed) }
}
