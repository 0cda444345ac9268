/// One keyboard event: a key going down, repeating, changing, going up or being cancelled.
///
/// The model follows `UIPress` with a `UIKey`: the HID usage, the characters it typed with
/// and without modifiers, the modifier flags (with sides kept, R1), the phase, whether it is
/// an auto-repeat, which device produced it and when, in nanoseconds of the source's clock.
///
/// A press is a plain value (its texts are ``KeyText``s held inline), so copying one into a
/// buffer or out of a decoded trace is a copy of bytes: no reference counting.
public struct KeyPress: Hashable, Sendable, BitwiseCopyable {
    /// The press phase.
    public var phase: KeyPhase
    /// The key's usage ID on ``usagePage`` (a ``HIDUsage`` on the Keyboard/Keypad page).
    public var usage: HIDUsage
    /// The page ``usage`` belongs to: ``HIDUsagePage/keyboard`` for every key that can type or
    /// match a key command; consumer (media) and system-control keys carry their own page, type
    /// nothing and match no key command.
    public var usagePage: HIDUsagePage
    /// What the key typed with the modifiers held (`UIKey.characters`).
    public var characters: KeyText
    /// What the key typed without modifiers except Shift (`UIKey.charactersIgnoringModifiers`).
    public var charactersIgnoringModifiers: KeyText
    /// The modifiers in effect, side-less (UIKit's flags).
    public var modifierFlags: ModifierFlags
    /// Which physical modifier keys were held.
    public var modifierSides: ModifierSides
    /// Whether this `began` is an auto-repeat of a key already down (R19).
    public var isRepeat: Bool
    /// Whether this auto-repeat was made by KeyTrace at record time (`RepeatSynthesizer`, for
    /// inputs that carry no repeats of their own) rather than read from the input. Implies
    /// ``isRepeat``; the engine treats both kinds alike.
    public var isSynthesizedRepeat: Bool
    /// The device that produced the press.
    public var device: DeviceID
    /// When the press happened, in nanoseconds of the source's clock domain.
    public var timestamp: UInt64

    /// Creates a press with every field given.
    public init(phase: KeyPhase, usage: HIDUsage, characters: KeyText, charactersIgnoringModifiers: KeyText,
                modifierFlags: ModifierFlags, modifierSides: ModifierSides = [], isRepeat: Bool = false,
                isSynthesizedRepeat: Bool = false, device: DeviceID = .unspecified, timestamp: UInt64 = 0,
                usagePage: HIDUsagePage = .keyboard) {
        self.phase = phase
        self.usage = usage
        self.characters = characters
        self.charactersIgnoringModifiers = charactersIgnoringModifiers
        self.modifierFlags = modifierFlags
        self.modifierSides = modifierSides
        self.isRepeat = isRepeat || isSynthesizedRepeat
        self.isSynthesizedRepeat = isSynthesizedRepeat
        self.device = device
        self.timestamp = timestamp
        self.usagePage = usagePage
    }

    /// Creates a press whose characters come from `layout`.
    ///
    /// `modifiers` may include sides; keypad keys add ``ModifierFlags/numericPad`` (R1).
    /// When `sides` is empty and flags are held, the left-side keys are assumed. A usage on
    /// another page than the keyboard's types nothing.
    public init(_ phase: KeyPhase, _ usage: HIDUsage, modifiers: ModifierFlags = [], sides: ModifierSides = [],
                isRepeat: Bool = false, device: DeviceID = .unspecified, timestamp: UInt64 = 0,
                layout: KeyboardLayout = .usANSI, usagePage: HIDUsagePage = .keyboard) {
        let isKeyboard = usagePage == .keyboard
        var flags = modifiers.subtracting(.numericPad)
        if isKeyboard, usage.isKeypad { flags.insert(.numericPad) }
        var sides = sides
        if sides.isEmpty {
            if flags.contains(.control) { sides.insert(.leftControl) }
            if flags.contains(.shift) { sides.insert(.leftShift) }
            if flags.contains(.alternate) { sides.insert(.leftAlternate) }
            if flags.contains(.command) { sides.insert(.leftCommand) }
        }
        let typed = isKeyboard ? layout.character(for: usage, modifiers: flags) : nil
        let plain = isKeyboard ? layout.character(for: usage, modifiers: flags.intersection([.shift, .alphaShift])) : nil
        self.init(phase: phase, usage: usage,
                  characters: typed.map { KeyText($0) } ?? KeyText(),
                  charactersIgnoringModifiers: plain.map { KeyText($0) } ?? KeyText(),
                  modifierFlags: flags, modifierSides: sides, isRepeat: isRepeat,
                  device: device, timestamp: timestamp, usagePage: usagePage)
    }

    /// Whether the key is one of the eight modifier keys (those are presses too, R20).
    public var isModifierKey: Bool { usagePage == .keyboard && usage.isModifier }

    /// Whether the key is on the Keyboard/Keypad page, the only page that types and matches key
    /// commands.
    public var isKeyboardKey: Bool { usagePage == .keyboard }

    /// The key's name: ``HIDUsage/name`` on the keyboard page, else the page's name for it
    /// (`Volume Increment`, `System Sleep`, `Consumer 0x0223`).
    public var keyName: String { isKeyboardKey ? usage.name : usagePage.name(of: usage.rawValue) }

    /// The press as the shortcut notation shows it, e.g. `⇧⌘A` (see ``KeyShortcut``).
    public var shortcutDescription: String {
        // A modifier key's own flag is not shown with it: `Left Command`, `⇧Left Command`.
        let flags = modifierFlags.matchingSubset.subtracting(isKeyboardKey ? usage.modifierFlag : [])
        guard isKeyboardKey else { return flags.description + keyName }
        if let special = SpecialInput(usage: usage) {
            return KeyShortcut(input: .special(special), modifiers: flags).description
        }
        if let scalar = charactersIgnoringModifiers.singleScalar, scalar.value >= 0x20, scalar.value != 0x7F {
            return KeyShortcut(input: .character(String(Character(scalar)).lowercased()), modifiers: flags).description
        }
        return flags.description + usage.name
    }
}

extension KeyPress: CustomStringConvertible {
    /// `began ⇧⌘A` style, with `(repeat)` for auto-repeats and `(synthesised repeat)` for
    /// those KeyTrace made.
    public var description: String {
        "\(phase.name) \(shortcutDescription)\(isSynthesizedRepeat ? " (synthesised repeat)" : isRepeat ? " (repeat)" : "")"
    }
}
