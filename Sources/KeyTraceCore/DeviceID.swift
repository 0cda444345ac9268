/// Which input device a key press came from.
///
/// A device id is a small value: a ``Kind`` and up to three numbers whose meaning depends
/// on the kind. For USB they are bus, device address and endpoint address, printed as
/// `bus.device.endpoint` with the endpoint in decimal (`4.5.129` for endpoint 0x81).
///
/// The packed ``rawValue`` layout (stable, stored in traces):
///
/// ```
///  63      56 55      48 47              32 31              16 15               0
/// +----------+----------+------------------+------------------+------------------+
/// |   kind   | reserved |       bus        |      device      |     endpoint     |
/// +----------+----------+------------------+------------------+------------------+
/// ```
public struct DeviceID: Hashable, Comparable, Sendable, BitwiseCopyable {
    /// The family of source a device belongs to.
    public enum Kind: UInt8, Sendable, CaseIterable {
        /// Unknown or not recorded.
        case unspecified = 0
        /// A USB HID device: bus, device address, endpoint address.
        case usb = 1
        /// A Linux evdev node: `/dev/input/eventN` has `a == N`.
        case evdev = 2
        /// A terminal session.
        case terminal = 3
        /// A scripted source; `a` is a script-chosen number.
        case script = 4
        /// The synthetic load generator.
        case synthetic = 5
        /// Events produced in-process by the engine's user.
        case inProcess = 6
        /// A hidraw device of a hid-recorder recording: `a` is its `D:` index.
        case hidraw = 7

        /// A lowercase name used in notations and JSON.
        public var name: String {
            switch self {
            case .unspecified: return "unspecified"
            case .usb: return "usb"
            case .evdev: return "evdev"
            case .terminal: return "terminal"
            case .script: return "script"
            case .synthetic: return "synthetic"
            case .inProcess: return "in-process"
            case .hidraw: return "hidraw"
            }
        }
    }

    /// The packed representation described above.
    public let rawValue: UInt64

    /// Wraps a packed value as stored in a trace.
    @inlinable public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Packs a kind and three numbers.
    @inlinable public init(kind: Kind, _ a: UInt16 = 0, _ b: UInt16 = 0, _ c: UInt16 = 0) {
        rawValue = UInt64(kind.rawValue) << 56 | UInt64(a) << 32 | UInt64(b) << 16 | UInt64(c)
    }

    /// A USB endpoint: `usb(bus: 4, device: 5, endpoint: 0x81)` prints as `4.5.129`.
    @inlinable public static func usb(bus: UInt16, device: UInt16, endpoint: UInt8) -> DeviceID {
        DeviceID(kind: .usb, bus, device, UInt16(endpoint))
    }

    /// An unspecified device, the default for presses made in code.
    public static let unspecified = DeviceID(kind: .unspecified)

    /// The device's kind; unknown kinds read as ``Kind/unspecified``.
    public var kind: Kind { Kind(rawValue: UInt8(truncatingIfNeeded: rawValue >> 56)) ?? .unspecified }
    /// The first number (USB bus, evdev node number, script number).
    public var a: UInt16 { UInt16(truncatingIfNeeded: rawValue >> 32) }
    /// The second number (USB device address).
    public var b: UInt16 { UInt16(truncatingIfNeeded: rawValue >> 16) }
    /// The third number (USB endpoint address).
    public var c: UInt16 { UInt16(truncatingIfNeeded: rawValue) }

    public static func < (lhs: DeviceID, rhs: DeviceID) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension DeviceID: CustomStringConvertible {
    /// `bus.device.endpoint` for USB (`4.5.129`), `evdev.N`, `script.N`, or the kind's name.
    public var description: String {
        switch kind {
        case .usb: return "\(a).\(b).\(c)"
        case .evdev, .script, .hidraw: return "\(kind.name).\(a)"
        default: return kind.name
        }
    }
}
