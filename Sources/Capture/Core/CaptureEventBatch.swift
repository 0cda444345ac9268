import KeyTraceCore

/// Capture events in order, laid out for handing over between threads: presses and HID reports,
/// nearly every event of a capture, sit in arrays of plain values (appended and emptied with
/// plain copies); the rare other events keep their enum form. A list of kinds keeps the order.
///
/// ``CaptureSource/deliverBatches(capacity:_:)`` fills them; a consumer gives the events to a
/// sink with ``deliver(to:)``, empties the batch with ``removeAll()`` and hands it back for reuse.
public struct CaptureEventBatch: Sendable {
    @usableFromInline
    enum Kind: UInt8, Sendable {
        case press, report, other
    }

    /// A press with its timestamp uncertainty: one append per press.
    @usableFromInline
    struct TimedPress: Sendable {
        @usableFromInline var press: KeyPress
        @usableFromInline var uncertaintyNs: UInt64

        @usableFromInline
        init(press: KeyPress, uncertaintyNs: UInt64) {
            self.press = press
            self.uncertaintyNs = uncertaintyNs
        }
    }

    @usableFromInline var kinds: [Kind] = []
    @usableFromInline var presses: [TimedPress] = []
    @usableFromInline var reports: [HIDReport] = []
    @usableFromInline var others: [CaptureEvent] = []

    /// An empty batch with room for `capacity` events.
    public init(capacity: Int) {
        kinds.reserveCapacity(capacity)
        presses.reserveCapacity(capacity / 2)
        reports.reserveCapacity(capacity / 2)
    }

    /// The number of events.
    public var count: Int { kinds.count }

    public var isEmpty: Bool { kinds.isEmpty }

    /// Appends a press: ``CaptureEvent/press(_:uncertaintyNs:)``.
    public mutating func append(press: KeyPress, uncertaintyNs: UInt64) {
        kinds.append(.press)
        presses.append(TimedPress(press: press, uncertaintyNs: uncertaintyNs))
    }

    /// Appends a HID report: ``CaptureEvent/report(_:)``.
    public mutating func append(report: HIDReport) {
        kinds.append(.report)
        reports.append(report)
    }

    /// Appends any event.
    public mutating func append(_ event: CaptureEvent) {
        switch event {
        case .press(let press, let uncertainty):
            append(press: press, uncertaintyNs: uncertainty)
        case .report(let report):
            append(report: report)
        default:
            kinds.append(.other)
            others.append(event)
        }
    }

    /// Gives the events to `sink` in order while it wants them; returns whether it wanted all.
    ///
    /// Inlinable, so that it is specialized for the consumer's sink.
    @inlinable
    public func deliver<Sink: CaptureEventSink>(to sink: inout Sink) -> Bool {
        var press = 0
        var report = 0
        var other = 0
        for kind in kinds {
            guard sink.wantsMoreEvents else { return false }
            switch kind {
            case .press:
                sink.receive(press: presses[press].press, uncertaintyNs: presses[press].uncertaintyNs)
                press += 1
            case .report:
                sink.receive(report: reports[report])
                report += 1
            case .other:
                sink.receive(others[other])
                other += 1
            }
        }
        return sink.wantsMoreEvents
    }

    /// Forgets the events, keeping the room.
    public mutating func removeAll() {
        kinds.removeAll(keepingCapacity: true)
        presses.removeAll(keepingCapacity: true)
        reports.removeAll(keepingCapacity: true)
        others.removeAll(keepingCapacity: true)
    }
}
