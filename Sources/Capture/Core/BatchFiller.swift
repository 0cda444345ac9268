import KeyTraceCore

/// The sink behind ``CaptureSource/deliverBatches(capacity:_:)``: appends events to a batch
/// and hands the batch over when it holds `capacity` events.
///
/// A concrete type of this module, so that a source calling its own `deliverEvents(to:)` with
/// it gets its decoder compiled for it: appends inlined, no call through a witness table per
/// event.
struct BatchFiller: CaptureEventSink {
    private var batch: CaptureEventBatch
    private let capacity: Int
    private let handOver: (inout CaptureEventBatch) -> Bool
    /// Set when `handOver` asked for no more batches.
    private var stopped = false

    private init(capacity: Int, handOver: @escaping (inout CaptureEventBatch) -> Bool) {
        self.capacity = max(capacity, 1)
        self.handOver = handOver
        batch = CaptureEventBatch(capacity: self.capacity)
    }

    /// Runs `deliver` with a filler and hands over the last, partly filled batch when it
    /// returns or throws (before the error propagates). After a hand-over that said stop, that
    /// batch holds the rest of the packet or line at hand, which a source always delivers whole.
    static func fill(capacity: Int, handOver: (inout CaptureEventBatch) -> Bool,
                     _ deliver: (inout BatchFiller) throws(CaptureError) -> Void) throws(CaptureError) {
        try withoutActuallyEscaping(handOver) { (handOver) throws(CaptureError) in
            var filler = BatchFiller(capacity: capacity, handOver: handOver)
            defer {
                if !filler.batch.isEmpty { _ = filler.handOver(&filler.batch) }
            }
            try deliver(&filler)
        }
    }

    mutating func receive(_ event: CaptureEvent) {
        batch.append(event)
        if batch.count >= capacity { handOverFullBatch() }
    }

    @inline(__always)
    mutating func receive(press: KeyPress, uncertaintyNs: UInt64) {
        batch.append(press: press, uncertaintyNs: uncertaintyNs)
        if batch.count >= capacity { handOverFullBatch() }
    }

    @inline(__always)
    mutating func receive(report: HIDReport) {
        batch.append(report: report)
        if batch.count >= capacity { handOverFullBatch() }
    }

    var wantsMoreEvents: Bool { !stopped }

    private mutating func handOverFullBatch() {
        if !handOver(&batch) { stopped = true }
    }
}
