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
    private struct DeviceKey: Hashable {
        var bus: UInt16
        var device: UInt16
    }

    private struct EndpointKey: Hashable {
        var bus: UInt16
        var device: UInt16
        var endpoint: UInt8
        var deviceKey: DeviceKey { DeviceKey(bus: bus, device: device) }

        var id: DeviceID { .usb(bus: bus, device: device, endpoint: endpoint) }
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

    private enum Role { case unknown, keyboard, hub, mouse, other }

    /// How an endpoint's reports are laid out.
    private enum Layout {
        /// The boot keyboard report (HID 1.11 appendix B).
        case boot
        /// A report ID byte, then a boot keyboard report; reports with other IDs are not decoded.
        case bootAfterReportID(UInt8)
        /// What the interface's report descriptor says.
        case descriptor(HIDReportDecoder)
    }

    private struct Endpoint {
        let key: EndpointKey
        var role: Role = .unknown
        var identifiedBy: DeviceInfo.Identification = .bootReportHeuristic
        var bInterval: UInt8?
        var urbInterval: Int32?
        var announced = false
        /// All-zero boot-format reports seen before the role was decided.
        var undecidedReports = 0
        var layout = Layout.boot
        var interface: UInt8?
        var modifiers: UInt8 = 0
        var keys: [UInt8] = []
        var tracker: KeyStateTracker
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
    private(set) var summary = CaptureSummary()
    private var endpoints: [EndpointKey: Endpoint] = [:]
    private var devices: [DeviceKey: Device] = [:]
    /// GET_DESCRIPTOR requests not yet answered.
    private var pendingRequests: [RequestKey: Request] = [:]
    /// USBPcap SET_REPORT(Output) setup stages waiting for their data stage: the interface.
    private var pendingSetReports: [RequestKey: (interface: UInt8, reportID: UInt8)] = [:]

    init(linkType: USBLinkType, options: USBCaptureOptions) {
        self.linkType = linkType
        self.options = options
    }

    var keyboardsFound: Int { summary.devices.count }

    /// The USB device (bus, address) an endpoint belongs to, as the summary names it.
    private static func deviceID(_ key: DeviceKey) -> DeviceID { .usb(bus: key.bus, device: key.device, endpoint: 0) }

    /// Decodes one packet captured at `timestamp` (ns), appending what it produced.
    mutating func consume(_ bytes: UnsafeRawBufferPointer, timestamp: UInt64, into events: inout [CaptureEvent]) {
        summary.packetsRead += 1
        guard let packet = USBPacket.parse(bytes, linkType: linkType) else {
            summary.skip(.malformed)
            return
        }
        if packet.transfer == .control {
            consumeControl(packet, timestamp: timestamp, into: &events)
            return
        }
        if packet.transfer == .interrupt, !packet.isIn, !packet.isCompletion, options.recordsReports {
            recordInterruptOut(packet, timestamp: timestamp, into: &events)
        }
        guard packet.isCompletion else { return summary.skip(.submit) }
        guard packet.status == 0 else { return summary.skip(.errorStatus) }
        guard packet.transfer == .interrupt, packet.isIn else { return summary.skip(.otherDevice) }
        consumeInterruptIn(packet, timestamp: timestamp, into: &events)
    }

    /// Ends decoding: counts keys still held and settles undecided endpoints.
    mutating func finish() {
        for (_, endpoint) in endpoints {
            if endpoint.role == .keyboard {
                summary.keysHeldAtEnd += endpoint.tracker.heldCount
            } else if endpoint.undecidedReports > 0 {
                summary.skipped[.otherDevice, default: 0] += endpoint.undecidedReports
            }
        }
        summary.sortEndpoints()
    }

    // MARK: Control transfers: descriptors

    private mutating func consumeControl(_ packet: USBPacket, timestamp: UInt64, into events: inout [CaptureEvent]) {
        let key = RequestKey(bus: packet.bus, device: packet.device, request: packet.requestID)
        if !packet.isCompletion {
            summary.skip(.submit)
            if options.recordsReports { recordSetReport(packet, key: key, timestamp: timestamp, into: &events) }
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
            return summary.skip(.errorStatus)
        }
        summary.skip(.controlTransfer)
        guard packet.data.count >= 2 else { return }
        let asked = pendingRequests.removeValue(forKey: key)
        // Without the request (capture started mid-transfer), descriptors identify themselves;
        // a report descriptor does not, so it is only read when its request was captured.
        let type = asked?.type ?? packet.data[1]
        let deviceKey = DeviceKey(bus: packet.bus, device: packet.device)
        if type == USBDescriptors.deviceType, let descriptor = USBDescriptors.device(packet.data) {
            devices[deviceKey, default: Device()].descriptor = descriptor
            refreshAnnouncedEndpoints(of: deviceKey, into: &events)
        } else if type == USBDescriptors.configurationType, let interfaces = USBDescriptors.interfaces(packet.data),
                  !interfaces.isEmpty {
            devices[deviceKey, default: Device()].interfaces = interfaces
            applyInterfaces(interfaces, of: deviceKey, into: &events)
        } else if type == USBDescriptors.stringType, let asked, asked.index != 0,
                  asked.index == devices[deviceKey]?.descriptor?.productString,
                  let name = USBDescriptors.string(packet.data) {
            devices[deviceKey, default: Device()].name = name
            summary.updateDevice(Self.deviceID(deviceKey)) { $0.name = name }
            refreshAnnouncedEndpoints(of: deviceKey, into: &events)
        } else if type == USBDescriptors.reportType, let interface = asked?.interface {
            learnReportDescriptor(packet.data, interface: interface, of: deviceKey, into: &events)
        }
    }

    /// Parses an interface's report descriptor and lays its endpoints out by it.
    private mutating func learnReportDescriptor(_ bytes: UnsafeRawBufferPointer, interface asked: UInt8, of device: DeviceKey,
                                                into events: inout [CaptureEvent]) {
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
                summary.note(device: Self.deviceID(device), "interface \(interface): report descriptor of \(bytes.count) bytes, "
                    + "the HID descriptor announced \(expected)")
            }
            if let interfaces = devices[device]?.interfaces { applyInterfaces(interfaces, of: device, into: &events) }
        } catch {
            summary.note(device: Self.deviceID(device), "interface \(interface): \(error)")
        }
    }

    private mutating func applyInterfaces(_ interfaces: [USBDescriptors.Interface], of device: DeviceKey,
                                          into events: inout [CaptureEvent]) {
        let reportDescriptors = devices[device]?.reportDescriptors ?? [:]
        for interface in interfaces {
            for endpoint in interface.endpoints where endpoint.isInterruptIn {
                let key = EndpointKey(bus: device.bus, device: device.device, endpoint: endpoint.address)
                var state = endpoints[key] ?? newEndpoint(key)
                state.bInterval = endpoint.interval
                state.interface = interface.number
                if let descriptor = reportDescriptors[interface.number] {
                    if case .descriptor(let decoder) = state.layout, decoder.descriptor == descriptor {
                        // Already laid out by this descriptor (a configuration read twice).
                    } else {
                        state.layout = .descriptor(HIDReportDecoder(descriptor: descriptor))
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
                summary.updateEndpoint(key.id) { entry in
                    entry.interface = interface.number
                    entry.role = Self.roleName(state.role)
                    entry.identifiedBy = state.role == .keyboard ? state.identifiedBy : nil
                    entry.hasReportDescriptor = reportDescriptors[interface.number] != nil
                }
                // A boot keyboard interface is announced now; any other interface with keys
                // (NKRO, consumer, system control) at its first key.
                if state.role == .keyboard, interface.isBootKeyboard || reportDescriptors[interface.number] == nil {
                    announce(key, into: &events)
                }
            }
        }
    }

    private mutating func refreshAnnouncedEndpoints(of device: DeviceKey, into events: inout [CaptureEvent]) {
        for (key, state) in endpoints where key.deviceKey == device && state.announced {
            announce(key, into: &events)
        }
    }

    private func newEndpoint(_ key: EndpointKey) -> Endpoint {
        Endpoint(key: key, tracker: KeyStateTracker(device: key.id, layout: options.layout, tracksCapsLock: options.tracksCapsLock))
    }

    private func uncertainty(of endpoint: Endpoint) -> UInt64 {
        endpoint.urbInterval.flatMap(options.nanoseconds(urbInterval:))
            ?? endpoint.bInterval.flatMap(options.nanoseconds(bInterval:))
            ?? options.defaultPollingIntervalNs
    }

    private mutating func announce(_ key: EndpointKey, into events: inout [CaptureEvent]) {
        guard var state = endpoints[key] else { return }
        let descriptor = devices[key.deviceKey]?.descriptor
        let info = DeviceInfo(id: key.id, vendorID: descriptor?.vendorID, productID: descriptor?.productID,
                              bInterval: state.bInterval, pollingIntervalNs: uncertainty(of: state),
                              identifiedBy: state.identifiedBy, name: devices[key.deviceKey]?.name)
        summary.updateDevice(Self.deviceID(key.deviceKey)) { entry in
            entry.vendorID = descriptor?.vendorID
            entry.productID = descriptor?.productID
            entry.name = devices[key.deviceKey]?.name
        }
        summary.updateEndpoint(key.id) { entry in
            entry.role = Self.roleName(.keyboard)
            entry.identifiedBy = state.identifiedBy
            entry.interface = state.interface
        }
        if state.announced, summary.devices.contains(info) { return }
        state.announced = true
        endpoints[key] = state
        summary.record(device: info)
        events.append(.device(info))
    }

    // MARK: Interrupt IN: reports

    private mutating func consumeInterruptIn(_ packet: USBPacket, timestamp: UInt64, into events: inout [CaptureEvent]) {
        let key = EndpointKey(bus: packet.bus, device: packet.device, endpoint: packet.endpoint)
        var state = endpoints[key] ?? newEndpoint(key)
        if let interval = packet.urbInterval, interval > 0 { state.urbInterval = interval }
        if state.role == .unknown, devices[key.deviceKey]?.descriptor?.deviceClass == 9 { state.role = .hub }
        let report = packet.data
        switch state.role {
        case .hub: summary.skip(.hub)
        case .mouse: summary.skip(.mouse)
        case .other: summary.skip(.otherDevice)
        case .unknown:
            classify(report, &state)
            if state.role == .keyboard {
                endpoints[key] = state
                announce(key, into: &events)
                state = endpoints[key] ?? state
                summary.reportsDecoded += state.undecidedReports
                state.undecidedReports = 0
                decode(report, &state, timestamp: timestamp, into: &events)
            } else if state.role == .other, state.undecidedReports > 0 {
                summary.skipped[.otherDevice, default: 0] += state.undecidedReports
                state.undecidedReports = 0
            }
            if state.role != .unknown {
                let role = Self.roleName(state.role)
                summary.updateEndpoint(key.id) { $0.role = role }
            }
        case .keyboard:
            decode(report, &state, timestamp: timestamp, into: &events)
        }
        if state.role == .mouse || state.role == .other {
            summary.updateEndpoint(key.id) { $0.sawReport(length: report.count) }
        }
        endpoints[key] = state
    }

    /// The boot-report heuristic for an endpoint no descriptor described.
    private mutating func classify(_ report: UnsafeRawBufferPointer, _ state: inout Endpoint) {
        switch report.count {
        case 0:
            summary.skip(.otherDevice)
        case 1...2:
            state.role = .hub
            summary.skip(.hub)
        case 3...5:
            state.role = .mouse
            summary.skip(.mouse)
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
            summary.skip(.otherDevice)
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

    private mutating func decode(_ report: UnsafeRawBufferPointer, _ state: inout Endpoint, timestamp: UInt64,
                                 into events: inout [CaptureEvent]) {
        switch state.layout {
        case .boot:
            decodeBoot(report, &state, timestamp: timestamp, wire: report, into: &events)
        case .bootAfterReportID(let id):
            guard let first = report.first, first == id else {
                recordInput(report, reportID: report.first ?? 0, state, timestamp: timestamp, phantom: false, into: &events)
                summary.updateEndpoint(state.tracker.device) { $0.sawReport(length: report.count, reportID: report.first) }
                return summary.skip(.otherReport)
            }
            summary.updateEndpoint(state.tracker.device) { $0.sawReportID(id) }
            decodeBoot(UnsafeRawBufferPointer(rebasing: report[1...]), &state, timestamp: timestamp, wire: report, into: &events)
        case .descriptor(var decoder):
            state.layout = .boot  // lets the decoder be changed in place without a copy
            decodeDescribed(report, &decoder, &state, timestamp: timestamp, into: &events)
            state.layout = .descriptor(decoder)
        }
    }

    private mutating func decodeDescribed(_ report: UnsafeRawBufferPointer, _ decoder: inout HIDReportDecoder,
                                          _ state: inout Endpoint, timestamp: UInt64, into events: inout [CaptureEvent]) {
        switch decoder.decode(report) {
        case .empty:
            summary.skip(.malformed)
        case .unknownReportID(let id):
            recordInput(report, reportID: id, state, timestamp: timestamp, phantom: false, into: &events)
            summary.updateEndpoint(state.tracker.device) { $0.sawReport(length: report.count, reportID: id) }
            summary.skip(.otherReport)
        case .decoded(let id, let changes, let errorCode):
            summary.reportsDecoded += 1
            if decoder.descriptor.usesReportIDs { summary.updateEndpoint(state.tracker.device) { $0.sawReportID(id) } }
            if !changes.isEmpty, !state.announced {
                endpoints[state.key] = state
                announce(state.key, into: &events)
                state.announced = true
            }
            let reportAt = events.count
            let began = state.tracker.apply(changes, errorCode: errorCode, timestamp: timestamp,
                                            uncertaintyNs: uncertainty(of: state), summary: &summary, into: &events)
            recordInput(report, reportID: id, state, timestamp: timestamp, phantom: errorCode == Self.errorRollOver,
                        at: reportAt, into: &events)
            if !began.isEmpty {
                summary.updateEndpoint(state.tracker.device) { $0.keysByPage.merge(began, uniquingKeysWith: +) }
            }
        }
    }

    /// Decodes a boot report; `wire` is the report as sent (with the report ID byte, if any).
    private mutating func decodeBoot(_ report: UnsafeRawBufferPointer, _ state: inout Endpoint, timestamp: UInt64,
                                     wire: UnsafeRawBufferPointer, into events: inout [CaptureEvent]) {
        let id: UInt8 = wire.count > report.count ? wire[0] : 0
        guard report.count == 8, BootReport.slotsAreValid(report) else {
            recordInput(wire, reportID: id, state, timestamp: timestamp, phantom: false, into: &events)
            return summary.skip(.malformed)
        }
        summary.reportsDecoded += 1
        let uncertainty = uncertainty(of: state)
        let reportAt = events.count
        let diff = BootReport.diff(fromModifiers: state.modifiers, keys: state.keys, to: report)
        if let error = diff.errorCode { state.tracker.rollover(error, timestamp: timestamp, summary: &summary, into: &events) }
        var began = 0
        for (phase, usage) in diff.changes {
            let press = state.tracker.press(phase, HIDUsage(UInt16(usage)), timestamp: timestamp)
            summary.presses += 1
            if phase == .began { began += 1 }
            events.append(.press(press, uncertaintyNs: uncertainty))
        }
        if began > 0 { summary.updateEndpoint(state.tracker.device) { $0.keysByPage[7, default: 0] += began } }
        state.modifiers = diff.modifiers
        state.keys = diff.keys
        recordInput(wire, reportID: id, state, timestamp: timestamp, phantom: diff.errorCode == Self.errorRollOver,
                    at: reportAt, into: &events)
    }

    // MARK: Report records

    /// The Keyboard page's ErrorRollOver usage: the report is in phantom state.
    private static let errorRollOver: UInt8 = 0x01

    /// Appends an Input report of a keyboard endpoint as a ``CaptureEvent/report(_:)``, at
    /// `index` (before the presses it caused) or at the end.
    private func recordInput(_ report: UnsafeRawBufferPointer, reportID: UInt8, _ state: Endpoint, timestamp: UInt64,
                             phantom: Bool, at index: Int? = nil, into events: inout [CaptureEvent]) {
        guard options.recordsReports else { return }
        let event = CaptureEvent.report(HIDReport(
            timestamp: timestamp, device: state.key.id, interface: state.interface, endpoint: state.key.endpoint,
            direction: .input, reportID: reportID, bytes: report, keysHeld: state.tracker.holdsKeys,
            isPhantomState: phantom))
        if let index, index < events.count { events.insert(event, at: index) } else { events.append(event) }
    }

    /// A SET_REPORT(Output) request to an interface (bmRequestType 0x21, bRequest 0x09, wValue
    /// high byte 2): usbmon carries the report after the setup; USBPcap in a data stage of its own.
    private mutating func recordSetReport(_ packet: USBPacket, key: RequestKey, timestamp: UInt64,
                                          into events: inout [CaptureEvent]) {
        guard let setup = packet.setup, setup.count >= 8 else {
            // USBPcap: the data stage of a request whose setup stage came first.
            if let asked = pendingSetReports.removeValue(forKey: key), !packet.data.isEmpty {
                recordOutput(packet.data, bus: packet.bus, device: packet.device, interface: asked.interface,
                             endpoint: 0, reportID: asked.reportID, timestamp: timestamp, into: &events)
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
                     reportID: setup[2], timestamp: timestamp, into: &events)
    }

    /// An interrupt OUT transfer to an interface of a device that has a keyboard endpoint.
    private mutating func recordInterruptOut(_ packet: USBPacket, timestamp: UInt64, into events: inout [CaptureEvent]) {
        let device = DeviceKey(bus: packet.bus, device: packet.device)
        let interface = devices[device]?.interfaces?.first { $0.endpoints.contains { $0.address == packet.endpoint } }?.number
        guard !packet.data.isEmpty, keyboardEndpoint(of: device, interface: interface) != nil else { return }
        let usesIDs = interface.flatMap { devices[device]?.reportDescriptors[$0] }?.usesReportIDs ?? false
        recordOutput(packet.data, bus: packet.bus, device: packet.device, interface: interface, endpoint: packet.endpoint,
                     reportID: usesIDs ? packet.data[0] : 0, timestamp: timestamp, into: &events)
    }

    /// The keyboard endpoint of `interface` on `device`, else the device's only keyboard endpoint.
    private func keyboardEndpoint(of device: DeviceKey, interface: UInt8?) -> EndpointKey? {
        var only: EndpointKey?
        var count = 0
        for (key, state) in endpoints where key.deviceKey == device && state.role == .keyboard {
            if let interface, state.interface == interface { return key }
            only = key
            count += 1
        }
        return count == 1 ? only : nil
    }

    /// Appends an Output report with the LEDs it sets: by the interface's report descriptor, else
    /// as the boot keyboard's 1-byte LED report.
    private mutating func recordOutput(_ report: UnsafeRawBufferPointer, bus: UInt16, device: UInt16, interface: UInt8?,
                                       endpoint: UInt8, reportID: UInt8, timestamp: UInt64,
                                       into events: inout [CaptureEvent]) {
        let deviceKey = DeviceKey(bus: bus, device: device)
        let descriptor = interface.flatMap { devices[deviceKey]?.reportDescriptors[$0] }
        let leds = descriptor.map { $0.leds(inOutputReport: report) } ?? KeyboardLEDs(bootOutputReport: report)
        let owner = keyboardEndpoint(of: deviceKey, interface: interface)?.id
            ?? .usb(bus: bus, device: device, endpoint: endpoint)
        summary.outputReports += 1
        events.append(.report(HIDReport(timestamp: timestamp, device: owner, interface: interface, endpoint: endpoint,
                                        direction: .output, reportID: reportID, bytes: report, leds: leds)))
    }
}
