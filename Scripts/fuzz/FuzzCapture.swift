@testable import Capture
@testable import KeyTraceCore

#if canImport(Glibc)
import Glibc
#endif

extension FuzzTarget {
    /// The pcap/pcapng reader (libpcap) and the USB keyboard decoder.
    static let pcap = FuzzTarget(
        name: "pcap",
        summary: "the pcap/pcapng reader (libpcap) and the USB keyboard decoder",
        maxLength: 65_536,
        seedFiles: ["Traces/captures/*.pcap*", "../shared/captures/*.pcap*", "../shared/hid/*.pcap*"],
        run: fuzzPcap)

    /// The key-script parser and the presses it produces.
    static let script = FuzzTarget(
        name: "script",
        summary: "the key-script parser",
        maxLength: 65_536,
        seedFiles: ["Traces/scripts/*.keys"],
        run: fuzzScript)
}

@Sendable func fuzzScript(_ input: UnsafeBufferPointer<UInt8>) {
    if let source = try? ScriptCaptureSource(text: String(decoding: input, as: UTF8.self), name: "fuzz.keys") {
        drainCapture(source)
    }
}

@Sendable func fuzzPcap(_ input: UnsafeBufferPointer<UInt8>) {
    // libpcap reads files: the input goes to a per-process scratch file in the working directory.
    let path = "scratch-\(getpid()).pcap"
    guard let file = fopen(path, "wb") else { return }
    _ = fwrite(input.baseAddress, 1, input.count, file)
    fclose(file)
    _ = USBCaptureSource.keyboards(inFile: path)
    guard let pulled = try? USBCaptureSource(file: path), let pushed = try? USBCaptureSource(file: path),
          let batched = try? USBCaptureSource(file: path) else { return }
    // Events pushed to a sink as they are decoded, or filled into batches, are the events
    // `next()` hands out.
    var expected = EventCollector()
    while expected.wantsMoreEvents, let event = try? pulled.next() { expected.receive(event) }
    var delivered = EventCollector()
    try? pushed.deliverEvents(to: &delivered)
    check(delivered, against: expected, "deliverEvents")
    var filled = EventCollector()
    try? batched.deliverBatches(capacity: 7) { batch in
        _ = batch.deliver(to: &filled)
        batch.removeAll()
        return filled.wantsMoreEvents
    }
    check(filled, against: expected, "deliverBatches")
    checkRepeatSynthesis(of: expected.events)
    _ = pulled.summary.description
}

/// Traps unless repeat synthesis over `events` passes every event on unchanged, in order, and
/// adds only synthesised repeats and limit markers, within its limits.
private func checkRepeatSynthesis(of events: [CaptureEvent]) {
    struct Everything: CaptureEventSink {
        var events: [CaptureEvent] = []
        mutating func receive(_ event: CaptureEvent) { events.append(event) }
    }
    var limits = RepeatSynthesizer.Limits()
    limits.perHold = 500
    limits.total = 5_000
    let timing = RepeatSynthesizer.Timing(delayNs: 2_000_000, intervalNs: 1_000_000)
    var sink = RepeatSynthesizingSink(Everything(), synthesizer: RepeatSynthesizer(timing: timing, input: .whenRecorded, limits: limits))
    for event in events { sink.receive(event) }
    sink.finish()
    var added = 0
    let passed = sink.base.events.filter { event in
        if event.press?.isSynthesizedRepeat == true { added += 1; return false }
        if case .marker(let marker) = event, marker.label == RepeatSynthesizer.limitMarkerLabel { return false }
        return true
    }
    if passed != events { fatalError("repeat synthesis changed the input's events") }
    if UInt64(added) != sink.synthesizer.synthesized || UInt64(added) > limits.total {
        fatalError("repeat synthesis made \(added) repeats, counted \(sink.synthesizer.synthesized), limit \(limits.total)")
    }
}

/// Traps unless `delivered` holds the events of `expected`. A sink that wants no more stops the
/// source after the packet at hand, so past the cap the delivered events may run a packet further.
private func check(_ delivered: EventCollector, against expected: EventCollector, _ path: String) {
    let agree = expected.wantsMoreEvents
        ? delivered.events == expected.events
        : delivered.events.starts(with: expected.events)
    if !agree {
        let first = expected.events.indices.first { $0 < delivered.events.count && expected.events[$0] != delivered.events[$0] }.map { index in
            " (first difference at event \(index): next() \(expected.events[index]), \(path) \(delivered.events[index]))"
        }
        fatalError("\(path) gave \(delivered.events.count) events, next() \(expected.events.count)\(first ?? "")")
    }
}

/// Keeps the events it receives, at most 100 000.
struct EventCollector: CaptureEventSink {
    var events: [CaptureEvent] = []
    mutating func receive(_ event: CaptureEvent) { events.append(event) }
    var wantsMoreEvents: Bool { events.count < 100_000 }
}

/// Reads every event of `source` (at most 100 000) and renders its summary.
func drainCapture(_ source: CaptureSource) {
    var events = 0
    while events < 100_000, let event = try? source.next() {
        if case .press(let press, _) = event { _ = press.description }
        events += 1
    }
    _ = source.summary.description
}
