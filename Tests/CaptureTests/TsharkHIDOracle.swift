import Foundation
import KeyTraceCore
import CLITestSupport

/// The keys each HID report of a capture holds according to tshark, which (4.x) decodes
/// `usbhid.data` with the report descriptors captured in the file: the second oracle of the
/// descriptor decoder, independent of hid-tools.
enum TsharkHIDOracle {
    /// Per interrupt-IN report with HID data, in capture order: the endpoint and the extended
    /// usages (page << 16 | usage) of the keys it holds; `nil` keys when tshark did not decode
    /// the report's fields, or named a set value without a usage this parser can number (tshark
    /// 4.0 reads a one-byte Logical Maximum above 0x7F as negative, e.g. Packetry's KVM
    /// keyboard's 0x91, and does not decode descriptors with Push/Pop or extended usage ranges).
    static func reports(in file: String) throws -> [(endpoint: UInt8, keys: [UInt32]?)] {
        let tshark = try TsharkOracle.executable()
        let endpoints = try run(tshark, ["-r", file, "-Y", "usbhid.data", "-T", "fields", "-e", "usb.endpoint_address"])
            .split(separator: "\n").map { UInt8($0.dropFirst(2), radix: 16) ?? 0 }
        let text = try run(tshark, ["-r", file, "-Y", "usbhid.data", "-V"])
        var reports: [[UInt32]?] = []
        var current: [UInt32]?
        var inData = false
        var fields = 0
        func close() {
            reports.append(fields > 0 ? current : nil)
            inData = false
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("HID Data:") {
                if inData { close() }
                inData = true
                current = []
                fields = 0
                continue
            }
            guard inData else { continue }
            if line.isEmpty || line.hasPrefix("Frame ") {
                close()
                continue
            }
            if line.contains(" = ") { fields += 1 }
            guard let key = parse(line) else { continue }
            switch key {
            case .key(let usage): if current?.contains(usage) == false { current?.append(usage) }
            case .unnamed: current = nil
            }
        }
        if inData { close() }
        return zip(endpoints, reports).map { ($0, $1) }
    }

    private enum Parsed { case key(UInt32), unnamed }

    /// `= Key: a (0x04): DOWN`, `= Usage: Play/Pause (0x000c, 0x00cd)`, `= Usage: System Sleep: 1`.
    private static func parse(_ line: Substring) -> Parsed? {
        guard let equals = line.range(of: "= ") else { return nil }
        let body = line[equals.upperBound...]
        if body.hasPrefix("Key: "), body.hasSuffix(": DOWN"),
           let open = body.lastIndex(of: "("), let close = body.lastIndex(of: ")"),
           let usage = UInt32(body[body.index(open, offsetBy: 3)..<close], radix: 16) {
            return .key(7 << 16 | usage)
        }
        guard body.hasPrefix("Usage: ") else { return nil }
        if body.hasSuffix(")"), let open = body.lastIndex(of: "(") {
            let numbers = body[body.index(after: open)..<body.index(before: body.endIndex)].split(separator: ",")
                .compactMap { UInt32($0.trimmingCharacters(in: .whitespaces).dropFirst(2), radix: 16) }
            guard numbers.count == 2, numbers[1] != 0, HIDUsagePage(UInt16(numbers[0])).isKey(UInt16(numbers[1])) else { return nil }
            if numbers[0] == 7, (1...3).contains(numbers[1]) { return nil }
            return .key(numbers[0] << 16 | numbers[1])
        }
        if body.hasSuffix(": 1") {
            let name = String(body.dropFirst("Usage: ".count).dropLast(3))
            // tshark names these without numbers; the HID Usage Tables' names are the same.
            for page in [HIDUsagePage.genericDesktop, .consumer] {
                if let usage = (UInt16(1)...0x3FF).first(where: { page.isKey($0) && page.name(of: $0) == name }) {
                    return .key(UInt32(page.rawValue) << 16 | UInt32(usage))
                }
            }
            return .unnamed
        }
        if body.hasSuffix(": 0") { return nil }
        // An array value without a usage number: unknown to tshark unless the value is zero.
        return line[..<equals.lowerBound].contains("1") ? .unnamed : nil
    }
}
