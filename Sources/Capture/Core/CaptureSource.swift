import KeyTraceCore

/// A source of keyboard events: a USB capture file, a live usbmon interface, an evdev node or
/// file, an evemu recording or a script.
///
/// Sources stream: ``next()`` reads only as much input as it needs for the next event.
///
/// ```swift
/// let source = try USBCaptureSource(file: "keyboard.pcapng")
/// while let event = try source.next() {
///     if let press = event.press { print(press) }
/// }
/// print(source.summary)
/// ```
///
/// After the last event ``next()`` returns `nil`, or throws once when the input was cut short
/// or held no keyboard (the events before the fault have been delivered), then returns `nil`.
public protocol CaptureSource: AnyObject {
    /// The next event, or `nil` at the end.
    func next() throws(CaptureError) -> CaptureEvent?
    /// What has been seen so far; complete once ``next()`` returned `nil` or threw.
    var summary: CaptureSummary { get }
    /// Gives every remaining event to `sink` as it is decoded, until the input ends, the
    /// source is stopped or the sink wants no more; throws as ``next()`` does, after the events
    /// decoded before the fault. The default reads with ``next()``; a source that decodes in
    /// bulk (USB captures) hands events over without queueing them.
    func deliverEvents<Sink: CaptureEventSink>(to sink: inout Sink) throws(CaptureError)
    /// Gives every remaining event in batches of up to `capacity` events, as
    /// ``deliverEvents(to:)`` would give them to a sink: `handOver` gets each full batch, and the
    /// last, partly filled one when the input ends or before the error is thrown. It replaces the
    /// batch with an empty one to fill (or empties it) and returns whether to go on; `false`
    /// stops the source as a sink that wants no more events does, after the packet or line at
    /// hand, whose remaining events come in one last batch. The default delivers through
    /// ``deliverEvents(to:)``; a source that decodes in bulk (USB captures) runs its decoder
    /// compiled for the batch.
    func deliverBatches(capacity: Int, _ handOver: (inout CaptureEventBatch) -> Bool) throws(CaptureError)
}

extension CaptureSource {
    public func deliverEvents<Sink: CaptureEventSink>(to sink: inout Sink) throws(CaptureError) {
        while sink.wantsMoreEvents, let event = try next() { sink.receive(event) }
    }

    public func deliverBatches(capacity: Int, _ handOver: (inout CaptureEventBatch) -> Bool) throws(CaptureError) {
        try BatchFiller.fill(capacity: capacity, handOver: handOver) { (filler) throws(CaptureError) in
            try deliverEvents(to: &filler)
        }
    }
}

extension CaptureSource {
    /// Reads every remaining event into an array. Meant for small inputs and tests; the
    /// recorder reads with ``next()`` instead.
    public func collect() throws(CaptureError) -> [CaptureEvent] {
        var events: [CaptureEvent] = []
        while let event = try next() { events.append(event) }
        return events
    }
}
