import Foundation
import Testing
import KeyTraceCore
@testable import Capture
import CLITestSupport

@Suite struct HIDRecorderTests {
    private func write(_ text: String) throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory()
        let path = directory.path("recording.hid")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return (directory, path)
    }

    /// A recording as hid-recorder writes it for the ITE keyboard (report IDs 1, 2, 5).
    static var iteRecording: String {
        let descriptor = HIDDescriptorFixtures.iteKeyboard.map { String(format: "%02x", $0) }.joined(separator: " ")
        return """
            # ITE Device(8910)
            D: 0
            R: \(HIDDescriptorFixtures.iteKeyboard.count) \(descriptor)
            N: ITE Device(8910)
            P: usb-0000:00:14.0-8/input0
            I: 3 06cb 2968
            # ReportID: 1 / LeftShift: 1 | a and A
            E: 000000.000000 9 01 02 00 04 00 00 00 00 00
            E: 000000.120500 3 02 cd 00
            E: 000000.200000 3 02 00 00
            E: 000001.000001 2 05 02
            E: 000001.100000 2 05 00
            E: 000002.000000 9 01 00 00 00 00 00 00 00 00

            """
    }

    @Test func reportsDecodeWithTheRecordedDescriptorAndUserSpaceTimes() throws {
        let (directory, path) = try write(Self.iteRecording)
        _ = directory
        let source = try HIDRecorderCaptureSource(path: path)
        let events = try source.collect()
        let presses = events.presses
        #expect(presses.map { "\($0.timestamp) \($0.phase.name) \($0.keyName)" } == [
            "0 began Left Shift", "0 began A", "120500000 began Play/Pause", "200000000 ended Play/Pause",
            "1000001000 began System Sleep", "1100000000 ended System Sleep", "2000000000 ended A", "2000000000 ended Left Shift",
        ])
        #expect(presses.allSatisfy { $0.device == DeviceID(kind: .hidraw, 0) })
        let device = try #require(source.summary.devices.first)
        #expect(device.name == "ITE Device(8910)" && device.vendorID == 0x06CB && device.productID == 0x2968)
        #expect(device.pollingIntervalNs == HIDRecorderOptions().timestampUncertaintyNs)
        let uncertainties = events.compactMap { event -> UInt64? in
            if case .press(_, let uncertainty) = event { return uncertainty } else { return nil }
        }
        #expect(uncertainties.allSatisfy { $0 == 10_000_000 })
        #expect(source.summary.endpoints.first?.reportIDs == [1, 2, 5])
    }

    @Test(arguments: [
        ("E: 0.000000 2 05 02\n", 1, "before its device's R:"),
        ("R: 3 05 01\n", 1, "says 3 bytes but 2 follow"),
        ("R: 1 zz\n", 1, "'zz' is not a hex byte"),
        ("R: 1 b4\n", 1, "Pop without a Push"),
        ("D: x\n", 1, "one device index"),
        ("# fine\nX: 1\n", 2, "unknown line type 'X:'"),
    ])
    func badLinesAreSyntaxErrorsNamingTheirLine(text: String, line: Int, words: String) throws {
        let (directory, path) = try write(text)
        _ = directory
        let source = try HIDRecorderCaptureSource(path: path)
        #expect {
            _ = try source.collect()
        } throws: { error in
            let message = "\(error)"
            return (error as? CaptureError)?.code == .syntax && message.contains(":\(line):") && message.contains(words)
        }
    }

    @Test func exportingAsHIDRecorderAndRecordingItBackKeepsEveryPress() throws {
        guard let keytrace = CLIRunner.binary else {
            Issue.record("the keytrace binary was not found beside the tests; run swift build first")
            return
        }
        let (directory, path) = try write(Self.iteRecording)
        let first = directory.path("first.ktrace"), exported = directory.path("export.hid"), second = directory.path("second.ktrace")
        _ = try run(keytrace, ["record", "--hid-recorder", path, "-o", first])
        for capture in [path] + Captures.all.prefix(1).map(Captures.path) {
            let original = capture == path ? first : directory.path("usb.ktrace")
            if capture != path { _ = try run(keytrace, ["record", "--pcap", capture, "-o", original]) }
            _ = try run(keytrace, ["export", original, "--format", "hid-recorder", "-o", exported])
            _ = try run(keytrace, ["record", "--hid-recorder", exported, "-o", second])
            let before = try run(keytrace, ["dump", original]).split(separator: "\n").filter { $0.contains(" key ") }
            let after = try run(keytrace, ["dump", second]).split(separator: "\n").filter { $0.contains(" key ") }
            func strip(_ line: Substring) -> String {
                // Times are µs in the export and the device becomes hidraw.0: compare phase and key.
                line.split(separator: " ").dropFirst(2).dropLast().joined(separator: " ")
            }
            #expect(before.count == after.count && !before.isEmpty, "\(capture)")
            #expect(before.map(strip) == after.map(strip), "\(capture)")
        }
        // hid-tools reads the exported descriptor and reports as we wrote them.
        let text = try String(contentsOfFile: exported, encoding: .utf8)
        let lines = text.split(separator: "\n")
        let descriptor = try #require(lines.first { $0.hasPrefix("R:") }).split(separator: " ").dropFirst(2).compactMap { UInt8($0, radix: 16) }
        let reports = lines.filter { $0.hasPrefix("E:") }.prefix(40).map { $0.split(separator: " ").dropFirst(3).compactMap { UInt8($0, radix: 16) } }
        let theirs = try HIDToolsOracle.keys(descriptor: Array(descriptor), reports: reports)
        #expect(theirs.allSatisfy { $0 != nil })
        #expect(theirs.contains { $0?.isEmpty == false })
    }
}
