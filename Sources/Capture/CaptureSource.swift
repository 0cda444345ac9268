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
}

extension CaptureSource {
    public func deliverEvents<Sink: CaptureEventSink>(to sink: inout Sink) throws(CaptureError) {
        while sink.wantsMoreEvents, let event = try next() { sink.receive(event) }
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
