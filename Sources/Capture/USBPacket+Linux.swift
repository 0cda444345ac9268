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
    static func parseLinux(_ bytes: UnsafeRawBufferPointer, headerLength: Int) -> USBPacket? {
        guard bytes.count >= headerLength,
              let id = bytes.getHostOrder(at: 0, as: UInt64.self),
              let type = bytes.getHostOrder(at: 8, as: UInt8.self),
              let xfer = bytes.getHostOrder(at: 9, as: UInt8.self),
              let epnum = bytes.getHostOrder(at: 10, as: UInt8.self),
              let devnum = bytes.getHostOrder(at: 11, as: UInt8.self),
              let busnum = bytes.getHostOrder(at: 12, as: UInt16.self),
              let flagSetup = bytes.getHostOrder(at: 14, as: Int8.self),
              let status = bytes.getHostOrder(at: 28, as: Int32.self),
              let capturedLength = bytes.getHostOrder(at: 36, as: UInt32.self)
        else { return nil }
        let isCompletion: Bool
        switch type {
        case UInt8(ascii: "S"): isCompletion = false
        case UInt8(ascii: "C"), UInt8(ascii: "E"): isCompletion = true
        default: return nil
        }
        var setup: [UInt8]?
        if flagSetup == 0, !isCompletion, xfer == 2 {
            setup = Array(bytes.slice(from: 40, length: 8))
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
