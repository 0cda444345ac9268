import KeyTraceCore

/// Where a capture source delivers events as it decodes them, in order.
///
/// ``CaptureSource/next()`` queues what a packet or line produced and hands it out one event
/// at a time; ``CaptureSource/deliverEvents(to:)`` gives every event to a sink the moment it is
/// decoded instead, with no queue between decoder and consumer. The recorder reads that way.
///
/// ```swift
/// struct Counter: CaptureEventSink {
///     var presses = 0
///     mutating func receive(_ event: CaptureEvent) { if event.press != nil { presses += 1 } }
/// }
/// var counter = Counter()
/// try USBCaptureSource(file: "keyboard.pcapng").deliverEvents(to: &counter)
/// ```
public protocol CaptureEventSink {
    /// Takes the next event.
    mutating func receive(_ event: CaptureEvent)
    /// Takes the next event, a press: ``CaptureEvent/press(_:uncertaintyNs:)``. Presses and HID
    /// reports, nearly every event of a capture, have entry points of their own so that a sink
    /// that keeps them apart never builds the enum; by default they call ``receive(_:)``.
    mutating func receive(press: KeyPress, uncertaintyNs: UInt64)
    /// Takes the next event, a HID report: ``CaptureEvent/report(_:)``.
    mutating func receive(report: HIDReport)
    /// Whether the source should go on decoding: a sink that can take no more (its output
    /// failed) returns `false`, and the source stops after the packet or line at hand.
    var wantsMoreEvents: Bool { get }
}

extension CaptureEventSink {
    /// A sink takes every event unless it says otherwise.
    public var wantsMoreEvents: Bool { true }

    public mutating func receive(press: KeyPress, uncertaintyNs: UInt64) {
        receive(.press(press, uncertaintyNs: uncertaintyNs))
    }

    public mutating func receive(report: HIDReport) { receive(.report(report)) }
}
