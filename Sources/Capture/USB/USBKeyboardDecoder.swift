import KeyTraceCore

/// Turns USB packets into keyboard events. The file and live sources both feed packets here,
/// so a savefile exercises exactly the live decoding.
///
/// ```
/// packet ─► header (usbmon 48/64, USBPcap) ─┬─ submit ............................ skipped: submit
///                                           ├─ error status ...................... skipped: error-status
///                                           ├─ control ─► GET_DESCRIPTOR answers ─► device, interfaces,
///                                           │                  product name, report descriptors
///                                           ├─ SET_REPORT(Output) submit ─► .report (LEDs)
///                                           ├─ interrupt OUT submit to a keyboard ─► .report (LEDs)
///                                           ├─ bulk, isochronous, interrupt OUT .. skipped: other-device
///                                           └─ interrupt IN completion ─► endpoint role and layout
///                                                 keyboard ─► report descriptor decoder ─┐
///                                                          ─► boot report (after a report ID) ─► diff ─► .press …
///                                                 hub / mouse / other ........... skipped by role
/// ```
/// An interface's report descriptor decides its layout; without one, the boot-report
/// heuristics guess it (and the device says so in ``DeviceInfo/identifiedBy``).
struct USBKeyboardDecoder {
    struct DeviceKey: Hashable {
        var bus: UInt16
        var device: UInt16
    }

    /// Ordered by bus, device and endpoint address: loops whose results reach the output visit
    /// endpoints in this order, never in the dictionary's, which differs between runs.
    struct EndpointKey: Hashable, Comparable {
        var bus: UInt16
        var device: UInt16
        var endpoint: UInt8
        var deviceKey: DeviceKey { DeviceKey(bus: bus, device: device) }

        var id: DeviceID { .usb(bus: bus, device: device, endpoint: endpoint) }

        static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.bus, lhs.device, lhs.endpoint) < (rhs.bus, rhs.device, rhs.endpoint)
        }
    }

    private struct RequestKey: Hashable {
        var bus: UInt16
        var device: UInt16
        var request: UInt64
    }

    /// A GET_DESCRIPTOR request waiting for its answer: descriptor type, index, and the
    /// interface for requests to an interface.
    private struct Request {
        var type: UInt8
        var index: UInt8
        var interface: UInt8?
    }

    private struct Device {
        var descriptor: USBDescriptors.Device?
        var interfaces: [USBDescriptors.Interface]?
        var name: String?
        /// Report descriptors by interface number.
        var reportDescriptors: [UInt8: HIDReportDescriptor] = [:]
    }

    let linkType: USBLinkType
    let options: USBCaptureOptions
    /// What was decoded, but for the counts kept apart (``skips``, boot keys per endpoint).
    private var decoded = CaptureSummary()
    private var skips = SkipCounts()
    private var endpoints: [EndpointKey: Endpoint] = [:]
    /// The endpoint of the previous interrupt packet (consecutive reports mostly come from one),
    /// not retained: ``endpoints`` owns every endpoint for the decoder's lifetime, and reading
    /// it this way spares each packet an atomic retain and release.
    private var lastEndpoint: Unmanaged<Endpoint>?
    private var devices: [DeviceKey: Device] = [:]
    /// The presses of the boot report being decoded, held back until its report record is out:
    /// the first ones of the array, which is overwritten rather than emptied for each report.
    private var heldPresses: [KeyPress] = []
    /// The events of the described report being decoded, held back likewise.
    private var heldEvents: [CaptureEvent] = []
    /// GET_DESCRIPTOR requests not yet answered.
    private var pendingRequests: [RequestKey: Request] = [:]
    /// USBPcap SET_REPORT(Output) setup stages waiting for their data stage: the interface.
    private var pendingSetReports: [RequestKey: (interface: UInt8, reportID: UInt8)] = [:]

    init(linkType: USBLinkType, options: USBCaptureOptions) {
        self.linkType = linkType
        self.options = options
    }

    var keyboardsFound: Int { decoded.devices.count }

    /// What has been decoded so far.
    var summary: CaptureSummary {
        var summary = decoded
        for skip in Skip.allCases where skips[skip] > 0 {
            summary.skipped[skip.reason, default: 0] += skips[skip]
        }
        for endpoint in endpoints.values where endpoint.bootKeysPressed > 0 {
            summary.updateEndpoint(endpoint.key.id) {
                $0.keysByPage[HIDUsagePage.keyboard.rawValue, default: 0] += endpoint.bootKeysPressed
            }
        }
        return summary
    }

    private mutating func skip(_ reason: Skip) { skips[reason] += 1 }

    /// The state of endpoint `key` (created on first use) for the time of `body`: the previous
    /// packet's endpoint without a reference count, another one looked up.
    @inline(__always)
    private mutating func withEndpoint(_ key: EndpointKey, _ body: (inout Self, Endpoint) -> Void) {
        if let last = lastEndpoint, last._withUnsafeGuaranteedRef({ $0.key == key }) {
            last._withUnsafeGuaranteedRef { body(&self, $0) }
        } else {
            body(&self, lookUpEndpoint(key))
        }
    }

    /// The endpoint `key`, created on first use, which becomes the one ``withEndpoint(_:_:)``
    /// finds first.
    private mutating func lookUpEndpoint(_ key: EndpointKey) -> Endpoint {
        let endpoint = endpoints[key] ?? newEndpoint(key)
        endpoints[key] = endpoint
        lastEndpoint = Unmanaged.passUnretained(endpoint)
        return endpoint
    }

    /// The USB device (bus, address) an endpoint belongs to, as the summary names it.
    private static func deviceID(_ key: DeviceKey) -> DeviceID { .usb(bus: key.bus, device: key.device, endpoint: 0) }

    /// Decodes one packet captured at `timestamp` (ns), giving `sink` what it produced.
    mutating func consume<Sink: CaptureEventSink>(_ bytes: UnsafeRawBufferPointer, timestamp: UInt64,
                                                  into sink: inout Sink) {
        decoded.packetsRead += 1
        if USBPacket.isInterruptInSubmit(bytes, linkType: linkType) {
            // Half of a keyboard's traffic: the host asking for the next report. Skipped
            // from the header's first bytes, without decoding the packet.
            return skip(.submit)
        }
        guard let packet = USBPacket.parse(bytes, linkType: linkType) else {
            skip(.malformed)
            return
        }
        if packet.transfer == .control {
            consumeControl(packet, timestamp: timestamp, into: &sink)
            return
        }
        if packet.transfer == .interrupt, !packet.isIn, !packet.isCompletion, options.recordsReports {
            recordInterruptOut(packet, timestamp: timestamp, into: &sink)
        }
        guard packet.isCompletion else { return skip(.submit) }
        guard packet.status == 0 else { return skip(.errorStatus) }
        guard packet.transfer == .interrupt, packet.isIn else { return skip(.otherDevice) }
        consumeInterruptIn(packet, timestamp: timestamp, into: &sink)
    }

    /// Ends decoding: counts keys still held and settles undecided endpoints.
    mutating func finish() {
        for (_, endpoint) in endpoints {
            if endpoint.role == .keyboard {
                decoded.keysHeldAtEnd += endpoint.tracker.heldCount
            } else if endpoint.undecidedReports > 0 {
                skips[.otherDevice] += endpoint.undecidedReports
            }
        }
        decoded.sortEndpoints()
    }

    // MARK: Control transfers: descriptors

    private mutating func consumeControl<Sink: CaptureEventSink>(_ packet: USBPacket, timestamp: UInt64,
                                                                 into sink: inout Sink) {
        let key = RequestKey(bus: packet.bus, device: packet.device, request: packet.requestID)
        if !packet.isCompletion {
            skip(.submit)
            if options.recordsReports { recordSetReport(packet, key: key, timestamp: timestamp, into: &sink) }
            // GET_DESCRIPTOR: bmRequestType 0x80 (device-to-host, standard, device) or 0x81 (…,
            // interface: report descriptors), bRequest 6; wValue is type << 8 | index, wIndex the
            // interface.
            if let setup = packet.setup, setup.count >= 6, setup[0] == 0x80 || setup[0] == 0x81, setup[1] == 6 {
                if pendingRequests.count > 4096 { pendingRequests.removeAll() }
                pendingRequests[key] = Request(type: setup[3], index: setup[2], interface: setup[0] == 0x81 ? setup[4] : nil)
            }
            return
        }
        guard packet.status == 0 else {
            pendingRequests[key] = nil
            return skip(.errorStatus)
        }
        skip(.controlTransfer)
        guard packet.data.count >= 2 else { return }
        let asked = pendingRequests.removeValue(forKey: key)
        // Without the request (capture started mid-transfer), descriptors identify themselves;
        // a report descriptor does not, so it is only read when its request was captured.
        let type = asked?.type ?? packet.data[1]
        let deviceKey = DeviceKey(bus: packet.bus, device: packet.device)
        if type == USBDescriptors.deviceType, let descriptor = USBDescriptors.device(packet.data) {
            devices[deviceKey, default: Device()].descriptor = descriptor
            refreshAnnouncedEndpoints(of: deviceKey, into: &sink)
        } else if type == USBDescriptors.configurationType, let interfaces = USBDescriptors.interfaces(packet.data),
                  !interfaces.isEmpty {
            devices[deviceKey, default: Device()].interfaces = interfaces
            applyInterfaces(interfaces, of: deviceKey, into: &sink)
        } else if type == USBDescriptors.stringType, let asked, asked.index != 0,
                  asked.index == devices[deviceKey]?.descriptor?.productString,
                  let name = USBDescriptors.string(packet.data) {
            devices[deviceKey, default: Device()].name = name
            decoded.updateDevice(Self.deviceID(deviceKey)) { $0.name = name }
            refreshAnnouncedEndpoints(of: deviceKey, into: &sink)
        } else if type == USBDescriptors.reportType, let interface = asked?.interface {
            learnReportDescriptor(packet.data, interface: interface, of: deviceKey, into: &sink)
        }
    }

    /// Parses an interface's report descriptor and lays its endpoints out by it.
    private mutating func learnReportDescriptor<Sink: CaptureEventSink>(_ bytes: UnsafeRawBufferPointer,
                                                                        interface asked: UInt8, of device: DeviceKey,
                                                                        into sink: inout Sink) {
        // USBPcap records Windows' GET_DESCRIPTOR_FROM_INTERFACE with wIndex 0 for every
        // interface; the HID descriptors' announced lengths then tell the interfaces apart.
        let interfaces = devices[device]?.interfaces ?? []
        var interface = asked
        if interfaces.first(where: { $0.number == asked })?.reportDescriptorLength != bytes.count {
            let matching = interfaces.filter { $0.reportDescriptorLength == bytes.count }
            if matching.count == 1 { interface = matching[0].number }
        }
        let expected = interfaces.first { $0.number == interface }?.reportDescriptorLength
        do {
            let descriptor = try HIDReportDescriptor(parsing: bytes)
            devices[device, default: Device()].reportDescriptors[interface] = descriptor
            if let expected, expected != bytes.count {
                decoded.note(device: Self.deviceID(device), "interface \(interface): report descriptor of \(bytes.count) bytes, "
                    + "the HID descriptor announced \(expected)")
            }
            if let interfaces = devices[device]?.interfaces { applyInterfaces(interfaces, of: device, into: &sink) }
        } catch {
            decoded.note(device: Self.deviceID(device), "interface \(interface): \(error)")
        }
    }

    private mutating func applyInterfaces<Sink: CaptureEventSink>(_ interfaces: [USBDescriptors.Interface],
                                                                  of device: DeviceKey, into sink: inout Sink) {
        let reportDescriptors = devices[device]?.reportDescriptors ?? [:]
        for interface in interfaces {
            for endpoint in interface.endpoints where endpoint.isInterruptIn {
                let key = EndpointKey(bus: device.bus, device: device.device, endpoint: endpoint.address)
                let state = endpoints[key] ?? newEndpoint(key)
                state.bInterval = endpoint.interval
                state.interface = interface.number
                if let descriptor = reportDescriptors[interface.number] {
                    if case .descriptor(let box) = state.layout, box.decoder.descriptor == descriptor {
                        // Already laid out by this descriptor (a configuration read twice).
                    } else {
                        state.layout = .descriptor(ReportDecoderBox(HIDReportDecoder(descriptor: descriptor)))
                    }
                    if descriptor.hasKeys {
                        state.role = .keyboard
                        state.identifiedBy = interface.isBootKeyboard ? .descriptors : .reportDescriptor
                    } else {
                        state.role = descriptor.applications.contains(0x0001_0002) ? .mouse : .other
                    }
                } else if interface.isBootKeyboard {
                    state.role = .keyboard
                    state.identifiedBy = .descriptors
                } else if state.role != .keyboard {
                    state.role = interface.isMouse ? .mouse : (interface.isHub ? .hub : .other)
                }
                endpoints[key] = state
                decoded.updateEndpoint(key.id) { entry in
                    entry.interface = interface.number
                    entry.role = Self.roleName(state.role)
                    entry.identifiedBy = state.role == .keyboard ? state.identifiedBy : nil
                    entry.hasReportDescriptor = reportDescriptors[interface.number] != nil
                }
                // A boot keyboard interface is announced now; any other interface with keys
                // (NKRO, consumer, system control) at its first key.
                if state.role == .keyboard, interface.isBootKeyboard || reportDescriptors[interface.number] == nil {
                    announce(key, into: &sink)
                }
            }
        }
    }

    private mutating func refreshAnnouncedEndpoints<Sink: CaptureEventSink>(of device: DeviceKey, into sink: inout Sink) {
        let announced = endpoints.compactMap { key, state in key.deviceKey == device && state.announced ? key : nil }
        for key in announced.sorted() {
            announce(key, into: &sink)
        }
    }

    private func newEndpoint(_ key: EndpointKey) -> Endpoint {
        Endpoint(key: key, tracker: KeyStateTracker(device: key.id, layout: options.layout, tracksCapsLock: options.tracksCapsLock))
    }

    private mutating func announce<Sink: CaptureEventSink>(_ key: EndpointKey, into sink: inout Sink) {
        guard let state = endpoints[key] else { return }
        let descriptor = devices[key.deviceKey]?.descriptor
        let info = DeviceInfo(id: key.id, vendorID: descriptor?.vendorID, productID: descriptor?.productID,
                              bInterval: state.bInterval, pollingIntervalNs: state.uncertainty(options),
                              identifiedBy: state.identifiedBy, name: devices[key.deviceKey]?.name)
        decoded.updateDevice(Self.deviceID(key.deviceKey)) { entry in
            entry.vendorID = descriptor?.vendorID
            entry.productID = descriptor?.productID
            entry.name = devices[key.deviceKey]?.name
        }
        decoded.updateEndpoint(key.id) { entry in
            entry.role = Self.roleName(.keyboard)
            entry.identifiedBy = state.identifiedBy
            entry.interface = state.interface
        }
        if state.announced, decoded.devices.contains(info) { return }
        state.announced = true
        decoded.record(device: info)
        sink.receive(.device(info))
    }

    // MARK: Interrupt IN: reports

    private mutating func consumeInterruptIn<Sink: CaptureEventSink>(_ packet: USBPacket, timestamp: UInt64,
                                                                     into sink: inout Sink) {
        let key = EndpointKey(bus: packet.bus, device: packet.device, endpoint: packet.endpoint)
        withEndpoint(key) { decoder, state in decoder.consumeInterruptIn(packet, of: state, key: key, timestamp: timestamp, into: &sink) }
    }

    private mutating func consumeInterruptIn<Sink: CaptureEventSink>(_ packet: USBPacket, of state: Endpoint, key: EndpointKey,
                                                                     timestamp: UInt64, into sink: inout Sink) {
        if let interval = packet.urbInterval, interval > 0, state.urbInterval != interval { state.urbInterval = interval }
        if state.role == .unknown, devices[key.deviceKey]?.descriptor?.deviceClass == 9 { state.role = .hub }
        let report = packet.data
        switch state.role {
        case .hub: skip(.hub)
        case .mouse: skip(.mouse)
        case .other: skip(.otherDevice)
        case .unknown:
            classify(report, state)
            if state.role == .keyboard {
                announce(key, into: &sink)
                decoded.reportsDecoded += state.undecidedReports
                state.undecidedReports = 0
                decode(report, state, timestamp: timestamp, into: &sink)
            } else if state.role == .other, state.undecidedReports > 0 {
                skips[.otherDevice] += state.undecidedReports
                state.undecidedReports = 0
            }
            if state.role != .unknown {
                let role = Self.roleName(state.role)
                decoded.updateEndpoint(key.id) { $0.role = role }
            }
        case .keyboard:
            decode(report, state, timestamp: timestamp, into: &sink)
        }
        if state.role == .mouse || state.role == .other {
            decoded.updateEndpoint(key.id) { $0.sawReport(length: report.count) }
        }
    }

    /// The boot-report heuristic for an endpoint no descriptor described.
    private mutating func classify(_ report: UnsafeRawBufferPointer, _ state: Endpoint) {
        switch report.count {
        case 0:
            skip(.otherDevice)
        case 1...2:
            state.role = .hub
            skip(.hub)
        case 3...5:
            state.role = .mouse
            skip(.mouse)
        case 8 where report[1] == 0 && BootReport.slotsAreValid(report):
            if report.allSatisfy({ $0 == 0 }) {
                state.undecidedReports += 1
            } else {
                state.role = .keyboard
                state.identifiedBy = .bootReportHeuristic
            }
        case 9 where report[0] != 0 && report[2] == 0 && BootReport.slotsAreValid(UnsafeRawBufferPointer(rebasing: report[1...])):
            // A report ID, then a boot report: keyboards that put several reports on one endpoint.
            if report[1...].allSatisfy({ $0 == 0 }) {
                state.undecidedReports += 1
            } else {
                state.role = .keyboard
                state.identifiedBy = .reportIDHeuristic
                state.layout = .bootAfterReportID(report[0])
            }
        default:
            state.role = .other
            skip(.otherDevice)
        }
    }

    private static func roleName(_ role: Role) -> String {
        switch role {
        case .unknown: return "undecided"
        case .keyboard: return "keyboard"
        case .hub: return "hub"
        case .mouse: return "mouse"
        case .other: return "undecodable"
        }
    }

    private mutating func decode<Sink: CaptureEventSink>(_ report: UnsafeRawBufferPointer, _ state: Endpoint,
                                                         timestamp: UInt64, into sink: inout Sink) {
        switch state.layout {
        case .boot:
            decodeBoot(report, state, timestamp: timestamp, wire: report, into: &sink)
        case .bootAfterReportID(let id):
            guard let first = report.first, first == id else {
                recordInput(report, reportID: report.first ?? 0, state, timestamp: timestamp, phantom: false, into: &sink)
                decoded.updateEndpoint(state.tracker.device) { $0.sawReport(length: report.count, reportID: report.first) }
                return skip(.otherReport)
            }
            decoded.updateEndpoint(state.tracker.device) { $0.sawReportID(id) }
            decodeBoot(UnsafeRawBufferPointer(rebasing: report[1...]), state, timestamp: timestamp, wire: report, into: &sink)
        case .descriptor(let box):
            decodeDescribed(report, &box.decoder, state, timestamp: timestamp, into: &sink)
        }
    }

    private mutating func decodeDescribed<Sink: CaptureEventSink>(_ report: UnsafeRawBufferPointer,
                                                                  _ decoder: inout HIDReportDecoder,
                                                                  _ state: Endpoint, timestamp: UInt64,
                                                                  into sink: inout Sink) {
        switch decoder.decode(report) {
        case .empty:
            skip(.malformed)
        case .unknownReportID(let id):
            recordInput(report, reportID: id, state, timestamp: timestamp, phantom: false, into: &sink)
            decoded.updateEndpoint(state.tracker.device) { $0.sawReport(length: report.count, reportID: id) }
            skip(.otherReport)
        case .decoded(let id, let changes, let errorCode):
            decoded.reportsDecoded += 1
            if decoder.descriptor.usesReportIDs { decoded.updateEndpoint(state.tracker.device) { $0.sawReportID(id) } }
            if !changes.isEmpty, !state.announced { announce(state.key, into: &sink) }
            heldEvents.removeAll(keepingCapacity: true)
            let began = state.tracker.apply(changes, errorCode: errorCode, timestamp: timestamp,
                                            uncertaintyNs: state.uncertainty(options), summary: &decoded, into: &heldEvents)
            recordInput(report, reportID: id, state, timestamp: timestamp, phantom: errorCode == Self.errorRollOver,
                        into: &sink)
            for event in heldEvents { sink.receive(event) }
            if !began.isEmpty {
                decoded.updateEndpoint(state.tracker.device) { $0.keysByPage.merge(began, uniquingKeysWith: +) }
            }
        }
    }

    /// Decodes a boot report; `wire` is the report as sent (with the report ID byte, if any).
    private mutating func decodeBoot<Sink: CaptureEventSink>(_ report: UnsafeRawBufferPointer, _ state: Endpoint,
                                                             timestamp: UInt64, wire: UnsafeRawBufferPointer,
                                                             into sink: inout Sink) {
        let id: UInt8 = wire.count > report.count ? wire[0] : 0
        guard report.count == 8, BootReport.slotsAreValid(report) else {
            recordInput(wire, reportID: id, state, timestamp: timestamp, phantom: false, into: &sink)
            return skip(.malformed)
        }
        decoded.reportsDecoded += 1
        let changes = BootReport.changes(from: state.boot, to: report)
        state.boot = changes.after
        let count = changes.transitionCount
        let uncertainty = state.uncertainty(options)
        if heldPresses.count < count {
            heldPresses.append(contentsOf: repeatElement(KeyPress(.began, .a), count: count - heldPresses.count))
        }
        let endpoint = state
        heldPresses.withUnsafeMutableBufferPointer { held in
            var index = 0
            changes.forEachTransition { phase, usage in
                held[index] = endpoint.tracker.press(phase, HIDUsage(UInt16(usage)), timestamp: timestamp)
                index &+= 1
            }
        }
        endpoint.bootKeysPressed += changes.pressedKeys.count &+ changes.pressedModifiers.nonzeroBitCount
        decoded.presses += count
        // The report goes first, then the marker of an error code, then the presses it caused.
        recordInput(wire, reportID: id, state, timestamp: timestamp, phantom: changes.errorCode == Self.errorRollOver,
                    into: &sink)
        if let errorCode = changes.errorCode {
            heldEvents.removeAll(keepingCapacity: true)
            state.tracker.rollover(errorCode, timestamp: timestamp, summary: &decoded, into: &heldEvents)
            for event in heldEvents { sink.receive(event) }
        }
        for index in 0..<count { sink.receive(press: heldPresses[index], uncertaintyNs: uncertainty) }
    }

    // MARK: Report records

    /// The Keyboard page's ErrorRollOver usage: the report is in phantom state.
    private static let errorRollOver: UInt8 = 0x01

    /// Delivers an Input report of a keyboard endpoint as a ``CaptureEvent/report(_:)``; a
    /// decoded report goes before the presses it caused, with the keys held after them.
    private func recordInput<Sink: CaptureEventSink>(_ report: UnsafeRawBufferPointer, reportID: UInt8, _ state: Endpoint,
                                                     timestamp: UInt64, phantom: Bool, into sink: inout Sink) {
        guard options.recordsReports else { return }
        sink.receive(report: HIDReport(
            timestamp: timestamp, device: state.key.id, interface: state.interface, endpoint: state.key.endpoint,
            direction: .input, reportID: reportID, bytes: report, keysHeld: state.tracker.holdsKeys,
            isPhantomState: phantom))
    }

    /// A SET_REPORT(Output) request to an interface (bmRequestType 0x21, bRequest 0x09, wValue
    /// high byte 2): usbmon carries the report after the setup; USBPcap in a data stage of its own.
    private mutating func recordSetReport<Sink: CaptureEventSink>(_ packet: USBPacket, key: RequestKey, timestamp: UInt64,
                                                                  into sink: inout Sink) {
        guard let setup = packet.setup, setup.count >= 8 else {
            // USBPcap: the data stage of a request whose setup stage came first.
            if let asked = pendingSetReports.removeValue(forKey: key), !packet.data.isEmpty {
                recordOutput(packet.data, bus: packet.bus, device: packet.device, interface: asked.interface,
                             endpoint: 0, reportID: asked.reportID, timestamp: timestamp, into: &sink)
            }
            return
        }
        guard setup[0] == 0x21, setup[1] == 0x09, setup[3] == 2 else { return }
        if linkType == .usbPcap {
            if pendingSetReports.count > 4096 { pendingSetReports.removeAll() }
            pendingSetReports[key] = (setup[4], setup[2])
            return
        }
        recordOutput(packet.data, bus: packet.bus, device: packet.device, interface: setup[4], endpoint: 0,
                     reportID: setup[2], timestamp: timestamp, into: &sink)
    }

    /// An interrupt OUT transfer to an interface of a device that has a keyboard endpoint.
    private mutating func recordInterruptOut<Sink: CaptureEventSink>(_ packet: USBPacket, timestamp: UInt64,
                                                                     into sink: inout Sink) {
        let device = DeviceKey(bus: packet.bus, device: packet.device)
        let interface = devices[device]?.interfaces?.first { $0.endpoints.contains { $0.address == packet.endpoint } }?.number
        guard !packet.data.isEmpty, keyboardEndpoint(of: device, interface: interface) != nil else { return }
        let usesIDs = interface.flatMap { devices[device]?.reportDescriptors[$0] }?.usesReportIDs ?? false
        recordOutput(packet.data, bus: packet.bus, device: packet.device, interface: interface, endpoint: packet.endpoint,
                     reportID: usesIDs ? packet.data[0] : 0, timestamp: timestamp, into: &sink)
    }

    /// The keyboard endpoint of `interface` on `device` (the lowest, if it has several), else the
    /// device's only keyboard endpoint.
    private func keyboardEndpoint(of device: DeviceKey, interface: UInt8?) -> EndpointKey? {
        var match: EndpointKey?
        var only: EndpointKey?
        var count = 0
        for (key, state) in endpoints where key.deviceKey == device && state.role == .keyboard {
            if let interface, state.interface == interface, match.map({ key < $0 }) ?? true { match = key }
            only = key
            count += 1
        }
        return match ?? (count == 1 ? only : nil)
    }

    /// Appends an Output report with the LEDs it sets: by the interface's report descriptor, else
    /// as the boot keyboard's 1-byte LED report.
    private mutating func recordOutput<Sink: CaptureEventSink>(_ report: UnsafeRawBufferPointer, bus: UInt16,
                                                               device: UInt16, interface: UInt8?, endpoint: UInt8,
                                                               reportID: UInt8, timestamp: UInt64, into sink: inout Sink) {
        let deviceKey = DeviceKey(bus: bus, device: device)
        let descriptor = interface.flatMap { devices[deviceKey]?.reportDescriptors[$0] }
        let leds = descriptor.map { $0.leds(inOutputReport: report) } ?? KeyboardLEDs(bootOutputReport: report)
        let owner = keyboardEndpoint(of: deviceKey, interface: interface)?.id
            ?? .usb(bus: bus, device: device, endpoint: endpoint)
        decoded.outputReports += 1
        sink.receive(report: HIDReport(timestamp: timestamp, device: owner, interface: interface, endpoint: endpoint,
                                       direction: .output, reportID: reportID, bytes: report, leds: leds))
    }
}
