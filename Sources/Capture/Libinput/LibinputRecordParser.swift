import KeyTraceCore

/// Reads a `libinput record` recording a line at a time (see ``LibinputCaptureSource``) and
/// decodes each keyboard's events into that device's own event list.
///
/// The recording is YAML, but written by `libinput record` with one `printf` per line in a fixed
/// layout, so a line-oriented reader suffices and keeps errors exact: it tracks the section a line
/// belongs to (header, a device's `evdev` description, its `hid` descriptor, its `events`) by the
/// keys and list items at the indentation `libinput record` writes them, skips sections it does
/// not need (`libinput`, `system`, `udev`, `quirks`, `absinfo`, `libinput` event frames) with
/// everything indented below them, and reports any other line as a syntax error at its column.
struct LibinputRecordParser {
    let path: String
    let options: LibinputOptions
    private(set) var summary = CaptureSummary()
    private var devices: [Device] = []
    private var section = Section.header
    /// A multi-line `[0x.., …]` byte list being read, and what it is for.
    private var byteList: ByteList?
    private var line = 0
    private var sawVersion = false

    private enum Section: Equatable {
        /// Top-level keys.
        case header
        /// Lines indented below a key this reader does not need (and, for a mapping key, the list
        /// items YAML may write at the key's own indentation, `quirks:` / `- …`).
        case skipping(below: Int, itemsAtKeyIndent: Bool, then: Resume)
        case device
        case evdev
        case codes
        case udev
        case events
        case evdevFrame
        case hidFrame

        enum Resume: Equatable {
            case header, device, evdev, events

            var section: Section {
                switch self {
                case .header: .header
                case .device: .device
                case .evdev: .evdev
                case .events: .events
                }
            }
        }
    }

    private struct ByteList {
        enum Target { case descriptor, report(timestamp: UInt64) }
        var target: Target
        var bytes: [UInt8] = []
        var column: Int
    }

    private struct Device {
        var node: String
        var info: DeviceInfo
        var keyCodes: Set<UInt16> = []
        var hasPointerCodes = false
        var udevKeyboard = false
        var descriptor: HIDReportDescriptor?
        var evdev: EvdevDecoder
        var hid: HIDReportDecoder?
        var tracker: KeyStateTracker
        var hidAnnounced = false
        var events: [CaptureEvent] = []
        var summary = CaptureSummary()
        var obfuscated = 0
        var hidTime: UInt64?
        var started = false

        /// udev's `ID_INPUT_KEYBOARD` test: every key from KEY_ESC (1) to KEY_D (31).
        var isKeyboard: Bool { udevKeyboard || (1...31).allSatisfy { keyCodes.contains(UInt16($0)) } }
        var decodesReports: Bool { hid != nil }
    }

    init(path: String, options: LibinputOptions) {
        self.path = path
        self.options = options
    }

    var deviceCount: Int { devices.count }

    /// `event3 "Logitech USB Receiver" (mouse), …` for messages.
    var deviceList: String {
        devices.isEmpty ? "none" : devices.map { device in
            "\(device.node) \"\(device.info.name ?? "?")\" (\(device.hasPointerCodes ? "pointer" : "no keyboard keys"))"
        }.joined(separator: ", ")
    }

    private func error(_ column: Int, _ message: String) -> CaptureError {
        CaptureError.syntax(path, line: line, column: column, message)
    }

    // MARK: Lines

    mutating func read(_ text: String, number: Int) throws(CaptureError) {
        line = number
        let line = LibinputRecordLine(text)
        if byteList != nil { return try continueByteList(line) }
        if line.isBlank { return }
        if case .skipping(let below, let items, let resume) = section {
            if line.indent > below || (items && line.indent == below && line.isListItem) { return }
            section = resume.section
        }
        if line.indent == 0 { return try header(line) }
        switch section {
        case .header:
            throw error(line.indent + 1, "unexpected indented line at the top level; a libinput recording has "
                + "version:, ndevices:, libinput:, system: and devices: there")
        case .device, .skipping: try deviceKey(line)
        case .evdev: try evdevKey(line)
        case .codes: try codes(line)
        case .udev: try udev(line)
        case .events, .evdevFrame, .hidFrame: try eventLine(line)
        }
    }

    private mutating func header(_ line: LibinputRecordLine) throws(CaptureError) {
        if line.content.hasPrefix("- node:") || line.content.hasPrefix("- node :") {
            guard let (_, value, column) = line.keyValue, !value.isEmpty else {
                throw error(line.indent + 1, "a device starts with `- node: /dev/input/eventN`")
            }
            try finishDevice()
            return startDevice(String(value), column: column)
        }
        guard let (key, value, column) = line.keyValue else {
            throw error(1, "expected a top-level key (version:, ndevices:, libinput:, system:, devices:) or `- node:`")
        }
        switch key {
        case "version":
            guard value == "1" else {
                throw error(column, "libinput recording format version '\(value)' is not supported; this reader knows version 1")
            }
            sawVersion = true
        case "ndevices":
            guard let count = Int(value), count >= 0 else { throw error(column, "ndevices takes a number of devices") }
            _ = count
        case "devices":
            guard sawVersion else {
                throw error(1, "devices: before `version: 1`; is this a `libinput record` recording?")
            }
            section = .header
        default:
            section = .skipping(below: 0, itemsAtKeyIndent: false, then: .header)
        }
    }

    private mutating func startDevice(_ node: String, column: Int) {
        let number = EvdevCaptureSource.nodeNumber(node)
        let index = node.hasSuffix("event\(number)") ? number : UInt16(truncatingIfNeeded: devices.count)
        let id = DeviceID(kind: .evdev, index)
        let fromReports = options.keySource == .hidReports
        let uncertainty = fromReports ? options.hidUncertaintyNs : options.evdevUncertaintyNs
        let info = DeviceInfo(id: id, pollingIntervalNs: uncertainty, identifiedBy: .evdev)
        devices.append(Device(node: node, info: info,
                              evdev: EvdevDecoder(device: id, layout: options.layout, uncertaintyNs: options.evdevUncertaintyNs,
                                                  tracksCapsLock: options.tracksCapsLock),
                              tracker: KeyStateTracker(device: id, layout: options.layout, tracksCapsLock: options.tracksCapsLock)))
        section = .device
    }

    /// `evdev:`, `hid: [`, `udev:`, `quirks:`, `libinput:`, `events:` directly under a device.
    private mutating func deviceKey(_ line: LibinputRecordLine) throws(CaptureError) {
        guard !devices.isEmpty else {
            throw error(line.indent + 1, "a device's description before `- node:`")
        }
        guard let (key, value, column) = line.keyValue, !line.isListItem else {
            throw error(line.indent + 1, "expected a device key (evdev:, hid:, udev:, quirks:, libinput:, events:)")
        }
        switch key {
        case "evdev": section = .evdev
        case "hid": try startByteList(value, column: column, target: .descriptor)
        case "udev": section = .udev
        case "events":
            section = .events
            try startEvents()
        default: section = .skipping(below: line.indent, itemsAtKeyIndent: true, then: .device)
        }
    }

    /// `name:`, `id:`, `codes:`, `absinfo:`, `properties:` under `evdev:`.
    private mutating func evdevKey(_ line: LibinputRecordLine) throws(CaptureError) {
        guard line.indent >= 4 else {
            section = .device
            return try deviceKey(line)
        }
        guard let (key, value, column) = line.keyValue else {
            throw error(line.indent + 1, "expected an evdev key (name:, id:, codes:, absinfo:, properties:)")
        }
        switch key {
        case "name":
            var name = value
            if name.hasPrefix("\""), name.hasSuffix("\""), name.count >= 2 { name = name.dropFirst().dropLast() }
            devices[devices.count - 1].info.name = name.isEmpty ? nil : String(name)
        case "id":
            let numbers = try list(value, column: column, what: "id: [bus, vendor, product, version]")
            guard numbers.count == 4, let vendor = UInt16(exactly: numbers[1]), let product = UInt16(exactly: numbers[2]) else {
                throw error(column, "id holds four numbers: [bus, vendor, product, version]")
            }
            devices[devices.count - 1].info.vendorID = vendor
            devices[devices.count - 1].info.productID = product
        case "codes": section = .codes
        default: section = .skipping(below: line.indent, itemsAtKeyIndent: true, then: .evdev)
        }
    }

    /// `TYPE: [code, code, …] # EV_…` under `codes:`.
    private mutating func codes(_ line: LibinputRecordLine) throws(CaptureError) {
        guard line.indent >= 6 else {
            section = .evdev
            return try evdevKey(line)
        }
        guard let (key, value, column) = line.keyValue, let type = UInt16(key) else {
            throw error(line.indent + 1, "expected `TYPE: [codes…]` (an event type number and its codes)")
        }
        let codes = try list(value, column: column, what: "the event type's codes")
        if type == EvdevDecoder.evKey {
            devices[devices.count - 1].keyCodes = Set(codes.compactMap { UInt16(exactly: $0) })
            if codes.contains(0x110) { devices[devices.count - 1].hasPointerCodes = true }  // BTN_LEFT
        }
        if type == 2, codes.contains(0) { devices[devices.count - 1].hasPointerCodes = true }  // EV_REL REL_X
    }

    /// `- ID_INPUT_KEYBOARD=1` under `udev: properties:`.
    private mutating func udev(_ line: LibinputRecordLine) throws(CaptureError) {
        if line.indent <= 2 {
            section = .device
            return try deviceKey(line)
        }
        if line.content.hasSuffix("ID_INPUT_KEYBOARD=1") { devices[devices.count - 1].udevKeyboard = true }
    }

    private mutating func startEvents() throws(CaptureError) {
        var device = devices[devices.count - 1]
        defer { devices[devices.count - 1] = device }
        device.started = true
        guard device.isKeyboard else { return }
        if options.keySource == .hidReports {
            guard let descriptor = device.descriptor else {
                throw error(1, "keys are to come from hid reports, but keyboard \(device.node) has no `hid:` report "
                    + "descriptor (record with `libinput record --with-hidraw`, or read its evdev events)")
            }
            device.hid = HIDReportDecoder(descriptor: descriptor)
            device.info.identifiedBy = .reportDescriptor
        } else {
            device.evdev.announce(device.info, into: &device.events)
            let hasDescriptor = device.descriptor != nil
            device.summary.updateEndpoint(device.info.id) { entry in
                entry.role = "keyboard"
                entry.identifiedBy = .evdev
                entry.hasReportDescriptor = hasDescriptor
            }
        }
    }

    // MARK: Events

    /// `- evdev:`, `- hid:`, `- libinput:` frames and their contents.
    private mutating func eventLine(_ line: LibinputRecordLine) throws(CaptureError) {
        if line.indent <= 2, !line.isListItem {
            section = .device
            return try deviceKey(line)
        }
        if line.indent <= 2 {
            switch line.content {
            case "- evdev:": section = .evdevFrame
            case "- hid:":
                section = .hidFrame
                devices[devices.count - 1].hidTime = nil
            default:
                // `- libinput:` frames (--with-libinput) and anything newer: libinput's own view, not needed.
                section = .skipping(below: line.indent, itemsAtKeyIndent: false, then: .events)
            }
            return
        }
        switch section {
        case .evdevFrame: try evdevEvent(line)
        case .hidFrame: try hidLine(line)
        default:
            throw error(line.indent + 1, "an event outside an `- evdev:` or `- hid:` frame")
        }
    }

    /// `- [sec, usec, type, code, value] # comment`.
    private mutating func evdevEvent(_ line: LibinputRecordLine) throws(CaptureError) {
        guard line.isListItem else { throw error(line.indent + 1, "expected an evdev event `- [sec, usec, type, code, value]`") }
        let body = line.content.dropFirst(2)
        let column = line.column(of: body.startIndex)
        let numbers = try list(body, column: column, what: "an evdev event [sec, usec, type, code, value]")
        guard numbers.count == 5 else {
            throw error(column, "an evdev event holds five numbers [sec, usec, type, code, value], found \(numbers.count)")
        }
        let timestamp = try time(numbers[0], numbers[1], column: column)
        guard let type = UInt16(exactly: numbers[2]), let code = UInt16(exactly: numbers[3]), let value = Int32(exactly: numbers[4]) else {
            throw error(column, "event type and code must fit 16 bits and the value 32 bits")
        }
        var device = devices[devices.count - 1]
        defer { devices[devices.count - 1] = device }
        guard device.isKeyboard else {
            device.summary.packetsRead += 1
            return device.summary.skip(device.hasPointerCodes ? .mouse : .otherDevice)
        }
        guard !device.decodesReports else {
            device.summary.packetsRead += 1
            return device.summary.skip(.otherSource)
        }
        if type == EvdevDecoder.evKey, let comment = line.comment, comment.contains("(obfuscated)") {
            if device.obfuscated == 0 {
                device.evdev.mark(CaptureMarker(
                    label: "libinput-obfuscated",
                    detail: "libinput record wrote the alphanumeric keys of \(device.node) as KEY_A (record with --show-keycodes "
                        + "for the real keys): these presses are placeholders", timestamp: timestamp, device: device.info.id),
                    into: &device.events)
            }
            device.obfuscated += 1
        }
        device.evdev.consume(type: type, code: code, value: value, timestamp: timestamp, into: &device.events)
    }

    /// `time: [sec, usec]` and `hidrawN: [bytes…]` inside a `- hid:` frame.
    private mutating func hidLine(_ line: LibinputRecordLine) throws(CaptureError) {
        guard let (key, value, column) = line.keyValue, !line.isListItem else {
            throw error(line.indent + 1, "expected `time: [sec, usec]` or `hidrawN: [bytes…]` in a hid frame")
        }
        if key == "time" {
            let numbers = try list(value, column: column, what: "time: [sec, usec]")
            guard numbers.count == 2 else { throw error(column, "time holds two numbers: [sec, usec]") }
            devices[devices.count - 1].hidTime = try time(numbers[0], numbers[1], column: column)
            return
        }
        guard key.hasPrefix("hidraw") else {
            throw error(line.indent + 1, "unknown key '\(key)' in a hid frame; expected time: or hidrawN:")
        }
        guard let timestamp = devices[devices.count - 1].hidTime else {
            throw error(line.indent + 1, "a hid report before its frame's `time: [sec, usec]`")
        }
        try startByteList(value, column: column, target: .report(timestamp: timestamp))
    }

    private mutating func report(_ bytes: [UInt8], timestamp: UInt64) {
        var device = devices[devices.count - 1]
        defer { devices[devices.count - 1] = device }
        device.summary.packetsRead += 1
        guard device.isKeyboard else { return device.summary.skip(device.hasPointerCodes ? .mouse : .otherDevice) }
        guard var decoder = device.hid else { return device.summary.skip(.otherSource) }
        decoder.consume(bytes, keyboard: device.info, announced: &device.hidAnnounced, tracker: &device.tracker,
                        timestamp: timestamp, uncertaintyNs: options.hidUncertaintyNs,
                        recordsReport: options.recordsReports, summary: &device.summary, into: &device.events)
        device.hid = decoder
    }

    // MARK: Values

    private mutating func startByteList(_ value: Substring, column: Int, target: ByteList.Target) throws(CaptureError) {
        guard value.hasPrefix("[") else { throw error(column, "expected a byte list `[0x.., …]`") }
        byteList = ByteList(target: target, column: column)
        try appendBytes(value.dropFirst(), column: column + 1)
    }

    private mutating func continueByteList(_ line: LibinputRecordLine) throws(CaptureError) {
        try appendBytes(line.content, column: line.indent + 1)
    }

    /// Adds the bytes of `text` to the list being read; a `]` ends it.
    private mutating func appendBytes(_ text: Substring, column: Int) throws(CaptureError) {
        guard var list = byteList else { return }
        var body = text
        let closes = body.last == "]"
        if closes { body = body.dropLast() }
        if body.contains("]") || body.contains("[") {
            throw error(column, "a byte list holds `0x..` values separated by commas and ends with `]`")
        }
        for element in LibinputFlowList.elements(body, column: column) {
            switch element {
            case .number(let value, let column):
                guard let byte = UInt8(exactly: value) else { throw error(column, "\(value) is not a byte (0x00–0xff)") }
                guard list.bytes.count < HIDReportDescriptor.Limits.descriptorBytes else {
                    throw error(column, "a byte list longer than \(HIDReportDescriptor.Limits.descriptorBytes) bytes")
                }
                list.bytes.append(byte)
            case .invalid(let text, let column):
                throw error(column, "'\(text)' is not a byte; write 0x00–0xff")
            }
        }
        guard closes else {
            byteList = list
            return
        }
        byteList = nil
        switch list.target {
        case .descriptor:
            do {
                devices[devices.count - 1].descriptor = try HIDReportDescriptor(parsing: list.bytes)
            } catch {
                throw self.error(list.column, "the report descriptor does not parse: \(error)")
            }
        case .report(let timestamp):
            report(list.bytes, timestamp: timestamp)
        }
    }

    private func list(_ value: Substring, column: Int, what: String) throws(CaptureError) -> [Int64] {
        guard value.hasPrefix("["), value.hasSuffix("]") else { throw error(column, "expected \(what) in brackets") }
        var numbers: [Int64] = []
        for element in LibinputFlowList.elements(value.dropFirst().dropLast(), column: column + 1) {
            switch element {
            case .number(let value, _): numbers.append(value)
            case .invalid(let text, let column): throw error(column, "'\(text)' is not a number in \(what)")
            }
        }
        return numbers
    }

    /// Seconds and microseconds as nanoseconds; negative, ≥ 10⁶ µs, or beyond 2^64 ns is an error.
    private func time(_ seconds: Int64, _ microseconds: Int64, column: Int) throws(CaptureError) -> UInt64 {
        guard seconds >= 0, microseconds >= 0, microseconds < 1_000_000 else {
            throw error(column, "a time is [seconds, microseconds] with microseconds below 1000000, found [\(seconds), \(microseconds)]")
        }
        let ns = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        let sum = ns.partialValue.addingReportingOverflow(UInt64(microseconds) * 1_000)
        guard !ns.overflow, !sum.overflow else { throw error(column, "the time [\(seconds), \(microseconds)] passes 2^64 ns") }
        return sum.partialValue
    }

    // MARK: End

    private mutating func finishDevice() throws(CaptureError) {
        guard var device = devices.popLast() else { return }
        defer { devices.append(device) }
        if !device.started, device.isKeyboard {
            // A keyboard described without an `events:` list: announce it all the same.
            devices.append(device)
            try startEvents()
            device = devices.removeLast()
        }
        device.evdev.finish()
        device.summary.keysHeldAtEnd += device.tracker.heldCount
        if !device.isKeyboard {
            let role = device.hasPointerCodes ? "mouse" : "other"
            device.summary.updateEndpoint(device.info.id) { $0.role = role }
        }
    }

    /// Ends the recording: the last device is finished and the summaries are added up. Throws
    /// when a byte list was left open.
    mutating func finish() throws(CaptureError) {
        if let list = byteList {
            throw error(list.column, "the file ends inside a byte list; it needs its closing `]`")
        }
        guard sawVersion else {
            throw CaptureError.syntax(path, line: 1, column: 1, "not a libinput recording: it has no `version: 1` line "
                + "(record one with `sudo libinput record /dev/input/eventN -o FILE.yml`)")
        }
        try finishDevice()
    }

    /// Every device's events, `.device` announcements first, then in time order (a stable merge:
    /// equal times keep device order), and the summary of all devices.
    mutating func mergedEvents() -> [CaptureEvent] {
        var announcements: [CaptureEvent] = []
        var timed: [(timestamp: UInt64, device: Int, sequence: Int, event: CaptureEvent)] = []
        summary = CaptureSummary()
        for (index, device) in devices.enumerated() {
            var deviceSummary = device.summary
            deviceSummary.add(device.evdev.summary)
            summary.add(deviceSummary)
            summary.obfuscatedPresses += device.obfuscated
            for (sequence, event) in device.events.enumerated() {
                switch event {
                case .device: announcements.append(event)
                case .press(let press, _): timed.append((press.timestamp, index, sequence, event))
                case .marker(let marker): timed.append((marker.timestamp, index, sequence, event))
                case .focus(_, let timestamp): timed.append((timestamp, index, sequence, event))
                case .dropped: timed.append((0, index, sequence, event))
                case .report(let report): timed.append((report.timestamp, index, sequence, event))
                }
            }
        }
        summary.sortEndpoints()
        timed.sort { ($0.timestamp, $0.device, $0.sequence) < ($1.timestamp, $1.device, $1.sequence) }
        return announcements + timed.map(\.event)
    }
}
