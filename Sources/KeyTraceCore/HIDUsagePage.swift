/// A HID usage page (HID Usage Tables §3): the namespace a usage ID belongs to.
///
/// Keys come from three pages: Keyboard/Keypad (0x07, every ``HIDUsage``), Consumer (0x0C:
/// volume, play/pause, brightness …) and Generic Desktop's system controls (0x01, usages
/// 0x81–0xB7: power down, sleep, wake …). Only keyboard-page keys type characters or match key
/// commands; presses on the other pages are recorded with their page.
public struct HIDUsagePage: RawRepresentable, Hashable, Comparable, Sendable, BitwiseCopyable {
    /// The page number.
    public let rawValue: UInt16

    /// Wraps a page number. Any value is accepted; 0xFF00–0xFFFF are vendor-defined.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Wraps a page number.
    public init(_ rawValue: UInt16) { self.rawValue = rawValue }

    public static func < (lhs: HIDUsagePage, rhs: HIDUsagePage) -> Bool { lhs.rawValue < rhs.rawValue }

    /// 0x01, Generic Desktop: pointers, and the system controls (0x81 System Power Down,
    /// 0x82 System Sleep, 0x83 System Wake Up …).
    public static let genericDesktop = HIDUsagePage(0x01)
    /// 0x07, Keyboard/Keypad: every ``HIDUsage``.
    public static let keyboard = HIDUsagePage(0x07)
    /// 0x08, LEDs: Num Lock (1), Caps Lock (2), Scroll Lock (3), Compose (4), Kana (5).
    public static let led = HIDUsagePage(0x08)
    /// 0x09, Button: pointer buttons.
    public static let button = HIDUsagePage(0x09)
    /// 0x0C, Consumer: media, volume and brightness keys.
    public static let consumer = HIDUsagePage(0x0C)

    /// Whether `usage` on this page is a key a keyboard reports: any usage but 0 on the
    /// Keyboard/Keypad and Consumer pages, the system controls 0x81–0xB7 on Generic Desktop.
    @inlinable public func isKey(_ usage: UInt16) -> Bool {
        switch rawValue {
        case 0x07, 0x0C: return usage != 0
        case 0x01: return usage >= 0x81 && usage <= 0xB7
        default: return false
        }
    }

    /// The page's short name: `Keyboard`, `Consumer`, `Generic Desktop`, … or `0xNNNN`.
    public var name: String {
        switch rawValue {
        case 0x01: return "Generic Desktop"
        case 0x07: return "Keyboard"
        case 0x08: return "LED"
        case 0x09: return "Button"
        case 0x0C: return "Consumer"
        default: return "0x" + Self.hex4(rawValue)
        }
    }

    /// The short name of `usage` on this page: keyboard names as ``HIDUsage/name``, the
    /// common consumer and system-control names (`Volume Increment`, `Play/Pause`, `System
    /// Sleep`), else the page and the number, `Consumer 0x0223`.
    public func name(of usage: UInt16) -> String {
        switch rawValue {
        case 0x07: return HIDUsage(usage).name
        case 0x0C: if let name = Self.consumerNames[usage] { return name }
        case 0x01: if let name = Self.systemControlNames[usage] { return name }
        default: break
        }
        return name + " 0x" + Self.hex4(usage)
    }

    /// Consumer page names (HID Usage Tables §15) of the keys keyboards commonly carry.
    static let consumerNames: [UInt16: String] = [
        0x30: "Power", 0x32: "Sleep", 0x40: "Menu", 0x6F: "Brightness Up", 0x70: "Brightness Down",
        0xB0: "Play", 0xB1: "Pause", 0xB3: "Fast Forward", 0xB4: "Rewind", 0xB5: "Next Track",
        0xB6: "Previous Track", 0xB7: "Stop", 0xB8: "Eject", 0xCD: "Play/Pause", 0xE2: "Mute",
        0xE9: "Volume Increment", 0xEA: "Volume Decrement", 0x183: "Media Select", 0x18A: "Mail",
        0x192: "Calculator", 0x194: "My Computer", 0x221: "AC Search", 0x223: "AC Home", 0x224: "AC Back",
        0x225: "AC Forward", 0x226: "AC Stop", 0x227: "AC Refresh", 0x22A: "AC Bookmarks",
    ]

    /// Generic Desktop system-control names (HID Usage Tables §4.5).
    static let systemControlNames: [UInt16: String] = [
        0x81: "System Power Down", 0x82: "System Sleep", 0x83: "System Wake Up", 0x84: "System Context Menu",
        0x85: "System Main Menu", 0x86: "System App Menu", 0xA8: "System Hibernate", 0xB5: "System Do Not Disturb",
    ]
}

extension HIDUsagePage: CustomStringConvertible {
    /// The page's name, e.g. `Consumer`.
    public var description: String { name }
}

extension HIDUsagePage {
    /// Four upper-case hex digits, e.g. `00E9`.
    public static func hex4(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
