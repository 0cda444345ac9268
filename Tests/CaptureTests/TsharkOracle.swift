import Foundation
import KeyTraceCore
import CLITestSupport

/// The presses a capture holds according to tshark's own dissection, diffed here without the
/// library's code: tshark finds the 8-byte interrupt-IN reports, this file turns consecutive
/// reports of each endpoint into transitions.
enum TsharkOracle {
    struct MissingTshark: Error, CustomStringConvertible {
        var description: String { Oracles.tsharkMissing }
    }

    static func executable() throws -> String {
        guard let path = Oracles.tshark else { throw MissingTshark() }
        return path
    }

    struct Report {
        var timestamp: UInt64
        var device: DeviceID
        var bytes: [UInt8]
    }

    static func reports(in file: String) throws -> [Report] {
        let output = try run(try executable(), [
            "-r", file,
            "-Y", "usb.transfer_type==0x01 && usb.endpoint_address.direction==1 && usb.data_len==8",
            "-T", "fields", "-E", "separator=/t",
            "-e", "frame.time_epoch", "-e", "usb.bus_id", "-e", "usb.device_address", "-e", "usb.endpoint_address",
            "-e", "usb.capdata", "-e", "usbhid.data",
        ])
        return output.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 6 else { return nil }
            let hex = (fields[4].isEmpty ? fields[5] : fields[4]).replacingOccurrences(of: ":", with: "")
            var bytes: [UInt8] = []
            var index = hex.startIndex
            while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
                bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
                index = next
            }
            guard let bus = UInt16(fields[1]), let address = UInt16(fields[2]),
                  let endpoint = UInt8(fields[3].dropFirst(2), radix: 16) else { return nil }
            return Report(timestamp: nanoseconds(epoch: fields[0]),
                          device: .usb(bus: bus, device: address, endpoint: endpoint), bytes: bytes)
        }
    }

    /// `1501169492.009867000` → ns, exactly (no floating point).
    static func nanoseconds(epoch: String) -> UInt64 {
        let parts = epoch.split(separator: ".")
        let seconds = UInt64(parts[0]) ?? 0
        var fraction = parts.count > 1 ? String(parts[1]) : ""
        fraction = String((fraction + "000000000").prefix(9))
        return seconds * 1_000_000_000 + (UInt64(fraction) ?? 0)
    }

    /// Transitions by set difference of held usages (modifier bits expanded to 0xE0–0xE7):
    /// keys released, modifiers released, modifiers pressed, keys pressed. A report with
    /// 0x01–0x03 in a key slot keeps the held keys.
    static func transitions(of reports: [Report]) -> [Transition] {
        var held: [DeviceID: (modifiers: Set<UInt16>, keys: [UInt16])] = [:]
        var result: [Transition] = []
        for report in reports {
            let before = held[report.device] ?? ([], [])
            let modifiers = Set((0..<8).filter { report.bytes[0] & (1 << $0) != 0 }.map { 0xE0 + UInt16($0) })
            let slots = report.bytes[2...].map(UInt16.init).filter { $0 != 0 }
            var keys: [UInt16] = []
            if slots.contains(where: { $0 <= 3 }) {
                keys = before.keys
            } else {
                for key in slots where !keys.contains(key) { keys.append(key) }
            }
            func add(_ phase: KeyPhase, _ usage: UInt16) {
                result.append(Transition(timestamp: report.timestamp, phase: phase, usage: usage, device: report.device))
            }
            for key in before.keys where !keys.contains(key) { add(.ended, key) }
            for usage in before.modifiers.subtracting(modifiers).sorted() { add(.ended, usage) }
            for usage in modifiers.subtracting(before.modifiers).sorted() { add(.began, usage) }
            let kept = before.keys.filter(keys.contains)
            for key in keys where !before.keys.contains(key) { add(.began, key) }
            held[report.device] = (modifiers, kept + keys.filter { !before.keys.contains($0) })
        }
        return result
    }
}
