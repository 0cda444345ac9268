import Foundation
import Testing
import KeyTraceCore
@testable import Capture
import CLITestSupport

/// `libinput record` recordings, written here in the layout libinput-record.c prints.
enum LibinputFixture {
    struct Device {
        var node: String
        var name: String
        /// bus, vendor, product, version (decimal, as `id:` holds them).
        var id: [Int]
        /// `codes:` per event type.
        var codes: [(type: Int, codes: [Int], name: String)]
        var hid: [UInt8]? = nil
        var udev: [String] = []
        var events: [String] = []
    }

    /// An AT keyboard's codes: KEY_ESC … KEY_F12 and the media keys laptops have.
    static let keyboardCodes: [(type: Int, codes: [Int], name: String)] = [
        (0, [0, 1, 4, 17, 20], "EV_SYN"), (1, Array(1...88) + [113, 114, 115, 164], "EV_KEY"),
        (4, [4], "EV_MSC"), (17, [0, 1, 2], "EV_LED"), (20, [0, 1], "EV_REP"),
    ]
    static let mouseCodes: [(type: Int, codes: [Int], name: String)] = [
        (0, [0, 1, 2], "EV_SYN"), (1, [272, 273, 274], "EV_KEY"), (2, [0, 1, 8, 11], "EV_REL"), (4, [4], "EV_MSC"),
    ]

    static func keyboard(_ number: Int, name: String = "AT Translated Set 2 keyboard", events: [String] = []) -> Device {
        Device(node: "/dev/input/event\(number)", name: name, id: [17, 1, 1, 43841], codes: keyboardCodes, events: events)
    }

    /// One evdev frame: the events, then SYN_REPORT, all at `sec.usec`.
    static func frame(_ sec: Int, _ usec: Int, _ events: [(type: Int, code: Int, value: Int)], obfuscated: Bool = false) -> String {
        var lines = ["- evdev:"]
        for event in events {
            let comment = event.type == 1 ? "EV_KEY / KEY_\(event.code)   \(event.value)\(obfuscated ? " (obfuscated)" : "")"
                                          : "EV_MSC / MSC_SCAN   \(event.value)"
            lines.append("  - [\(pad(sec, 3)), \(pad(usec, 6)), \(pad(event.type, 3)), \(pad(event.code, 3)), \(pad(event.value, 7))] # \(comment)")
        }
        lines.append("  - [\(pad(sec, 3)), \(pad(usec, 6)),   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +0ms")
        return lines.joined(separator: "\n")
    }

    /// A key going down (1) or up (0) with its MSC_SCAN, as the kernel reports a USB keyboard.
    static func key(_ sec: Int, _ usec: Int, _ code: Int, _ value: Int, obfuscated: Bool = false) -> String {
        frame(sec, usec, [(4, 4, 458_752 + code), (1, code, value)], obfuscated: obfuscated)
    }

    /// A hid frame: `time:` and one hidraw report, 16 bytes a line as libinput-record.c writes them.
    static func hid(_ sec: Int, _ usec: Int, _ report: [UInt8]) -> String {
        "- hid:\n    time: [\(pad(sec, 3)), \(pad(usec, 6))]\n    hidraw0: [" + bytes(report, indent: "      ") + "\n    ]"
    }

    static func bytes(_ bytes: [UInt8], indent: String) -> String {
        stride(from: 0, to: bytes.count, by: 16).map { start in
            "\n" + indent + bytes[start..<min(start + 16, bytes.count)].map { String(format: "0x%02x", $0) }.joined(separator: ", ")
        }.joined(separator: ",")
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }

    static func recording(_ devices: [Device]) -> String {
        var lines = [
            "# libinput record", "version: 1", "ndevices: \(devices.count)", "libinput:", "  version: \"1.23.0\"",
            "  git: \"unknown\"", "system:", "  os: \"fedora:41\"", "  kernel: \"6.11.3-300.fc41.x86_64\"",
            "  dmi: \"dmi:bvnLENOVO:svnLENOVO:sku5Y3J1EA#ABZ:\"", "devices:",
        ]
        for device in devices {
            lines.append("- node: \(device.node)")
            lines.append("  evdev:")
            lines.append("    # Name: \(device.name)")
            lines.append("    # Supported Events:")
            lines.append("    name: \"\(device.name)\"")
            lines.append("    id: [\(device.id.map(String.init).joined(separator: ", "))]")
            lines.append("    codes:")
            for entry in device.codes {
                lines.append("      \(entry.type): [\(entry.codes.map(String.init).joined(separator: ", "))] # \(entry.name)")
            }
            lines.append("    properties: []")
            if let hid = device.hid { lines.append("  hid: [" + bytes(hid, indent: "    ") + "\n  ]") }
            lines.append("  udev:")
            lines.append("    properties:")
            lines.append("    - ID_INPUT=1")
            for property in device.udev { lines.append("    - \(property)") }
            lines.append("  quirks:")
            lines.append("  - AttrKeyboardIntegration=internal")
            lines.append("  events:")
            lines.append("  # Current time is 20:42:35")
            for event in device.events {
                lines.append(contentsOf: event.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 })
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

@Suite struct LibinputTests {
    private func write(_ text: String) throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory()
        let path = directory.path("recording.yml")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return (directory, path)
    }

    private func read(_ text: String, options: LibinputOptions = LibinputOptions()) throws -> (LibinputCaptureSource, [CaptureEvent]) {
        let (directory, path) = try write(text)
        _ = directory
        let source = try LibinputCaptureSource(path: path, options: options)
        return (source, try source.collect())
    }

    private func lines(_ events: [CaptureEvent]) -> [String] {
        events.presses.map { "\($0.timestamp / 1000) \($0.device) \($0.phase.name) \($0.keyName)" }
    }

    @Test func oneKeyboardDecodesItsEvdevEventsWithKernelTimes() throws {
        let text = LibinputFixture.recording([LibinputFixture.keyboard(3, events: [
            LibinputFixture.key(0, 0, 42, 1), LibinputFixture.key(0, 10_560, 48, 1),  // Shift, B
            LibinputFixture.key(0, 90_000, 48, 0), LibinputFixture.key(1, 5, 42, 0),
        ])])
        let (source, events) = try read(text)
        #expect(lines(events) == [
            "0 evdev.3 began Left Shift", "10560 evdev.3 began B", "90000 evdev.3 ended B", "1000005 evdev.3 ended Left Shift",
        ])
        #expect(events.presses[1].characters.string == "B")
        let device = try #require(source.summary.devices.first)
        #expect(device.id == DeviceID(kind: .evdev, 3) && device.name == "AT Translated Set 2 keyboard")
        #expect(device.vendorID == 1 && device.productID == 1 && device.identifiedBy == .evdev)
        let uncertainties = events.compactMap { event -> UInt64? in
            if case .press(_, let uncertainty) = event { return uncertainty } else { return nil }
        }
        #expect(uncertainties == Array(repeating: 8_000_000, count: 4))
        #expect(source.summary.presses == 4 && source.summary.obfuscatedPresses == 0)
        #expect(source.summary.skipped[.nonKeyEvent] == 8)  // MSC_SCAN and SYN_REPORT of each frame
    }

    @Test func aMouseBesideTheKeyboardIsCountedNotDecoded() throws {
        let mouse = LibinputFixture.Device(node: "/dev/input/event5", name: "PixArt HP USB Optical Mouse", id: [3, 1008, 2378, 273],
                                           codes: LibinputFixture.mouseCodes, events: [
            LibinputFixture.frame(0, 50_000, [(4, 4, 589_825), (1, 272, 1)]),
            LibinputFixture.frame(0, 60_000, [(2, 0, 3), (2, 1, -1)]),
        ])
        let keyboard = LibinputFixture.keyboard(3, events: [LibinputFixture.key(0, 20_000, 30, 1), LibinputFixture.key(0, 70_000, 30, 0)])
        let (source, events) = try read(LibinputFixture.recording([keyboard, mouse]))
        #expect(lines(events) == ["20000 evdev.3 began A", "70000 evdev.3 ended A"])
        #expect(source.summary.devices.map(\.id) == [DeviceID(kind: .evdev, 3)])
        #expect(source.summary.skipped[.mouse] == 6)
        #expect(source.summary.endpoints.map { "\($0.id) \($0.role)" } == ["evdev.3 keyboard", "evdev.5 mouse"])
    }

    @Test func twoKeyboardsAreMergedInTimeOrder() throws {
        let first = LibinputFixture.keyboard(3, events: [LibinputFixture.key(0, 100, 30, 1), LibinputFixture.key(0, 300, 30, 0)])
        let second = LibinputFixture.keyboard(7, name: "Keychron K2", events: [
            LibinputFixture.key(0, 200, 48, 1), LibinputFixture.key(0, 300, 48, 0), LibinputFixture.key(0, 400, 29, 1),
        ])
        let (source, events) = try read(LibinputFixture.recording([first, second]))
        #expect(lines(events) == [
            "100 evdev.3 began A", "200 evdev.7 began B", "300 evdev.3 ended A", "300 evdev.7 ended B", "400 evdev.7 began Left Control",
        ])
        #expect(events.prefix(2).allSatisfy { if case .device = $0 { true } else { false } })
        #expect(source.summary.devices.map(\.name) == ["AT Translated Set 2 keyboard", "Keychron K2"])
        #expect(source.summary.keysHeldAtEnd == 1)
    }

    @Test func obfuscatedKeyCodesAreCountedAndMarked() throws {
        let text = LibinputFixture.recording([LibinputFixture.keyboard(3, events: [
            LibinputFixture.key(0, 0, 30, 1, obfuscated: true), LibinputFixture.key(0, 50_000, 30, 0, obfuscated: true),
            LibinputFixture.key(0, 60_000, 28, 1), LibinputFixture.key(0, 70_000, 28, 0),  // Enter is never obfuscated
        ])])
        let (source, events) = try read(text)
        #expect(source.summary.obfuscatedPresses == 2)
        #expect("\(source.summary)".contains("obfuscated: 2 presses"))
        #expect(source.summary.json.contains("\"obfuscatedPresses\":2"))
        let markers = events.compactMap { event -> CaptureMarker? in if case .marker(let m) = event { m } else { nil } }
        #expect(markers.map(\.label) == ["libinput-obfuscated"] && markers.first?.timestamp == 0)
        let markerIndex = try #require(events.firstIndex { if case .marker = $0 { true } else { false } })
        let firstPress = try #require(events.firstIndex { $0.press != nil })
        #expect(markerIndex < firstPress)
        #expect(lines(events) == ["0 evdev.3 began A", "50000 evdev.3 ended A", "60000 evdev.3 began Return", "70000 evdev.3 ended Return"])
    }

    /// The ITE keyboard with report IDs 1 (keys), 2 (consumer) and 5 (system), recorded --with-hidraw.
    private var hidrawRecording: String {
        var keyboard = LibinputFixture.keyboard(4, name: "ITE Tech. Inc. ITE Device(8910) Keyboard", events: [
            LibinputFixture.key(0, 1_000, 42, 1),
            LibinputFixture.hid(0, 1_200, [0x01, 0x02, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00]),
            LibinputFixture.key(0, 1_000, 30, 1),
            LibinputFixture.hid(0, 130_000, [0x02, 0xcd, 0x00]),
            LibinputFixture.hid(0, 210_000, [0x02, 0x00, 0x00]),
            LibinputFixture.hid(1, 0, [0x05, 0x02]),
            LibinputFixture.hid(1, 100_000, [0x05, 0x00]),
            LibinputFixture.key(2, 0, 30, 0), LibinputFixture.key(2, 0, 42, 0),
            LibinputFixture.hid(2, 200, [0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]),
        ])
        keyboard.id = [3, 0x06CB, 0x2968, 0x111]
        keyboard.hid = HIDDescriptorFixtures.iteKeyboard
        return LibinputFixture.recording([keyboard])
    }

    @Test func hidReportsDecodeByTheRecordedDescriptorWhenAsked() throws {
        var options = LibinputOptions()
        options.keySource = .hidReports
        let (source, events) = try read(hidrawRecording, options: options)
        #expect(lines(events) == [
            "1200 evdev.4 began Left Shift", "1200 evdev.4 began A", "130000 evdev.4 began Play/Pause",
            "210000 evdev.4 ended Play/Pause", "1000000 evdev.4 began System Sleep", "1100000 evdev.4 ended System Sleep",
            "2000200 evdev.4 ended A", "2000200 evdev.4 ended Left Shift",
        ])
        let device = try #require(source.summary.devices.first)
        #expect(device.identifiedBy == .reportDescriptor && device.vendorID == 0x06CB && device.pollingIntervalNs == 10_000_000)
        #expect(source.summary.endpoints.first?.reportIDs == [1, 2, 5])
        #expect(source.summary.skipped[.otherSource] == 12)  // the evdev events of the four key frames
    }

    /// Keys from hid reports come with a report record each, before the presses it caused, as
    /// hid-recorder recordings do; keys from evdev events have none, and `recordsReports` off drops them.
    @Test func hidReportsBecomeReportRecordsBeforeTheirPresses() throws {
        var options = LibinputOptions()
        options.keySource = .hidReports
        let (_, events) = try read(hidrawRecording, options: options)
        let reports = events.compactMap { event -> HIDReport? in
            if case .report(let report) = event { return report }
            return nil
        }
        #expect(reports.map(\.reportID) == [1, 2, 2, 5, 5, 1])
        let device = try #require(events.presses.first?.device)
        #expect(reports.allSatisfy { $0.device == device && $0.direction == .input })
        #expect(reports.map(\.keysHeld) == [true, true, true, true, true, false])
        // Each press follows the report it came from, at the report's time.
        var lastReport: UInt64?
        for event in events {
            switch event {
            case .report(let report): lastReport = report.timestamp
            case .press(let press, _): #expect(press.timestamp == lastReport)
            default: break
            }
        }
        let (_, evdevEvents) = try read(hidrawRecording)
        #expect(!evdevEvents.contains { if case .report = $0 { return true } else { return false } })
        options.recordsReports = false
        let (_, withoutReports) = try read(hidrawRecording, options: options)
        #expect(withoutReports == events.filter { if case .report = $0 { return false } else { return true } })
    }

    @Test func evdevEventsWinByDefaultAndTheReportsAreCounted() throws {
        let (source, events) = try read(hidrawRecording)
        #expect(lines(events) == ["1000 evdev.4 began Left Shift", "1000 evdev.4 began A", "2000000 evdev.4 ended A",
                                  "2000000 evdev.4 ended Left Shift"])
        #expect(source.summary.skipped[.otherSource] == 6)
        #expect(source.summary.endpoints.first?.hasReportDescriptor == true)
    }

    /// The HUION Keydial K20 recording in the Linux kernel's HID-BPF tutorial
    /// (Documentation/hid/hidreport-parsing / huion tutorial): a tablet pad with buttons and a
    /// dial, no keyboard keys. Facts from the published recording, laid out as libinput writes them.
    @Test func aRealTabletPadRecordingHasNoKeyboard() throws {
        var pad = LibinputFixture.Device(node: "/dev/input/event20", name: "HUION Huion Keydial_K20", id: [3, 9580, 105, 272], codes: [
            (0, Array(0...15), "EV_SYN"), (1, Array(256...265) + Array(304...313) + [331], "EV_KEY"), (2, [8, 11], "EV_REL"),
            (3, [0, 1], "EV_ABS"), (4, [4], "EV_MSC"),
        ])
        pad.hid = LibinputFixture.huionPadDescriptor
        pad.udev = ["ID_INPUT_TABLET=1", "ID_INPUT_TABLET_PAD=1"]
        pad.events = [LibinputFixture.frame(0, 0, [(4, 4, 589_826), (1, 257, 1)]),
                      LibinputFixture.frame(88, 38_334, [(2, 8, -1), (2, 11, -120)])]
        let (directory, path) = try write(LibinputFixture.recording([pad]))
        _ = directory
        let source = try LibinputCaptureSource(path: path)
        #expect {
            _ = try source.collect()
        } throws: { error in
            (error as? CaptureError)?.code == .noKeyboard && "\(error)".contains("HUION Huion Keydial_K20")
        }
        #expect(source.summary.skipped[.otherDevice] == 6 && source.summary.presses == 0)
        #expect(source.summary.endpoints.map(\.role) == ["other"])
    }

    @Test(arguments: [
        ("version: 2\n", 1, 10, "version '2' is not supported"),
        ("version: 1\ndevices:\n- node: /dev/input/event0\n  evdev:\n    id: [1, 2]\n", 5, 9, "four numbers"),
        ("version: 1\ndevices:\n- node: /dev/input/event0\n  evdev:\n    codes:\n      1: [1, x]\n", 6, 14, "'x' is not a number"),
        ("version: 1\ndevices:\n- node: /dev/input/event0\n  events:\n  - evdev:\n    - [0, 1000000, 1, 30, 1]\n", 6, 7, "microseconds below"),
        ("version: 1\ndevices:\n- node: /dev/input/event0\n  events:\n  - evdev:\n    - [0, 0, 1, 30]\n", 6, 7, "five numbers"),
        ("version: 1\ndevices:\n- node: /dev/input/event0\n  hid: [0x05, 0x01,\n", 4, 8, "closing `]`"),
        ("version: 1\ndevices:\n- node: /dev/input/event0\n  hid: [0x05, 0x1ff]\n", 4, 15, "not a byte"),
        ("version: 1\ndevices:\n- node: /dev/input/event0\n  hid: [0xb4]\n", 4, 8, "does not parse"),
        ("version: 1\ndevices:\n- node: /dev/input/event0\n  events:\n  - hid:\n      hidraw0: [0x01]\n", 6, 7, "before its frame's `time"),
        ("version: 1\nwhat is this\n", 2, 1, "top-level key"),
        ("version: 1\ndevices:\n  evdev:\n", 3, 3, "unexpected indented line"),
    ])
    func badLinesAreSyntaxErrorsWithLineAndColumn(text: String, line: Int, column: Int, words: String) throws {
        let (directory, path) = try write(text)
        _ = directory
        let source = try LibinputCaptureSource(path: path)
        #expect {
            _ = try source.collect()
        } throws: { error in
            let message = "\(error)"
            return (error as? CaptureError)?.code == .syntax && message.contains(":\(line):\(column):") && message.contains(words)
        }
    }

    @Test func eventsBeforeABadLineAreDeliveredFirst() throws {
        let text = LibinputFixture.recording([LibinputFixture.keyboard(3, events: [
            LibinputFixture.key(0, 0, 30, 1), "- evdev:\n  - [0, 5, 1, 30]",
        ])])
        let (directory, path) = try write(text)
        _ = directory
        let source = try LibinputCaptureSource(path: path)
        var presses: [KeyPress] = []
        #expect(throws: CaptureError.self) {
            while let event = try source.next() { if let press = event.press { presses.append(press) } }
        }
        #expect(presses.map(\.keyName) == ["A"])
        #expect(try source.next() == nil)
    }

    /// Every prefix of a recording, and every line with one character changed, reads or fails with
    /// a `CaptureError`: never a trap.
    @Test func cutAndCorruptedRecordingsNeverTrap() throws {
        let text = hidrawRecording
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var variants: [String] = (0...lines.count).map { lines.prefix($0).joined(separator: "\n") }
        let replacements: [Character] = ["]", "[", "-", ":", "#", "\"", "9", " ", "x"]
        for (index, line) in lines.enumerated() where !line.isEmpty {
            var changed = lines
            var characters = Array(line)
            let position = (index * 7) % characters.count
            characters[position] = replacements[index % replacements.count]
            changed[index] = Substring(String(characters))
            variants.append(changed.joined(separator: "\n"))
        }
        var options = LibinputOptions()
        options.keySource = .hidReports
        for variant in variants {
            let (directory, path) = try write(variant)
            _ = directory
            do throws(CaptureError) {
                let source = try LibinputCaptureSource(path: path, options: options)
                _ = try source.collect()
            } catch {
                #expect(error.code == .syntax || error.code == .noKeyboard)
            }
        }
    }
}

extension LibinputFixture {
    /// The HUION Keydial K20's report descriptor in vendor mode after its HID-BPF fix, as its
    /// `libinput record` shows it (Linux kernel documentation, HID-BPF tutorial).
    static let huionPadDescriptor: [UInt8] = HIDDescriptorFixtures.hex("""
        05 01 09 07 a1 01 85 08 05 0d 09 39 a1 00 09 44 95 01 75 01 81 02 95 07 81 01 05 01 09 30 09 31
        95 02 75 08 81 02 05 09 19 01 29 0a 15 00 25 01 95 0a 75 01 81 02 19 31 29 3a 95 09 75 01 81 02
        95 0d 75 01 81 01 05 01 09 38 15 ff 25 01 95 01 75 08 81 06 c0 06 ff ff 09 01 a1 00 85 ac 75 08
        95 0b 81 01 c0 c0
        """)
}
