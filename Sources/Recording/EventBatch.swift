import Capture
import KeyTraceCore

/// Capture events in order, laid out for handing over between threads: presses and HID reports,
/// nearly every event of a capture, sit in arrays of plain values (appended and emptied with
/// plain copies); the rare other events keep their enum form. A list of kinds keeps the order.
struct EventBatch {
    private enum Kind: UInt8 {
        case press, report, other
    }

    /// A press with its timestamp uncertainty: one append per press.
    private struct TimedPress {
        var press: KeyPress
        var uncertaintyNs: UInt64
    }

    private var kinds: [Kind] = []
    private var presses: [TimedPress] = []
    private var reports: [HIDReport] = []
    private var others: [CaptureEvent] = []

    /// An empty batch with room for `capacity` events.
    init(capacity: Int) {
        kinds.reserveCapacity(capacity)
        presses.reserveCapacity(capacity / 2)
        reports.reserveCapacity(capacity / 2)
    }

    /// The number of events.
    var count: Int { kinds.count }

    var isEmpty: Bool { kinds.isEmpty }

    mutating func append(press: KeyPress, uncertaintyNs: UInt64) {
        kinds.append(.press)
        presses.append(TimedPress(press: press, uncertaintyNs: uncertaintyNs))
    }

    mutating func append(report: HIDReport) {
        kinds.append(.report)
        reports.append(report)
    }

    mutating func append(_ event: CaptureEvent) {
        switch event {
        case .press(let press, let uncertainty):
            kinds.append(.press)
            presses.append(TimedPress(press: press, uncertaintyNs: uncertainty))
        case .report(let report):
            kinds.append(.report)
            reports.append(report)
        default:
            kinds.append(.other)
            others.append(event)
        }
    }

    /// Gives the events to `sink` in order while it wants them; returns whether it wanted all.
    func deliver<Sink: CaptureEventSink>(to sink: inout Sink) -> Bool {
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
    mutating func removeAll() {
        kinds.removeAll(keepingCapacity: true)
        presses.removeAll(keepingCapacity: true)
        reports.removeAll(keepingCapacity: true)
        others.removeAll(keepingCapacity: true)
    }
}
