import KeyTraceCore

/// Keyboard events from an `evemu-record` text recording, read a line at a time.
///
/// ```
/// # EVEMU 1.3                                  comment
/// N: AT Translated Set 2 keyboard              device name
/// I: 0011 0001 0001 ab41                       bus, vendor, product, version (hex)
/// P: / B: / A: / L: / S: …                     properties, bits, axes, LEDs, switches (ignored)
/// E: 0.000001 0004 0004 458792 # EV_MSC …      seconds.microseconds, type (hex), code (hex), value (decimal)
/// ```
/// Events decode as evdev events do (see ``EvdevCaptureSource``). A line that cannot be read is
/// a ``CaptureError/Code/syntax`` error naming its line and column.
public final class EvemuCaptureSource: StreamingCaptureSource {
    /// The evemu recording being read.
    public let path: String
    /// Ends the capture early when stopped (from any thread); checked before each line is read.
    public let stopper: CaptureStopper
    private let reader: LineReader
    private let options: EvdevOptions
    private var decoder: EvdevDecoder
    private var info: DeviceInfo
    private var announced = false
    var pending = PendingEvents()

    /// Opens the evemu recording at `path`; its lines are read and checked as ``next()`` needs them.
    public init(path: String, options: EvdevOptions = EvdevOptions(),
                stopper: CaptureStopper = CaptureStopper()) throws(CaptureError) {
        reader = LineReader(try InputFile(path: path))
        self.path = path
        self.options = options
        self.stopper = stopper
        let device = DeviceID(kind: .evdev)
        info = DeviceInfo(id: device, pollingIntervalNs: options.timestampUncertaintyNs, identifiedBy: .evdev)
        decoder = EvdevDecoder(device: device, layout: options.layout, uncertaintyNs: options.timestampUncertaintyNs,
                               tracksCapsLock: options.tracksCapsLock)
    }

    /// What has been decoded so far; complete once ``next()`` returned `nil` or threw.
    public var summary: CaptureSummary { decoder.summary }

    /// Asks the capture to end; same as `stopper.stop()`.
    public func stop() { stopper.stop() }

    /// Reads and decodes one line (``next()`` comes from ``StreamingCaptureSource``).
    ///
    /// The ``DeviceInfo`` comes first, after the `N:` and `I:` header lines. Throws a
    /// ``CaptureError/Code/syntax`` error for a line that cannot be read.
    func readMore() throws(CaptureError) {
        guard let line = try reader.nextLine() else { return endInput() }
        try parse(line, number: reader.lineNumber)
    }

    func endInput() {
        announceIfNeeded()
        decoder.finish()
        pending.finish()
    }

    private func announceIfNeeded() {
        guard !announced else { return }
        announced = true
        decoder.announce(info, into: &pending.events)
    }

    private func fail(_ line: Int, _ column: Int, _ message: String) -> CaptureError {
        pending.finish()
        return CaptureError.syntax(path, line: line, column: column, message)
    }

    private func parse(_ text: String, number: Int) throws(CaptureError) {
        let expected = "expected `# comment`, a header line (N:, I:, P:, B:, A:, L:, S:) or an event line `E: seconds.microseconds type code value`"
        guard let line = try TaggedLine.tagged(text, untagged: { fail(number, $0, expected) }) else { return }
        let (tag, fields, index) = (line.tag, line.fields, line.column - 1)
        switch tag {
        case "N":
            info.name = line.value.isEmpty ? nil : line.value
        case "I":
            guard fields.count >= 3, let vendor = UInt16(fields[1].text, radix: 16),
                  let product = UInt16(fields[2].text, radix: 16)
            else { throw fail(number, fields.first?.column ?? index + 3, "an I: line holds four hex numbers: bus vendor product version") }
            info.vendorID = vendor
            info.productID = product
        case "P", "B", "A", "L", "S":
            break
        case "E":
            announceIfNeeded()
            guard fields.count == 4 else {
                throw fail(number, fields.count < 4 ? (fields.last.map { $0.column + $0.text.count } ?? index + 3)
                                                    : fields[4].column,
                           "an E: line holds `seconds.microseconds type code value`, found \(fields.count) fields")
            }
            guard let timestamp = Self.nanoseconds(fields[0].text) else {
                throw fail(number, fields[0].column, "'\(fields[0].text)' is not a time in seconds.microseconds")
            }
            guard let type = UInt16(fields[1].text, radix: 16) else {
                throw fail(number, fields[1].column, "'\(fields[1].text)' is not an event type in hex (e.g. 0001 for EV_KEY)")
            }
            guard let code = UInt16(fields[2].text, radix: 16) else {
                throw fail(number, fields[2].column, "'\(fields[2].text)' is not an event code in hex (e.g. 001e for KEY_A)")
            }
            guard let value = Int32(fields[3].text) else {
                throw fail(number, fields[3].column, "'\(fields[3].text)' is not a decimal value")
            }
            decoder.consume(type: type, code: code, value: value, timestamp: timestamp, into: &pending.events)
        default:
            throw fail(number, index + 1, "unknown line type '\(tag):'; evemu lines start with #, N:, I:, P:, B:, A:, L:, S: or E:")
        }
    }

    /// `12.000345` → 12_000_345_000 ns; more or fewer fraction digits are accepted.
    static func nanoseconds(_ text: String) -> UInt64? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let seconds = UInt64(parts[0]) else { return nil }
        let whole = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !whole.overflow else { return nil }  // beyond 2^64 ns: not a time this reader can hold
        guard parts.count == 2 else { return whole.partialValue }
        let fraction = parts[1]
        guard !fraction.isEmpty, fraction.count <= 9, fraction.allSatisfy({ $0.isASCII && $0.isNumber }),
              let digits = UInt64(fraction)
        else { return nil }
        var scale: UInt64 = 1
        for _ in fraction.count..<9 { scale *= 10 }
        let sum = whole.partialValue.addingReportingOverflow(digits * scale)
        return sum.overflow ? nil : sum.partialValue
    }
}

extension String {
    func trimmingCharacters(inSet set: String) -> String {
        var slice = Substring(self)
        while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
