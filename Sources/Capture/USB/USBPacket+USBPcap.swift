extension USBPacket {
    /// Decodes a USBPcap header (Windows; all fields little-endian).
    ///
    /// ```
    ///  0          2        10        14        16    17    19     21   22       23           27
    /// +----------+--------+---------+---------+-----+-----+------+----+--------+------------+-------+
    /// |headerLen | IRP id | status  |function |info | bus |device| ep |transfer| dataLength | stage |
    /// |   u16    |  u64   |  u32    |  u16    | u8  | u16 | u16  | u8 |   u8   |    u32     |  u8   |
    /// +----------+--------+---------+---------+-----+-----+------+----+--------+------------+-------+
    /// ```
    /// `info` bit 0 set means the packet goes from the device to the host (a completion).
    /// `stage` exists in control transfers only (0 setup, 1 data, 2 status, 3 complete).
    /// Data follows at `headerLen`; a control setup stage's data is the 8-byte request.
    static func parseUSBPcap(_ bytes: UnsafeRawBufferPointer) -> USBPacket? {
        guard let headerLength = bytes.getLittleEndian(at: 0, as: UInt16.self),
              headerLength >= 27, Int(headerLength) <= bytes.count,
              let irp = bytes.getLittleEndian(at: 2, as: UInt64.self),
              let status = bytes.getLittleEndian(at: 10, as: UInt32.self),
              let info = bytes.getLittleEndian(at: 16, as: UInt8.self),
              let bus = bytes.getLittleEndian(at: 17, as: UInt16.self),
              let device = bytes.getLittleEndian(at: 19, as: UInt16.self),
              let endpoint = bytes.getLittleEndian(at: 21, as: UInt8.self),
              let transfer = bytes.getLittleEndian(at: 22, as: UInt8.self),
              let dataLength = bytes.getLittleEndian(at: 23, as: UInt32.self)
        else { return nil }
        let data = bytes.slice(from: Int(headerLength), length: Int(dataLength))
        let type = TransferType(rawValue: transfer) ?? .unknown
        let isCompletion = info & 1 != 0
        var setup: SetupPacket?
        if type == .control, !isCompletion, headerLength >= 28, bytes.getLittleEndian(at: 27, as: UInt8.self) == 0,
           data.count >= 8 {
            setup = SetupPacket(data)
        }
        return USBPacket(requestID: irp, bus: bus, device: device, endpoint: endpoint, transfer: type,
                         isCompletion: isCompletion, status: Int64(status), setup: setup, urbInterval: nil,
                         data: data)
    }
}
