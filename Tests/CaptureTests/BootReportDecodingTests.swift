import CLITestSupport
import Foundation
import Testing
import KeyTraceCore
@testable import Capture

/// A USBPcap packet (27-byte header, little-endian) carrying `data`.
func usbPcapPacket(device: UInt16, endpoint: UInt8, transfer: UInt8 = 1, completion: Bool = true,
                   status: UInt32 = 0, irp: UInt64 = 1, stage: UInt8? = nil, data: [UInt8]) -> [UInt8] {
    var bytes: [UInt8] = []
    func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    append(UInt16(stage == nil ? 27 : 28))
    append(irp)
    append(status)
    append(UInt16(0x0009))  // URB_FUNCTION_BULK_OR_INTERRUPT_TRANSFER
    bytes.append(completion ? 1 : 0)
    append(UInt16(1))  // bus
    append(device)
    bytes.append(endpoint)
    bytes.append(transfer)
    append(UInt32(data.count))
    if let stage { bytes.append(stage) }
    return bytes + data
}

@Suite struct BootReportDecodingTests {
    func decode(_ packets: [[UInt8]], options: USBCaptureOptions = USBCaptureOptions()) throws -> (events: [CaptureEvent], summary: CaptureSummary) {
        let directory = try TemporaryDirectory()
        let path = directory.path("synthetic.pcap")
        try writeSavefile(path, linkType: 249, packets: packets.enumerated().map { (UInt64($0.offset + 1) * 8_000_000, $0.element) })
        let source = try USBCaptureSource(file: path, options: options)
        return (try source.collect(), source.summary)
    }

    func report(_ modifiers: UInt8, _ keys: UInt8...) -> [UInt8] {
        usbPcapPacket(device: 7, endpoint: 0x81, data: [modifiers, 0] + keys + [UInt8](repeating: 0, count: 6 - keys.count))
    }

    @Test func modifiersArePressesOfTheirOwnAndSetFlagsAndSides() throws {
        // Right Shift + a, then a released with shift still held, then all released.
        let (events, _) = try decode([report(0x20, 0x04), report(0x20), report(0)])
        let presses = events.presses
        #expect(presses.map(\.usage) == [.rightShift, .a, .a, .rightShift])
        #expect(presses.map(\.phase) == [.began, .began, .ended, .ended])
        #expect(presses[1].characters == "A" && presses[1].charactersIgnoringModifiers == "A")
        #expect(presses[1].modifierSides == .rightShift && presses[1].modifierFlags == .shift)
        #expect(presses[3].modifierFlags.isEmpty)
        #expect(presses[0].timestamp == 8_000_000)
    }

    @Test func simultaneousChangesFollowTheDocumentedOrder() throws {
        // Held: LCtrl + b. Next report: LShift + c. Expect b up, LCtrl up, LShift down, c down.
        let (events, _) = try decode([report(0x01, 0x05), report(0x02, 0x06)])
        let tail = events.presses.suffix(4).map { "\($0.phase.name) \($0.usage.name)" }
        #expect(tail == ["ended B", "ended Left Control", "began Left Shift", "began C"])
    }

    @Test func errorRollOverKeepsTheKeysAndEmitsAMarker() throws {
        let (events, summary) = try decode([
            report(0, 0x04, 0x05), report(0x02, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01), report(0x02, 0x04, 0x05), report(0),
        ])
        let markers = events.compactMap { if case .marker(let m) = $0 { return m } else { return nil } }
        #expect(markers.map(\.label) == ["ErrorRollOver"])
        #expect(markers.first?.timestamp == 16_000_000)
        #expect(markers.first?.device == .usb(bus: 1, device: 7, endpoint: 0x81))
        // Rollover: a and b stay down (no release); the modifier byte still applies.
        let names = events.presses.map { "\($0.phase.name) \($0.usage.name)" }
        #expect(names == ["began A", "began B", "began Left Shift", "ended A", "ended B", "ended Left Shift"])
        #expect(summary.markers == 1)
    }

    @Test func heuristicsSeparateMiceHubsAndKeyboards() throws {
        let mouse = usbPcapPacket(device: 3, endpoint: 0x81, data: [0x01, 0x05, 0xFB])
        let hub = usbPcapPacket(device: 2, endpoint: 0x81, data: [0x02])
        let gamepad = usbPcapPacket(device: 4, endpoint: 0x81, data: [0, 0x80, 0x80, 0, 0, 0, 0, 0])
        let error = usbPcapPacket(device: 7, endpoint: 0x81, status: 0xC000_0011, data: [])
        let submit = usbPcapPacket(device: 7, endpoint: 0x81, completion: false, data: [])
        let (events, summary) = try decode([mouse, hub, gamepad, submit, error, report(0, 0x04), report(0)])
        #expect(summary.devices.map(\.id) == [.usb(bus: 1, device: 7, endpoint: 0x81)])
        #expect(summary.devices.first?.identifiedBy == .bootReportHeuristic)
        #expect(summary.devices.first?.pollingIntervalNs == 8_000_000)
        #expect(summary.skipped == [.mouse: 1, .hub: 1, .otherDevice: 1, .submit: 1, .errorStatus: 1])
        #expect(events.presses.count == 2)
    }

    @Test func descriptorsIdentifyTheKeyboardAndItsPollingInterval() throws {
        // GET_DESCRIPTOR(CONFIGURATION) setup stage, then the answer: one boot keyboard interface
        // with interrupt-IN endpoint 0x81, bInterval 4.
        let setup = usbPcapPacket(device: 7, endpoint: 0x80, transfer: 2, completion: false, irp: 99, stage: 0,
                                  data: [0x80, 0x06, 0x00, 0x02, 0x00, 0x00, 0x22, 0x00])
        let configuration: [UInt8] = [9, 2, 34, 0, 1, 1, 0, 0xA0, 50,
                                      9, 4, 0, 0, 1, 3, 1, 1, 0,
                                      9, 0x21, 0x11, 0x01, 0, 1, 0x22, 0x3F, 0,
                                      7, 5, 0x81, 3, 8, 0, 4]
        let answer = usbPcapPacket(device: 7, endpoint: 0x80, transfer: 2, irp: 99, stage: 1, data: configuration)
        let (events, _) = try decode([setup, answer, report(0, 0x04)])
        guard case .device(let info) = events.first else { Issue.record("no device first"); return }
        #expect(info.identifiedBy == .descriptors)
        #expect(info.bInterval == 4)
        #expect(info.pollingIntervalNs == 4_000_000)
        let uncertainties: [UInt64] = events.compactMap { if case .press(_, let u) = $0 { return u } else { return nil } }
        #expect(uncertainties == [4_000_000])
        var high = USBCaptureOptions()
        high.assumedSpeed = .high
        let (fast, _) = try decode([setup, answer, report(0, 0x04)], options: high)
        guard case .device(let fastInfo) = fast.first else { Issue.record("no device first"); return }
        #expect(fastInfo.pollingIntervalNs == 1_000_000)  // 2^(4-1) × 125 µs
    }
}

@Suite struct RealCaptureDeviceTests {
    /// Name, device, vendor, bInterval, polling interval, how the keyboard was identified.
    typealias Expected = (String, String, UInt16?, UInt8?, UInt64, DeviceInfo.Identification)

    /// The demo capture, then the real captures of ``SharedData`` when they are there.
    static let expectedDevices: [Expected] = [
        (Captures.demo, "1.4.129", nil, nil, 8_000_000, .bootReportHeuristic),
    ] + (SharedData.testsRun ? [
        ("sha2017.pcap", "4.5.129", 0x04d9, nil, 8_000_000, .bootReportHeuristic),
        ("icectf2016.pcapng", "3.21.129", 0x05f3, 8, 8_000_000, .descriptors),
        ("picoctf2017.pcap", "2.1.129", nil, nil, 8_000_000, .bootReportHeuristic),
        ("deadly_arthropod.pcap", "1.12.129", 0x1532, 1, 1_000_000, .descriptors),
    ] : [])

    @Test(arguments: expectedDevices)
    func keyboardsAreIdentifiedWithWhatTheCaptureSays(name: String, id: String, vendor: UInt16?, bInterval: UInt8?,
                                                      polling: UInt64, identification: DeviceInfo.Identification) throws {
        let source = try USBCaptureSource(file: Captures.path(name))
        let events = try source.collect()
        #expect(source.summary.devices.map(\.id.description) == [id])
        let device = try #require(source.summary.devices.first)
        #expect(device.vendorID == vendor)
        #expect(device.bInterval == bInterval)
        #expect(device.pollingIntervalNs == polling)
        #expect(device.identifiedBy == identification)
        #expect(events.allSatisfy { if case .press(_, let u) = $0 { return u == polling } else { return true } })
    }

    @Test(.needsSharedData) func skippedPacketsAreCountedByReason() throws {
        let ice = try USBCaptureSource(file: Captures.path("icectf2016.pcapng"))
        _ = try ice.collect()
        #expect(ice.summary.skipped[.hub] == 4)  // the hub's 1–2 byte reports
        #expect(ice.summary.reportsDecoded == 90)
        let sha = try USBCaptureSource(file: Captures.path("sha2017.pcap"))
        _ = try sha.collect()
        #expect(sha.summary.skipped[.errorStatus] == 3)
        #expect(sha.summary.reportsDecoded == 315)
        #expect(sha.summary.packetsRead == sha.summary.reportsDecoded + sha.summary.skippedTotal)
    }

    @Test func theMissingTsharkMessageSaysToRunTheTestScript() {
        #expect(TsharkOracle.MissingTshark().description.contains("Scripts/test.sh"))
    }
}
