import KeyTraceCore

/// Turns evdev events (`type`, `code`, `value`) into keyboard events. Shared by raw
/// `input_event` records and evemu recordings.
///
/// - `EV_KEY` (1): value 1 down, 0 up, 2 auto-repeat (a `began` with ``KeyPress/isRepeat``);
///   the key code becomes a HID usage through ``HIDUsage/init(linuxKeyCode:)``.
/// - `EV_SYN`/`SYN_DROPPED` (0/3): the kernel lost events; a `SYN_DROPPED` marker is emitted and
///   events up to the next `SYN_REPORT` are discarded, as the evdev protocol asks.
/// - Everything else (`EV_SYN` reports, `EV_MSC` scan codes, `EV_LED`, …) is skipped.
struct EvdevDecoder {
    static let evSyn: UInt16 = 0
    static let evKey: UInt16 = 1
    static let synReport: UInt16 = 0
    static let synDropped: UInt16 = 3

    let uncertaintyNs: UInt64
    private var tracker: KeyStateTracker
    private var discarding = false
    private(set) var summary = CaptureSummary()

    init(device: DeviceID, layout: KeyboardLayout, uncertaintyNs: UInt64, tracksCapsLock: Bool) {
        tracker = KeyStateTracker(device: device, layout: layout, tracksCapsLock: tracksCapsLock)
        self.uncertaintyNs = uncertaintyNs
    }

    var device: DeviceID { tracker.device }

    mutating func announce(_ info: DeviceInfo, into events: inout [CaptureEvent]) {
        summary.record(device: info)
        events.append(.device(info))
    }

    /// Emits `marker` (counted in the summary).
    mutating func mark(_ marker: CaptureMarker, into events: inout [CaptureEvent]) {
        summary.markers += 1
        events.append(.marker(marker))
    }

    mutating func consume(type: UInt16, code: UInt16, value: Int32, timestamp: UInt64,
                          into events: inout [CaptureEvent]) {
        summary.packetsRead += 1
        if type == Self.evSyn, code == Self.synDropped {
            discarding = true
            summary.markers += 1
            summary.skip(.discardedAfterDrop)
            events.append(.marker(CaptureMarker(
                label: "SYN_DROPPED",
                detail: "the kernel's event buffer for this device overflowed; events until the next SYN_REPORT were discarded",
                timestamp: timestamp, device: tracker.device)))
            return
        }
        if discarding {
            if type == Self.evSyn, code == Self.synReport { discarding = false }
            return summary.skip(.discardedAfterDrop)
        }
        guard type == Self.evKey else { return summary.skip(.nonKeyEvent) }
        guard let usage = HIDUsage(linuxKeyCode: code) else { return summary.skip(.unmappedKey) }
        let press: KeyPress
        switch value {
        case 0: press = tracker.press(.ended, usage, timestamp: timestamp)
        case 1: press = tracker.press(.began, usage, timestamp: timestamp)
        case 2: press = tracker.press(.began, usage, isRepeat: true, timestamp: timestamp)
        default: return summary.skip(.malformed)
        }
        summary.presses += 1
        events.append(.press(press, uncertaintyNs: uncertaintyNs))
    }

    mutating func finish() {
        summary.keysHeldAtEnd = tracker.heldCount
    }
}

/// How evdev records and evemu recordings are decoded.
public struct EvdevOptions: Hashable, Sendable {
    /// The `struct input_event` layout of the machine that wrote the records.
    public enum RecordLayout: Hashable, Sendable {
        /// 64-bit Linux: `tv_sec` i64, `tv_usec` i64, `type` u16, `code` u16, `value` i32 (24 bytes).
        case time64
        /// 32-bit Linux with 32-bit time: `tv_sec` i32, `tv_usec` i32, then the same (16 bytes).
        case time32

        var size: Int { self == .time64 ? 24 : 16 }
    }

    /// The layout that fills ``KeyPress/characters``.
    public var layout: KeyboardLayout = .usANSI
    /// The record layout; records are in host byte order, as the kernel writes them.
    public var recordLayout: RecordLayout = MemoryLayout<Int>.size == 8 ? .time64 : .time32
    /// evdev does not say how the keyboard is attached. The default, 8 ms, is the polling
    /// interval of a typical USB keyboard (timestamps are taken when the report arrives);
    /// use 0 for interrupt-driven keyboards (PS/2, most laptops).
    public var timestampUncertaintyNs: UInt64 = 8_000_000
    /// Whether Caps Lock presses toggle ``ModifierFlags/alphaShift`` (off at the start).
    public var tracksCapsLock: Bool = true

    /// Default options: US ANSI layout, this machine's record layout, 8 ms uncertainty, Caps Lock tracked.
    public init() {}
}
