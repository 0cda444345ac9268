import CLITestSupport
import Foundation
import KeyTraceCore
import Testing
@testable import TraceFormat
import Export

/// The HID report record (entry type 0x18): round trip, bounds, the cursor's kind filter, the
/// exports, and what a reader makes of a record it cannot decode.
@Suite struct HIDReportRecordTests {
    static let keyboard = DeviceID.usb(bus: 1, device: 9, endpoint: 0x81)

    static func report(_ bytes: [UInt8], at t: UInt64, direction: HIDReport.Direction = .input, leds: KeyboardLEDs? = nil,
                       keysHeld: Bool = false, phantom: Bool = false, interface: UInt8? = 0, endpoint: UInt8? = 0x81) -> HIDReport {
        bytes.withUnsafeBytes {
            HIDReport(timestamp: t, device: keyboard, interface: interface, endpoint: endpoint, direction: direction,
                      reportID: 0, bytes: $0, keysHeld: keysHeld, isPhantomState: phantom, leds: leds)
        }
    }

    static let reports: [HIDReport] = [
        report([0, 0, 4, 0, 0, 0, 0, 0], at: 1_000_000, keysHeld: true),
        report([0x02], at: 1_500_000, direction: .output, leds: .capsLock, endpoint: 0),
        report([0, 0, 1, 1, 1, 1, 1, 1], at: 9_000_123, phantom: true),
        report([0x03], at: 9_100_000, direction: .output, leds: [.numLock, .capsLock], interface: nil, endpoint: 0x02),
        report(Array(0..<100), at: 10_000_000, interface: nil, endpoint: nil),
        report([], at: 11_000_000),
    ]

    @Test func reportsReadBackEqualInEveryChunking() throws {
        let key = KeyPress(.began, HIDUsage(0x04), device: Self.keyboard, timestamp: 1_000_000)
        let records: [TraceRecord] = [.key(KeyRecord(key))] + Self.reports.map { .hidReport($0) }
        for options in [TraceWriter.Options(), TraceWriter.Options(flushInterval: 1, chunkSize: 40)] {
            let reader = try TraceReader(bytes: try TraceFixture.write(records, options: options))
            let read = Array(reader)
            #expect(read == records)
            #expect(reader.verify().isIntact)
        }
        let long = Self.reports[4]
        #expect(long.bytes.count == HIDReportBytes.capacity && long.length == 100 && long.isTruncated)
        #expect(Array(long.bytes) == Array(0..<64))
    }

    @Test func theCursorFiltersReportsByKind() throws {
        let key = KeyPress(.began, HIDUsage(0x04), device: Self.keyboard, timestamp: 1_000_000)
        let records: [TraceRecord] = [.key(KeyRecord(key))] + Self.reports.map { .hidReport($0) }
            + [.marker(MarkerRecord(timestamp: 12_000_000, label: "end"))]
        let reader = try TraceReader(bytes: try TraceFixture.write(records))
        var cursor = reader.cursor()
        var found: [HIDReport] = []
        while cursor.next(in: [.hidReport]) {
            #expect(cursor.kind == .hidReport)
            if case .hidReport(let report) = cursor.record { found.append(report) }
        }
        #expect(found == Self.reports)
        #expect(RecordKind.parseList("report") == .success([.hidReport]))
        var unknowns = reader.cursor()
        var count = 0
        while unknowns.next(in: [.unknown]) { count += 1 }
        #expect(count == 0)
    }

    @Test func aReportThatDoesNotDecodeIsKeptAsUnknown() throws {
        // stored (65) above the bound of 64: the record is an unknown record with its payload.
        var payload: [UInt8] = [0x81, 0x80, 0x80, 0x80, 0x90, 0x80, 0x80, 0x80, 0x01, 0, 0, 0x81, 0, 65, 65]
        payload += [UInt8](repeating: 0, count: 65)
        let records: [TraceRecord] = [.unknown(UnknownRecord(timestamp: 5, type: 0x18, payload: payload))]
        let read = Array(try TraceReader(bytes: try TraceFixture.write(records)))
        #expect(read == records)
        // Appended fields (a later minor version) are ignored.
        var extended = ByteWriter(capacity: 32)
        var encoder = ChunkEncoder()
        encoder.reset(baseTime: 0)
        encoder.encode(Self.reports[1], into: &extended)
        // Tag, one-byte length and a two-byte delta (+1 500 µs) come before the fields.
        let fields = Array(extended.bytes[4...]) + [0xAA, 0xBB]
        let appended = Array(try TraceReader(bytes: try TraceFixture.write([.unknown(UnknownRecord(
            timestamp: Self.reports[1].timestamp, type: 0x18, payload: fields))])))
        #expect(appended == [.hidReport(Self.reports[1])])
    }

    @Test func exportsShowDirectionBytesAndLEDs() {
        let output = TraceRecord.hidReport(Self.reports[3])
        #expect(output.jsonLine == #"{"kind":"report","t_ns":9100000,"direction":"out","device":"1.9.129","interface":null,"endpoint":2,"report_id":0,"length":1,"bytes_hex":"03","keys_held":false,"phantom_state":false,"leds":"Num Lock,Caps Lock"}"#)
        #expect(output.csvLine == #"report,9100000,out,,1.9.129,,,,,,,,,,1,"leds Num Lock, Caps Lock",03"#)
        #expect(output.textLine(origin: 0).hasSuffix("report     out  1.9.129 ep 0x02  [03]  LEDs: Num Lock, Caps Lock"))
        let phantom = TraceRecord.hidReport(Self.reports[2])
        #expect(phantom.textLine(origin: 0).contains("[00 00 01 01 01 01 01 01]  phantom state (ErrorRollOver)"))
        let pcap = output.pcapPayload
        #expect(pcap[1] == 9)
        #expect(Array(pcap[12...]) == [0x81, 0, 9, 0, 1, 0, 0, 1, 1, 0xFF, 0x02, 0, 4, 0x03, 1, 0, 1, 0x03])
    }

    static let tshark = Oracles.tshark

    @Test(.enabled(if: tshark != nil, "tshark is not installed: run Scripts/install-oracles.sh"))
    func pcapExportOfReportsDissectsInWireshark() throws {
        let trace = try TemporaryFile.write(try TraceFixture.write(Self.reports.map { .hidReport($0) }), to: "reports.ktrace")
        let pcap = TemporaryFile.path("reports.pcap")
        let export = try CLIRunner.run(["export", trace, "--format", "pcap", "-o", pcap])
        #expect(export.status == 0, "\(export.stderr)")
        let lua = repositoryRoot + "/Scripts/wireshark/keytrace.lua"
        let tshark = try #require(Self.tshark)
        let verbose = try CLIRunner.run(["-X", "lua_script:" + lua, "-r", pcap, "-V"], executable: tshark)
        #expect(verbose.status == 0, "\(verbose.stderr)")
        for field in ["Kind: report (9)", "Direction: out (1)", "Direction: in (0)", "Device: 1.9.129", "LEDs: 0x03",
                      "Endpoint (0 = control, 255 = unknown): 0x02", "Report length: 100", "Report bytes: 0000040000000000"] {
            #expect(verbose.stdout.contains(field), "tshark output lacks '\(field)'")
        }
        let summary = try CLIRunner.run(["-X", "lua_script:" + lua, "-r", pcap], executable: tshark)
        #expect(summary.stdout.contains("report out LEDs: Num Lock, Caps Lock"))
        #expect(summary.stdout.contains("report in phantom state"))
    }
}
