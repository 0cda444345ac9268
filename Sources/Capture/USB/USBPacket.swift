/// One USB packet as usbmon or USBPcap recorded it, header decoded, data not copied.
///
/// Built by ``USBPacket/parse(_:linkType:)`` from the bytes libpcap hands over; see
/// `USBPacket+Linux.swift` and `USBPacket+USBPcap.swift` for the two header layouts.
struct USBPacket {
    enum TransferType: UInt8 {
        case isochronous = 0, interrupt = 1, control = 2, bulk = 3, unknown = 0xFF
    }

    /// An identifier shared by a request and its completion (usbmon URB id, USBPcap IRP id).
    var requestID: UInt64
    var bus: UInt16
    var device: UInt16
    /// The endpoint address, direction in bit 7 (0x81 is endpoint 1 IN).
    var endpoint: UInt8
    var transfer: TransferType
    /// A completion (usbmon `C`, USBPcap PDO→FDO) rather than a submit.
    var isCompletion: Bool
    /// Zero on success; the usbmon errno (negative) or the USBPcap USBD_STATUS otherwise.
    var status: Int64
    /// The 8-byte setup packet of a control request, when the header or data holds one.
    var setup: SetupPacket?
    /// usbmon's URB interval (frames or microframes), 64-byte header only.
    var urbInterval: Int32?
    /// The transfer's data as captured.
    var data: UnsafeRawBufferPointer

    var isIn: Bool { endpoint & 0x80 != 0 }

    /// The 8 bytes of a control request's setup stage (USB 2.0 §9.3: bmRequestType, bRequest,
    /// wValue, wIndex, wLength, little-endian), held inline so a packet owns no storage.
    struct SetupPacket {
        private let bytes: UInt64
        /// The setup stage's bytes, always 8.
        let count = 8

        /// The first 8 bytes of `raw`, or `nil` when it holds fewer.
        init?(_ raw: UnsafeRawBufferPointer) {
            guard raw.count >= 8 else { return nil }
            bytes = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        }

        subscript(index: Int) -> UInt8 { UInt8(truncatingIfNeeded: bytes >> UInt64(8 * (index & 7))) }
    }
}

/// The link types that carry USB packets, with their header layouts.
enum USBLinkType: Int32, CaseIterable {
    /// `LINKTYPE_USB_LINUX`: usbmon with the 48-byte header.
    case usbLinux = 189
    /// `LINKTYPE_USB_LINUX_MMAPPED`: usbmon with the 64-byte header.
    case usbLinuxMmapped = 220
    /// `LINKTYPE_USBPCAP`: Windows USBPcap, header length in the first two bytes.
    case usbPcap = 249
}

extension USBPacket {
    /// Decodes a packet's header, or `nil` when the bytes are too short for it.
    @inline(__always)
    static func parse(_ bytes: UnsafeRawBufferPointer, linkType: USBLinkType) -> USBPacket? {
        switch linkType {
        case .usbLinux: return parseLinux(bytes, headerLength: 48)
        case .usbLinuxMmapped: return parseLinux(bytes, headerLength: 64)
        case .usbPcap: return parseUSBPcap(bytes)
        }
    }
}

extension UnsafeRawBufferPointer {
    /// Reads a little-endian integer at `offset`, or `nil` past the end.
    func getLittleEndian<T: FixedWidthInteger>(at offset: Int, as: T.Type = T.self) -> T? {
        guard offset >= 0, offset + MemoryLayout<T>.size <= count else { return nil }
        return T(littleEndian: loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    /// Reads a host-byte-order integer at `offset`, or `nil` past the end.
    func getHostOrder<T: FixedWidthInteger>(at offset: Int, as: T.Type = T.self) -> T? {
        guard offset >= 0, offset + MemoryLayout<T>.size <= count else { return nil }
        return loadUnaligned(fromByteOffset: offset, as: T.self)
    }

    /// The bytes `offset..<offset+length`, clamped to what exists.
    func slice(from offset: Int, length: Int) -> UnsafeRawBufferPointer {
        let start = Swift.min(Swift.max(offset, 0), count)
        let end = Swift.min(start + Swift.max(length, 0), count)
        return UnsafeRawBufferPointer(rebasing: self[start..<end])
    }
}
