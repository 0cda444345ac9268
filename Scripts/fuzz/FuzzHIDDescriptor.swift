@testable import Capture
@testable import KeyTraceCore

extension FuzzTarget {
    /// The HID report-descriptor parser and report decoder. The input is split at its first
    /// 0xFF 0xFF 0xFF 0xFF marker: descriptor before, reports after (each report's length is its
    /// first byte); without a marker, the whole input is the descriptor and also the first report.
    static let hid = FuzzTarget(
        name: "hid",
        summary: "the HID report-descriptor parser and report decoder",
        seedFiles: ["../shared/hid/packetry/*/descriptor.bin"],
        constructedSeeds: { [FuzzTarget.bootKeyboard] },
        run: fuzzHIDDescriptor)

    /// The boot keyboard descriptor (HID 1.11 appendix B.1), then the marker and two reports.
    static let bootKeyboard: [UInt8] = [
        0x05, 0x01, 0x09, 0x06, 0xA1, 0x01, 0x05, 0x07, 0x19, 0xE0, 0x29, 0xE7, 0x15, 0x00, 0x25, 0x01,
        0x75, 0x01, 0x95, 0x08, 0x81, 0x02, 0x95, 0x01, 0x75, 0x08, 0x81, 0x01, 0x95, 0x06, 0x75, 0x08,
        0x15, 0x00, 0x25, 0x65, 0x05, 0x07, 0x19, 0x00, 0x29, 0x65, 0x81, 0x00, 0xC0,
        0xFF, 0xFF, 0xFF, 0xFF,
        0x08, 0x02, 0x00, 0x04, 0x05, 0x00, 0x00, 0x00, 0x00,
        0x08, 0x00, 0x00, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01,
    ]
}

@Sendable func fuzzHIDDescriptor(_ input: UnsafeBufferPointer<UInt8>) {
    let bytes = Array(input)
    var split = bytes.count
    var index = 0
    while index + 4 <= bytes.count {
        if bytes[index] == 0xFF, bytes[index + 1] == 0xFF, bytes[index + 2] == 0xFF, bytes[index + 3] == 0xFF {
            split = index
            break
        }
        index += 1
    }
    guard let descriptor = try? HIDReportDescriptor(parsing: bytes[..<split]) else { return }
    _ = descriptor.hasKeys
    var decoder = HIDReportDecoder(descriptor: descriptor)
    var reports: [[UInt8]] = []
    if split == bytes.count {
        reports.append(bytes)
    } else {
        var position = split + 4
        while position < bytes.count {
            let length = Int(bytes[position])
            let end = min(bytes.count, position + 1 + length)
            reports.append(Array(bytes[(position + 1)..<end]))
            position = end
        }
    }
    for report in reports {
        report.withUnsafeBytes { _ = decoder.decode($0) }
    }
    _ = decoder.heldCount
}
