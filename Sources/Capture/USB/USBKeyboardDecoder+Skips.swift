import KeyTraceCore

/// Why ``USBKeyboardDecoder`` skips a packet, and how many it skipped for each reason.
extension USBKeyboardDecoder {
    /// Why a packet was skipped, counted in an array rather than by hashing the reason's name.
    enum Skip: CaseIterable {
        case submit, errorStatus, controlTransfer, hub, mouse, otherDevice, malformed, otherReport

        var reason: CaptureSummary.SkipReason {
            switch self {
            case .submit: return .submit
            case .errorStatus: return .errorStatus
            case .controlTransfer: return .controlTransfer
            case .hub: return .hub
            case .mouse: return .mouse
            case .otherDevice: return .otherDevice
            case .malformed: return .malformed
            case .otherReport: return .otherReport
            }
        }
    }

    /// Packets skipped per reason: plain fields, so counting one is an add, with no array to
    /// check for uniqueness on every packet.
    struct SkipCounts {
        private var submit = 0, errorStatus = 0, controlTransfer = 0, hub = 0, mouse = 0, otherDevice = 0,
                    malformed = 0, otherReport = 0

        subscript(reason: Skip) -> Int {
            get {
                switch reason {
                case .submit: return submit
                case .errorStatus: return errorStatus
                case .controlTransfer: return controlTransfer
                case .hub: return hub
                case .mouse: return mouse
                case .otherDevice: return otherDevice
                case .malformed: return malformed
                case .otherReport: return otherReport
                }
            }
            set {
                switch reason {
                case .submit: submit = newValue
                case .errorStatus: errorStatus = newValue
                case .controlTransfer: controlTransfer = newValue
                case .hub: hub = newValue
                case .mouse: mouse = newValue
                case .otherDevice: otherDevice = newValue
                case .malformed: malformed = newValue
                case .otherReport: otherReport = newValue
                }
            }
        }
    }
}
