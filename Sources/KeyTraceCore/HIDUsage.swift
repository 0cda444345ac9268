import KeyTraceSupport

/// A usage on the HID Keyboard/Keypad page (0x07).
///
/// Values 0x00–0xE7 are defined by the HID Usage Tables; ``name`` gives each its
/// table name. Usages are layout-independent: which character a usage types is
/// decided by a ``KeyboardLayout``.
public struct HIDUsage: RawRepresentable, Hashable, Comparable, Sendable, BitwiseCopyable {
    /// The usage ID on page 0x07.
    public let rawValue: UInt16

    /// Wraps a usage ID. Any value is accepted; values above 0xE7 are reserved.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Wraps a usage ID.
    public init(_ rawValue: UInt16) { self.rawValue = rawValue }

    public static func < (lhs: HIDUsage, rhs: HIDUsage) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The highest usage the Keyboard/Keypad page defines (Right GUI).
    public static let lastDefined = HIDUsage(0xE7)

    /// Every defined usage, 0x00 through 0xE7.
    public static let allDefined: [HIDUsage] = (0...0xE7).map { HIDUsage(UInt16($0)) }

    /// Whether this is one of the eight modifier keys, 0xE0–0xE7.
    @inlinable public var isModifier: Bool { rawValue >= 0xE0 && rawValue <= 0xE7 }

    /// Whether the key sits on the numeric keypad and so sets
    /// ``ModifierFlags/numericPad`` (0x53–0x63, 0x67, 0x85; R1).
    @inlinable public var isKeypad: Bool {
        (rawValue >= 0x53 && rawValue <= 0x63) || rawValue == 0x67 || rawValue == 0x85
    }

    /// Whether this value is one of the boot report's error codes (0x01–0x03)
    /// rather than a key.
    @inlinable public var isErrorCode: Bool { rawValue >= 0x01 && rawValue <= 0x03 }

    /// The side-less modifier flag of a modifier key, or an empty set.
    public var modifierFlag: ModifierFlags { ModifierSides(modifierKey: self)?.flags ?? [] }
}

extension HIDUsage {
    /// 0x00, Reserved: no key. Boot reports fill unused key slots with it.
    public static let reserved = HIDUsage(0x00)
    /// 0x01, Keyboard ErrorRollOver: sent in every key slot when more keys are held than the
    /// report can hold. An error code, not a key (see ``isErrorCode``).
    public static let errorRollOver = HIDUsage(0x01)
    /// 0x02, Keyboard POSTFail: the keyboard's power-on self test failed. An error code, not a key.
    public static let postFail = HIDUsage(0x02)
    /// 0x03, Keyboard ErrorUndefined: an unspecified keyboard error. An error code, not a key.
    public static let errorUndefined = HIDUsage(0x03)
    /// 0x04, Keyboard a and A. B through Y follow in order (0x05–0x1C); see ``letter(_:)``.
    public static let a = HIDUsage(0x04)
    /// 0x1D, Keyboard z and Z: the last letter key.
    public static let z = HIDUsage(0x1D)
    /// 0x1E, Keyboard 1 and !. Digits 2 through 9 follow (0x1F–0x26), then ``digit0``.
    public static let digit1 = HIDUsage(0x1E)
    /// 0x27, Keyboard 0 and ): the last digit key, after 9.
    public static let digit0 = HIDUsage(0x27)
    /// 0x28, Keyboard Return (ENTER). Types `"\r"`, as ``keypadEnter`` does (R2).
    public static let returnOrEnter = HIDUsage(0x28)
    /// 0x29, Keyboard Escape: the key of ``SpecialInput/escape`` (`UIKeyInputEscape`).
    public static let escape = HIDUsage(0x29)
    /// 0x2A, Keyboard Delete (Backspace), labelled Delete on Apple keyboards: the key of
    /// ``SpecialInput/delete`` (`UIKeyInputDelete`).
    public static let deleteOrBackspace = HIDUsage(0x2A)
    /// 0x2B, Keyboard Tab. Types `"\t"`.
    public static let tab = HIDUsage(0x2B)
    /// 0x2C, Keyboard Spacebar. Types `" "`.
    public static let space = HIDUsage(0x2C)
    /// 0x2D, Keyboard - and _ (the key right of 0 on US keyboards).
    public static let hyphen = HIDUsage(0x2D)
    /// 0x2E, Keyboard = and +. ⌘+ is typed as ⇧⌘= on US ANSI (R7).
    public static let equalSign = HIDUsage(0x2E)
    /// 0x2F, Keyboard [ and {.
    public static let openBracket = HIDUsage(0x2F)
    /// 0x30, Keyboard ] and }.
    public static let closeBracket = HIDUsage(0x30)
    /// 0x31, Keyboard \ and | (above Return on US keyboards).
    public static let backslash = HIDUsage(0x31)
    /// 0x33, Keyboard ; and :.
    public static let semicolon = HIDUsage(0x33)
    /// 0x34, Keyboard ' and ".
    public static let quote = HIDUsage(0x34)
    /// 0x35, Keyboard Grave Accent and Tilde (` and ~, left of 1 on US keyboards).
    public static let graveAccent = HIDUsage(0x35)
    /// 0x36, Keyboard , and <.
    public static let comma = HIDUsage(0x36)
    /// 0x37, Keyboard . and >.
    public static let period = HIDUsage(0x37)
    /// 0x38, Keyboard / and ?. ⌘? is typed as ⇧⌘/ on US ANSI (R7).
    public static let slash = HIDUsage(0x38)
    /// 0x39, Keyboard Caps Lock: toggles ``ModifierFlags/alphaShift``, which shifts letters only.
    public static let capsLock = HIDUsage(0x39)
    /// 0x3A, Keyboard F1. F2 through F12 follow in order up to ``f12``; see ``function(_:)``.
    public static let f1 = HIDUsage(0x3A)
    /// 0x45, Keyboard F12. F13–F24 are not contiguous with it (0x68–0x73).
    public static let f12 = HIDUsage(0x45)
    /// 0x49, Keyboard Insert (Help on older Apple keyboards). Not a UIKit special input.
    public static let insert = HIDUsage(0x49)
    /// 0x4A, Keyboard Home: the key of ``SpecialInput/home`` (`UIKeyInputHome`).
    public static let home = HIDUsage(0x4A)
    /// 0x4B, Keyboard Page Up: the key of ``SpecialInput/pageUp`` (`UIKeyInputPageUp`).
    public static let pageUp = HIDUsage(0x4B)
    /// 0x4C, Keyboard Delete Forward (⌦). UIKit has no constant for it: it is a character key
    /// typing U+007F.
    public static let deleteForward = HIDUsage(0x4C)
    /// 0x4D, Keyboard End: the key of ``SpecialInput/end`` (`UIKeyInputEnd`).
    public static let end = HIDUsage(0x4D)
    /// 0x4E, Keyboard Page Down: the key of ``SpecialInput/pageDown`` (`UIKeyInputPageDown`).
    public static let pageDown = HIDUsage(0x4E)
    /// 0x4F, Keyboard Right Arrow: the key of ``SpecialInput/rightArrow`` (`UIKeyInputRightArrow`).
    public static let rightArrow = HIDUsage(0x4F)
    /// 0x50, Keyboard Left Arrow: the key of ``SpecialInput/leftArrow`` (`UIKeyInputLeftArrow`).
    public static let leftArrow = HIDUsage(0x50)
    /// 0x51, Keyboard Down Arrow: the key of ``SpecialInput/downArrow`` (`UIKeyInputDownArrow`).
    public static let downArrow = HIDUsage(0x51)
    /// 0x52, Keyboard Up Arrow: the key of ``SpecialInput/upArrow`` (`UIKeyInputUpArrow`).
    public static let upArrow = HIDUsage(0x52)
    /// 0x57, Keypad +. Types `"+"` without ⇧ and sets ``ModifierFlags/numericPad`` (R1).
    public static let keypadPlus = HIDUsage(0x57)
    /// 0x58, Keypad ENTER. Types `"\r"` like ``returnOrEnter`` and sets
    /// ``ModifierFlags/numericPad`` (R1, R2).
    public static let keypadEnter = HIDUsage(0x58)
    /// 0xE0, Keyboard LeftControl: sets ``ModifierFlags/control``.
    public static let leftControl = HIDUsage(0xE0)
    /// 0xE1, Keyboard LeftShift: sets ``ModifierFlags/shift``.
    public static let leftShift = HIDUsage(0xE1)
    /// 0xE2, Keyboard LeftAlt, the left Option key on Apple keyboards: sets ``ModifierFlags/alternate``.
    public static let leftAlt = HIDUsage(0xE2)
    /// 0xE3, Keyboard Left GUI, the left Command key on Apple keyboards: sets ``ModifierFlags/command``.
    public static let leftGUI = HIDUsage(0xE3)
    /// 0xE4, Keyboard RightControl: sets ``ModifierFlags/control``.
    public static let rightControl = HIDUsage(0xE4)
    /// 0xE5, Keyboard RightShift: sets ``ModifierFlags/shift``.
    public static let rightShift = HIDUsage(0xE5)
    /// 0xE6, Keyboard RightAlt, the right Option key on Apple keyboards: sets ``ModifierFlags/alternate``.
    public static let rightAlt = HIDUsage(0xE6)
    /// 0xE7, Keyboard Right GUI, the right Command key on Apple keyboards: sets ``ModifierFlags/command``.
    public static let rightGUI = HIDUsage(0xE7)

    /// The usage of letter `a`…`z` (case-insensitive), or `nil`.
    public static func letter(_ character: Character) -> HIDUsage? {
        guard let ascii = character.lowercased().unicodeScalars.first?.value,
              character.lowercased().unicodeScalars.count == 1,
              ascii >= 0x61, ascii <= 0x7A else { return nil }
        return HIDUsage(UInt16(0x04 + ascii - 0x61))
    }

    /// The usage of function key F1…F24, or `nil` when `number` is out of range.
    public static func function(_ number: Int) -> HIDUsage? {
        switch number {
        case 1...12: return HIDUsage(UInt16(0x3A + number - 1))
        case 13...24: return HIDUsage(UInt16(0x68 + number - 13))
        default: return nil
        }
    }
}

extension HIDUsage: CustomStringConvertible {
    /// The usage's table name, e.g. `Keyboard a and A`, or `0xNN` when reserved.
    public var description: String { name }
}
