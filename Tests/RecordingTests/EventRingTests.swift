import Foundation
import Testing
import KeyTraceCore
@testable import Recording

@Suite struct EventRingTests {
    /// An event whose timestamp is `n`, to check order and completeness.
    private func event(_ n: UInt64) -> RecordedEvent {
        var event = RecordedEvent.empty
        event.kind = .dispatch
        event.press.timestamp = n
        return event
    }

    private func drainTimestamps(_ ring: EventRing) -> [UInt64] {
        var seen: [UInt64] = []
        ring.drain { seen.append($0.pointee.press.timestamp) }
        return seen
    }

    @Test("slots and the counters shared between threads start on cache-line boundaries")
    func layout() {
        let ring = EventRing(capacity: 8)
        #expect(UInt(bitPattern: ring.firstSlot) % UInt(EventRing.cacheLine) == 0)
        #expect(MemoryLayout<RecordedEvent>.stride % EventRing.cacheLine == 0,
                "a slot that is not a whole number of lines shares a line with its neighbour")
        // What a dispatch writes fits in three lines, ahead of the rare kinds' payload.
        #expect(RecordedEvent.hotBytes % EventRing.cacheLine == 0)
        #expect(RecordedEvent.hotBytes < MemoryLayout<RecordedEvent>.stride)
        let payload = MemoryLayout<RecordedEvent>.offset(of: \.record)!
        #expect(RecordedEvent.hotBytes == (payload + EventRing.cacheLine - 1) / EventRing.cacheLine * EventRing.cacheLine,
                "hotBytes should end with the line that holds the last field a dispatch writes")
        for field: PartialKeyPath<RecordedEvent> in [\.timings, \.press, \.uncertainty, \.kind, \.outcome, \.actionSource,
                                                   \.hasPayload, \.command, \.blockingCommand, \.provider, \.target,
                                                   \.queries, \.count] {
            #expect(MemoryLayout<RecordedEvent>.offset(of: field)! < RecordedEvent.hotBytes)
        }
    }

    @Test("a full ring refuses events, and accepts again once the consumer has drained", arguments: [1, 2, 3, 4, 5, 7])
    func refusesWhenFull(capacity: Int) {
        let ring = EventRing(capacity: capacity)
        var producer = EventRing.Producer(ring)
        for n in 0..<UInt64(capacity) {
            let accepted = producer.push(event(n))
            #expect(accepted)
        }
        let overflow = producer.push(event(99))
        #expect(!overflow)
        #expect(drainTimestamps(ring) == Array(0..<UInt64(capacity)))
        let afterDrain = producer.push(event(100))
        #expect(afterDrain)
        #expect(drainTimestamps(ring) == [100])
    }

    @Test("events come out in order across wrap-arounds and rewinds", arguments: [3, 64, 600, 2_048])
    func orderAcrossWrapAndRewind(capacity: Int) {
        let ring = EventRing(capacity: capacity)
        var producer = EventRing.Producer(ring)
        var next: UInt64 = 0
        var expected: UInt64 = 0
        // Uneven batches: some drains leave the ring empty past the rewind threshold, some do not.
        for round in 0..<200 {
            let batch = min(capacity, 1 + (round * 37) % 700)
            for _ in 0..<batch where producer.push(event(next)) { next += 1 }
            let seen = drainTimestamps(ring)
            #expect(seen == Array(expected..<next))
            expected = next
        }
        #expect(next > UInt64(capacity) * 2)
    }

    @Test("a consumer thread sees every event exactly once, in order, while the producer runs")
    func concurrentConsumer() async {
        let ring = EventRing(capacity: 1_024)
        let total: UInt64 = 200_000
        let consumer = Task.detached { () -> (ordered: Bool, count: UInt64) in
            var expected: UInt64 = 0
            var ordered = true
            while expected < total {
                let drained = ring.drain { event in
                    if event.pointee.press.timestamp != expected { ordered = false }
                    expected += 1
                }
                if drained == 0 { usleep(50) }
            }
            return (ordered, expected)
        }
        var producer = EventRing.Producer(ring)
        var n: UInt64 = 0
        while n < total {
            if producer.push(event(n)) { n += 1 } else { usleep(10) }
        }
        let result = await consumer.value
        #expect(result.ordered)
        #expect(result.count == total)
    }
}
