import KeyTraceCore

/// What a capture source knows about one keyboard.
public struct DeviceInfo: Hashable, Sendable {
    /// How the keyboard was recognised.
    public enum Identification: String, Hashable, Sendable {
        /// A configuration descriptor named a boot keyboard interface (class 3, subclass 1, protocol 1).
        case descriptors
        /// The interface's HID report descriptor lays out keys (keyboard, consumer or system-control usages).
        case reportDescriptor = "report descriptor"
        /// No descriptor was seen; its interrupt reports look like boot keyboard reports.
        case bootReportHeuristic = "boot-report heuristic"
        /// No descriptor was seen; its interrupt reports look like a report ID byte before a boot
        /// keyboard report.
        case reportIDHeuristic = "report-ID boot-report heuristic"
        /// An evdev node or an evemu recording.
        case evdev
        /// A script.
        case script
        /// The synthetic load generator.
        case synthetic
        /// A terminal's standard input.
        case terminal

        /// Whether the keys come from a guess at the report layout rather than from a descriptor.
        public var isHeuristic: Bool { self == .bootReportHeuristic || self == .reportIDHeuristic }
    }

    /// The device, e.g. `4.5.129` for USB bus 4, address 5, endpoint 0x81.
    public var id: DeviceID
    /// USB idVendor, when a device descriptor (or an evemu `I:` line) gave it.
    public var vendorID: UInt16?
    /// USB idProduct, when a device descriptor (or an evemu `I:` line) gave it.
    public var productID: UInt16?
    /// The endpoint's bInterval from its endpoint descriptor, when one was seen.
    public var bInterval: UInt8?
    /// The polling interval used as each press's timestamp uncertainty, in nanoseconds.
    public var pollingIntervalNs: UInt64
    /// How the device was recognised.
    public var identifiedBy: Identification
    /// A name (evdev `EVIOCGNAME`, evemu `N:`), when known.
    public var name: String?

    /// Describes a keyboard; `pollingIntervalNs` is 0 for sources whose timestamps carry no polling uncertainty.
    public init(id: DeviceID, vendorID: UInt16? = nil, productID: UInt16? = nil, bInterval: UInt8? = nil,
                pollingIntervalNs: UInt64, identifiedBy: Identification, name: String? = nil) {
        self.id = id
        self.vendorID = vendorID
        self.productID = productID
        self.bInterval = bInterval
        self.pollingIntervalNs = pollingIntervalNs
        self.identifiedBy = identifiedBy
        self.name = name
    }
}

extension DeviceInfo: CustomStringConvertible {
    /// `4.5.129 VID 05f3 PID 0007 bInterval 8 (8 ms polling, descriptors)`.
    public var description: String {
        var parts = [id.description]
        if let name { parts.append("\"\(name)\"") }
        if let vendorID { parts.append("VID " + hex4(vendorID)) }
        if let productID { parts.append("PID " + hex4(productID)) }
        if let bInterval { parts.append("bInterval \(bInterval)") }
        parts.append("(\(formatDuration(pollingIntervalNs)) polling, \(identifiedBy.rawValue))")
        return parts.joined(separator: " ")
    }
}

func hex4(_ value: UInt16) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

/// `8 ms`, `125 µs`, `1.5 s`, `40 ns`.
func formatDuration(_ ns: UInt64) -> String {
    func trim(_ value: UInt64, _ unit: UInt64, _ name: String) -> String {
        if value % unit == 0 { return "\(value / unit) \(name)" }
        let tenths = (value * 10 + unit / 2) / unit
        return "\(tenths / 10).\(tenths % 10) \(name)"
    }
    if ns >= 1_000_000_000 { return trim(ns, 1_000_000_000, "s") }
    if ns >= 1_000_000 { return trim(ns, 1_000_000, "ms") }
    if ns >= 1_000 { return trim(ns, 1_000, "µs") }
    return "\(ns) ns"
}
