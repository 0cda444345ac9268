import KeyTraceCore
import TraceFormat

/// Writes a trace's key presses as a `hid-recorder` recording (hid-tools' text format), so
/// `hid-replay` can play them to a real machine through uhid.
///
/// Every device of the trace becomes one `D:` device with the same report descriptor
/// (``reportDescriptor``): report 1 holds the keyboard's modifier bits and a bitmap of usages
/// 0x00–0xDF (any number of keys at once), report 2 up to four consumer keys (usages up to
/// 0x3FF), report 3 up to two system controls (0x81–0xB7). After each key record the report of
/// its page is written with every key of that page the device then holds:
///
/// ```
/// D: 0
/// R: 83 05 01 09 06 a1 01 85 01 …
/// N: keytrace 1.7.129
/// I: 3 06cb 2968
/// …
/// D: 0
/// E: 000000.000000 30 01 02 00 00 …          seconds.microseconds since the first key, length, bytes
/// ```
/// Auto-repeats change nothing (HID keyboards do not report them); keys of other pages, consumer
/// usages above 0x3FF and system controls outside 0x81–0xB7 are left out and counted in
/// ``skippedKeys``.
package struct HIDRecorderWriter {
    /// The report descriptor every exported device gets.
    package static let reportDescriptor: [UInt8] = [
        0x05, 0x01, 0x09, 0x06, 0xA1, 0x01, 0x85, 0x01,  // Generic Desktop Keyboard, report 1
        0x05, 0x07, 0x19, 0xE0, 0x29, 0xE7, 0x15, 0x00, 0x25, 0x01, 0x75, 0x01, 0x95, 0x08, 0x81, 0x02,  // modifiers
        0x19, 0x00, 0x29, 0xDF, 0x95, 0xE0, 0x81, 0x02,  // bitmap of usages 0x00–0xDF
        0xC0,
        0x05, 0x0C, 0x09, 0x01, 0xA1, 0x01, 0x85, 0x02,  // Consumer Control, report 2
        0x19, 0x00, 0x2A, 0xFF, 0x03, 0x15, 0x00, 0x26, 0xFF, 0x03, 0x75, 0x10, 0x95, 0x04, 0x81, 0x00,
        0xC0,
        0x05, 0x01, 0x09, 0x80, 0xA1, 0x01, 0x85, 0x03,  // System Control, report 3
        0x19, 0x81, 0x29, 0xB7, 0x16, 0x81, 0x00, 0x26, 0xB7, 0x00, 0x75, 0x08, 0x95, 0x02, 0x81, 0x00,
        0xC0,
    ]

    private struct Held {
        var keyboard: [UInt16] = []
        var consumer: [UInt16] = []
        var system: [UInt16] = []
    }

    private let indices: [DeviceID: Int]
    private var held: [DeviceID: Held] = [:]
    private var origin: UInt64?
    private var currentDevice: Int?
    /// Key records left out (pages or usages the descriptor has no room for).
    package private(set) var skippedKeys = 0

    /// A writer for the key records of `devices`, numbered `D: 0`, `D: 1`, … in this order.
    package init(devices: [DeviceID]) {
        var indices: [DeviceID: Int] = [:]
        for device in devices where indices[device] == nil { indices[device] = indices.count }
        self.indices = indices
    }

    /// The header lines: each device's index, descriptor, name and bus/vendor/product (from the
    /// trace's metadata when it has them; `I: 3 0000 0000` otherwise), ending with a newline.
    package func header(source: String, metadata: TraceMetadata) -> String {
        var text = "# keytrace export of \(source): key presses as HID reports (hid-tools hid-recorder format)\n"
        text += "# timestamps: seconds since the first key record\n"
        let descriptor = Self.reportDescriptor.map(Self.hex).joined(separator: " ")
        for (device, index) in indices.sorted(by: { $0.value < $1.value }) {
            let info = metadata.devices.first { $0.id == device }
            text += "D: \(index)\n"
            text += "R: \(Self.reportDescriptor.count) \(descriptor)\n"
            text += "N: keytrace \(device)\(info?.name.map { " " + $0 } ?? "")\n"
            text += "I: 3 \(Self.hex4(info?.vendorID ?? 0)) \(Self.hex4(info?.productID ?? 0))\n"
        }
        return text
    }

    /// The lines a record adds (a `D:` line when the device changes, then an `E:` line), or an
    /// empty string for records that change no report.
    package mutating func lines(for record: TraceRecord) -> String {
        guard case .key(let key) = record, let index = indices[key.press.device] else { return "" }
        let press = key.press
        guard !press.isRepeat, press.phase == .began || press.phase == .ended || press.phase == .cancelled else { return "" }
        let down = press.phase == .began
        var state = held[press.device] ?? Held()
        let usage = press.usage.rawValue
        let report: [UInt8]
        switch press.usagePage {
        case .keyboard where usage <= 0xE7:
            Self.update(&state.keyboard, usage, down: down)
            report = Self.keyboardReport(state.keyboard)
        case .consumer where usage <= 0x3FF:
            Self.update(&state.consumer, usage, down: down)
            report = [0x02] + (0..<4).flatMap { i -> [UInt8] in
                let value = i < state.consumer.count ? state.consumer[i] : 0
                return [UInt8(value & 0xFF), UInt8(value >> 8)]
            }
        case .genericDesktop where usage >= 0x81 && usage <= 0xB7:
            Self.update(&state.system, usage, down: down)
            report = [0x03] + (0..<2).map { i in i < state.system.count ? UInt8(state.system[i]) : 0 }
        default:
            skippedKeys += 1
            return ""
        }
        held[press.device] = state
        let origin = self.origin ?? press.timestamp
        self.origin = origin
        let elapsed = press.timestamp >= origin ? press.timestamp - origin : 0
        let microseconds = elapsed / 1000
        var text = ""
        if currentDevice != index {
            currentDevice = index
            text += "D: \(index)\n"
        }
        let seconds = String(microseconds / 1_000_000), fraction = String(microseconds % 1_000_000)
        text += "E: " + String(repeating: "0", count: max(0, 6 - seconds.count)) + seconds + "."
            + String(repeating: "0", count: 6 - fraction.count) + fraction
            + " \(report.count) " + report.map(Self.hex).joined(separator: " ") + "\n"
        return text
    }

    private static func update(_ keys: inout [UInt16], _ usage: UInt16, down: Bool) {
        if down {
            if !keys.contains(usage) { keys.append(usage) }
        } else {
            keys.removeAll { $0 == usage }
        }
    }

    /// Report 1: ID, modifier bits, then the bitmap of usages 0x00–0xDF.
    private static func keyboardReport(_ keys: [UInt16]) -> [UInt8] {
        var report = [UInt8](repeating: 0, count: 2 + 28)
        report[0] = 0x01
        for usage in keys {
            if usage >= 0xE0 {
                report[1] |= 1 << UInt8(usage - 0xE0)
            } else {
                report[2 + Int(usage / 8)] |= 1 << UInt8(usage % 8)
            }
        }
        return report
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }

    private static func hex4(_ value: UInt16) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
