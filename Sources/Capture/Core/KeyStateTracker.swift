import KeyTraceCore
import KeyTraceSupport

/// Turns key transitions into ``KeyPress`` values with modifier flags, sides and characters.
///
/// Every source (USB reports, evdev, evemu, scripts) goes through one of these per device, so
/// the rules are the same everywhere:
/// - a modifier key's own press carries the state *after* it: Left Shift `began` has ⇧,
///   its `ended` has not;
/// - Caps Lock toggles ``ModifierFlags/alphaShift`` on each physical press (not on repeats),
///   starting off, because keyboards report the key, not the lock state;
/// - characters come from the layout.
struct KeyStateTracker {
    let device: DeviceID
    let layout: KeyboardLayout
    let tracksCapsLock: Bool
    private(set) var sides: ModifierSides = []
    private(set) var capsLock = false
    /// Non-modifier keys currently down, in the order they went down.
    private(set) var keysDown: [HIDUsage] = []

    init(device: DeviceID, layout: KeyboardLayout, tracksCapsLock: Bool = true) {
        self.device = device
        self.layout = layout
        self.tracksCapsLock = tracksCapsLock
    }

    var flags: ModifierFlags { capsLock ? sides.flags.union(.alphaShift) : sides.flags }

    /// Keys of other pages than the keyboard's currently down (page << 16 | usage).
    private(set) var otherPagesDown: [UInt32] = []

    /// Every key down, modifiers and other pages included.
    /// Whether any key is held (cheaper than ``heldCount``: nothing is built).
    var holdsKeys: Bool { !keysDown.isEmpty || !sides.isEmpty || !otherPagesDown.isEmpty }

    var heldCount: Int { keysDown.count + sides.usages.count + otherPagesDown.count }

    /// The press of `usage` on `page` (consumer, system control): it changes no modifier and types nothing.
    mutating func press(_ phase: KeyPhase, _ usage: UInt16, page: HIDUsagePage, isRepeat: Bool = false,
                        timestamp: UInt64) -> KeyPress {
        guard page != .keyboard else { return press(phase, HIDUsage(usage), isRepeat: isRepeat, timestamp: timestamp) }
        let key = UInt32(page.rawValue) << 16 | UInt32(usage)
        if phase == .began {
            if !otherPagesDown.contains(key) { otherPagesDown.append(key) }
        } else if phase == .ended || phase == .cancelled {
            otherPagesDown.removeAll { $0 == key }
        }
        return KeyPress(phase, HIDUsage(usage), modifiers: flags, sides: sides, isRepeat: isRepeat, device: device,
                        timestamp: timestamp, layout: layout, usagePage: page)
    }

    /// Forgets every key down, as when the keyboard goes away (Caps Lock's state stays).
    mutating func releaseAll() {
        sides = []
        keysDown = []
        otherPagesDown = []
    }

    // Inlined into the decoders' loops: the press is built in place rather than returned through memory.
    @inline(__always)
    mutating func press(_ phase: KeyPhase, _ usage: HIDUsage, isRepeat: Bool = false, timestamp: UInt64) -> KeyPress {
        if let side = ModifierSides(modifierKey: usage) {
            if phase == .began { sides.insert(side) } else if phase == .ended || phase == .cancelled { sides.remove(side) }
        } else if phase == .began, !isRepeat {
            if !keysDown.contains(usage) { keysDown.append(usage) }
            if usage == .capsLock, tracksCapsLock { capsLock.toggle() }
        } else if phase == .ended || phase == .cancelled {
            if let index = keysDown.firstIndex(of: usage) { keysDown.remove(at: index) }
        }
        let key = MadePress(phase: phase, usage: usage, isRepeat: isRepeat, sides: sides, capsLock: capsLock)
        if var press = made[key] {
            press.timestamp = timestamp
            return press
        }
        let press = KeyPress(phase, usage, modifiers: flags, sides: sides, isRepeat: isRepeat, device: device,
                             timestamp: timestamp, layout: layout)
        made[key] = press
        return press
    }

    /// Presses already made, by everything that decides them but the time: typing repeats a few
    /// dozen keys under a few modifier states, so most presses skip the layout's lookups.
    private var made = DirectMappedCache<MadePress, KeyPress>(capacity: 256)

    /// What decides a keyboard-page press of this tracker (device and layout are fixed), packed.
    private struct MadePress: DirectMappedKey {
        let packed: UInt64

        init(phase: KeyPhase, usage: HIDUsage, isRepeat: Bool, sides: ModifierSides, capsLock: Bool) {
            packed = UInt64(usage.rawValue) | UInt64(phase.rawValue) << 16 | (isRepeat ? 1 << 24 : 0)
                | (capsLock ? 1 << 25 : 0) | UInt64(sides.rawValue) << 32
        }

        var cacheHash: UInt64 { packed }
    }
}
