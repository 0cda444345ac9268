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
    public static let reserved = HIDUsage(0x00)
    public static let errorRollOver = HIDUsage(0x01)
    public static let postFail = HIDUsage(0x02)
    public static let errorUndefined = HIDUsage(0x03)
    public static let a = HIDUsage(0x04)
    public static let z = HIDUsage(0x1D)
    public static let digit1 = HIDUsage(0x1E)
    public static let digit0 = HIDUsage(0x27)
    public static let returnOrEnter = HIDUsage(0x28)
    public static let escape = HIDUsage(0x29)
    public static let deleteOrBackspace = HIDUsage(0x2A)
    public static let tab = HIDUsage(0x2B)
    public static let space = HIDUsage(0x2C)
    public static let hyphen = HIDUsage(0x2D)
    public static let equalSign = HIDUsage(0x2E)
    public static let openBracket = HIDUsage(0x2F)
    public static let closeBracket = HIDUsage(0x30)
    public static let backslash = HIDUsage(0x31)
    public static let semicolon = HIDUsage(0x33)
    public static let quote = HIDUsage(0x34)
    public static let graveAccent = HIDUsage(0x35)
    public static let comma = HIDUsage(0x36)
    public static let period = HIDUsage(0x37)
    public static let slash = HIDUsage(0x38)
    public static let capsLock = HIDUsage(0x39)
    public static let f1 = HIDUsage(0x3A)
    public static let f12 = HIDUsage(0x45)
    public static let insert = HIDUsage(0x49)
    public static let home = HIDUsage(0x4A)
    public static let pageUp = HIDUsage(0x4B)
    public static let deleteForward = HIDUsage(0x4C)
    public static let end = HIDUsage(0x4D)
    public static let pageDown = HIDUsage(0x4E)
    public static let rightArrow = HIDUsage(0x4F)
    public static let leftArrow = HIDUsage(0x50)
    public static let downArrow = HIDUsage(0x51)
    public static let upArrow = HIDUsage(0x52)
    public static let keypadPlus = HIDUsage(0x57)
    public static let keypadEnter = HIDUsage(0x58)
    public static let leftControl = HIDUsage(0xE0)
    public static let leftShift = HIDUsage(0xE1)
    public static let leftAlt = HIDUsage(0xE2)
    public static let leftGUI = HIDUsage(0xE3)
    public static let rightControl = HIDUsage(0xE4)
    public static let rightShift = HIDUsage(0xE5)
    public static let rightAlt = HIDUsage(0xE6)
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
