import CLITestSupport
import Foundation
import KeyTraceCore
import Testing
@testable import Capture

/// Batches filled by ``CaptureSource/deliverBatches(capacity:_:)`` hold, in order, the events
/// ``CaptureSource/next()`` hands out, whatever their size, for USB captures (decoder compiled for
/// the batch) and for sources that fill batches through `deliverEvents(to:)`.
@Suite struct CaptureEventBatchTests {
    typealias Collector = CaptureEventSinkTests.Collector

    /// Every event of every batch `source` hands over, with the sizes of the batches.
    static func batched(_ source: CaptureSource, capacity: Int, stopAfter limit: Int = .max)
        throws(CaptureError) -> (events: [CaptureEvent], sizes: [Int]) {
        var sink = Collector()
        var sizes: [Int] = []
        try source.deliverBatches(capacity: capacity) { batch in
            sizes.append(batch.count)
            _ = batch.deliver(to: &sink)
            batch.removeAll()
            return sizes.count < limit
        }
        return (sink.events, sizes)
    }

    @Test(arguments: Captures.generated + Captures.whenShared(["sha2017.pcap", "icectf2016.pcapng", Captures.composite]), [1, 7, 4096])
    func batchesHoldTheEventsNextHandsOut(name: String, capacity: Int) throws {
        let expected = try USBCaptureSource(file: Captures.path(name)).collect()
        let (events, sizes) = try Self.batched(try USBCaptureSource(file: Captures.path(name)), capacity: capacity)
        #expect(!expected.isEmpty)
        #expect(events == expected)
        // Every batch but the last is full.
        #expect(sizes.dropLast().allSatisfy { $0 == capacity })
        #expect((sizes.last ?? 0) > 0 && (sizes.last ?? 0) <= capacity)
    }

    @Test func aHandOverThatSaysStopEndsTheDeliveryAndTheRestStaysForNext() throws {
        let path = Captures.path(Captures.demo)
        let all = try USBCaptureSource(file: path).collect()
        let source = try USBCaptureSource(file: path)
        let (events, sizes) = try Self.batched(source, capacity: 16, stopAfter: 2)
        // The packet at hand when the second batch filled up comes whole, in a last batch.
        #expect(sizes.prefix(2) == [16, 16] && sizes.count <= 3 && sizes.dropFirst(2).allSatisfy { $0 < 16 })
        let rest = try source.collect()
        #expect(events.count + rest.count == all.count)
        #expect(events + rest == all, "what next() hands out afterwards completes the capture")
    }

    @Test func theLastBatchComesBeforeTheError() throws {
        let whole = try Data(contentsOf: URL(fileURLWithPath: Captures.path(Captures.demo)))
        let directory = try TemporaryDirectory()
        let path = directory.path("cut.pcap")
        try whole.prefix(whole.count / 2 + 7).write(to: URL(fileURLWithPath: path))
        var expected: [CaptureEvent] = []
        do { let pulled = try USBCaptureSource(file: path); while let event = try pulled.next() { expected.append(event) } } catch {}
        var sink = Collector()
        var thrown: CaptureError?
        do {
            try USBCaptureSource(file: path).deliverBatches(capacity: 1000) { batch in
                _ = batch.deliver(to: &sink)
                batch.removeAll()
                return true
            }
        } catch { thrown = error }
        #expect(thrown?.description.contains("offset") == true)
        #expect(!expected.isEmpty && expected.count % 1000 != 0)
        #expect(sink.events == expected)
    }

    @Test func sourcesWithoutTheirOwnBatchingFillBatchesFromTheirEvents() throws {
        let script = "type \"hello, world\"\n"
        let expected = try ScriptCaptureSource(text: script).collect()
        let (events, sizes) = try Self.batched(try ScriptCaptureSource(text: script), capacity: 5)
        #expect(events == expected)
        #expect(sizes.count == (expected.count + 4) / 5)
    }
}
