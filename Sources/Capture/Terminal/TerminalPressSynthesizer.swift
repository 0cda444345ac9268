import KeyTraceCore

/// Turns ``TerminalKey``s into presses, with modifiers as presses of their own.
///
/// - Kitty protocol keys (`press`, `repeat`, `release`) become presses at the time their bytes
///   arrived. Modifier keys the terminal reports are presses as they come; a modifier reported
///   with a key but never pressed (a terminal that does not report modifier keys) is pressed
///   before the key and released when no other key is down.
/// - Legacy keys (`tap`) have no release: each is pressed at its arrival time `t` with its
///   modifiers (⌃, ⌥, ⇧, ⌘ in that order, all at `t`) and released **1 ms later**
///   (`t + 1 ms`: key first, then modifiers in reverse). A key that arrives before the previous
///   synthesised release is moved to 1 µs after it, so timestamps never go backwards and a
///   pasted burst comes out about 1 ms per key.
struct TerminalPressSynthesizer {
    static let device = DeviceID(kind: .terminal)
    static let synthesisedHoldNs: UInt64 = 1_000_000
    static let spacingNs: UInt64 = 1_000

    private(set) var tracker: KeyStateTracker
    /// Modifiers pressed here because a key was reported with them (kitty without modifier-key events).
    private var impliedModifiers: [HIDUsage] = []
    private var lastTimestamp: UInt64?
    /// Presses dropped: releases or repeats of keys that were not down.
    private(set) var unmatched = 0

    init(layout: KeyboardLayout) {
        tracker = KeyStateTracker(device: Self.device, layout: layout)
    }

    /// Keys down now, modifiers included.
    var held: [HIDUsage] { tracker.sides.usages + tracker.keysDown }

    mutating func presses(for key: TerminalKey, arrivedAt arrival: UInt64) -> [KeyPress] {
        var out: [KeyPress] = []
        switch key.kind {
        case .tap:
            var time = arrival
            if let last = lastTimestamp, time <= last { time = last + Self.spacingNs }
            let modifiers = ModifierFlags.displayOrder.filter { key.modifiers.contains($0) && !tracker.flags.contains($0) }
                .map { ScriptRunner.leftModifier[$0.rawValue] ?? .leftShift }
            for modifier in modifiers { out.append(emit(.began, modifier, at: time)) }
            let down = key.usage.isModifier || !tracker.keysDown.contains(key.usage)
            if down { out.append(emit(.began, key.usage, at: time)) }
            let release = time + Self.synthesisedHoldNs
            if down { out.append(emit(.ended, key.usage, at: release)) }
            for modifier in modifiers.reversed() { out.append(emit(.ended, modifier, at: release)) }
        case .press, .repeat:
            let time = max(arrival, lastTimestamp ?? 0)
            if key.usage.isModifier {
                let isDown = tracker.sides.usages.contains(key.usage)
                out.append(emit(.began, key.usage, isRepeat: isDown, at: time))
                impliedModifiers.removeAll { $0 == key.usage }
                break
            }
            reconcile(key.modifiers, at: time, into: &out)
            let isDown = tracker.keysDown.contains(key.usage)
            if key.kind == .repeat && !isDown {
                // A repeat of a key pressed before the capture started: its first press.
                out.append(emit(.began, key.usage, at: time))
            } else {
                out.append(emit(.began, key.usage, isRepeat: isDown, at: time))
            }
        case .release:
            let time = max(arrival, lastTimestamp ?? 0)
            let isDown = key.usage.isModifier ? tracker.sides.usages.contains(key.usage) : tracker.keysDown.contains(key.usage)
            guard isDown else { unmatched += 1; break }
            out.append(emit(.ended, key.usage, at: time))
            if tracker.keysDown.isEmpty {
                for modifier in impliedModifiers.reversed() { out.append(emit(.ended, modifier, at: time)) }
                impliedModifiers.removeAll()
            }
        }
        return out
    }

    /// Releases every key still down at `time` (the capture is ending): keys, then modifiers.
    mutating func releaseAll(at time: UInt64) -> [KeyPress] {
        let at = max(time, lastTimestamp ?? 0)
        var out: [KeyPress] = []
        for usage in tracker.keysDown.reversed() { out.append(emit(.ended, usage, at: at)) }
        for usage in tracker.sides.usages.reversed() { out.append(emit(.ended, usage, at: at)) }
        impliedModifiers.removeAll()
        return out
    }

    /// Presses modifiers `flags` holds that no key holds; releases implied ones it lacks.
    private mutating func reconcile(_ flags: ModifierFlags, at time: UInt64, into out: inout [KeyPress]) {
        for modifier in impliedModifiers.reversed() where !flags.contains(modifier.modifierFlag) {
            out.append(emit(.ended, modifier, at: time))
            impliedModifiers.removeAll { $0 == modifier }
        }
        for flag in ModifierFlags.displayOrder where flags.contains(flag) && !tracker.flags.contains(flag) {
            let modifier = ScriptRunner.leftModifier[flag.rawValue] ?? .leftShift
            out.append(emit(.began, modifier, at: time))
            impliedModifiers.append(modifier)
        }
    }

    private mutating func emit(_ phase: KeyPhase, _ usage: HIDUsage, isRepeat: Bool = false, at time: UInt64) -> KeyPress {
        lastTimestamp = time
        return tracker.press(phase, usage, isRepeat: isRepeat, timestamp: time)
    }
}
