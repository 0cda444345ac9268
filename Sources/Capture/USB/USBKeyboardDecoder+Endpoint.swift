import KeyTraceCore

/// The per-endpoint state of ``USBKeyboardDecoder``: what each interrupt-IN endpoint is, how its
/// reports are laid out, and the keys it holds.
extension USBKeyboardDecoder {
    enum Role { case unknown, keyboard, hub, mouse, other }

    /// How an endpoint's reports are laid out.
    enum Layout {
        /// The boot keyboard report (HID 1.11 appendix B).
        case boot
        /// A report ID byte, then a boot keyboard report; reports with other IDs are not decoded.
        case bootAfterReportID(UInt8)
        /// What the interface's report descriptor says.
        case descriptor(ReportDecoderBox)
    }

    /// An interface's report decoder, changed in place through a reference so that an endpoint's
    /// ``Layout`` stays one word: reading the layout of a boot keyboard copies no decoder.
    final class ReportDecoderBox {
        @exclusivity(unchecked) var decoder: HIDReportDecoder
        init(_ decoder: HIDReportDecoder) { self.decoder = decoder }
    }

    /// An endpoint's state, changed in place: a reference, so a packet costs no copy of it. A
    /// decoder is used from one thread, so its fields skip the dynamic exclusivity checks.
    final class Endpoint {
        let key: EndpointKey
        @exclusivity(unchecked) var role: Role = .unknown
        @exclusivity(unchecked) var identifiedBy: DeviceInfo.Identification = .bootReportHeuristic
        @exclusivity(unchecked) var bInterval: UInt8? { didSet { uncertaintyNs = nil } }
        @exclusivity(unchecked) var urbInterval: Int32? { didSet { uncertaintyNs = nil } }
        /// The timestamp uncertainty the intervals give, once computed; forgotten when one changes.
        @exclusivity(unchecked) var uncertaintyNs: UInt64?
        @exclusivity(unchecked) var announced = false
        /// All-zero boot-format reports seen before the role was decided.
        @exclusivity(unchecked) var undecidedReports = 0
        @exclusivity(unchecked) var layout = Layout.boot
        @exclusivity(unchecked) var interface: UInt8?
        @exclusivity(unchecked) var boot = BootReport.State()
        /// Keys pressed through the boot layouts, added to the summary's keys by page when it is read.
        @exclusivity(unchecked) var bootKeysPressed = 0
        @exclusivity(unchecked) var tracker: KeyStateTracker

        init(key: EndpointKey, tracker: KeyStateTracker) {
            self.key = key
            self.tracker = tracker
        }

        /// The timestamp uncertainty of the endpoint's reports: its polling interval, from the
        /// URB's interval, else the endpoint descriptor's, else the options' default.
        func uncertainty(_ options: USBCaptureOptions) -> UInt64 {
            if let known = uncertaintyNs { return known }
            let uncertainty = urbInterval.flatMap(options.nanoseconds(urbInterval:))
                ?? bInterval.flatMap(options.nanoseconds(bInterval:))
                ?? options.defaultPollingIntervalNs
            uncertaintyNs = uncertainty
            return uncertainty
        }
    }
}
