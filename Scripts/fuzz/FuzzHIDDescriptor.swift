// libFuzzer entry point for the HID report-descriptor parser and report decoder: any bytes must
// parse or throw, and every report decoded with what parsed must end without a crash or a hang.
// The input is split at its first 0xFF 0xFF 0xFF 0xFF marker: descriptor before, reports after
// (each report's length is its first byte); without a marker, the whole input is the descriptor
// and also the first report.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHIDDescriptor(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var split = bytes.count
    var index = 0
    while index + 4 <= bytes.count {
        if bytes[index] == 0xFF, bytes[index + 1] == 0xFF, bytes[index + 2] == 0xFF, bytes[index + 3] == 0xFF {
            split = index
            break
        }
        index += 1
    }
    guard let descriptor = try? HIDReportDescriptor(parsing: bytes[..<split]) else { return 0 }
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
    return 0
}
