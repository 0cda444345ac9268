import KeyTraceCore

/// The HID report record (entry type 0x18, docs/TraceFormat.md §5.4): its encoding and decoding.
///
/// ```
///  payload after the timestamp delta
///  +----------------+-------+-----------+----------+-----------+----------------+----------------+---------+------------+
///  | device: varint | flags | interface | endpoint | report ID | length: varint | stored: varint | bytes…  | LEDs (u8)  |
///  +----------------+-------+-----------+----------+-----------+----------------+----------------+---------+------------+
///   flags: bit 0 output, bit 1 keys held, bit 2 phantom state, bit 3 LEDs present
///   interface / endpoint: u8, FF = unknown (endpoint 0 = control pipe, SET_REPORT)
///   stored ≤ 64 bytes (the first bytes of a longer report; length is the length on the wire)
/// ```
enum HIDReportRecord {
    static let output: UInt8 = 1 << 0
    static let keysHeld: UInt8 = 1 << 1
    static let phantomState: UInt8 = 1 << 2
    static let ledsPresent: UInt8 = 1 << 3
    static let unknownByte: UInt8 = 0xFF
}

extension ChunkEncoder {
    /// Appends a HID report record: one entry, no definitions, no allocation.
    mutating func encode(_ r: HIDReport, into out: inout ByteWriter) {
        let start = beginRecord(EntryType.hidReport, at: r.timestamp, into: &out)
        out.writeVarint(r.device.rawValue)
        var flags: UInt8 = r.direction == .output ? HIDReportRecord.output : 0
        if r.keysHeld { flags |= HIDReportRecord.keysHeld }
        if r.isPhantomState { flags |= HIDReportRecord.phantomState }
        if r.leds != nil { flags |= HIDReportRecord.ledsPresent }
        // The four one-byte fields, and both lengths when they fit a byte each, in one store.
        let fixed = UInt64(flags) | UInt64(r.interface ?? HIDReportRecord.unknownByte) << 8
            | UInt64(r.endpoint ?? HIDReportRecord.unknownByte) << 16 | UInt64(r.reportID) << 24
        let stored = r.bytes.count
        if r.length < 0x80 {
            out.writeWord(fixed | UInt64(r.length) << 32 | UInt64(stored) << 40, length: 6)
        } else {
            out.writeWord(fixed, length: 4)
            out.writeVarint(UInt64(r.length))
            out.writeVarint(UInt64(stored))
        }
        var index = 0
        while index &* 8 < stored {
            out.writeWord(r.bytes.word(index), length: Swift.min(8, stored &- index &* 8))
            index &+= 1
        }
        if let leds = r.leds { out.writeUInt8(leds.rawValue) }
        endRecord(payloadStart: start, into: &out)
    }
}

extension HIDReport {
    /// The report a record body encodes (after its timestamp), `nil` when it does not decode.
    static func decodeRecord(time: UInt64, body r: inout ByteReader) -> HIDReport? {
        guard let device = r.readVarint(), let flags = r.readUInt8(), let interface = r.readUInt8(),
              let endpoint = r.readUInt8(), let reportID = r.readUInt8(), let length = r.readVarint(),
              let stored = r.readVarint(), stored <= UInt64(HIDReportBytes.capacity), stored <= length,
              length <= UInt64(Int32.max), let bytes = r.readSlice(Int(stored)) else { return nil }
        var leds: KeyboardLEDs?
        if flags & HIDReportRecord.ledsPresent != 0 {
            guard let raw = r.readUInt8() else { return nil }
            leds = KeyboardLEDs(rawValue: raw)
        }
        return HIDReport(timestamp: time, device: DeviceID(rawValue: device),
                         interface: interface == HIDReportRecord.unknownByte ? nil : interface,
                         endpoint: endpoint == HIDReportRecord.unknownByte ? nil : endpoint,
                         direction: flags & HIDReportRecord.output != 0 ? .output : .input, reportID: reportID,
                         bytes: HIDReportBytes(bytes), length: Int(length),
                         keysHeld: flags & HIDReportRecord.keysHeld != 0,
                         isPhantomState: flags & HIDReportRecord.phantomState != 0, leds: leds)
    }
}

extension ChunkDecoder {
    /// The current record as a HID report, `nil` for other kinds or one that does not decode.
    var hidReport: HIDReport? {
        guard tag == EntryType.hidReport else { return nil }
        var r = ByteReader(body)
        return HIDReport.decodeRecord(time: previousTime, body: &r)
    }
}

extension RecordCursor {
    /// The current record's HID report without building a ``TraceRecord`` (which would box it);
    /// `nil` for other kinds or a report record that does not decode.
    public var hidReport: HIDReport? { decoder.hidReport }
}

extension HIDReport.Direction {
    /// `in` or `out`, as `dump`, JSON and CSV name it.
    public var name: String { self == .input ? "in" : "out" }
}

extension HIDReport {
    /// What `dump` shows after the kind: direction, device, where it travelled, the bytes and
    /// what they meant, e.g. `out  1.7.129 if 0 ep 0 id 0  [02]  LEDs: Caps Lock`.
    public var textLine: String {
        var s = direction.name + (direction == .input ? "   " : "  ") + device.description
        if let interface { s += " if \(interface)" }
        if let endpoint { s += " ep 0x" + (endpoint < 16 ? "0" : "") + String(endpoint, radix: 16) }
        if reportID != 0 { s += " id \(reportID)" }
        s += "  [" + hex + (isTruncated ? " … \(length) bytes" : "") + "]"
        if let leds { s += "  LEDs: " + leds.summary }
        if isPhantomState { s += "  phantom state (ErrorRollOver)" }
        if direction == .input, !isPhantomState { s += keysHeld ? "  keys held" : "  no keys" }
        return s
    }
}
