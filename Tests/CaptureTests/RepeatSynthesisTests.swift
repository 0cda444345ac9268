import CLITestSupport
import Foundation
import KeyTraceCore
import Testing
@testable import Capture

/// Repeats a held key makes at record time (docs/Capture.md, "Repeat synthesis").
@Suite struct RepeatSynthesisTests {
    private static let ms: UInt64 = 1_000_000
    private static let keyboard = DeviceID.usb(bus: 1, device: 2, endpoint: 0x81)

    /// Keeps what it receives.
    struct Collector: CaptureEventSink {
        var events: [CaptureEvent] = []
        mutating func receive(_ event: CaptureEvent) { events.append(event) }
    }

    /// A keyboard's presses, as a source makes them: each carries the modifiers held after it.
    struct Keyboard {
        var tracker = KeyStateTracker(device: RepeatSynthesisTests.keyboard, layout: .usANSI)
        var events: [CaptureEvent] = []

        mutating func down(_ usage: HIDUsage, at ms: UInt64) { add(.began, usage, at: ms) }
        mutating func up(_ usage: HIDUsage, at ms: UInt64) { add(.ended, usage, at: ms) }
        mutating func inputRepeat(_ usage: HIDUsage, at ms: UInt64) {
            events.append(.press(tracker.press(.began, usage, isRepeat: true, timestamp: ms * RepeatSynthesisTests.ms),
                                 uncertaintyNs: 1_000_000))
        }
        mutating func add(_ phase: KeyPhase, _ usage: HIDUsage, at ms: UInt64) {
            events.append(.press(tracker.press(phase, usage, timestamp: ms * RepeatSynthesisTests.ms), uncertaintyNs: 1_000_000))
        }
    }

    private func synthesize(_ events: [CaptureEvent], input: RepeatSynthesizer.InputRepeats = .absent,
                            timing: RepeatSynthesizer.Timing = .platformDefault,
                            limits: RepeatSynthesizer.Limits = .init()) -> (events: [CaptureEvent], synthesizer: RepeatSynthesizer) {
        var sink = RepeatSynthesizingSink(Collector(), synthesizer: RepeatSynthesizer(timing: timing, input: input, limits: limits))
        // Presses through their own entry point, as sources deliver them; the rest as events.
        for event in events {
            if case .press(let press, let uncertainty) = event {
                sink.receive(press: press, uncertaintyNs: uncertainty)
            } else {
                sink.receive(event)
            }
        }
        sink.finish()
        return (sink.base.events, sink.synthesizer)
    }

    private func repeats(_ events: [CaptureEvent]) -> [KeyPress] {
        events.compactMap(\.press).filter(\.isSynthesizedRepeat)
    }

    private func times(_ presses: [KeyPress]) -> [UInt64] { presses.map { $0.timestamp / Self.ms } }

    @Test func aHeldKeyRepeatsAfterTheDelayThenEveryIntervalUntilItGoesUp() {
        var keyboard = Keyboard()
        keyboard.down(.downArrow, at: 0)
        keyboard.up(.downArrow, at: 600)
        let (events, synthesizer) = synthesize(keyboard.events)
        let made = repeats(events)
        #expect(times(made) == [500, 533, 566, 599])
        #expect(made.allSatisfy { $0.isRepeat && $0.phase == .began && $0.usage == .downArrow && $0.device == Self.keyboard })
        #expect(synthesizer.synthesized == 4)
        // In time order, between the key-down and the key-up, with the key-down's uncertainty.
        #expect(events.compactMap(\.press).map(\.timestamp) == events.compactMap(\.press).map(\.timestamp).sorted())
        #expect(events.allSatisfy { if case .press(_, let u) = $0 { u == 1_000_000 } else { true } })
    }

    @Test func aKeyUpAtARepeatsOwnTimeComesBeforeItAndNoRepeatFollowsTheKeyUp() {
        var keyboard = Keyboard()
        keyboard.down(.a, at: 0)
        keyboard.up(.a, at: 533)
        #expect(times(repeats(synthesize(keyboard.events).events)) == [500])
    }

    @Test func aShortPressDoesNotRepeat() {
        var keyboard = Keyboard()
        keyboard.down(.a, at: 0)
        keyboard.up(.a, at: 499)
        #expect(repeats(synthesize(keyboard.events).events).isEmpty)
    }

    @Test func aSecondKeyDownStopsTheFirstKeysRepeatsAndTheFirstDoesNotResume() {
        var keyboard = Keyboard()
        keyboard.down(.a, at: 0)
        keyboard.down(HIDUsage(0x05), at: 550)  // a repeated at 500 and 533
        keyboard.up(HIDUsage(0x05), at: 1_100)  // b repeated from 1 050
        keyboard.up(.a, at: 2_000)  // a still held, but does not repeat again
        let made = repeats(synthesize(keyboard.events).events)
        #expect(made.map(\.usage) == [.a, .a, HIDUsage(0x05), HIDUsage(0x05)])
        #expect(times(made) == [500, 533, 1_050, 1_083])
    }

    @Test func modifierKeysNeverRepeatAndARepeatCarriesTheModifiersHeldAtItsTime() {
        var keyboard = Keyboard()
        keyboard.down(.leftShift, at: 0)  // held alone: no repeats
        keyboard.up(.leftShift, at: 2_000)
        keyboard.down(.a, at: 3_000)
        keyboard.down(.leftShift, at: 3_540)  // a modifier going down does not stop the repeats
        keyboard.up(.a, at: 3_600)
        keyboard.up(.leftShift, at: 3_700)
        let made = repeats(synthesize(keyboard.events).events)
        #expect(made.map(\.usage) == [.a, .a, .a, .a])
        #expect(times(made) == [3_500, 3_533, 3_566, 3_599])
        #expect(made.map(\.characters) == ["a", "a", "A", "A"])
        #expect(made.map(\.modifierFlags) == [[], [], .shift, .shift])
        #expect(made[2].modifierSides == .leftShift)
    }

    @Test func capsLockAndMediaKeysDoNotRepeat() {
        var keyboard = Keyboard()
        keyboard.down(.capsLock, at: 0)
        keyboard.up(.capsLock, at: 1_000)
        let volume = keyboard.tracker.press(.began, 0xE9, page: .consumer, timestamp: 2_000 * Self.ms)
        keyboard.events.append(.press(volume, uncertaintyNs: 0))
        var release = volume
        release.phase = .ended
        release.timestamp = 3_000 * Self.ms
        keyboard.events.append(.press(release, uncertaintyNs: 0))
        #expect(repeats(synthesize(keyboard.events).events).isEmpty)
    }

    @Test func aKeyHeldWhenTheInputEndsRepeatsUpToTheInputsLastTimestampOnly() {
        var keyboard = Keyboard()
        keyboard.down(HIDUsage(0x1B), at: 0)
        keyboard.down(.leftShift, at: 550)
        keyboard.events.append(.marker(CaptureMarker(label: "end", timestamp: 600 * Self.ms)))
        let made = repeats(synthesize(keyboard.events).events)
        #expect(times(made) == [500, 533, 566, 599])
        // Held to the end with nothing after the key-down: no repeat at all.
        var alone = Keyboard()
        alone.down(HIDUsage(0x1B), at: 0)
        #expect(repeats(synthesize(alone.events).events).isEmpty)
    }

    @Test func aKeyboardDisconnectStopsTheRepeats() {
        var keyboard = Keyboard()
        keyboard.down(HIDUsage(0x1B), at: 0)
        keyboard.events.append(.marker(CaptureMarker(label: CaptureMarker.keyboardDisconnectLabel, timestamp: 540 * Self.ms)))
        keyboard.events.append(.marker(CaptureMarker(label: "later", timestamp: 5_000 * Self.ms)))
        #expect(times(repeats(synthesize(keyboard.events).events)) == [500, 533])
    }

    @Test func anInputWithRepeatsOfItsOwnIsNeverDoubled() {
        // The kernel repeats ↓ at 600 ms (a delay longer than the synthesiser's 500 ms): the
        // repeats due before it are dropped, and nothing is synthesised from then on.
        var keyboard = Keyboard()
        keyboard.down(.downArrow, at: 0)
        keyboard.inputRepeat(.downArrow, at: 600)
        keyboard.inputRepeat(.downArrow, at: 633)
        keyboard.up(.downArrow, at: 650)
        keyboard.down(.upArrow, at: 1_000)
        keyboard.up(.upArrow, at: 2_000)
        let (events, synthesizer) = synthesize(keyboard.events, input: .whenRecorded)
        #expect(repeats(events).isEmpty)
        #expect(events.compactMap(\.press).filter(\.isRepeat).count == 2)
        #expect(synthesizer.inputHadRepeats)
        // The same input, said to carry repeats, gets none either; without any it gets them.
        #expect(repeats(synthesize(keyboard.events, input: .present).events).isEmpty)
        var plain = Keyboard()
        plain.down(.downArrow, at: 0)
        plain.up(.downArrow, at: 650)
        #expect(times(repeats(synthesize(plain.events, input: .whenRecorded).events)) == [500, 533, 566, 599, 632])
    }

    @Test func limitsStopRepeatsWithAMarkerAndBoundTheWork() {
        var keyboard = Keyboard()
        keyboard.down(.a, at: 0)
        keyboard.up(.a, at: 3_600_000)  // an hour
        var limits = RepeatSynthesizer.Limits()
        limits.perHold = 100
        let (events, synthesizer) = synthesize(keyboard.events, limits: limits)
        #expect(repeats(events).count == 100)
        #expect(synthesizer.limitedHolds == 1)
        let markers = events.compactMap { if case .marker(let m) = $0 { m } else { nil } }
        #expect(markers.map(\.label) == [RepeatSynthesizer.limitMarkerLabel])
        #expect(markers.first?.timestamp == (500 + 100 * 33) * Self.ms)
        // The next hold repeats again; the total limit stops synthesis for good.
        keyboard.down(HIDUsage(0x05), at: 3_700_000)
        keyboard.up(HIDUsage(0x05), at: 3_701_000)
        limits.total = 110
        let capped = synthesize(keyboard.events, limits: limits)
        #expect(repeats(capped.events).count == 110)
        #expect(!capped.synthesizer.isActive)
        // An hour at the default timing is well within the default limits.
        #expect(repeats(synthesize(Array(keyboard.events.prefix(2))).events).count == 109_076)
    }

    @Test func timestampsNearTheEndOfTheClockDoNotOverflow() {
        let press = KeyPress(.began, .a, device: Self.keyboard, timestamp: UInt64.max - 600 * Self.ms)
        var release = press
        release.phase = .ended
        release.timestamp = UInt64.max
        let events: [CaptureEvent] = [.press(press, uncertaintyNs: 0), .press(release, uncertaintyNs: 0)]
        #expect(repeats(synthesize(events, timing: .init(delayNs: 500 * Self.ms, intervalNs: UInt64.max)).events).count == 1)
        let late = KeyPress(.began, .a, device: Self.keyboard, timestamp: UInt64.max - 1)
        #expect(repeats(synthesize([.press(late, uncertaintyNs: 0), .press(release, uncertaintyNs: 0)]).events).isEmpty)
    }

    @Test func anEvdevFileWithTheKernelsRepeatsKeepsThemAndGetsNoneSynthesised() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("event7")
        try inputEventRecords(EvdevTests.shiftATypedThenBRepeated.map { ($0.0, $0.1, $0.2, $0.3, $0.4) })
            .write(to: URL(fileURLWithPath: path))
        var sink = RepeatSynthesizingSink(Collector(), synthesizer: RepeatSynthesizer(input: CaptureInput.evdev(path: path).repeats))
        try EvdevCaptureSource(path: path).deliverEvents(to: &sink)
        sink.finish()
        let presses = sink.base.events.compactMap(\.press)
        #expect(presses.filter(\.isRepeat).count == 2)
        #expect(!presses.contains { $0.isSynthesizedRepeat })
    }

    @Test func eachInputSaysWhetherItCarriesRepeats() {
        #expect(CaptureInput.usbCapture(path: "x").repeats == .absent)
        #expect(CaptureInput.hidRecorder(path: "x").repeats == .absent)
        #expect(CaptureInput.libinput(path: "x", keys: .hidReports).repeats == .absent)
        #expect(CaptureInput.libinput(path: "x", keys: .evdev).repeats == .whenRecorded)
        #expect(CaptureInput.evdev(path: "x").repeats == .whenRecorded)
        #expect(CaptureInput.evemu(path: "x").repeats == .whenRecorded)
        #expect(CaptureInput.script(path: "x").repeats == .present)
        #expect(CaptureInput.terminal(.auto).repeats == .present)
    }

    @Test func durationsAreReadAsInTheScriptNotation() {
        #expect(RepeatSynthesizer.Timing.duration("500ms") == 500_000_000)
        #expect(RepeatSynthesizer.Timing.duration("0.4s") == 400_000_000)
        #expect(RepeatSynthesizer.Timing.duration("33") == nil)
        #expect(RepeatSynthesizer.Timing(delayNs: 0, intervalNs: 0).intervalNs == RepeatSynthesizer.Timing.minimumIntervalNs)
    }
}
