import Capture
import Dispatch
import KeyTraceSupport
import KeyTraceCore
import Synchronization

/// Decodes a capture source on a thread of its own while the calling thread consumes its events,
/// so that reading a capture file and recording it run at once on two cores.
///
/// ```
///  decoding thread:  source.deliverBatches ─▶ batch ─full─▶ ┌──────────────────────────┐
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
        let ring = HandOffRing<CaptureEventBatch, CaptureError?>(depth: depth)
        let handOver = SourceHandOver(source: source)
        let started = DetachedThread.start(name: "keytrace-decoder") {
            var failure: CaptureError?
            do throws(CaptureError) {
                try handOver.source.deliverBatches(capacity: batchSize) { batch in
                    var full = CaptureEventBatch(capacity: 0)
                    swap(&full, &batch)
                    batch = ring.handOver(full) ?? CaptureEventBatch(capacity: batchSize)
                    return !ring.isStopped
                }
            } catch {
                failure = error
            }
            ring.finish(last: nil, end: failure)
        }
        // Without a second thread the source delivers on this one.
        if !started { return try source.deliverEvents(to: &sink) }
        while true {
            switch ring.next() {
            case .batch(var events):
                if !events.deliver(to: &sink) { ring.stop() }
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
}
