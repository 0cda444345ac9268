import CLITestSupport
import Foundation
import KeyTraceCore
import Testing
@testable import Capture

/// Sources that hand events to a sink as they decode give exactly what ``CaptureSource/next()``
/// gives, in the same order, and stop when the sink wants no more.
@Suite struct CaptureEventSinkTests {
    /// Keeps what it receives; wants no more after `limit` events.
    struct Collector: CaptureEventSink {
        var events: [CaptureEvent] = []
        var limit = Int.max
        mutating func receive(_ event: CaptureEvent) { events.append(event) }
        var wantsMoreEvents: Bool { events.count < limit }
    }

    @Test(arguments: Captures.all + Captures.whenShared([Captures.composite]))
    func deliveredEventsAreTheEventsNextHandsOut(name: String) throws {
        let path = Captures.path(name)
        let pulled = try USBCaptureSource(file: path)
        let expected = try pulled.collect()
        let pushed = try USBCaptureSource(file: path)
        var sink = Collector()
        try pushed.deliverEvents(to: &sink)
        #expect(!expected.isEmpty)
        #expect(sink.events == expected, "\(name)")
        #expect(pushed.summary == pulled.summary, "\(name)")
    }

    @Test func deliveryPicksUpAfterEventsAlreadyReadWithNext() throws {
        let path = Captures.path(Captures.demo)
        let expected = try USBCaptureSource(file: path).collect()
        let source = try USBCaptureSource(file: path)
        var sink = Collector()
        for _ in 0..<5 { if let event = try source.next() { sink.receive(event) } }
        try source.deliverEvents(to: &sink)
        #expect(sink.events == expected)
    }

    @Test func aSinkThatWantsNoMoreStopsTheSourceAtThePacketAtHand() throws {
        let source = try USBCaptureSource(file: Captures.path(Captures.demo))
        var sink = Collector(limit: 10)
        try source.deliverEvents(to: &sink)
        // One packet gives at most a report, a marker and the presses of one boot report.
        #expect(sink.events.count >= 10 && sink.events.count < 10 + 16)
        let rest = try source.collect()
        let all = try USBCaptureSource(file: Captures.path(Captures.demo)).collect()
        #expect(sink.events + rest == all)
    }

    @Test func aSecondDeliveryGoesOnWhereTheStoppedOneLeftOff() throws {
        let all = try USBCaptureSource(file: Captures.path(Captures.demo)).collect()
        let source = try USBCaptureSource(file: Captures.path(Captures.demo))
        var first = Collector(limit: 100)
        try source.deliverEvents(to: &first)
        var second = Collector()
        try source.deliverEvents(to: &second)
        #expect(first.events.count < all.count)
        #expect(first.events + second.events == all)
    }

    @Test(arguments: [Captures.demo] + Captures.whenShared(["sha2017.pcap", Captures.composite]))
    func aCutShortCaptureThrowsAfterEveryEventDecodedBeforeTheCut(name: String) throws {
        let whole = try Data(contentsOf: URL(fileURLWithPath: Captures.path(name)))
        let directory = try TemporaryDirectory()
        let path = directory.path("cut-" + URL(fileURLWithPath: name).lastPathComponent)
        try whole.prefix(whole.count / 2 + 7).write(to: URL(fileURLWithPath: path))
        let pulled = try USBCaptureSource(file: path)
        var expected: [CaptureEvent] = []
        var pullError: CaptureError?
        do { while let event = try pulled.next() { expected.append(event) } } catch { pullError = error }
        let pushed = try USBCaptureSource(file: path)
        var sink = Collector()
        var pushError: CaptureError?
        do { try pushed.deliverEvents(to: &sink) } catch { pushError = error }
        #expect(pullError != nil)
        #expect(pushError?.description == pullError?.description)
        #expect(pushError?.description.contains("offset") == true, "\(String(describing: pushError))")
        #expect(!sink.events.isEmpty)
        #expect(sink.events == expected)
    }

    @Test func sourcesWithoutTheirOwnDeliveryReadWithNext() throws {
        let script = "type \"hello\"\n"
        let source = try ScriptCaptureSource(text: script)
        var sink = Collector()
        try source.deliverEvents(to: &sink)
        let again = try ScriptCaptureSource(text: script).collect()
        #expect(sink.events == again)
        #expect(sink.events.contains { $0.press != nil })
    }
}
