import KeyTraceCore

/// Auto-repeat for inputs that carry none: the repeats an iPad makes of a held key, added to
/// the events of a capture source at record time.
///
/// USB captures, hid-recorder and libinput recordings hold what the keyboard sent, and a
/// keyboard sends a key once however long it is held; the system repeats it (docs/Capture.md,
/// "Repeat synthesis"). The synthesizer takes the input's events in order and gives back, before
/// each, the repeats due by then:
///
/// ```
///  ↓ down at 0 ──────────────── ↓ up at 600 ms
///        repeats: 500, 533, 566, 599 ms (delay 500 ms, interval 33 ms), each `isSynthesizedRepeat`
/// ```
///
/// - Only the last non-modifier key that went down repeats; a key-down of another key stops it
///   (and starts that key's repeats), as on Apple platforms. Modifier keys, Caps Lock and keys of
///   other pages than the keyboard's (media, system) never repeat.
/// - A repeat carries the modifiers of its keyboard at its time: shift pressed while ↓ repeats
///   makes the next repeats ⇧↓.
/// - Repeats stop at the key's key-up or cancel, at a key-down of another non-modifier key, and
///   at a keyboard disconnect; a key still held when the input ends repeats up to the input's
///   last timestamp, never beyond it.
/// - Work is bounded: one hold makes at most ``Limits/perHold`` repeats and a recording at most
///   ``Limits/total``; at either limit a `repeat-limit` marker says so and repeats stop (the
///   hold's until its key goes up, the recording's for good).
/// - An input's own repeats win: the first repeat the input carries (evdev's value 2) turns
///   synthesis off for the rest of the recording, and repeats due for the hold at hand are
///   dropped, so no key-down is ever repeated twice over.
///
/// Repeats are given when the next event arrives (they must precede it), so a live source's
/// repeats are written when the key goes up or the next event comes, with their own timestamps.
public struct RepeatSynthesizer: Sendable {
    /// When a held key repeats.
    public struct Timing: Hashable, Sendable {
        /// From a key going down to its first repeat.
        public var delayNs: UInt64
        /// Between repeats; at least ``minimumIntervalNs``.
        public var intervalNs: UInt64

        /// The shortest interval accepted: 1 ms (a thousand repeats a second).
        public static let minimumIntervalNs: UInt64 = 1_000_000

        /// KeyTrace's model of the iPad's default: 500 ms, then every 33 ms. Apple publishes no
        /// figure for iPadOS's defaults (Settings › Accessibility › Keyboards › Key Repeat adjusts
        /// both); 500 ms is the default delay NUREG-0700 Rev. 2 (guideline 3.2.1-19) recommends, and the interval is
        /// the one scripts and synthetic load use.
        public static let platformDefault = Timing(delayNs: 500_000_000, intervalNs: 33_000_000)

        /// The nanoseconds of a duration in the script notation (`500ms`, `1.5s`, `33ms`,
        /// `250us`, `40ns`), or `nil` when `text` is not one.
        public static func duration(_ text: String) -> UInt64? { ScriptWord.duration(text) }

        /// `delay 500ms, interval 33ms`.
        public var description: String {
            "delay \(RepeatSynthesizer.notation(delayNs)), interval \(RepeatSynthesizer.notation(intervalNs))"
        }

        /// A timing of `delayNs` then every `intervalNs` (raised to ``minimumIntervalNs``).
        public init(delayNs: UInt64, intervalNs: UInt64) {
            self.delayNs = delayNs
            self.intervalNs = max(intervalNs, Self.minimumIntervalNs)
        }
    }

    /// Whether an input carries auto-repeats of its own.
    public enum InputRepeats: String, Sendable {
        /// The input holds what a keyboard sent, which has no repeats (USB, hid-recorder,
        /// libinput from HID reports): every repeat is synthesised.
        case absent
        /// The source makes its own repeats (scripts, the terminal, synthetic load): none is
        /// synthesised.
        case present
        /// The input has them when the kernel's auto-repeat was on (evdev, evemu, libinput from
        /// evdev events): repeats are synthesised until the input shows one of its own.
        case whenRecorded
    }

    /// How many repeats synthesis may make.
    public struct Limits: Hashable, Sendable {
        /// Repeats of one hold: 200 000, over an hour and a half at 33 ms.
        public var perHold: UInt64 = 200_000
        /// Repeats of one recording: 10 000 000.
        public var total: UInt64 = 10_000_000

        /// The default limits.
        public init() {}
    }

    /// What a trace's metadata (custom key `repeats`) says of its repeats, recorded from an
    /// input whose repeats are `input` with `synthesizer` (`nil`: none synthesised).
    public static func metadataText(_ synthesizer: RepeatSynthesizer?, input: InputRepeats) -> String {
        guard input != .present else { return "from the input" }
        guard let timing = synthesizer?.timing else { return "none synthesised" }
        let text = "synthesised: delay \(Self.notation(timing.delayNs)), interval \(Self.notation(timing.intervalNs))"
        return input == .whenRecorded ? text + ", until the input shows repeats of its own" : text
    }

    /// `ns` in the script notation: `500ms`, `250us`, `40ns`.
    static func notation(_ ns: UInt64) -> String {
        if ns % 1_000_000 == 0 { return "\(ns / 1_000_000)ms" }
        if ns % 1_000 == 0 { return "\(ns / 1_000)us" }
        return "\(ns)ns"
    }

    /// The label of the marker left where a limit stopped repeats.
    public static let limitMarkerLabel = "repeat-limit"

    /// The key repeating and when it next repeats.
    private struct Hold: Sendable {
        /// The repeat to give, timestamp aside: the key-down, marked as a synthesised repeat.
        var press: KeyPress
        var uncertaintyNs: UInt64
        var next: UInt64
        var count: UInt64 = 0
        /// The modifiers its keyboard holds now, when they differ from ``press``'s.
        var modifiers: (flags: ModifierFlags, sides: ModifierSides)?
    }

    public let timing: Timing
    public let limits: Limits
    private let layout: KeyboardLayout
    private var hold: Hold?
    /// Whether synthesis still runs: off for an input with repeats of its own, or past the total limit.
    public private(set) var isActive: Bool
    /// Whether the input showed repeats of its own.
    public private(set) var inputHadRepeats = false
    /// The latest timestamp of the input so far.
    private var latest: UInt64 = 0
    /// Repeats synthesised so far.
    public private(set) var synthesized: UInt64 = 0
    /// Holds a limit cut short.
    public private(set) var limitedHolds: UInt64 = 0

    /// A synthesizer with `timing`, for an input whose repeats are `input`; repeats whose
    /// modifiers changed since the key-down get their characters from `layout`.
    public init(timing: Timing = .platformDefault, input: InputRepeats, layout: KeyboardLayout = .usANSI,
                limits: Limits = Limits()) {
        self.timing = timing
        self.limits = limits
        self.layout = layout
        isActive = input != .present
    }

    /// The next repeat due before `press`, the input's next press, or `nil` when none is; call
    /// until `nil`, then ``follow(_:uncertaintyNs:)`` the press. A repeat the input carries
    /// itself turns synthesis off, dropping the repeats due for the hold at hand.
    @inline(__always)
    public mutating func nextRepeat(before press: KeyPress) -> CaptureEvent? {
        guard isActive else { return nil }
        if press.isRepeat {
            // The input repeats keys itself: its repeats win, from this one on.
            inputHadRepeats = true
            isActive = false
            hold = nil
            return nil
        }
        return nextRepeat(before: press.timestamp)
    }

    /// The next repeat due strictly before `time` (an event at a repeat's own time comes first),
    /// or `nil`.
    @inline(__always)
    public mutating func nextRepeat(before time: UInt64) -> CaptureEvent? {
        guard isActive, let next = hold?.next, next < time else {
            latest = max(latest, time)
            return nil
        }
        return makeRepeat()
    }

    /// The next repeat of a key still held when the input ended, up to the input's last
    /// timestamp, or `nil`.
    public mutating func nextRepeatAtEnd() -> CaptureEvent? {
        guard isActive, let next = hold?.next, next <= latest else {
            hold = nil
            return nil
        }
        return makeRepeat()
    }

    /// Follows an event of the input, after the repeats due before it were taken
    /// (``nextRepeat(before:)-(UInt64)``): a press starts, stops or changes the hold; a keyboard
    /// disconnect stops it.
    public mutating func follow(_ event: CaptureEvent) {
        switch event {
        case .press(let press, let uncertainty):
            follow(press, uncertaintyNs: uncertainty)
        case .marker(let marker):
            latest = max(latest, marker.timestamp)
            if marker.label == CaptureMarker.keyboardDisconnectLabel { hold = nil }
        case .report(let report):
            latest = max(latest, report.timestamp)
        case .focus(_, let timestamp):
            latest = max(latest, timestamp)
        case .device, .dropped:
            break
        }
    }

    /// Follows a press of the input, after the repeats due before it were taken
    /// (``nextRepeat(before:)-(KeyPress)``): starts, stops or updates the hold.
    public mutating func follow(_ press: KeyPress, uncertaintyNs: UInt64) {
        guard isActive else { return }
        latest = max(latest, press.timestamp)
        if var current = hold, current.press.device == press.device, press.isKeyboardKey {
            // Every press carries its keyboard's modifiers after it (a modifier key's own too).
            if press.modifierFlags == current.press.modifierFlags, press.modifierSides == current.press.modifierSides {
                current.modifiers = nil
            } else {
                current.modifiers = (press.modifierFlags, press.modifierSides)
            }
            hold = current
        }
        switch press.phase {
        case .began where !press.isModifierKey:
            hold = nil
            guard press.isKeyboardKey, press.usage != .capsLock else { return }
            let first = press.timestamp.addingReportingOverflow(timing.delayNs)
            guard !first.overflow else { return }
            var repeated = press
            repeated.isRepeat = true
            repeated.isSynthesizedRepeat = true
            hold = Hold(press: repeated, uncertaintyNs: uncertaintyNs, next: first.partialValue)
        case .ended, .cancelled:
            if let current = hold, current.press.usage == press.usage, current.press.usagePage == press.usagePage,
               current.press.device == press.device {
                hold = nil
            }
        default:
            break
        }
    }

    /// The repeat of the hold at its ``Hold/next`` time, or the marker of a limit reached there.
    private mutating func makeRepeat() -> CaptureEvent? {
        guard var current = hold else { return nil }
        if current.count >= limits.perHold || synthesized >= limits.total {
            let total = synthesized >= limits.total
            limitedHolds += 1
            hold = nil
            if total { isActive = false }
            let detail = total
                ? "\(limits.total) repeats synthesised in this recording; no more are made"
                : "\(current.press.keyName) held past \(limits.perHold) repeats; no more until it goes up"
            return .marker(CaptureMarker(label: Self.limitMarkerLabel, detail: detail, timestamp: current.next,
                                         device: current.press.device))
        }
        if let modifiers = current.modifiers {
            var press = KeyPress(.began, current.press.usage, modifiers: modifiers.flags, sides: modifiers.sides,
                                 isRepeat: true, device: current.press.device, layout: layout)
            press.isSynthesizedRepeat = true
            current.press = press
            current.modifiers = nil
        }
        var press = current.press
        press.timestamp = current.next
        current.count += 1
        synthesized += 1
        let following = current.next.addingReportingOverflow(timing.intervalNs)
        current.next = following.partialValue
        hold = following.overflow ? nil : current
        return .press(press, uncertaintyNs: current.uncertaintyNs)
    }
}

/// A sink that adds synthesised repeats (``RepeatSynthesizer``) to the events it passes on to
/// `base`: what `keytrace record` delivers a source's events through.
public struct RepeatSynthesizingSink<Base: CaptureEventSink>: CaptureEventSink {
    /// The sink the events and repeats go to.
    public var base: Base
    /// The synthesizer; its counts say what it made.
    public private(set) var synthesizer: RepeatSynthesizer

    /// Passes events on to `base`, with the repeats `synthesizer` makes.
    public init(_ base: Base, synthesizer: RepeatSynthesizer) {
        self.base = base
        self.synthesizer = synthesizer
    }

    public var wantsMoreEvents: Bool { base.wantsMoreEvents }

    public mutating func receive(_ event: CaptureEvent) {
        if synthesizer.isActive {
            switch event {
            case .press(let press, _):
                while let repeated = synthesizer.nextRepeat(before: press) { base.receive(repeated) }
            case .marker(let marker):
                while let repeated = synthesizer.nextRepeat(before: marker.timestamp) { base.receive(repeated) }
            case .report(let report):
                while let repeated = synthesizer.nextRepeat(before: report.timestamp) { base.receive(repeated) }
            case .focus(_, let timestamp):
                while let repeated = synthesizer.nextRepeat(before: timestamp) { base.receive(repeated) }
            case .device, .dropped:
                break
            }
            synthesizer.follow(event)
        }
        base.receive(event)
    }

    @inline(__always)
    public mutating func receive(press: KeyPress, uncertaintyNs: UInt64) {
        if synthesizer.isActive {
            while let repeated = synthesizer.nextRepeat(before: press) { base.receive(repeated) }
            synthesizer.follow(press, uncertaintyNs: uncertaintyNs)
        }
        base.receive(press: press, uncertaintyNs: uncertaintyNs)
    }

    @inline(__always)
    public mutating func receive(report: HIDReport) {
        if synthesizer.isActive {
            while let repeated = synthesizer.nextRepeat(before: report.timestamp) { base.receive(repeated) }
        }
        base.receive(report: report)
    }

    /// The input ended: passes on the repeats of a key still held, up to its last timestamp.
    public mutating func finish() {
        while let repeated = synthesizer.nextRepeatAtEnd() { base.receive(repeated) }
    }
}
