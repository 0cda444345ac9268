import KeyTraceCore

/// What a capture source saw, for the summary printed after an import.
///
/// Every packet (USB) or record (evdev) read is either decoded or counted once in
/// ``skipped`` under a ``SkipReason``.
public struct CaptureSummary: Hashable, Sendable {
    /// Why a packet or record produced no press.
    public struct SkipReason: Hashable, Comparable, Sendable, CustomStringConvertible {
        /// A stable hyphenated name, e.g. `error-status`.
        public let name: String
        init(named name: String) { self.name = name }

        /// A usbmon submit or USBPcap request (host to device); reports arrive in completions.
        public static let submit = SkipReason(named: "submit")
        /// A completion with an error status (e.g. `-ENOENT` when the URB was unlinked).
        public static let errorStatus = SkipReason(named: "error-status")
        /// A control transfer: descriptors are read from them, nothing else.
        public static let controlTransfer = SkipReason(named: "control-transfer")
        /// A hub's status-change report (1–2 bytes) or any packet of a hub.
        public static let hub = SkipReason(named: "hub")
        /// A mouse (descriptor protocol 2, or 3–5 byte interrupt reports).
        public static let mouse = SkipReason(named: "mouse")
        /// Any other non-keyboard traffic: bulk, isochronous, other interrupt endpoints, OUT reports.
        public static let otherDevice = SkipReason(named: "other-device")
        /// A packet or report that could not be decoded (short header, bad length, invalid usage).
        public static let malformed = SkipReason(named: "malformed")
        /// A keyboard endpoint's report whose ID its layout does not describe (e.g. a pointer
        /// report beside a report-ID keyboard found by the heuristic).
        public static let otherReport = SkipReason(named: "other-report")
        /// An evdev event that is not a key (EV_SYN, EV_MSC, EV_LED, …).
        public static let nonKeyEvent = SkipReason(named: "non-key-event")
        /// An evdev key code with no HID Keyboard/Keypad usage (mouse buttons, media keys).
        public static let unmappedKey = SkipReason(named: "unmapped-key")
        /// evdev events after `SYN_DROPPED` up to the next `SYN_REPORT`, which the kernel marks incomplete.
        public static let discardedAfterDrop = SkipReason(named: "discarded-after-drop")
        /// Terminal: a well-formed escape sequence that is no key (protocol answers, focus, mouse, paste brackets).
        public static let unsupportedSequence = SkipReason(named: "unsupported-sequence")
        /// Terminal: a release of a key that was not down (pressed before the capture started).
        public static let releaseWithoutPress = SkipReason(named: "release-without-press")
        /// libinput recordings: an evdev event of a keyboard decoded from its hid reports, or a hid
        /// report of a keyboard decoded from its evdev events (``LibinputOptions/keySource``).
        public static let otherSource = SkipReason(named: "other-source")

        public static func < (lhs: SkipReason, rhs: SkipReason) -> Bool { lhs.name < rhs.name }
        public var description: String { name }
    }

    /// Keyboards identified, in the order they were first seen, with the latest information.
    public var devices: [DeviceInfo] = []
    /// Packets (USB) or records (evdev, evemu) read, or steps run (script).
    public var packetsRead: Int = 0
    /// Keyboard reports decoded (USB only).
    public var reportsDecoded: Int = 0
    /// Output reports (keyboard LEDs) sent to keyboards: SET_REPORT and interrupt OUT (USB only).
    public var outputReports: Int = 0
    /// Press events emitted (began, repeats and ended).
    public var presses: Int = 0
    /// Markers emitted.
    public var markers: Int = 0
    /// Packets the source reported as dropped.
    public var dropped: UInt64 = 0
    /// Packets or records that produced nothing, by reason.
    public var skipped: [SkipReason: Int] = [:]
    /// Keys still down when the capture ended (no release is invented for them).
    public var keysHeldAtEnd: Int = 0
    /// Presses whose key code the recorder replaced by a placeholder (`libinput record` without
    /// `--show-keycodes` writes alphanumeric keys as KEY_A); they are in the trace as that placeholder.
    public var obfuscatedPresses: Int = 0
    /// USB devices seen with an interrupt-IN endpoint or descriptors, by bus and address (USB only).
    public var usbDevices: [USBDevice] = []
    /// Every interrupt-IN endpoint seen, keyboard or not, ordered by id (USB only).
    public var endpoints: [Endpoint] = []

    /// An empty summary: no devices, every count zero.
    public init() {}

    /// The total of ``skipped``.
    public var skippedTotal: Int { skipped.values.reduce(0, +) }

    mutating func skip(_ reason: SkipReason) { skipped[reason, default: 0] += 1 }

    /// The endpoints that are neither keyboards nor hubs: what could not be decoded, with their report lengths.
    public var undecodableEndpoints: [Endpoint] { endpoints.filter { $0.role != "keyboard" && $0.role != "hub" } }

    mutating func record(device: DeviceInfo) {
        if let index = devices.firstIndex(where: { $0.id == device.id }) {
            devices[index] = device
        } else {
            devices.append(device)
        }
    }
}

extension CaptureSummary: CustomStringConvertible {
    /// A few lines for people:
    ///
    /// ```
    /// keyboards: 1 (4.5.129 VID 0e0f PID 0003 (8 ms polling, boot-report heuristic))
    /// packets: 664, reports: 315, presses: 402, markers: 0, dropped: 0, keys held at end: 1
    /// skipped: control-transfer 32, error-status 3, submit 327, …
    /// ```
    public var description: String {
        var lines: [String] = []
        lines.append("keyboards: \(devices.count)"
            + (devices.isEmpty ? "" : " (" + devices.map(\.description).joined(separator: "; ") + ")"))
        lines.append("packets: \(packetsRead), reports: \(reportsDecoded), presses: \(presses), markers: \(markers), "
            + "dropped: \(dropped), keys held at end: \(keysHeldAtEnd)")
        if outputReports > 0 { lines.append("output reports (LEDs): \(outputReports)") }
        let reasons = skipped.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        lines.append("skipped: " + (reasons.isEmpty ? "none" : reasons.joined(separator: ", ")))
        if obfuscatedPresses > 0 { lines.append("obfuscated: \(obfuscatedPresses) presses (key codes replaced by KEY_A)") }
        lines.append(contentsOf: usbLines)
        return lines.joined(separator: "\n")
    }
}

extension CaptureSummary {
    /// Adds `other`'s devices, endpoints and counts to this summary (one summary for several
    /// devices decoded separately).
    mutating func add(_ other: CaptureSummary) {
        for device in other.devices { record(device: device) }
        packetsRead += other.packetsRead
        reportsDecoded += other.reportsDecoded
        presses += other.presses
        markers += other.markers
        dropped += other.dropped
        skipped.merge(other.skipped, uniquingKeysWith: +)
        keysHeldAtEnd += other.keysHeldAtEnd
        obfuscatedPresses += other.obfuscatedPresses
        usbDevices += other.usbDevices
        for endpoint in other.endpoints { updateEndpoint(endpoint.id) { $0 = endpoint } }
    }
}
