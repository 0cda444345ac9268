import Foundation
import Synchronization
import Testing
@testable import Recording

@Suite struct HandOffRingTests {
    /// A batch of numbers.
    final class Box: @unchecked Sendable {
        var values: [Int] = []
    }

    /// A counter shared between the test and a producer thread.
    final class Shared: Sendable {
        let count = Atomic<Int>(0)
        let done = Atomic<Bool>(false)
    }

    @Test func batchesArriveInOrderAndNoMoreThanDepthEverExist() {
        let ring = HandOffRing<Box, Int>(depth: 3)
        let made = Shared()
        let producer = Thread {
            var batch = Box()
            made.count.add(1, ordering: .relaxed)
            for value in 0..<100_000 {
                batch.values.append(value)
                if batch.values.count == 7 {
                    if let reused = ring.handOver(batch) {
                        batch = reused
                    } else {
                        batch = Box()
                        made.count.add(1, ordering: .relaxed)
                    }
                }
            }
            ring.finish(last: batch.values.isEmpty ? nil : batch, end: -1)
        }
        producer.start()
        var received: [Int] = []
        var end: Int?
        while end == nil {
            switch ring.next() {
            case .batch(let batch):
                received += batch.values
                batch.values.removeAll(keepingCapacity: true)
                ring.giveBack(batch)
            case .end(let value):
                end = value
            }
        }
        #expect(end == -1)
        #expect(received == Array(0..<100_000))
        let batchesMade = made.count.load(ordering: .relaxed)
        #expect(batchesMade <= 3)
    }

    @Test func stoppingWakesAProducerWaitingForRoom() {
        let ring = HandOffRing<Box, Int>(depth: 2)
        let finished = Shared()
        let producer = Thread {
            var handed = 0
            while !ring.isStopped {
                _ = ring.handOver(Box())
                handed += 1
            }
            ring.finish(last: nil, end: handed)
            finished.done.store(true, ordering: .releasing)
        }
        producer.start()
        // Take one batch and never give it back: the producer then waits for room until stopped.
        if case .batch = ring.next() {}
        ring.stop()
        var end: Int?
        while end == nil {
            if case .end(let value) = ring.next() { end = value }
        }
        #expect(end != nil)
        for _ in 0..<200 where !finished.done.load(ordering: .acquiring) { usleep(5_000) }
        let producerFinished = finished.done.load(ordering: .acquiring)
        #expect(producerFinished)
    }
}
