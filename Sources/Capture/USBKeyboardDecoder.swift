import KeyTraceCore

/// Turns USB packets into keyboard events. The file and live sources both feed packets here,
/// so a savefile exercises exactly the live decoding.
///
/// ```
/// packet ─► header (usbmon 48/64, USBPcap) ─┬─ submit ............................ skipped: submit
///                                           ├─ error status ...................... skipped: error-status
///                                           ├─ control ─► GET_DESCRIPTOR answers ─► device / interfaces
///                                           ├─ bulk, isochronous, interrupt OUT .. skipped: other-device
///                                           └─ interrupt IN completion ─► endpoint role
///                                                 keyboard ─► boot report diff ─► .press …
///                                                 hub / mouse / other ........... skipped by role
/// ```
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

    private enum Role { case unknown, keyboard, hub, mouse, other }

    private struct Endpoint {
        var role: Role = .unknown
        var identifiedBy: DeviceInfo.Identification = .bootReportHeuristic
        var bInterval: UInt8?
        var urbInterval: Int32?
        var announced = false
        /// All-zero boot-format reports seen before the role was decided.
        var undecidedReports = 0
        var modifiers: UInt8 = 0
        var keys: [UInt8] = []
        var tracker: KeyStateTracker
    }

    private struct Device {
        var descriptor: USBDescriptors.Device?
        var interfaces: [USBDescriptors.Interface]?
    }

    let linkType: USBLinkType
    let options: USBCaptureOptions
    private(set) var summary = CaptureSummary()
    private var endpoints: [EndpointKey: Endpoint] = [:]
    private var devices: [DeviceKey: Device] = [:]
    /// Descriptor type asked for by GET_DESCRIPTOR requests not yet answered.
    private var pendingRequests: [RequestKey: UInt8] = [:]

    init(linkType: USBLinkType, options: USBCaptureOptions) {
        self.linkType = linkType
        self.options = options
    }

    var keyboardsFound: Int { summary.devices.count }

    /// Decodes one packet captured at `timestamp` (ns), appending what it produced.
    mutating func consume(_ bytes: UnsafeRawBufferPointer, timestamp: UInt64, into events: inout [CaptureEvent]) {
        summary.packetsRead += 1
        guard let packet = USBPacket.parse(bytes, linkType: linkType) else {
            summary.skip(.malformed)
            return
        }
        if packet.transfer == .control {
            consumeControl(packet, into: &events)
            return
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
    }

    // MARK: Control transfers: descriptors

    private mutating func consumeControl(_ packet: USBPacket, into events: inout [CaptureEvent]) {
        let key = RequestKey(bus: packet.bus, device: packet.device, request: packet.requestID)
        if !packet.isCompletion {
            summary.skip(.submit)
            // GET_DESCRIPTOR: bmRequestType 0x80 (device-to-host, standard, device), bRequest 6;
            // the descriptor type is the high byte of wValue.
            if let setup = packet.setup, setup.count >= 4, setup[0] == 0x80, setup[1] == 6 {
                if pendingRequests.count > 4096 { pendingRequests.removeAll() }
                pendingRequests[key] = setup[3]
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
        // Without the request (capture started mid-transfer), descriptors identify themselves.
        let type = asked ?? packet.data[1]
        let deviceKey = DeviceKey(bus: packet.bus, device: packet.device)
        if type == USBDescriptors.deviceType, let descriptor = USBDescriptors.device(packet.data) {
            devices[deviceKey, default: Device()].descriptor = descriptor
            refreshAnnouncedEndpoints(of: deviceKey, into: &events)
        } else if type == USBDescriptors.configurationType, let interfaces = USBDescriptors.interfaces(packet.data),
                  !interfaces.isEmpty {
            devices[deviceKey, default: Device()].interfaces = interfaces
            applyInterfaces(interfaces, of: deviceKey, into: &events)
        }
    }

    private mutating func applyInterfaces(_ interfaces: [USBDescriptors.Interface], of device: DeviceKey,
                                          into events: inout [CaptureEvent]) {
        for interface in interfaces {
            for endpoint in interface.endpoints where endpoint.isInterruptIn {
                let key = EndpointKey(bus: device.bus, device: device.device, endpoint: endpoint.address)
                var state = endpoints[key] ?? newEndpoint(key)
                state.bInterval = endpoint.interval
                if interface.isBootKeyboard {
                    state.role = .keyboard
                    state.identifiedBy = .descriptors
                } else if state.role != .keyboard {
                    state.role = interface.isMouse ? .mouse : (interface.isHub ? .hub : .other)
                }
                endpoints[key] = state
                if state.role == .keyboard { announce(key, into: &events) }
            }
        }
    }

    private mutating func refreshAnnouncedEndpoints(of device: DeviceKey, into events: inout [CaptureEvent]) {
        for (key, state) in endpoints where key.deviceKey == device && state.announced {
            announce(key, into: &events)
        }
    }

    private func newEndpoint(_ key: EndpointKey) -> Endpoint {
        Endpoint(tracker: KeyStateTracker(device: key.id, layout: options.layout, tracksCapsLock: options.tracksCapsLock))
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
                              identifiedBy: state.identifiedBy)
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
        case .keyboard:
            decode(report, &state, timestamp: timestamp, into: &events)
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
        default:
            state.role = .other
            summary.skip(.otherDevice)
        }
    }

    private mutating func decode(_ report: UnsafeRawBufferPointer, _ state: inout Endpoint, timestamp: UInt64,
                                 into events: inout [CaptureEvent]) {
        guard report.count == 8, BootReport.slotsAreValid(report) else { return summary.skip(.malformed) }
        summary.reportsDecoded += 1
        let uncertainty = uncertainty(of: state)
        let diff = BootReport.diff(fromModifiers: state.modifiers, keys: state.keys, to: report)
        if let error = diff.errorCode {
            summary.markers += 1
            events.append(.marker(CaptureMarker(
                label: HIDUsage(UInt16(error)).name,
                detail: "keyboard reported an error in its key slots; keys kept as before, modifiers applied",
                timestamp: timestamp, device: state.tracker.device)))
        }
        for (phase, usage) in diff.changes {
            let press = state.tracker.press(phase, HIDUsage(UInt16(usage)), timestamp: timestamp)
            summary.presses += 1
            events.append(.press(press, uncertaintyNs: uncertainty))
        }
        state.modifiers = diff.modifiers
        state.keys = diff.keys
    }
}
