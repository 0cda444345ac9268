/// One HID report as it crossed the bus: an Input report from a keyboard, or an Output report
/// (LED state) the host sent it, with where it travelled and what the recorder decoded from it.
///
/// ```
///  input   device ──interrupt IN (0x81)──────────────▶ host   keys, phantom state
///  output  host ──SET_REPORT (control, endpoint 0)───▶ device  LEDs
///          host ──interrupt OUT (0x02)───────────────▶ device  LEDs
/// ```
///
/// A report is a plain value: its bytes are held inline (``HIDReportBytes``, at most
/// ``HIDReportBytes/capacity``), so recording one allocates nothing.
public struct HIDReport: Hashable, Sendable, BitwiseCopyable {
    /// Which way the report travelled.
    public enum Direction: UInt8, Hashable, Sendable, BitwiseCopyable {
        /// Device to host (an Input report).
        case input = 0
        /// Host to device (an Output report: SET_REPORT or interrupt OUT).
        case output = 1
    }

    /// When the report was captured, in nanoseconds of the source's clock domain.
    public var timestamp: UInt64
    /// The keyboard the report belongs to: for USB the interface's interrupt-IN endpoint
    /// (`bus.device.endpoint`), also for the Output reports sent to that interface.
    public var device: DeviceID
    /// The USB interface number, or `nil` when the source does not know it.
    public var interface: UInt8?
    /// The endpoint the report travelled on: 0x81 and up for interrupt IN, 0x01–0x0F for
    /// interrupt OUT, 0 for the control pipe (SET_REPORT); `nil` when the source does not know it.
    public var endpoint: UInt8?
    /// Input or output.
    public var direction: Direction
    /// The report ID (the first byte on the wire when the descriptor declares IDs), 0 without IDs.
    public var reportID: UInt8
    /// The report as sent, report ID byte included; the first ``HIDReportBytes/capacity`` bytes
    /// of a longer one (``length`` keeps its real length).
    public var bytes: HIDReportBytes
    /// The report's length on the wire.
    public var length: Int
    /// Input reports the recorder decoded: whether keys were held after this report.
    public var keysHeld: Bool
    /// Input reports: whether the report was in phantom state (ErrorRollOver, usage 0x01 of the
    /// Keyboard page, in its key array: too many keys held; HID Usage Tables §10).
    public var isPhantomState: Bool
    /// Output reports: the keyboard LEDs the report sets, when the recorder could decode them.
    public var leds: KeyboardLEDs?

    /// Creates a report; `bytes` beyond ``HIDReportBytes/capacity`` are not kept.
    @inlinable
    public init(timestamp: UInt64, device: DeviceID, interface: UInt8? = nil, endpoint: UInt8? = nil,
                direction: Direction, reportID: UInt8 = 0, bytes: UnsafeRawBufferPointer, keysHeld: Bool = false,
                isPhantomState: Bool = false, leds: KeyboardLEDs? = nil) {
        self.init(timestamp: timestamp, device: device, interface: interface, endpoint: endpoint, direction: direction,
                  reportID: reportID, bytes: HIDReportBytes(bytes), length: bytes.count, keysHeld: keysHeld,
                  isPhantomState: isPhantomState, leds: leds)
    }

    /// Creates a report from stored bytes and its length on the wire.
    @inlinable
    public init(timestamp: UInt64, device: DeviceID, interface: UInt8?, endpoint: UInt8?, direction: Direction,
                reportID: UInt8, bytes: HIDReportBytes, length: Int, keysHeld: Bool, isPhantomState: Bool,
                leds: KeyboardLEDs?) {
        self.timestamp = timestamp
        self.device = device
        self.interface = interface
        self.endpoint = endpoint
        self.direction = direction
        self.reportID = reportID
        self.bytes = bytes
        self.length = max(length, bytes.count)
        self.keysHeld = keysHeld
        self.isPhantomState = isPhantomState
        self.leds = leds
    }

    /// Whether ``bytes`` holds only the start of a longer report.
    public var isTruncated: Bool { length > bytes.count }

    /// The bytes in lowercase hex, separated by spaces (`00 00 04 00 00 00 00 00`).
    public var hex: String { bytes.hex(separator: " ") }
}
