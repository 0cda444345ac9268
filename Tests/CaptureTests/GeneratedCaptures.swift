import CLITestSupport
import Foundation

/// The repository's demo capture (usbmon, link type 220) rewritten as the other savefile forms
/// the decoder reads, so that every form is decoded without data from outside the repository:
///
/// - `notes-session-usb-linux.pcap`: link type 189 (`USB_LINUX`), each packet's 64-byte header
///   cut to the 48 bytes that form has (the mmap fields are dropped);
/// - `notes-session.pcapng`: the same packets in a pcapng section with one interface.
///
/// Written once per test process into ``ScratchDirectory``.
enum GeneratedCaptures {
    /// The folder that holds the captures; made and filled on first use.
    static let directory: String = {
        let directory = ScratchDirectory.make()
        do {
            let (linkType, packets) = try readSavefile(Captures.path(Captures.demo))
            guard linkType == 220 else { throw RunError(message: "the demo capture has link type \(linkType), not 220") }
            let linux = packets.map { ($0.timestamp, Array($0.bytes.prefix(48) + $0.bytes.dropFirst(64))) }
            try writeSavefile(directory + "/notes-session-usb-linux.pcap", linkType: 189, packets: linux)
            try pcapng(linkType: 220, packets: packets).write(to: URL(fileURLWithPath: directory + "/notes-session.pcapng"))
        } catch {
            FileHandle.standardError.write(Data("could not write the generated captures: \(error)\n".utf8))
        }
        return directory
    }()

    /// A pcapng file: a section header, one interface (microsecond timestamps), and one enhanced
    /// packet block per packet, little-endian.
    static func pcapng(linkType: UInt16, packets: [(timestamp: UInt64, bytes: [UInt8])]) -> Data {
        var data = Data()
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        // Section header block.
        append(UInt32(0x0A0D_0D0A)); append(UInt32(28)); append(UInt32(0x1A2B_3C4D))
        append(UInt16(1)); append(UInt16(0)); append(Int64(-1)); append(UInt32(28))
        // Interface description block.
        append(UInt32(1)); append(UInt32(20)); append(linkType); append(UInt16(0)); append(UInt32(65_535)); append(UInt32(20))
        for packet in packets {
            let padded = (packet.bytes.count + 3) / 4 * 4
            let length = UInt32(32 + padded)
            let micros = packet.timestamp / 1_000
            append(UInt32(6)); append(length); append(UInt32(0))
            append(UInt32(truncatingIfNeeded: micros >> 32)); append(UInt32(truncatingIfNeeded: micros))
            append(UInt32(packet.bytes.count)); append(UInt32(packet.bytes.count))
            data.append(contentsOf: packet.bytes)
            data.append(contentsOf: [UInt8](repeating: 0, count: padded - packet.bytes.count))
            append(length)
        }
        return data
    }
}
