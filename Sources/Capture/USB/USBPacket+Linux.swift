extension USBPacket {
    /// Decodes a usbmon binary header (Linux `Documentation/usb/usbmon.rst`).
    ///
    /// Fields are in the byte order of the capturing host; libpcap already swaps savefiles
    /// written on a host of the other order, so they are read in host order here.
    ///
    /// ```
    ///  0        8    9     10    11    12     14    15    16         24     28      32     36      40        48
    /// +--------+----+-----+-----+-----+------+-----+-----+----------+------+-------+------+-------+---------+
    /// | URB id |type|xfer |epnum|devnum|busnum|setup|data | ts_sec   |ts_usec|status|length|len_cap| setup[8]|
    /// |  u64   | u8 | u8  | u8  | u8  | u16  | i8  | i8  |  i64     | i32  |  i32  | u32  |  u32  |         |
    /// +--------+----+-----+-----+-----+------+-----+-----+----------+------+-------+------+-------+---------+
    ///  64-byte (mmapped) header only:  48 interval i32 | 52 start_frame i32 | 56 xfer_flags u32 | 60 ndesc u32
    /// ```
    /// `type` is `S` (submit), `C` (complete) or `E` (error); `xfer` 0 iso, 1 interrupt,
    /// 2 control, 3 bulk; `setup` is 0 when `setup[8]` holds a control request. Data follows
    /// the header (after `ndesc` 16-byte isochronous descriptors in the 64-byte form).
    /// Whether `bytes` is a usbmon submit of an interrupt IN transfer that ``parse(_:linkType:)``
    /// would decode: the packets a decoder skips without reading further. Always `false` for USBPcap.
    @inline(__always)
    static func isInterruptInSubmit(_ bytes: UnsafeRawBufferPointer, linkType: USBLinkType) -> Bool {
        let headerLength: Int
        switch linkType {
        case .usbLinux: headerLength = 48
        case .usbLinuxMmapped: headerLength = 64
        case .usbPcap: return false
        }
        return bytes.count >= headerLength && bytes[8] == UInt8(ascii: "S") && bytes[9] == TransferType.interrupt.rawValue
            && bytes[10] & 0x80 != 0
    }

    // Inlined into the decoder's loop: the packet is built in place rather than returned through memory.
    @inline(__always)
    static func parseLinux(_ bytes: UnsafeRawBufferPointer, headerLength: Int) -> USBPacket? {
        // Every field read below lies in the first 40 bytes; one length check covers them all.
        guard headerLength >= 48, bytes.count >= headerLength else { return nil }
        let id = bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
        let type = bytes[8]
        let xfer = bytes[9]
        let epnum = bytes[10]
        let devnum = bytes[11]
        let busnum = bytes.loadUnaligned(fromByteOffset: 12, as: UInt16.self)
        let flagSetup = Int8(bitPattern: bytes[14])
        let status = bytes.loadUnaligned(fromByteOffset: 28, as: Int32.self)
        let capturedLength = bytes.loadUnaligned(fromByteOffset: 36, as: UInt32.self)
        let isCompletion: Bool
        switch type {
        case UInt8(ascii: "S"): isCompletion = false
        case UInt8(ascii: "C"), UInt8(ascii: "E"): isCompletion = true
        default: return nil
        }
        var setup: SetupPacket?
        if flagSetup == 0, !isCompletion, xfer == 2 {
            setup = SetupPacket(bytes.slice(from: 40, length: 8))
        }
        var interval: Int32?
        var dataOffset = headerLength
        if headerLength >= 64 {
            interval = bytes.getHostOrder(at: 48, as: Int32.self)
            if xfer == 0, let ndesc = bytes.getHostOrder(at: 60, as: UInt32.self) {
                dataOffset += Int(min(ndesc, 1024)) * 16
            }
        }
        // A submit's status is -EINPROGRESS (-115); only completions report outcomes.
        let outcome: Int64 = type == UInt8(ascii: "E") ? Int64(min(status, -1)) : (isCompletion ? Int64(status) : 0)
        return USBPacket(requestID: id, bus: busnum, device: UInt16(devnum), endpoint: epnum,
                         transfer: TransferType(rawValue: xfer) ?? .unknown, isCompletion: isCompletion,
                         status: outcome, setup: setup, urbInterval: interval,
                         data: bytes.slice(from: dataOffset, length: Int(capturedLength)))
    }
}
