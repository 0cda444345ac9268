import CPcap
import CLITestSupport
import Foundation
import Testing
import KeyTraceCore
@testable import Capture
import KeyTraceSupport

/// Writes a savefile of `linkType` with libpcap's own writer.
func writeSavefile(_ path: String, linkType: Int32, packets: [(timestamp: UInt64, bytes: [UInt8])]) throws {
    guard let dead = pcap_open_dead(linkType, 65_535) else { throw RunError(message: "pcap_open_dead failed") }
    defer { pcap_close(dead) }
    guard let dumper = pcap_dump_open(dead, path) else {
        throw RunError(message: "pcap_dump_open failed: " + String(cString: pcap_geterr(dead)))
    }
    defer { pcap_dump_close(dumper) }
    for packet in packets {
        var header = pcap_pkthdr()
        header.ts.tv_sec = Int(packet.timestamp / 1_000_000_000)
        header.ts.tv_usec = Int(packet.timestamp % 1_000_000_000 / 1_000)
        header.caplen = UInt32(packet.bytes.count)
        header.len = UInt32(packet.bytes.count)
        packet.bytes.withUnsafeBufferPointer { bytes in
            pcap_dump(UnsafeMutableRawPointer(dumper).assumingMemoryBound(to: UInt8.self), &header, bytes.baseAddress)
        }
    }
}

/// Every packet of a savefile with its timestamp (µs precision), read with libpcap directly.
func readSavefile(_ path: String) throws -> (linkType: Int32, packets: [(timestamp: UInt64, bytes: [UInt8])]) {
    var errors = [CChar](repeating: 0, count: Int(PCAP_ERRBUF_SIZE))
    guard let pcap = pcap_open_offline(path, &errors) else { throw RunError(message: "cannot open \(path)") }
    defer { pcap_close(pcap) }
    var packets: [(UInt64, [UInt8])] = []
    var header: UnsafeMutablePointer<pcap_pkthdr>?
    var data: UnsafePointer<UInt8>?
    while pcap_next_ex(pcap, &header, &data) == 1, let header, let data {
        let ts = UInt64(header.pointee.ts.tv_sec) * 1_000_000_000 + UInt64(header.pointee.ts.tv_usec) * 1_000
        packets.append((ts, Array(UnsafeBufferPointer(start: data, count: Int(header.pointee.caplen)))))
    }
    return (pcap_datalink(pcap), packets)
}

@Suite struct CorruptInputTests {
    @Test func aTruncatedCaptureDecodesItsIntactPacketsThenNamesTheByteOffset() throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: Captures.path(Captures.demo)))
        // Walk the classic pcap layout independently: 24-byte file header, then records of a
        // 16-byte header (incl_len at offset 8) and data. Cut the file in the middle of record 400.
        var offset = 24
        var recordStarts: [Int] = []
        while offset + 16 <= original.count {
            recordStarts.append(offset)
            let length = original.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self) }
            offset += 16 + Int(UInt32(littleEndian: length))
        }
        let cutRecord = recordStarts[400]
        let directory = try TemporaryDirectory()
        let path = directory.path("cut.pcap")
        try original.prefix(cutRecord + 16 + 10).write(to: URL(fileURLWithPath: path))

        let full = try USBCaptureSource(file: Captures.path(Captures.demo)).collect().transitions
        let source = try USBCaptureSource(file: path)
        var events: [CaptureEvent] = []
        do {
            while let event = try source.next() { events.append(event) }
            Issue.record("expected a truncation error")
        } catch {
            #expect(error.code == .truncated)
            #expect(error.byteOffset == cutRecord)
            #expect(error.description.contains("byte offset \(cutRecord)"), "\(error)")
            #expect(error.description.contains("400 packets before it were decoded"), "\(error)")
        }
        #expect(try source.next() == nil)
        let decoded = events.transitions
        #expect(!decoded.isEmpty)
        #expect(Array(full.prefix(decoded.count)) == decoded)
    }

    @Test func aWrongLinkTypeIsNamedWithNumberAndName() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("ethernet.pcap")
        try writeSavefile(path, linkType: DLT_EN10MB, packets: [(1_000_000_000, [UInt8](repeating: 0xAB, count: 60))])
        do {
            _ = try USBCaptureSource(file: path)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .unsupportedLinkType)
            #expect(error.description.contains("link type 1 (EN10MB, Ethernet) is not a USB capture"), "\(error)")
            #expect(error.description.contains("usbmon") && error.description.contains("USBPcap"))
        }
    }

    @Test(.needsSharedData) func aCaptureWithoutKeyboardsIsAClearError() throws {
        // sha2017 without the keyboard (device 5): hubs, a storage device and descriptors remain.
        let (linkType, packets) = try readSavefile(Captures.path("sha2017.pcap"))
        let others = packets.filter { $0.bytes.count > 11 && $0.bytes[11] != 5 }
        let directory = try TemporaryDirectory()
        let path = directory.path("no-keyboard.pcap")
        try writeSavefile(path, linkType: linkType, packets: others)
        let source = try USBCaptureSource(file: path)
        do {
            let events = try source.collect()
            Issue.record("expected no-keyboard, got \(events.count) events")
        } catch {
            #expect(error.code == .noKeyboard)
            #expect(error.description.contains("no keyboard found in \(others.count) packets"), "\(error)")
        }
        #expect(source.summary.devices.isEmpty)
        #expect(source.summary.skippedTotal == others.count)
    }

    @Test func anEmptyFileSaysItIsEmpty() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("empty.pcap")
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        #expect {
            _ = try USBCaptureSource(file: path)
        } throws: { error in
            guard let error = error as? CaptureError else { return false }
            return error.code == .emptyFile && error.description.contains("empty (0 bytes)")
        }
    }

    @Test func aFileThatIsNotACaptureSaysSo() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.txt")
        try "hello, this is text and not a capture file at all".write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try USBCaptureSource(file: path)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .notACapture)
            #expect(error.description.contains("not a pcap or pcapng capture"), "\(error)")
        }
    }

    @Test func aMissingFileIsNotFound() {
        do {
            _ = try USBCaptureSource(file: "/nonexistent/capture.pcap")
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .fileNotFound)
            #expect(error.description == "/nonexistent/capture.pcap: no such file; check the path")
        }
    }

    @Test(arguments: [Int32(189), 220, 249])
    func randomPacketsNeverCrashTheDecoder(linkType: Int32) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("noise.pcap")
        var generator = SeededGenerator(seed: UInt64(linkType))
        let packets = (0..<300).map { index in
            (UInt64(index) * 1_000_000, (0..<Int(generator.next() % 120)).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
        }
        try writeSavefile(path, linkType: linkType, packets: packets)
        let source = try USBCaptureSource(file: path)
        _ = try? source.collect()
        #expect(source.summary.packetsRead == 300)
    }

    @Test(arguments: Captures.all)
    func corruptedRealPacketsNeverCrashTheDecoder(name: String) throws {
        let (linkType, packets) = try readSavefile(Captures.path(name))
        var generator = SeededGenerator(seed: 42)
        let damaged = packets.map { packet -> (UInt64, [UInt8]) in
            var bytes = packet.bytes
            for _ in 0..<3 where !bytes.isEmpty {
                bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
            }
            if generator.next() % 4 == 0 { bytes = Array(bytes.prefix(Int(generator.next() % UInt64(bytes.count + 1)))) }
            return (packet.timestamp, bytes)
        }
        let directory = try TemporaryDirectory()
        let path = directory.path("damaged.pcap")
        try writeSavefile(path, linkType: linkType, packets: damaged)
        let source = try USBCaptureSource(file: path)
        _ = try? source.collect()
        #expect(source.summary.packetsRead == packets.count)
    }
}

