/// The parts of USB standard descriptors (USB 2.0 §9.6) that identify a keyboard.
///
/// Every descriptor starts with `bLength` and `bDescriptorType`, so a configuration
/// descriptor's answer is walked as a chain:
///
/// ```
/// CONFIGURATION(2) ─ INTERFACE(4) ─ HID(0x21) ─ ENDPOINT(5) ─ INTERFACE(4) ─ … ─ ENDPOINT(5)
/// ```
/// An endpoint belongs to the interface before it. A partial answer (the host often asks for
/// the first 9 bytes first) yields what it holds.
enum USBDescriptors {
    struct Device: Hashable {
        var deviceClass: UInt8
        var vendorID: UInt16
        var productID: UInt16
        /// The index of the product string descriptor, 0 when none.
        var productString: UInt8 = 0
    }

    struct Endpoint: Hashable {
        var address: UInt8
        var attributes: UInt8
        var interval: UInt8
        var isInterruptIn: Bool { address & 0x80 != 0 && attributes & 0x03 == 0x03 }
    }

    struct Interface: Hashable {
        var number: UInt8
        var interfaceClass: UInt8
        var subclass: UInt8
        var interfaceProtocol: UInt8
        var endpoints: [Endpoint] = []
        /// The report descriptor's length from the interface's HID class descriptor (0x21),
        /// when the configuration holds one.
        var reportDescriptorLength: Int?

        /// HID (3), boot interface subclass (1), keyboard protocol (1).
        var isBootKeyboard: Bool { interfaceClass == 3 && subclass == 1 && interfaceProtocol == 1 }
        /// HID with the mouse protocol (2).
        var isMouse: Bool { interfaceClass == 3 && interfaceProtocol == 2 }
        var isHub: Bool { interfaceClass == 9 }
    }

    static let deviceType: UInt8 = 1
    static let configurationType: UInt8 = 2
    static let stringType: UInt8 = 3
    /// The HID class descriptor inside a configuration (HID 1.11 §6.2.1).
    static let hidType: UInt8 = 0x21
    /// A HID report descriptor, asked for from the interface (HID 1.11 §7.1.1).
    static let reportType: UInt8 = 0x22

    /// A device descriptor, or `nil` when the bytes are not one.
    static func device(_ bytes: UnsafeRawBufferPointer) -> Device? {
        guard bytes.count >= 12, bytes[0] >= 12, bytes[1] == deviceType,
              let vendor = bytes.getLittleEndian(at: 8, as: UInt16.self),
              let product = bytes.getLittleEndian(at: 10, as: UInt16.self)
        else { return nil }
        return Device(deviceClass: bytes[4], vendorID: vendor, productID: product,
                      productString: bytes.count >= 16 ? bytes[15] : 0)
    }

    /// The interfaces of a configuration descriptor, or `nil` when the bytes are not one.
    static func interfaces(_ bytes: UnsafeRawBufferPointer) -> [Interface]? {
        guard bytes.count >= 2, bytes[1] == configurationType else { return nil }
        var interfaces: [Interface] = []
        var offset = 0
        while offset + 2 <= bytes.count {
            let length = Int(bytes[offset])
            let type = bytes[offset + 1]
            guard length >= 2 else { break }
            let end = offset + length
            if type == 4, end <= bytes.count, length >= 9 {
                interfaces.append(Interface(number: bytes[offset + 2], interfaceClass: bytes[offset + 5],
                                            subclass: bytes[offset + 6], interfaceProtocol: bytes[offset + 7]))
            } else if type == hidType, end <= bytes.count, length >= 9, !interfaces.isEmpty {
                // bLength, 0x21, bcdHID, bCountryCode, bNumDescriptors, then (type, length) pairs.
                let count = Int(bytes[offset + 5])
                for i in 0..<count where offset + 6 + 3 * i + 3 <= end && bytes[offset + 6 + 3 * i] == reportType {
                    interfaces[interfaces.count - 1].reportDescriptorLength =
                        bytes.getLittleEndian(at: offset + 7 + 3 * i, as: UInt16.self).map(Int.init)
                }
            } else if type == 5, end <= bytes.count, length >= 7, !interfaces.isEmpty {
                interfaces[interfaces.count - 1].endpoints.append(
                    Endpoint(address: bytes[offset + 2], attributes: bytes[offset + 3], interval: bytes[offset + 6]))
            }
            offset = end
        }
        return interfaces
    }

    /// The text of a string descriptor (UTF-16LE after bLength and bDescriptorType), or `nil`.
    static func string(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard bytes.count >= 4, bytes[1] == stringType else { return nil }
        let end = min(bytes.count, Int(bytes[0])) & ~1
        var units: [UInt16] = []
        var offset = 2
        while offset + 2 <= end, let unit = bytes.getLittleEndian(at: offset, as: UInt16.self) {
            units.append(unit)
            offset += 2
        }
        let text = String(decoding: units, as: UTF16.self)
        let trimmed = text.drop { $0 == " " || $0 == "\0" }.reversed().drop { $0 == " " || $0 == "\0" }.reversed()
        return trimmed.isEmpty ? nil : String(trimmed)
    }
}
