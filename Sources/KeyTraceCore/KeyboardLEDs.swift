/// Keyboard LEDs an Output report turns on: the LED page (0x08) usages 1–5, which are also
/// the five low bits of the boot keyboard's 1-byte Output report (HID 1.11 appendix B.1).
///
/// ```
///  bit  0 Num Lock   1 Caps Lock   2 Scroll Lock   3 Compose   4 Kana
/// ```
public struct KeyboardLEDs: OptionSet, Hashable, Sendable, BitwiseCopyable {
    public let rawValue: UInt8

    /// The LEDs whose bits are set in `rawValue` (bit i = LED usage i + 1).
    public init(rawValue: UInt8) { self.rawValue = rawValue & 0x1F }

    /// LED usage 0x01.
    public static let numLock = KeyboardLEDs(rawValue: 1 << 0)
    /// LED usage 0x02.
    public static let capsLock = KeyboardLEDs(rawValue: 1 << 1)
    /// LED usage 0x03.
    public static let scrollLock = KeyboardLEDs(rawValue: 1 << 2)
    /// LED usage 0x04.
    public static let compose = KeyboardLEDs(rawValue: 1 << 3)
    /// LED usage 0x05.
    public static let kana = KeyboardLEDs(rawValue: 1 << 4)

    /// The LED of usage `usage` on the LED page, `nil` for the page's other usages.
    public init?(ledUsage usage: UInt16) {
        guard usage >= 1, usage <= 5 else { return nil }
        self.init(rawValue: 1 << UInt8(usage - 1))
    }

    /// The LEDs in bit order with their names.
    public static let named: [(KeyboardLEDs, String)] = [
        (.numLock, "Num Lock"), (.capsLock, "Caps Lock"), (.scrollLock, "Scroll Lock"), (.compose, "Compose"), (.kana, "Kana"),
    ]

    /// The names of the LEDs that are on, in bit order (`Num Lock`, `Caps Lock`); empty when none.
    public var names: [String] { Self.named.filter { contains($0.0) }.map(\.1) }

    /// The LEDs on, comma-separated, or `none`.
    public var summary: String { isEmpty ? "none" : names.joined(separator: ", ") }
}
