import Foundation
import Testing
import KeyTraceCore
@testable import Capture
import CLITestSupport

/// HID report records: every Input report of a keyboard interface and every Output report sent
/// to one, with the LED state decoded by the report descriptor (checked against hid-tools and
/// tshark), phantom state, and the report-level timing `analyze` derives from them.
@Suite struct HIDReportRecordTests {
    typealias Fixtures = HIDDescriptorFixtures

    /// The kernel selftests' LEDKeyboard (boot layout, five LED bits) with an interrupt-OUT endpoint.
    static let ledKeyboard = USBMonCapture.Device(address: 9, vendorID: 0x046D, productID: 0xC31C, name: "LED Keyboard", interfaces: [
        .init(number: 0, subclass: 1, interfaceProtocol: 1, endpoint: 0x81, reportDescriptor: Fixtures.ledKeyboard, outEndpoint: 0x02),
    ])
    /// The ITE laptop keyboard: its LEDs are in Output report 1.
    static let iteKeyboard = USBMonCapture.Device(address: 7, vendorID: 0x06CB, productID: 0x2968, name: "ITE Device(8910)", interfaces: [
        .init(number: 0, subclass: 1, interfaceProtocol: 1, endpoint: 0x81, reportDescriptor: Fixtures.iteKeyboard),
    ])

    static let a: [UInt8] = [0, 0, 0x04, 0, 0, 0, 0, 0]
    static let none: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0]
    static let phantom: [UInt8] = [0, 0, 1, 1, 1, 1, 1, 1]

    static func decode(_ capture: USBMonCapture, options: USBCaptureOptions = USBCaptureOptions()) throws -> [CaptureEvent] {
        let directory = try TemporaryDirectory()
        let path = directory.path("capture.pcap")
        try capture.write(to: path)
        return try USBCaptureSource(file: path, options: options).collect()
    }

    static func reports(_ events: [CaptureEvent]) -> [HIDReport] {
        events.compactMap { if case .report(let report) = $0 { return report } else { return nil } }
    }

    // MARK: Output reports and LEDs

    @Test func ledOutputReportsDecodeByTheDescriptorAsHIDToolsDoes() throws {
        var capture = USBMonCapture()
        capture.enumerate(Self.ledKeyboard)
        capture.enumerate(Self.iteKeyboard)
        let sent: [(device: USBMonCapture.Device, via: String, bytes: [UInt8])] = [
            (Self.ledKeyboard, "set", [0x00]), (Self.ledKeyboard, "set", [0x02]), (Self.ledKeyboard, "out", [0x03]),
            (Self.ledKeyboard, "set", [0x1F]), (Self.ledKeyboard, "set", [0xE1]),
            (Self.iteKeyboard, "set", [0x01, 0x02]), (Self.iteKeyboard, "set", [0x01, 0x05]), (Self.iteKeyboard, "set", [0x01, 0x00]),
        ]
        var times: [UInt64] = []
        for (device, via, bytes) in sent {
            if via == "out" {
                times.append(capture.interruptOut(device, endpoint: 0x02, bytes))
            } else {
                times.append(capture.setReport(device, interface: 0, reportID: device.address == 7 ? bytes[0] : 0, bytes))
            }
        }
        let outputs = Self.reports(try Self.decode(capture)).filter { $0.direction == .output }
        #expect(outputs.count == sent.count)
        #expect(outputs.map(\.timestamp) == times)
        for (report, expected) in zip(outputs, sent) {
            #expect(Array(report.bytes) == expected.bytes)
            #expect(report.device == .usb(bus: 1, device: UInt16(expected.device.address), endpoint: 0x81))
            #expect(report.interface == 0)
            #expect(report.endpoint == (expected.via == "out" ? 0x02 : 0))
        }
        // The oracle: hid-tools reads the same Output reports with the same descriptors.
        for (fixture, address) in [(Fixtures.ledKeyboard, UInt8(9)), (Fixtures.iteKeyboard, UInt8(7))] {
            let mine = zip(outputs, sent).filter { $0.1.device.address == address }
            let oracle = try HIDToolsOracle.leds(descriptor: fixture, reports: mine.map { $0.1.bytes })
            for ((report, _), usages) in zip(mine, oracle) {
                let expected = KeyboardLEDs(rawValue: (usages ?? []).reduce(0) { $0 | UInt8(1 << (($1 & 0xFFFF) - 1)) })
                #expect(report.leds == expected, "\(report.hex): hid-tools says \(usages ?? [])")
            }
        }
        #expect(outputs.map { $0.leds?.rawValue } == [0x00, 0x02, 0x03, 0x1F, 0x01, 0x02, 0x05, 0x00])
    }

    @Test func outputReportBytesAreTheOnesTsharkSees() throws {
        var capture = USBMonCapture()
        capture.enumerate(Self.ledKeyboard)
        capture.report(Self.ledKeyboard, endpoint: 0x81, Self.a)
        capture.setReport(Self.ledKeyboard, interface: 0, [0x02])
        capture.setReport(Self.ledKeyboard, interface: 0, [0x00])
        let directory = try TemporaryDirectory()
        let path = directory.path("capture.pcap")
        try capture.write(to: path)
        let tshark = try TsharkOracle.executable()
        // tshark's HID dissector names the requests SET_REPORT(Output) and gives their data (it
        // does not decode the LED bits of a SET_REPORT: hid-tools is the LED oracle above).
        let lines = try run(tshark, ["-r", path, "-Y", "usbhid.setup.bRequest == 0x09 && usbhid.setup.ReportType == 2",
                                     "-T", "fields", "-E", "separator=/t", "-e", "usb.data_fragment", "-e", "usbhid.data"])
            .split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        let outputs = Self.reports(try USBCaptureSource(file: path).collect()).filter { $0.direction == .output }
        #expect(lines.count == outputs.count)
        for (fields, report) in zip(lines, outputs) {
            let bytes = (fields[0].isEmpty ? fields[1] : fields[0]).replacingOccurrences(of: ":", with: "")
            #expect(bytes == report.bytes.hex(separator: ""))
        }
        #expect(outputs.map { $0.bytes.hex(separator: "") } == ["02", "00"])
    }

    @Test func withoutADescriptorTheBootLEDByteIsRead() throws {
        var capture = USBMonCapture()
        capture.report(Self.ledKeyboard, endpoint: 0x81, Self.a)
        capture.setReport(Self.ledKeyboard, interface: 0, [0x02])
        capture.report(Self.ledKeyboard, endpoint: 0x81, Self.none)
        capture.setReport(Self.ledKeyboard, interface: 0, [0x00])
        let outputs = Self.reports(try Self.decode(capture)).filter { $0.direction == .output }
        #expect(outputs.map(\.leds) == [.capsLock, []])
        #expect(outputs.allSatisfy { $0.device == .usb(bus: 1, device: 9, endpoint: 0x81) })
    }

    // MARK: Input reports

    @Test func everyInputReportIsKeptWithHeldAndPhantomState() throws {
        var capture = USBMonCapture()
        capture.enumerate(Self.ledKeyboard)
        let sequence = [Self.a, Self.a, Self.phantom, Self.phantom, Self.none, Self.none]
        let times = sequence.map { capture.report(Self.ledKeyboard, endpoint: 0x81, $0) }
        let events = try Self.decode(capture)
        let inputs = Self.reports(events).filter { $0.direction == .input }
        #expect(inputs.map(\.timestamp) == times)
        #expect(inputs.map { Array($0.bytes) } == sequence)
        #expect(inputs.map(\.keysHeld) == [true, true, true, true, false, false])
        #expect(inputs.map(\.isPhantomState) == [false, false, true, true, false, false])
        // The report comes before the presses it caused.
        let firstReport = try #require(events.firstIndex { if case .report = $0 { return true } else { return false } })
        let firstPress = try #require(events.firstIndex { $0.press != nil })
        #expect(firstReport < firstPress)
        // ErrorRollOver keeps the held key (HID): A goes up only with the empty report.
        #expect(events.transitions.map(\.phase) == [.began, .ended])
        #expect(events.transitions.last?.timestamp == times[4])
    }

    @Test func noReportsOptionDropsThem() throws {
        var capture = USBMonCapture()
        capture.enumerate(Self.ledKeyboard)
        capture.report(Self.ledKeyboard, endpoint: 0x81, Self.a)
        capture.setReport(Self.ledKeyboard, interface: 0, [0x02])
        var options = USBCaptureOptions()
        options.recordsReports = false
        let events = try Self.decode(capture, options: options)
        #expect(Self.reports(events).isEmpty)
        #expect(events.presses.count == 1)
    }

    // MARK: End to end: record, dump, analyze

    /// A keyboard that reports every poll (8 ms) while a key is held, with one gap of three
    /// polls, an idle repeat, phantom-state reports and the host's LED reports.
    struct TimingScenario {
        var capture = USBMonCapture()
        var inputs: [UInt64] = []
        var outputs: [UInt64] = []

        init() {
            let k = HIDReportRecordTests.ledKeyboard
            capture.enumerate(k)
            func input(_ bytes: [UInt8]) { inputs.append(capture.report(k, endpoint: 0x81, bytes)) }
            outputs.append(capture.setReport(k, interface: 0, [0x00]))      // s0: LEDs off
            input(HIDReportRecordTests.a)                                   // r0 change
            outputs.append(capture.setReport(k, interface: 0, [0x02]))      // s1: Caps Lock on
            input(HIDReportRecordTests.a)                                   // r1 duplicate
            input(HIDReportRecordTests.a)                                   // r2 duplicate
            capture.wait(ms: 16)
            input(HIDReportRecordTests.a)                                   // r3 idle, after 2 missed polls
            input(HIDReportRecordTests.none)                                // r4 change
            outputs.append(capture.interruptOut(k, endpoint: 0x02, [0x03])) // s2: Num + Caps Lock
            input(HIDReportRecordTests.none)                                // r5 duplicate
            capture.wait(ms: 100)
            input(HIDReportRecordTests.none)                                // r6 idle (no key held: no missed poll)
            outputs.append(capture.setReport(k, interface: 0, [0x01]))      // s3: Caps Lock off
            input(HIDReportRecordTests.phantom)                             // r7 change, phantom
            input(HIDReportRecordTests.phantom)                             // r8 duplicate, phantom
            input(HIDReportRecordTests.none)                                // r9 change
        }
    }

    @Test func analyzeReportsMissedPollsDuplicatesPhantomStateAndCapsLock() throws {
        let binary = try #require(CLIRunner.binary, "the keytrace binary was not found beside the tests; run swift build first")
        let scenario = TimingScenario()
        let directory = try TemporaryDirectory()
        let pcap = directory.path("timing.pcap")
        let trace = directory.path("timing.ktrace")
        try scenario.capture.write(to: pcap)
        let recorded = try run(binary, ["record", "--pcap", pcap, "-o", trace])
        #expect(recorded.contains("reports     14 HID report records (10 input, 4 output)"), "\(recorded)")

        let dump = try run(binary, ["dump", trace, "--kind", "report"])
        let lines = dump.split(separator: "\n").filter { $0.contains("report") }
        #expect(lines.count == 14)
        #expect(dump.contains("LEDs: Caps Lock"))
        #expect(dump.contains("LEDs: Num Lock, Caps Lock"))
        #expect(dump.contains("phantom state (ErrorRollOver)"))

        let json = try run(binary, ["analyze", trace, "--format", "json"])
        let analysis = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let devices = try #require((analysis["hardware"] as? [String: Any])?["devices"] as? [[String: Any]])
        let device = try #require(devices.first { $0["id"] as? String == "1.9.129" })
        let r = try #require(device["reportRecords"] as? [String: Any])
        func number(_ key: String, in object: [String: Any]? = nil) -> UInt64? { ((object ?? r)[key] as? NSNumber)?.uint64Value }
        let origin = scenario.outputs[0]
        #expect(number("inputReports") == 10)
        #expect(number("changeReports") == 4)
        #expect(number("duplicateReports") == 4)
        #expect(number("idleReports") == 2)
        #expect(number("pollingIntervalNanoseconds") == 8_000_000)
        #expect(r["reportsEveryPoll"] as? Bool == true)
        #expect(number("missedPolls") == 2)
        #expect(number("gapsWithMissedPolls") == 1)
        let gap = try #require((r["missedPollGaps"] as? [[String: Any]])?.first)
        #expect(number("offsetNanoseconds", in: gap) == scenario.inputs[3] - origin)
        #expect(number("gapNanoseconds", in: gap) == scenario.inputs[3] - scenario.inputs[2])
        #expect(number("phantomStateReports") == 2)
        #expect((r["phantomStateOffsetsNanoseconds"] as? [NSNumber])?.map(\.uint64Value)
                == [scenario.inputs[7] - origin, scenario.inputs[8] - origin])
        let rollover = try #require(device["rollover"] as? [String: Any])
        #expect(number("errorRollOverReports", in: rollover) == 2)
        #expect(number("firstErrorRollOverOffsetNanoseconds", in: rollover) == scenario.inputs[7] - origin)
        #expect(number("outputReports") == 4)
        #expect(number("ledChangeCount") == 4)
        let changes = try #require(r["ledChanges"] as? [[String: Any]])
        #expect(changes.map { $0["leds"] as? [String] ?? ["?"] } == [[], ["Caps Lock"], ["Num Lock", "Caps Lock"], ["Num Lock"]])
        let caps = try #require(r["capsLock"] as? [String: Any])
        #expect(number("count", in: caps) == 1)
        #expect(number("onNanoseconds", in: caps) == scenario.outputs[3] - scenario.outputs[1])
        let interval = try #require((caps["intervals"] as? [[String: Any]])?.first)
        #expect(number("startOffsetNanoseconds", in: interval) == scenario.outputs[1] - origin)
        #expect(number("endOffsetNanoseconds", in: interval) == scenario.outputs[3] - origin)

        let text = try run(binary, ["analyze", trace])
        #expect(text.contains("Caps Lock on at"))
        #expect(text.contains("2 in 1 gaps"))

        let withoutReports = directory.path("no-reports.ktrace")
        _ = try run(binary, ["record", "--pcap", pcap, "--no-reports", "-o", withoutReports])
        #expect(try run(binary, ["dump", withoutReports, "--kind", "report"]).isEmpty)
        #expect(!(try run(binary, ["analyze", withoutReports, "--format", "json"])).contains("reportRecords"))
    }

    // MARK: Real captures

    /// Every 8-byte report tshark sees on a keyboard endpoint, from the first one the boot
    /// heuristic decides on (not all zeros), is a report record with the same bytes; repeats
    /// are the reports equal to the one before.
    @Test(arguments: Captures.all)
    func realCapturesKeepEveryReportTsharkSees(capture: String) throws {
        let binary = try #require(CLIRunner.binary, "the keytrace binary was not found beside the tests; run swift build first")
        let directory = try TemporaryDirectory()
        let trace = directory.path("capture.ktrace")
        _ = try run(binary, ["record", "--pcap", Captures.path(capture), "-o", trace])
        let json = try run(binary, ["analyze", trace, "--format", "json"])
        let analysis = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let devices = try #require((analysis["hardware"] as? [String: Any])?["devices"] as? [[String: Any]])
        let tshark = Dictionary(grouping: try TsharkOracle.reports(in: Captures.path(capture)), by: \.device)
        let dumped = try run(binary, ["dump", trace, "--kind", "report", "--json"]).split(separator: "\n")
        for device in devices {
            let id = try #require(device["id"] as? String)
            let all = try #require(tshark.first { $0.key.description == id }?.value, "\(capture): no tshark reports for \(id)")
            let mine = dumped.filter { $0.contains("\"device\":\"\(id)\"") && $0.contains("\"direction\":\"in\"") }
            // A descriptor-identified endpoint is recorded from its first report; one the boot
            // heuristic found from the first report that is not all zeros (the ones before it
            // are undecided and change nothing).
            let first = try #require(mine.first)
            let start = try #require(all.firstIndex { first.contains("\"t_ns\":\($0.timestamp),") }, "\(capture) \(id)")
            #expect(all[..<start].allSatisfy { $0.bytes.allSatisfy { $0 == 0 } }, "\(capture) \(id)")
            let own = Array(all[start...])
            let r = try #require(device["reportRecords"] as? [String: Any], "\(capture) \(id)")
            var changes = 0
            for (i, report) in own.enumerated() where i == 0 || report.bytes != own[i - 1].bytes { changes += 1 }
            #expect((r["inputReports"] as? Int) == own.count, "\(capture) \(id)")
            #expect((r["changeReports"] as? Int) == changes, "\(capture) \(id)")
            #expect(((r["duplicateReports"] as? Int) ?? -1) + ((r["idleReports"] as? Int) ?? -1) == own.count - changes,
                    "\(capture) \(id)")
            #expect(mine.count == own.count)
            for (line, report) in zip(mine, own) {
                #expect(line.contains("\"t_ns\":\(report.timestamp),"), "\(capture): \(line)")
                #expect(line.contains("\"bytes_hex\":\"\(report.bytes.map { String(format: "%02x", $0) }.joined())\""))
            }
        }
    }
}
