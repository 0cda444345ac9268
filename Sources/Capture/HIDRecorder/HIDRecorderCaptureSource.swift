import KeyTraceCore

/// Keyboard events from a `hid-recorder` recording (hid-tools), read a line at a time.
///
/// ```
/// # ITE Device(8910)                           comment
/// D: 0                                         device index: the lines after it are that device's
/// R: 188 06 85 ff 09 95 a1 01 …                report descriptor: length (decimal), bytes (hex)
/// N: ITE Device(8910)                          name
/// P: usb-0000:00:14.0-8/input0                 physical path (ignored)
/// I: 3 06cb 2968                               bus, vendor, product (hex)
/// E: 000001.000120 9 01 02 00 04 00 00 00 00 00   seconds.microseconds, length (decimal), report bytes (hex)
/// ```
/// Each `D:` device decodes its reports with its own descriptor (``HIDReportDescriptor``) into
/// presses of device `hidraw.N`. Timestamps are the times user space read each report from
/// hidraw, relative to the first read: later than the key change by the polling interval plus
/// the kernel's and the reader's scheduling delays, so each press carries
/// ``HIDRecorderOptions/timestampUncertaintyNs``. A line that cannot be read is a
/// ``CaptureError/Code/syntax`` error naming its line and column.
public final class HIDRecorderCaptureSource: StreamingCaptureSource {
    /// The recording being read.
    public let path: String
    /// Ends the capture early when stopped (from any thread); checked before each line is read.
    public let stopper: CaptureStopper
    private let reader: LineReader
    private let options: HIDRecorderOptions
    private var devices: [UInt16: Device] = [:]
    private var current: UInt16 = 0
    var pending = PendingEvents()
    private var decoded = CaptureSummary()

    private struct Device {
        var info: DeviceInfo
        var descriptor: HIDReportDescriptor?
        var decoder: HIDReportDecoder?
        var tracker: KeyStateTracker
        var announced = false
    }

    /// Opens the recording at `path`; its lines are read and checked as ``next()`` needs them.
    public init(path: String, options: HIDRecorderOptions = HIDRecorderOptions(),
                stopper: CaptureStopper = CaptureStopper()) throws(CaptureError) {
        reader = LineReader(try InputFile(path: path))
        self.path = path
        self.options = options
        self.stopper = stopper
    }

    /// What has been decoded so far; complete once ``next()`` returned `nil` or threw.
    public var summary: CaptureSummary { decoded }

    /// Asks the capture to end; same as `stopper.stop()`.
    public func stop() { stopper.stop() }

    /// Reads and decodes one line (``next()`` comes from ``StreamingCaptureSource``).
    func readMore() throws(CaptureError) {
        guard let line = try reader.nextLine() else { return endInput() }
        decoded.packetsRead += 1
        try parse(line, number: reader.lineNumber)
    }

    func endInput() {
        for device in devices.values {
            decoded.keysHeldAtEnd += device.tracker.heldCount
        }
        decoded.sortEndpoints()
        let noKeyboard = options.requiresKeyboard && decoded.devices.isEmpty
        pending.finish(deferring: noKeyboard ? CaptureError.noKeyboard(path, summary: decoded) : nil)
    }

    private func device(_ index: UInt16) -> Device {
        if let device = devices[index] { return device }
        let id = DeviceID(kind: .hidraw, index)
        return Device(info: DeviceInfo(id: id, pollingIntervalNs: options.timestampUncertaintyNs, identifiedBy: .reportDescriptor),
                      tracker: KeyStateTracker(device: id, layout: options.layout, tracksCapsLock: options.tracksCapsLock))
    }

    private func fail(_ line: Int, _ column: Int, _ message: String) -> CaptureError {
        pending.finish()
        return CaptureError.syntax(path, line: line, column: column, message)
    }

    private func parse(_ text: String, number: Int) throws(CaptureError) {
        let expected = "expected `# comment` or a line starting D:, R:, N:, P:, I: or E:"
        guard let line = try TaggedLine.tagged(text, untagged: { fail(number, $0, expected) }) else { return }
        let (tag, fields, index) = (line.tag, line.fields, line.column - 1)
        var device = device(current)
        switch tag {
        case "D":
            guard fields.count == 1, let value = UInt16(fields[0].text) else {
                throw fail(number, fields.first?.column ?? index + 3, "a D: line holds one device index (decimal)")
            }
            current = value
            return
        case "N":
            device.info.name = line.value.isEmpty ? nil : line.value
        case "P":
            return
        case "I":
            guard fields.count >= 3, UInt32(fields[0].text, radix: 16) != nil,
                  let vendor = UInt16(fields[1].text, radix: 16), let product = UInt16(fields[2].text, radix: 16) else {
                throw fail(number, fields.first?.column ?? index + 3, "an I: line holds three hex numbers: bus vendor product")
            }
            device.info.vendorID = vendor
            device.info.productID = product
        case "R":
            let bytes = try hexBytes(fields, number: number, what: "report descriptor")
            do {
                let descriptor = try HIDReportDescriptor(parsing: bytes)
                device.descriptor = descriptor
                device.decoder = HIDReportDecoder(descriptor: descriptor)
            } catch {
                throw fail(number, fields.first?.column ?? index + 3, "\(error)")
            }
        case "E":
            guard fields.count >= 2, let timestamp = EvemuCaptureSource.nanoseconds(fields[0].text) else {
                throw fail(number, fields.first?.column ?? index + 3, "an E: line holds `seconds.microseconds length bytes…`")
            }
            let bytes = try hexBytes(Array(fields.dropFirst()), number: number, what: "report")
            guard var decoder = device.decoder else {
                throw fail(number, index + 1, "an E: line before its device's R: report descriptor line")
            }
            device.decoder = nil  // the decoder changes in place
            consume(bytes, decoder: &decoder, device: &device, timestamp: timestamp)
            device.decoder = decoder
        default:
            throw fail(number, index + 1, "unknown line type '\(tag):'; hid-recorder lines start with #, D:, R:, N:, P:, I: or E:")
        }
        devices[current] = device
    }

    /// `LENGTH byte byte …`: a decimal length, then that many hex bytes.
    private func hexBytes(_ fields: [(text: String, column: Int)], number: Int, what: String) throws(CaptureError) -> [UInt8] {
        guard let first = fields.first, let length = Int(first.text), length >= 0 else {
            throw fail(number, fields.first?.column ?? 3, "a \(what) starts with its length in bytes (decimal)")
        }
        var bytes: [UInt8] = []
        for field in fields.dropFirst() {
            guard field.text.count <= 2, let byte = UInt8(field.text, radix: 16) else {
                throw fail(number, field.column, "'\(field.text)' is not a hex byte")
            }
            bytes.append(byte)
        }
        guard bytes.count == length else {
            throw fail(number, first.column, "the \(what) says \(length) bytes but \(bytes.count) follow")
        }
        return bytes
    }

    private func consume(_ report: [UInt8], decoder: inout HIDReportDecoder, device: inout Device, timestamp: UInt64) {
        decoder.consume(report, keyboard: device.info, announced: &device.announced, tracker: &device.tracker,
                        timestamp: timestamp, uncertaintyNs: options.timestampUncertaintyNs,
                        recordsReport: options.recordsReports, summary: &decoded, into: &pending.events)
    }
}

/// How hid-recorder recordings are decoded.
public struct HIDRecorderOptions: Hashable, Sendable {
    /// The layout that fills ``KeyPress/characters``.
    public var layout: KeyboardLayout = .usANSI
    /// How far before each timestamp the key may really have changed: hid-recorder stamps the
    /// time user space read the report, which trails the key by up to a polling interval plus
    /// scheduling delays. 10 ms by default (an 8 ms polling interval and 2 ms of delays).
    public var timestampUncertaintyNs: UInt64 = 10_000_000
    /// Whether Caps Lock presses toggle ``ModifierFlags/alphaShift`` (off at the start).
    public var tracksCapsLock = true
    /// Whether reaching the end without any key is an error (``CaptureError/Code/noKeyboard``).
    public var requiresKeyboard = true
    /// Whether every Input report of a device with keys becomes a ``CaptureEvent/report(_:)``.
    public var recordsReports = true

    /// Default options: US ANSI layout, 10 ms uncertainty, Caps Lock tracked, a keyboard required,
    /// reports recorded.
    public init() {}
}
