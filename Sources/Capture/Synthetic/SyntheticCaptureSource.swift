import KeyTraceCore
import KeyTraceSupport

/// Realistic keyboard load from a seed: English-like typing, shortcuts, key rollover,
/// modifiers as presses of their own and occasional auto-repeats, in constant memory.
///
/// The stream is a sequence of *gestures* (one keystroke with its modifiers, or one held key
/// that auto-repeats). Each gesture is planned one ahead, so the current gesture's release can
/// depend on when the next one starts; its transitions go into a small time-ordered queue that
/// ``next()`` drains:
///
/// ```
///  seed ─▶ SeededGenerator ─▶ gesture k+1 (planned)      queue (≤ maxScheduled, ordered by time)
///                        gesture k ── schedule ──▶ [⇧↓ 1.000] [A↓ 1.025] [A↑ 1.110] [⇧↑ 1.130] ─▶ next()
/// ```
///
/// Every key that goes down comes up; presses come in time order; the same seed and
/// parameters give the same events. docs/Capture.md lists the distributions.
public final class SyntheticCaptureSource: CaptureSource {
    /// What mix of gestures to produce.
    public enum Profile: String, CaseIterable, Sendable {
        /// English-like text with corrections (Backspace) and rare held keys.
        case typing
        /// Mostly shortcuts, with navigation keys and held arrows between them.
        case shortcuts
        /// Typing with a shortcut about one gesture in twelve.
        case mixed
    }

    /// The distributions and rates; docs/Capture.md gives the defaults' reasoning.
    public struct Parameters: Hashable, Sendable {
        /// Median time between key-downs while typing: 150 ms (log-normal).
        public var typingIntervalMedianNs: Double = 150_000_000
        /// Spread of the typing interval: σ of its logarithm, 0.45.
        public var typingIntervalSigma: Double = 0.45
        /// Typing intervals are clamped to 50 ms … 2 s.
        public var typingIntervalRangeNs: ClosedRange<UInt64> = 50_000_000...2_000_000_000
        /// Median pause before and after a shortcut: 600 ms (log-normal).
        public var shortcutPauseMedianNs: Double = 600_000_000
        /// Spread of the shortcut pause: σ of its logarithm, 0.5.
        public var shortcutPauseSigma: Double = 0.5
        /// Shortcut pauses are clamped to 150 ms … 5 s.
        public var shortcutPauseRangeNs: ClosedRange<UInt64> = 150_000_000...5_000_000_000
        /// Median time a key is held: 90 ms (log-normal).
        public var dwellMedianNs: Double = 90_000_000
        /// Spread of the dwell time: σ of its logarithm, 0.3.
        public var dwellSigma: Double = 0.3
        /// Dwell times are clamped to 30 … 300 ms.
        public var dwellRangeNs: ClosedRange<UInt64> = 30_000_000...300_000_000
        /// Probability that a plain keystroke is still down when the next plain keystroke
        /// (another key) goes down: 0.2. It is then released ``rolloverOverlapNs`` after that key-down.
        public var rolloverProbability: Double = 0.2
        /// How long after the next key-down a rolled-over key is released: 5–40 ms (uniform).
        public var rolloverOverlapNs: ClosedRange<UInt64> = 5_000_000...40_000_000
        /// How long before their key modifiers go down: 15–40 ms (uniform).
        public var modifierLeadNs: ClosedRange<UInt64> = 15_000_000...40_000_000
        /// How long after their key modifiers go up: 10–30 ms (uniform).
        public var modifierLagNs: ClosedRange<UInt64> = 10_000_000...30_000_000
        /// Time from a held key going down to its first auto-repeat: 500 ms.
        public var repeatDelayNs: UInt64 = 500_000_000
        /// Time between auto-repeats of a held key: 33 ms.
        public var repeatIntervalNs: UInt64 = 33_000_000
        /// Auto-repeats of a held key: 1–24 (uniform).
        public var repeatCount: ClosedRange<UInt64> = 1...24
        /// Probability that the gesture after a shortcut is Escape: 0.5. Users close what a
        /// shortcut opened (a sheet, a find bar); without it, a scene's modals would stack
        /// without end over a long run and every chain would keep growing.
        public var escapeAfterShortcutProbability: Double = 0.5
        /// The default parameters, as listed on each property.
        public init() {}
    }

    /// Shortcuts used when none are given: common editing, file and navigation commands.
    public static let defaultShortcuts: [KeyShortcut] = [
        "cmd+c", "cmd+v", "cmd+x", "cmd+z", "shift+cmd+z", "cmd+s", "cmd+a", "cmd+f", "cmd+g", "cmd+w",
        "cmd+t", "cmd+n", "cmd+o", "cmd+p", "cmd+b", "cmd+i", "cmd+left", "cmd+right", "opt+left", "opt+right",
        "shift+cmd+left", "cmd+[", "cmd+]", "ctrl+tab", "ctrl+shift+tab", "opt+cmd+i", "cmd+1", "cmd+2", "esc",
    ].compactMap { try? KeyShortcut($0) }

    /// The most transitions ever queued at once; the queue is allocated at this size.
    public static let maxScheduled = 64

    /// The seed the text and every timing and choice derive from.
    public let seed: UInt64
    /// The mix of gestures produced.
    public let profile: Profile
    /// The distributions and rates the timings are drawn from.
    public let parameters: Parameters
    /// Presses to produce: at least this many, finishing the last gesture so every key comes up.
    public let targetPresses: UInt64
    /// What has been produced so far: the synthetic device and the presses emitted.
    public private(set) var summary = CaptureSummary()
    /// The latest press's timestamp so far (the first gesture starts after 0).
    @exclusivity(unchecked) public private(set) var lastTimestamp: UInt64 = 0
    /// Keys that went down so far, not counting modifiers and auto-repeats.
    @exclusivity(unchecked) public private(set) var keyDowns: UInt64 = 0

    private let layout: KeyboardLayout
    private let shortcuts: [Stroke]
    // A source is read by one thread, one event at a time, and none of these is held across a
    // call that could reach it again: the generator's state skips Swift's dynamic exclusivity
    // checks (about 4 % of a `synth --scene` run's instructions).
    @exclusivity(unchecked) private var random: SeededGenerator
    @exclusivity(unchecked) private var text: SyntheticText
    @exclusivity(unchecked) private var tracker: KeyStateTracker
    @exclusivity(unchecked) private var queue: TransitionQueue
    @exclusivity(unchecked) private var upcoming: Gesture
    @exclusivity(unchecked) private var scheduledPresses: UInt64 = 0
    @exclusivity(unchecked) private var sentDevice = false

    static let device = DeviceID(kind: .synthetic)

    /// A generator of `presses` presses from `seed`. `shortcuts` (a scene's, or
    /// ``defaultShortcuts`` when empty) are what shortcut gestures press; shortcuts the layout
    /// cannot type are left out.
    public init(presses: UInt64, seed: UInt64, profile: Profile = .mixed, shortcuts: [KeyShortcut] = [],
                parameters: Parameters = Parameters(), layout: KeyboardLayout = .usANSI) {
        self.seed = seed
        self.profile = profile
        self.parameters = parameters
        self.targetPresses = presses
        self.layout = layout
        let strokes = (shortcuts.isEmpty ? Self.defaultShortcuts : shortcuts).compactMap { Stroke($0, layout: layout) }
        self.shortcuts = strokes.isEmpty ? Self.defaultShortcuts.compactMap { Stroke($0, layout: layout) } : strokes
        // Two independent streams: the text, and every timing and choice.
        random = SeededGenerator(seed: seed)
        text = SyntheticText(seed: seed ^ 0x5445_5854_5445_5854)
        tracker = KeyStateTracker(device: Self.device, layout: layout, tracksCapsLock: false)
        queue = TransitionQueue(capacity: Self.maxScheduled)
        upcoming = Gesture(stroke: Stroke(usage: .a, modifiers: []), kind: .text, anchor: 0)
        upcoming = plan(after: nil)
        let info = DeviceInfo(id: Self.device, pollingIntervalNs: 0, identifiedBy: .synthetic,
                              name: "synthetic \(profile.rawValue) seed \(seed)")
        summary.record(device: info)
    }

    /// How many transitions are queued now, and the most ever queued (tests bound both).
    var queuedCount: Int { queue.count }
    @exclusivity(unchecked) private(set) var queueHighWater = 0
    var keysHeld: Int { tracker.heldCount }

    /// The next event, or `nil` once ``targetPresses`` presses were produced and every key is up.
    ///
    /// The ``DeviceInfo`` comes first; presses follow in time order. Never throws.
    public func next() throws(CaptureError) -> CaptureEvent? {
        if !sentDevice {
            sentDevice = true
            if let info = summary.devices.first { return .device(info) }
        }
        while true {
            if let first = queue.peek(), scheduledPresses >= targetPresses || first.time <= upcoming.firstEvent {
                let transition = queue.pop()
                let press = tracker.press(transition.phase, transition.usage, isRepeat: transition.isRepeat,
                                          timestamp: transition.time)
                summary.presses += 1
                lastTimestamp = transition.time
                if transition.phase == .began, !transition.isRepeat, !transition.usage.isModifier { keyDowns += 1 }
                return .press(press, uncertaintyNs: 0)
            }
            if scheduledPresses >= targetPresses {
                summary.keysHeldAtEnd = tracker.heldCount
                return nil
            }
            schedule()
        }
    }

    // MARK: Gestures

    private struct Stroke {
        var usage: HIDUsage
        var modifiers: ModifierFlags

        init(usage: HIDUsage, modifiers: ModifierFlags) {
            self.usage = usage
            self.modifiers = modifiers
        }

        /// The key a shortcut presses: special inputs by usage, characters by the layout's
        /// main-block key with the fewest extra modifiers (`cmd++` is ⇧⌘=).
        init?(_ shortcut: KeyShortcut, layout: KeyboardLayout) {
            switch shortcut.input {
            case .special(let special):
                self.init(usage: special.usage, modifiers: shortcut.modifiers)
            case .character(let string):
                guard let character = string.first, string.count == 1,
                      let stroke = layout.keystrokes(typing: character).first(where: { !$0.usage.isKeypad })
                else { return nil }
                self.init(usage: stroke.usage, modifiers: shortcut.modifiers.union(stroke.modifiers).matchingSubset)
            }
        }
    }

    private enum Kind { case text, shortcut, navigation, held }

    private struct Gesture {
        var stroke: Stroke
        var kind: Kind
        /// When the key goes down.
        var anchor: UInt64
        var lead: UInt64 = 0
        var repeats: Int = 0

        var isPlain: Bool { stroke.modifiers.isEmpty && repeats == 0 }
        /// When its first transition happens: its first modifier, or its key.
        var firstEvent: UInt64 { anchor - lead }
        mutating func delay(toStartAt time: UInt64) {
            if firstEvent < time { anchor += time - firstEvent }
        }
    }

    private static let navigationKeys: [HIDUsage] = [
        .upArrow, .downArrow, .leftArrow, .rightArrow, .pageUp, .pageDown, .home, .end, .escape, .tab,
    ]
    private static let heldKeys: [HIDUsage] = [.deleteOrBackspace, .downArrow, .upArrow, .leftArrow, .rightArrow]

    private func pick<T>(_ items: [T]) -> T {
        items[Int(random.uniform(0...UInt64(items.count - 1)))]
    }

    private func draw(median: Double, sigma: Double, range: ClosedRange<UInt64>) -> UInt64 {
        let value = random.logNormal(median: median, sigma: sigma)
        guard value.isFinite, value > Double(range.lowerBound) else { return range.lowerBound }
        guard value < Double(range.upperBound) else { return range.upperBound }
        return UInt64(value)
    }

    /// The gesture after `previous` (or the first), with its key-down time.
    private func plan(after previous: Gesture?) -> Gesture {
        let roll = random.unitInterval()
        var kind: Kind
        switch profile {
        case .typing: kind = roll < 0.005 ? .held : roll < 0.02 ? .navigation : .text
        case .shortcuts: kind = roll < 0.05 ? .held : roll < 0.15 ? .navigation : .shortcut
        case .mixed: kind = roll < 0.005 ? .held : roll < 0.02 ? .navigation : roll < 0.1 ? .shortcut : .text
        }
        var stroke: Stroke
        switch kind {
        case .text:
            // About one keystroke in fifty is a correction.
            if random.chance(0.02) {
                stroke = Stroke(usage: .deleteOrBackspace, modifiers: [])
            } else {
                let scalar = text.next()
                let keystroke = layout.keystrokes(typing: scalar).first
                stroke = Stroke(usage: keystroke?.usage ?? .space, modifiers: keystroke?.modifiers ?? [])
            }
        case .shortcut: stroke = pick(shortcuts)
        case .navigation: stroke = Stroke(usage: pick(Self.navigationKeys), modifiers: [])
        case .held: stroke = Stroke(usage: pick(Self.heldKeys), modifiers: [])
        }
        if previous?.kind == .shortcut, random.chance(parameters.escapeAfterShortcutProbability) {
            kind = .navigation
            stroke = Stroke(usage: .escape, modifiers: [])
        }
        let pause = kind == .shortcut || previous?.kind == .shortcut || profile == .shortcuts
        let interval = pause
            ? draw(median: parameters.shortcutPauseMedianNs, sigma: parameters.shortcutPauseSigma,
                   range: parameters.shortcutPauseRangeNs)
            : draw(median: parameters.typingIntervalMedianNs, sigma: parameters.typingIntervalSigma,
                   range: parameters.typingIntervalRangeNs)
        var gesture = Gesture(stroke: stroke, kind: kind, anchor: (previous?.anchor ?? 0) + interval)
        if !stroke.modifiers.isEmpty { gesture.lead = random.uniform(parameters.modifierLeadNs) }
        if kind == .held { gesture.repeats = Int(random.uniform(parameters.repeatCount)) }
        return gesture
    }

    /// Queues the transitions of `upcoming` and plans the gesture after it.
    private func schedule() {
        let gesture = upcoming
        var following = plan(after: gesture)
        summary.packetsRead += 1
        let modifiers = ModifierFlags.displayOrder.filter { gesture.stroke.modifiers.contains($0) }
            .map { ScriptRunner.leftModifier[$0.rawValue] ?? .leftShift }
        var lags: UInt64 = 0
        var lagList: [UInt64] = []
        lagList.reserveCapacity(modifiers.count)
        for _ in modifiers {
            let lag = random.uniform(parameters.modifierLagNs)
            lags += lag
            lagList.append(lag)
        }
        let dwell = draw(median: parameters.dwellMedianNs, sigma: parameters.dwellSigma, range: parameters.dwellRangeNs)
        let overlap = random.uniform(parameters.rolloverOverlapNs)
        let rollover = random.chance(parameters.rolloverProbability)

        // Modifiers spread over the lead, key down, auto-repeats.
        for (index, modifier) in modifiers.enumerated() {
            let step = gesture.lead / UInt64(modifiers.count)
            add(gesture.firstEvent + UInt64(index) * step, .began, modifier)
        }
        add(gesture.anchor, .began, gesture.stroke.usage)
        var keyUp: UInt64
        let rolledOver: Bool
        if gesture.repeats > 0 {
            var time = gesture.anchor + parameters.repeatDelayNs
            for index in 0..<gesture.repeats {
                if index > 0 { time += parameters.repeatIntervalNs }
                add(time, .began, gesture.stroke.usage, isRepeat: true)
            }
            keyUp = time + parameters.repeatIntervalNs / 2
            rolledOver = false
        } else if gesture.isPlain, following.isPlain, following.stroke.usage != gesture.stroke.usage, rollover {
            keyUp = following.anchor + overlap
            rolledOver = true
        } else {
            // Released before the next gesture's first transition, 1 ms apart; if the hold would
            // be shorter than the shortest dwell, the next gesture waits.
            keyUp = gesture.anchor + dwell
            let shortest = gesture.anchor + parameters.dwellRangeNs.lowerBound
            let latest = following.firstEvent >= lags + 1_000_000 ? following.firstEvent - lags - 1_000_000 : 0
            keyUp = max(min(keyUp, latest), shortest)
            rolledOver = false
        }
        add(keyUp, .ended, gesture.stroke.usage)
        var time = keyUp
        for (modifier, lag) in zip(modifiers.reversed(), lagList) {
            time += lag
            add(time, .ended, modifier)
        }
        // Unless this key rolls over into the next, the next gesture starts after everything queued.
        if !rolledOver, let last = queue.latest { following.delay(toStartAt: last + 1_000_000) }
        upcoming = following
        queueHighWater = max(queueHighWater, queue.count)
    }

    private func add(_ time: UInt64, _ phase: KeyPhase, _ usage: HIDUsage, isRepeat: Bool = false) {
        queue.push(ScheduledTransition(time: time, sequence: 0, phase: phase, usage: usage, isRepeat: isRepeat))
        scheduledPresses += 1
    }
}

/// One planned key transition.
struct ScheduledTransition {
    var time: UInt64
    /// Insertion order, so transitions at the same time keep the order they were added in.
    var sequence: UInt64
    var phase: KeyPhase
    var usage: HIDUsage
    var isRepeat: Bool

    func precedes(_ other: ScheduledTransition) -> Bool {
        (time, sequence) < (other.time, other.sequence)
    }
}

/// A binary min-heap of transitions by (time, insertion order), allocated once.
struct TransitionQueue {
    private var heap: [ScheduledTransition]
    private var nextSequence: UInt64 = 0
    /// The latest time ever pushed.
    private(set) var latest: UInt64?

    init(capacity: Int) {
        heap = []
        heap.reserveCapacity(capacity)
    }

    var count: Int { heap.count }
    func peek() -> ScheduledTransition? { heap.first }

    mutating func push(_ transition: ScheduledTransition) {
        var item = transition
        item.sequence = nextSequence
        nextSequence += 1
        latest = max(latest ?? 0, item.time)
        heap.append(item)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest transition; call only when ``peek()`` is not `nil`.
    mutating func pop() -> ScheduledTransition {
        let top = heap[0]
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < heap.count, heap[left].precedes(heap[smallest]) { smallest = left }
                if right < heap.count, heap[right].precedes(heap[smallest]) { smallest = right }
                if smallest == parent { break }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return top
    }
}
