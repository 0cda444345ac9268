import Foundation

/// Writes usbmon captures (pcap, link type 220, 64-byte headers) of made-up USB HID devices
/// built from real report descriptors: enumeration (device, configuration with HID class
/// descriptors, product string, one report descriptor per interface) and interrupt-IN reports,
/// each as a submit and a completion, as Linux records them.
struct USBMonCapture {
    /// One HID interface: its report descriptor and interrupt-IN endpoint.
    struct Interface {
        var number: UInt8
        /// Boot subclass (1) and protocol (1 keyboard, 2 mouse), or 0, 0.
        var subclass: UInt8 = 0
        var interfaceProtocol: UInt8 = 0
        var endpoint: UInt8
        var bInterval: UInt8 = 8
        var reportDescriptor: [UInt8]
        /// An interrupt-OUT endpoint (0x01–0x0F), when the interface has one.
        var outEndpoint: UInt8?
    }

    /// A device on `bus` at `address`.
    struct Device {
        var bus: UInt16 = 1
        var address: UInt8
        var vendorID: UInt16
        var productID: UInt16
        var name: String
        var interfaces: [Interface]
    }

    private(set) var records: [(time: UInt64, bytes: [UInt8])] = []
    private var nextURB: UInt64 = 0xFFFF_8800_0000_1000
    /// The time of the next packet, in µs.
    var time: UInt64 = 1_700_000_000_000_000

    // MARK: Packets

    private mutating func packet(type: Character, transfer: UInt8, endpoint: UInt8, device: Device, urb: UInt64,
                                 setup: [UInt8]? = nil, status: Int32 = 0, data: [UInt8] = [], length: UInt32? = nil,
                                 interval: Int32 = 0) {
        var b: [UInt8] = []
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { b.append(contentsOf: $0) } }
        append(urb)
        b.append(UInt8(ascii: type == "S" ? "S" : "C"))
        b.append(transfer)
        b.append(endpoint)
        b.append(device.address)
        append(device.bus)
        b.append(setup != nil ? 0 : UInt8(ascii: "-"))
        b.append(data.isEmpty ? UInt8(ascii: "<") : UInt8(ascii: "="))
        append(Int64(time / 1_000_000))
        append(Int32(time % 1_000_000))
        append(status)
        append(length ?? UInt32(data.count))
        append(UInt32(data.count))
        b.append(contentsOf: setup ?? [UInt8](repeating: 0, count: 8))
        append(interval)
        append(Int32(0))
        append(UInt32(0))
        append(UInt32(0))
        b.append(contentsOf: data)
        records.append((time, b))
        time += 50
    }

    /// A control-IN request and its answer.
    mutating func control(_ device: Device, setup: [UInt8], answer: [UInt8]) {
        nextURB += 0x40
        packet(type: "S", transfer: 2, endpoint: 0x80, device: device, urb: nextURB, setup: setup, status: -115,
               length: UInt32(setup[6]) | UInt32(setup[7]) << 8)
        packet(type: "C", transfer: 2, endpoint: 0x80, device: device, urb: nextURB, data: answer)
        time += 1000
    }

    /// One interrupt-IN report on `endpoint`, at the current time; returns its completion's
    /// timestamp in ns.
    @discardableResult
    mutating func report(_ device: Device, endpoint: UInt8, _ bytes: [UInt8], interval: Int32 = 8) -> UInt64 {
        defer { time += 8000 }
        let completion = time * 1000
        nextURB += 0x40
        packet(type: "C", transfer: 1, endpoint: endpoint, device: device, urb: nextURB, data: bytes, interval: interval)
        packet(type: "S", transfer: 1, endpoint: endpoint, device: device, urb: nextURB, status: -115,
               length: UInt32(bytes.count), interval: interval)
        return completion
    }

    /// A SET_REPORT(Output) request to `interface` (the host setting the LEDs): the submit
    /// carries the setup and the report, the completion neither. Returns the submit's time in ns.
    @discardableResult
    mutating func setReport(_ device: Device, interface: UInt8, reportID: UInt8 = 0, _ bytes: [UInt8]) -> UInt64 {
        nextURB += 0x40
        let submitted = time * 1000
        let length = UInt8(bytes.count)
        packet(type: "S", transfer: 2, endpoint: 0x00, device: device, urb: nextURB,
               setup: [0x21, 0x09, reportID, 0x02, interface, 0, length, 0], status: -115, data: bytes)
        packet(type: "C", transfer: 2, endpoint: 0x00, device: device, urb: nextURB, length: UInt32(length))
        time += 1000
        return submitted
    }

    /// An interrupt-OUT transfer of `bytes` on `endpoint` (submit with the data, then the
    /// completion). Returns the submit's time in ns.
    @discardableResult
    mutating func interruptOut(_ device: Device, endpoint: UInt8, _ bytes: [UInt8]) -> UInt64 {
        nextURB += 0x40
        let submitted = time * 1000
        packet(type: "S", transfer: 1, endpoint: endpoint, device: device, urb: nextURB, status: -115, data: bytes)
        packet(type: "C", transfer: 1, endpoint: endpoint, device: device, urb: nextURB, length: UInt32(bytes.count))
        time += 1000
        return submitted
    }

    /// Waits `ms` milliseconds.
    mutating func wait(ms: UInt64) { time += ms * 1000 }

    // MARK: Enumeration

    static func deviceDescriptor(_ device: Device) -> [UInt8] {
        [18, 1, 0x00, 0x02, 0, 0, 0, 8,
         UInt8(device.vendorID & 0xFF), UInt8(device.vendorID >> 8),
         UInt8(device.productID & 0xFF), UInt8(device.productID >> 8),
         0x00, 0x01, 1, 2, 0, 1]
    }

    static func configuration(_ device: Device) -> [UInt8] {
        var body: [UInt8] = []
        for interface in device.interfaces {
            let endpoints: UInt8 = interface.outEndpoint == nil ? 1 : 2
            body += [9, 4, interface.number, 0, endpoints, 3, interface.subclass, interface.interfaceProtocol, 0]
            let length = UInt16(interface.reportDescriptor.count)
            body += [9, 0x21, 0x11, 0x01, 0, 1, 0x22, UInt8(length & 0xFF), UInt8(length >> 8)]
            body += [7, 5, interface.endpoint, 3, 8, 0, interface.bInterval]
            if let out = interface.outEndpoint { body += [7, 5, out, 3, 8, 0, interface.bInterval] }
        }
        let total = UInt16(9 + body.count)
        return [9, 2, UInt8(total & 0xFF), UInt8(total >> 8), UInt8(device.interfaces.count), 1, 0, 0xA0, 50] + body
    }

    static func string(_ text: String) -> [UInt8] {
        let units = Array(text.utf16)
        var bytes: [UInt8] = [UInt8(2 + units.count * 2), 3]
        for unit in units { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        return bytes
    }

    /// What Linux does when a HID device is plugged in: device descriptor, configuration (first
    /// 9 bytes, then all), product string, then each interface's report descriptor.
    mutating func enumerate(_ device: Device) {
        let deviceDescriptor = Self.deviceDescriptor(device)
        control(device, setup: [0x80, 6, 0, 1, 0, 0, 18, 0], answer: deviceDescriptor)
        let configuration = Self.configuration(device)
        control(device, setup: [0x80, 6, 0, 2, 0, 0, 9, 0], answer: Array(configuration.prefix(9)))
        control(device, setup: [0x80, 6, 0, 2, 0, 0, UInt8(configuration.count & 0xFF), UInt8(configuration.count >> 8)],
                answer: configuration)
        control(device, setup: [0x80, 6, 2, 3, 0x09, 0x04, 0xFF, 0], answer: Self.string(device.name))
        for interface in device.interfaces {
            let length = interface.reportDescriptor.count + 64
            control(device, setup: [0x81, 6, 0, 0x22, interface.number, 0, UInt8(length & 0xFF), UInt8(length >> 8)],
                    answer: interface.reportDescriptor)
        }
    }

    // MARK: Output

    /// The capture as a pcap file (µs timestamps, link type 220).
    var pcap: [UInt8] {
        var out: [UInt8] = []
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) } }
        append(UInt32(0xA1B2_C3D4))
        append(UInt16(2))
        append(UInt16(4))
        append(Int32(0))
        append(UInt32(0))
        append(UInt32(65_535))
        append(UInt32(220))
        for record in records {
            append(UInt32(record.time / 1_000_000))
            append(UInt32(record.time % 1_000_000))
            append(UInt32(record.bytes.count))
            append(UInt32(record.bytes.count))
            out += record.bytes
        }
        return out
    }

    func write(to path: String) throws {
        try Data(pcap).write(to: URL(fileURLWithPath: path))
    }
}
