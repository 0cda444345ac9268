import KeyTraceCore

extension CaptureSummary {
    /// One USB device of a capture: what its descriptors said about it.
    public struct USBDevice: Hashable, Sendable {
        /// The device as `bus.address.0`.
        public var id: DeviceID
        /// idVendor, when the device descriptor was captured.
        public var vendorID: UInt16?
        /// idProduct, when the device descriptor was captured.
        public var productID: UInt16?
        /// The product string, when it was captured.
        public var name: String?
        /// Notes on its descriptors (a report descriptor that could not be parsed, a length mismatch).
        public var notes: [String] = []
    }

    /// One interrupt-IN endpoint: its role, how it was identified, and what its reports held.
    public struct Endpoint: Hashable, Sendable {
        /// `bus.address.endpoint`.
        public var id: DeviceID
        /// The interface it belongs to, when the configuration descriptor was captured.
        public var interface: UInt8?
        /// `keyboard`, `mouse`, `hub`, `undecodable` or `undecided`.
        public var role = "undecided"
        /// How a keyboard endpoint was identified; `nil` for other roles.
        public var identifiedBy: DeviceInfo.Identification?
        /// Whether the interface's report descriptor was captured and parsed.
        public var hasReportDescriptor = false
        /// Report IDs seen, in ascending order.
        public var reportIDs: [UInt8] = []
        /// Keys pressed (`began`) per usage page.
        public var keysByPage: [UInt16: Int] = [:]
        /// The distinct lengths of reports not decoded (at most 16 kept), ascending.
        public var reportLengths: [Int] = []
        /// Reports not decoded.
        public var undecodedReports = 0

        mutating func sawReportID(_ id: UInt8) {
            guard !reportIDs.contains(id) else { return }
            reportIDs.append(id)
            reportIDs.sort()
        }

        mutating func sawReport(length: Int, reportID: UInt8? = nil) {
            undecodedReports += 1
            if !reportLengths.contains(length), reportLengths.count < 16 {
                reportLengths.append(length)
                reportLengths.sort()
            }
        }

        /// `4.5.129 interface 0: keyboard (report descriptor), report IDs 1 2, keys Keyboard 40 Consumer 2`.
        public var summaryLine: String {
            var line = id.description
            if let interface { line += " interface \(interface)" }
            line += ": " + role
            if let identifiedBy { line += " (\(identifiedBy.rawValue))" }
            if !reportIDs.isEmpty { line += ", report IDs " + reportIDs.map(String.init).joined(separator: " ") }
            let keys = keysByPage.sorted { $0.key < $1.key }.map { "\(HIDUsagePage($0.key).name) \($0.value)" }
            if !keys.isEmpty { line += ", keys " + keys.joined(separator: ", ") }
            if undecodedReports > 0 {
                line += ", \(undecodedReports) reports not decoded (lengths "
                    + reportLengths.map(String.init).joined(separator: " ") + " bytes"
                    + (role == "keyboard" || hasReportDescriptor ? ")" : "; no report descriptor captured)")
            }
            return line
        }
    }

    mutating func updateEndpoint(_ id: DeviceID, _ change: (inout Endpoint) -> Void) {
        if let index = endpoints.lastIndex(where: { $0.id == id }) {
            change(&endpoints[index])
        } else {
            var entry = Endpoint(id: id)
            change(&entry)
            endpoints.append(entry)
        }
    }

    mutating func updateDevice(_ id: DeviceID, _ change: (inout USBDevice) -> Void) {
        if let index = usbDevices.firstIndex(where: { $0.id == id }) {
            change(&usbDevices[index])
        } else {
            var entry = USBDevice(id: id)
            change(&entry)
            usbDevices.append(entry)
        }
    }

    mutating func note(device id: DeviceID, _ note: String) {
        updateDevice(id) { if $0.notes.count < 16, !$0.notes.contains(note) { $0.notes.append(note) } }
    }

    mutating func sortEndpoints() {
        endpoints.sort { $0.id < $1.id }
        usbDevices.sort { $0.id < $1.id }
    }

    /// The per-device and per-endpoint lines of ``description`` (USB only).
    var usbLines: [String] {
        var lines: [String] = []
        for device in usbDevices where !device.notes.isEmpty {
            lines.append(contentsOf: device.notes.map { "note: \(device.id) \($0)" })
        }
        for endpoint in endpoints where endpoint.role != "hub" {
            lines.append("endpoint " + endpoint.summaryLine)
        }
        return lines
    }
}
