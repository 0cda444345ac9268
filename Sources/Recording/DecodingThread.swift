import Capture
import Dispatch
import Foundation
import KeyTraceCore
import Synchronization

/// Decodes a capture source on a thread of its own while the calling thread consumes its events,
/// so that reading a capture file and recording it run at once on two cores.
///
/// ```
///  decoding thread:  source.deliverEvents ─▶ batch ──full──▶ ┌──────────────────────────┐
///                                                            │ ring of `depth` batches  │──▶ calling thread: sink.receive
///                                            batch ◀─emptied─└──────────────────────────┘
/// ```
///
/// Events reach the sink in the order the source produced them, on the calling thread, so a
/// recording made this way is byte for byte the recording made on one thread. Batches go round
/// the ring and are reused: in steady state nothing is allocated, and at most `depth` batches
/// exist, so memory stays bounded whatever the length of the input. When the sink wants no more
/// events, the decoding stops after the batch at hand.
///
/// Meant for inputs read to their end (files): a batch is handed over when it is full, so a live
/// source, which waits for input, would hold its events back.
enum DecodingThread {
    /// Gives every event of `source` to `sink`, decoding on another thread, and throws what
    /// ``CaptureSource/deliverEvents(to:)`` throws once the events decoded before it are delivered.
    ///
    /// `source` must not be used by anything else until this returns.
    static func deliverEvents<Sink: CaptureEventSink>(of source: CaptureSource, to sink: inout Sink,
                                                      batchSize: Int = 4096, depth: Int = 4) throws(CaptureError) {
        let ring = BatchRing(depth: max(depth, 2))
        let handOver = SourceHandOver(source: source)
        let thread = Thread {
            var batches = BatchingSink(ring: ring, batchSize: max(batchSize, 1))
            var failure: CaptureError?
            do throws(CaptureError) {
                try handOver.source.deliverEvents(to: &batches)
            } catch {
                failure = error
            }
            ring.finish(last: batches.batch, failure: failure)
        }
        thread.name = "keytrace-decoder"
        thread.start()
        while true {
            switch ring.nextFull() {
            case .batch(var events):
                if !events.deliver(to: &sink) { ring.stopProducing() }
                events.removeAll()
                ring.giveBack(events)
            case .end(let failure):
                if let failure { throw failure }
                return
            }
        }
    }

    /// The source, handed to the decoding thread for the whole delivery: only that thread touches
    /// it until the end of the input is reported through the ring, which orders the accesses.
    private struct SourceHandOver: @unchecked Sendable {
        let source: CaptureSource
    }

    /// What the ring carries from the decoding thread: a full batch, or the end of the input.
    private enum Item {
        case batch(EventBatch)
        case end(CaptureError?)
    }

    /// Fills batches on the decoding thread and hands each to the ring when full.
    private struct BatchingSink: CaptureEventSink {
        let ring: BatchRing
        let batchSize: Int
        var batch: EventBatch

        init(ring: BatchRing, batchSize: Int) {
            self.ring = ring
            self.batchSize = batchSize
            batch = EventBatch(capacity: batchSize)
        }

        mutating func receive(_ event: CaptureEvent) {
            batch.append(event)
            if batch.count >= batchSize { ring.handOver(&batch) }
        }

        mutating func receive(press: KeyPress, uncertaintyNs: UInt64) {
            batch.append(press: press, uncertaintyNs: uncertaintyNs)
            if batch.count >= batchSize { ring.handOver(&batch) }
        }

        mutating func receive(report: HIDReport) {
            batch.append(report: report)
            if batch.count >= batchSize { ring.handOver(&batch) }
        }

        var wantsMoreEvents: Bool { !ring.isStopped }
    }

    /// The bounded queue between the two threads: full batches one way, emptied ones back.
    private final class BatchRing: Sendable {
        private let full = Mutex<[Item]>([])
        private let emptied = Mutex<[EventBatch]>([])
        /// Counts the items in ``full``.
        private let fullCount = DispatchSemaphore(value: 0)
        /// Counts the batches the decoding thread may still take: `depth` in all, one in its hands.
        private let freeCount: DispatchSemaphore
        private let stopped = Atomic<Bool>(false)

        init(depth: Int) {
            freeCount = DispatchSemaphore(value: depth - 1)
        }

        /// Queues a full batch and replaces it with an empty one to fill, waiting while the ring
        /// is full. The queued batch is referenced by the ring alone, so the calling thread can
        /// empty it in place.
        func handOver(_ batch: inout EventBatch) {
            let capacity = batch.count
            let handed = batch
            batch = EventBatch(capacity: 0)
            full.withLock { $0.append(.batch(handed)) }
            fullCount.signal()
            freeCount.wait()
            batch = emptied.withLock { $0.popLast() } ?? EventBatch(capacity: capacity)
        }

        /// Queues the last batch, if it holds events, then the end of the input.
        func finish(last batch: EventBatch, failure: CaptureError?) {
            full.withLock { items in
                if !batch.isEmpty { items.append(.batch(batch)) }
                items.append(.end(failure))
            }
            fullCount.signal()
            if !batch.isEmpty { fullCount.signal() }
        }

        /// The next item from the decoding thread, waiting for it.
        func nextFull() -> Item {
            fullCount.wait()
            return full.withLock { $0.removeFirst() }
        }

        /// Returns a consumed batch (emptied, capacity kept) for the decoding thread to refill.
        func giveBack(_ batch: EventBatch) {
            emptied.withLock { $0.append(batch) }
            freeCount.signal()
        }

        /// Asks the decoding thread to stop after the batch it is filling.
        func stopProducing() { stopped.store(true, ordering: .relaxed) }

        var isStopped: Bool { stopped.load(ordering: .relaxed) }
    }
}
