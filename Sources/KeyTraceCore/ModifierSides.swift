/// Which physical modifier keys are held, keeping left and right apart.
///
/// Bit `i` stands for HID usage `0xE0 + i`, the order of the boot keyboard report's
/// modifier byte: LeftControl, LeftShift, LeftAlt, LeftGUI, RightControl, RightShift,
/// RightAlt, RightGUI. Traces keep sides; matching uses only ``flags`` (R1).
public struct ModifierSides: OptionSet, Hashable, Sendable, BitwiseCopyable {
    /// The boot report's modifier byte: bit `i` set means the key with usage `0xE0 + i` is held.
    public let rawValue: UInt8

    /// Creates a set from the boot report's modifier byte.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Left Control (HID 0xE0), bit 0.
    public static let leftControl = ModifierSides(rawValue: 1 << 0)
    /// Left Shift (HID 0xE1), bit 1.
    public static let leftShift = ModifierSides(rawValue: 1 << 1)
    /// Left Option, HID LeftAlt (0xE2), bit 2.
    public static let leftAlternate = ModifierSides(rawValue: 1 << 2)
    /// Left Command, HID Left GUI (0xE3), bit 3.
    public static let leftCommand = ModifierSides(rawValue: 1 << 3)
    /// Right Control (HID 0xE4), bit 4.
    public static let rightControl = ModifierSides(rawValue: 1 << 4)
    /// Right Shift (HID 0xE5), bit 5.
    public static let rightShift = ModifierSides(rawValue: 1 << 5)
    /// Right Option, HID RightAlt (0xE6), bit 6.
    public static let rightAlternate = ModifierSides(rawValue: 1 << 6)
    /// Right Command, HID Right GUI (0xE7), bit 7.
    public static let rightCommand = ModifierSides(rawValue: 1 << 7)

    /// The side bit for a modifier key's HID usage (0xE0–0xE7), or `nil` for other keys.
    public init?(modifierKey usage: HIDUsage) {
        guard usage.isModifier else { return nil }
        self.init(rawValue: 1 << UInt8(usage.rawValue - 0xE0))
    }

    /// The side-less flags these keys produce.
    public var flags: ModifierFlags {
        var flags: ModifierFlags = []
        if !intersection([.leftControl, .rightControl]).isEmpty { flags.insert(.control) }
        if !intersection([.leftShift, .rightShift]).isEmpty { flags.insert(.shift) }
        if !intersection([.leftAlternate, .rightAlternate]).isEmpty { flags.insert(.alternate) }
        if !intersection([.leftCommand, .rightCommand]).isEmpty { flags.insert(.command) }
        return flags
    }

    /// The HID usages of the held modifier keys, in ascending usage order.
    public var usages: [HIDUsage] {
        (0..<8).compactMap { bit in
            rawValue & (1 << bit) != 0 ? HIDUsage(rawValue: 0xE0 + UInt16(bit)) : nil
        }
    }
}
