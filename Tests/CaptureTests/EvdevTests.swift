import Foundation
import Testing
import KeyTraceCore
@testable import Capture
import CLITestSupport

/// Writes `struct input_event` records (64-bit layout, host byte order).
func inputEventRecords(_ events: [(seconds: Int64, microseconds: Int64, type: UInt16, code: UInt16, value: Int32)]) -> Data {
    var data = Data()
    for event in events {
        withUnsafeBytes(of: event.seconds) { data.append(contentsOf: $0) }
        withUnsafeBytes(of: event.microseconds) { data.append(contentsOf: $0) }
        withUnsafeBytes(of: event.type) { data.append(contentsOf: $0) }
        withUnsafeBytes(of: event.code) { data.append(contentsOf: $0) }
        withUnsafeBytes(of: event.value) { data.append(contentsOf: $0) }
    }
    return data
}

@Suite struct EvdevTests {
    // KEY_LEFTSHIFT 42, KEY_A 30, KEY_B 48; EV_MSC 4 / MSC_SCAN 4; EV_SYN 0.
    static let shiftATypedThenBRepeated: [(Int64, Int64, UInt16, UInt16, Int32)] = [
        (100, 0, 4, 4, 0x700e1), (100, 0, 1, 42, 1), (100, 0, 0, 0, 0),
        (100, 50_000, 1, 30, 1), (100, 50_000, 0, 0, 0),
        (100, 120_000, 1, 30, 0), (100, 130_000, 1, 42, 0), (100, 130_000, 0, 0, 0),
        (101, 0, 1, 48, 1), (101, 500_000, 1, 48, 2), (101, 533_000, 1, 48, 2), (101, 600_000, 1, 48, 0),
        (101, 700_000, 1, 0x110, 1),  // BTN_LEFT: not a keyboard key
    ]

    @Test func rawInputEventRecordsDecodeToPressesWithModifiersAndRepeats() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("event7")
        try inputEventRecords(Self.shiftATypedThenBRepeated.map { ($0.0, $0.1, $0.2, $0.3, $0.4) })
            .write(to: URL(fileURLWithPath: path))
        let source = try EvdevCaptureSource(path: path)
        let events = try source.collect()
        guard case .device(let info) = events.first else { Issue.record("no device event first"); return }
        #expect(info.id == DeviceID(kind: .evdev, 7))
        let presses = events.presses
        #expect(presses.map(\.usage) == [.leftShift, .a, .a, .leftShift, HIDUsage(0x05), HIDUsage(0x05), HIDUsage(0x05), HIDUsage(0x05)])
        #expect(presses.map(\.phase) == [.began, .began, .ended, .ended, .began, .began, .began, .ended])
        #expect(presses.map(\.isRepeat) == [false, false, false, false, false, true, true, false])
        #expect(presses[1].characters == "A" && presses[1].modifierFlags.contains(.shift))
        #expect(presses[1].modifierSides == .leftShift)
        #expect(presses[3].modifierFlags.isEmpty)
        #expect(presses[4].characters == "b")
        #expect(presses[1].timestamp == 100_050_000_000)
        #expect(presses.allSatisfy { $0.device == DeviceID(kind: .evdev, 7) })
        #expect(source.summary.skipped[.unmappedKey] == 1)
        #expect(source.summary.skipped[.nonKeyEvent] == 4)  // one EV_MSC, three SYN_REPORTs
        #expect(source.summary.presses == 8)
    }

    @Test func aRecordCutShortIsAnErrorNamingItsOffsetAfterTheIntactRecords() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cut")
        let data = inputEventRecords([(1, 0, 1, 30, 1), (1, 10, 1, 30, 0)])
        try data.prefix(24 + 10).write(to: URL(fileURLWithPath: path))
        let source = try EvdevCaptureSource(path: path)
        var presses: [KeyPress] = []
        do {
            while let event = try source.next() { if let press = event.press { presses.append(press) } }
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .truncated)
            #expect(error.byteOffset == 24)
            #expect(error.description.contains("byte offset 24"))
        }
        #expect(presses.count == 1)
    }

    @Test func everyLinuxKeyboardKeyCodeMapsToItsUsage() {
        #expect(HIDUsage(linuxKeyCode: 1) == .escape)          // KEY_ESC
        #expect(HIDUsage(linuxKeyCode: 2) == .digit1)          // KEY_1
        #expect(HIDUsage(linuxKeyCode: 11) == .digit0)         // KEY_0
        #expect(HIDUsage(linuxKeyCode: 16) == HIDUsage(0x14))  // KEY_Q
        #expect(HIDUsage(linuxKeyCode: 28) == .returnOrEnter)  // KEY_ENTER
        #expect(HIDUsage(linuxKeyCode: 29) == .leftControl)    // KEY_LEFTCTRL
        #expect(HIDUsage(linuxKeyCode: 43) == .backslash)      // KEY_BACKSLASH
        #expect(HIDUsage(linuxKeyCode: 56) == .leftAlt)        // KEY_LEFTALT
        #expect(HIDUsage(linuxKeyCode: 57) == .space)          // KEY_SPACE
        #expect(HIDUsage(linuxKeyCode: 59) == .f1)             // KEY_F1
        #expect(HIDUsage(linuxKeyCode: 87) == HIDUsage(0x44))  // KEY_F11
        #expect(HIDUsage(linuxKeyCode: 96) == .keypadEnter)    // KEY_KPENTER
        #expect(HIDUsage(linuxKeyCode: 103) == .upArrow)       // KEY_UP
        #expect(HIDUsage(linuxKeyCode: 111) == .deleteForward) // KEY_DELETE
        #expect(HIDUsage(linuxKeyCode: 125) == .leftGUI)       // KEY_LEFTMETA
        #expect(HIDUsage(linuxKeyCode: 126) == .rightGUI)      // KEY_RIGHTMETA
        #expect(HIDUsage(linuxKeyCode: 183) == HIDUsage(0x68)) // KEY_F13
        #expect(HIDUsage(linuxKeyCode: 0x110) == nil)          // BTN_LEFT
        // Every letter, digit, modifier and the main block round-trips.
        for usage in (0x04...0x65).map({ HIDUsage(UInt16($0)) }) + (0xE0...0xE7).map({ HIDUsage(UInt16($0)) })
        where usage.rawValue != 0x32 {  // Non-US # shares KEY_BACKSLASH with backslash
            guard let code = usage.linuxKeyCode else { Issue.record("\(usage) has no key code"); continue }
            #expect(HIDUsage(linuxKeyCode: code) == usage)
        }
    }

    @Test func permissionDeniedOnAnInputNodeSaysWhichPermissionAndHowToGetIt() {
        let error = CaptureError.cannotOpen("/dev/input/event3", errno: EACCES, evdev: true)
        #expect(error.code == .permissionDenied)
        #expect(error.description.hasPrefix("/dev/input/event3: permission denied"))
        #expect(error.description.contains("`input` group"))
        #expect(error.description.contains("run as root"))
        #expect(error.description.contains("usermod -aG input"))
    }

    @Test func aMissingNodeIsNotFound() {
        #expect(throws: CaptureError.self) { try EvdevCaptureSource(path: "/dev/input/event-missing") }
        do { _ = try EvdevCaptureSource(path: "/dev/input/event-missing") } catch {
            #expect(error.code == .fileNotFound)
            #expect(error.description.contains("/proc/bus/input/devices"))
        }
    }
}

@Suite struct EvemuTests {
    static let recording = """
    # EVEMU 1.3
    # Kernel: 6.1.0
    N: AT Translated Set 2 keyboard
    I: 0011 0001 0001 ab41
    P: 00 00 00 00 00 00 00 00
    B: 00 0b 00 00 00 00 00 00 00
    A: 00 0 255 0 0 0
    L: 00 00
    S: 00 00
    ################################
    #      Waiting for events      #
    ################################
    E: 0.000001 0004 0004 458792\t# EV_MSC / MSC_SCAN             458792
    E: 0.000001 0001 001c 0000\t# EV_KEY / KEY_ENTER            0
    E: 0.000001 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +0ms

    E: 1.250000 0001 001d 0001\t# EV_KEY / KEY_LEFTCTRL         1
    E: 1.300000 0001 002e 0001\t# EV_KEY / KEY_C                1
    E: 1.300000 0000 0000 0000
    E: 1.380000 0001 002e 0000
    E: 1.400000 0001 001d 0000
    E: 1.400000 0000 0003 0000\t# SYN_DROPPED
    E: 1.400000 0001 001e 0001\t# discarded until SYN_REPORT
    E: 1.400000 0000 0000 0000
    E: 1.500000 0001 001e 0001
    """

    @Test func evemuRecordingsDecodeWithHeaderAndSynDropped() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("keyboard.evemu")
        try Self.recording.write(toFile: path, atomically: true, encoding: .utf8)
        let source = try EvemuCaptureSource(path: path)
        let events = try source.collect()
        guard case .device(let info) = events.first else { Issue.record("no device first"); return }
        #expect(info.name == "AT Translated Set 2 keyboard")
        #expect(info.vendorID == 0x0001 && info.productID == 0x0001)
        let presses = events.presses
        #expect(presses.map(\.usage) == [.returnOrEnter, .leftControl, HIDUsage(0x06), HIDUsage(0x06), .leftControl, .a])
        #expect(presses.map(\.phase) == [.ended, .began, .began, .ended, .ended, .began])
        #expect(presses[2].modifierFlags == .control)
        #expect(presses[2].timestamp == 1_300_000_000)
        #expect(events.contains { if case .marker(let m) = $0 { return m.label == "SYN_DROPPED" } else { return false } })
        #expect(source.summary.skipped[.discardedAfterDrop] == 3)
        #expect(source.summary.keysHeldAtEnd == 1)
    }

    @Test(arguments: [
        ("E: 0.1 0001 001e", 1, 17, "found 3 fields"),
        ("E: 0.x 0001 001e 1", 1, 4, "not a time"),
        ("E: 0.1 00zz 001e 1", 1, 8, "event type"),
        ("E: 0.1 0001 001e one", 1, 18, "decimal"),
        ("# ok\nQ: what", 2, 1, "unknown line type"),
        ("hello", 1, 1, "expected"),
    ])
    func evemuErrorsNameTheLineAndColumn(text: String, line: Int, column: Int, words: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("bad.evemu")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let source = try EvemuCaptureSource(path: path)
        do {
            _ = try source.collect()
            Issue.record("expected a syntax error")
        } catch {
            #expect(error.code == .syntax)
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.description.hasPrefix("\(path):\(line):\(column): "))
            #expect(error.message.contains(words), "\(error)")
        }
    }
}

@Suite struct EvdevStreamingTests {
    /// Records arriving one byte at a time through a pipe decode as they do from a file.
    @Test func recordsDripFedOneByteAtATimeDecodeTheSame() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.path("drip")
        #expect(mkfifo(fifo, 0o600) == 0)
        let records = inputEventRecords(EvdevTests.shiftATypedThenBRepeated.map { ($0.0, $0.1, $0.2, $0.3, $0.4) })
        let file = directory.path("whole")
        try records.write(to: URL(fileURLWithPath: file))
        let writer = Thread {
            guard let handle = FileHandle(forWritingAtPath: fifo) else { return }
            for byte in records { handle.write(Data([byte])) }
            handle.closeFile()
        }
        writer.start()
        let dripped = try EvdevCaptureSource(path: fifo).collect().presses
        let whole = try EvdevCaptureSource(path: file).collect().presses
        #expect(dripped.count == 8)
        #expect(dripped.map(\.usage) == whole.map(\.usage))
        #expect(dripped.map(\.timestamp) == whole.map(\.timestamp))
    }
}
