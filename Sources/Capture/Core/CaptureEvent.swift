import KeyTraceCore

/// One thing a capture source reports, in the order the source saw it.
///
/// ```
///  source ──► .device(info)              a keyboard was identified (may repeat with more detail)
///         ──► .press(press, uncertainty) a key went down, repeated or went up
///         ──► .marker(marker)            ErrorRollOver, evdev SYN_DROPPED, script markers
///         ──► .dropped(count:)           the source says it lost `count` packets
///         ──► .focus(path:timestamp:)    a script moved focus
///         ──► .report(report)            a HID report as it crossed the bus (input or output)
/// ```
public enum CaptureEvent: Hashable, Sendable {
    /// A key press. `uncertaintyNs` says how long before ``KeyPress/timestamp`` the key may
    /// really have changed: for USB it is the endpoint's polling interval.
    case press(KeyPress, uncertaintyNs: UInt64)
    /// Something worth recording that is not a press.
    case marker(CaptureMarker)
    /// Packets or events the source reports as lost (libpcap's drop counters).
    case dropped(count: UInt64)
    /// A keyboard was identified, or what is known about it grew. A later `.device` with the
    /// same ``DeviceInfo/id`` replaces the earlier one.
    case device(DeviceInfo)
    /// A script moved focus to `path`.
    case focus(path: String, timestamp: UInt64)
    /// A HID report of a keyboard: every Input report of a decoded keyboard interface (idle and
    /// repeated ones too) and every Output report sent to one, before the presses it caused.
    case report(HIDReport)

    /// The press, when the event is one.
    public var press: KeyPress? {
        if case .press(let press, _) = self { return press }
        return nil
    }
}
