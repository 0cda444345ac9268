/// A labelled point in a capture: `ErrorRollOver` from a keyboard, `SYN_DROPPED` from evdev,
/// or a `marker` step of a script.
public struct CaptureMarker: Hashable, Sendable {
    /// A short stable label, e.g. `ErrorRollOver`.
    public var label: String
    /// Free text for people.
    public var detail: String
    /// When, in the same clock as the presses.
    public var timestamp: UInt64
    /// The device concerned, or ``DeviceID/unspecified``.
    public var device: DeviceID

    /// The label of the marker a keyboard disconnect leaves (a script's `disconnect` step):
    /// recording and replay cancel every press in flight there (R20).
    public static let keyboardDisconnectLabel = "keyboard-disconnect"

    /// A marker at `timestamp` (nanoseconds, the presses' clock) with an optional `detail` for people.
    public init(label: String, detail: String = "", timestamp: UInt64, device: DeviceID = .unspecified) {
        self.label = label
        self.detail = detail
        self.timestamp = timestamp
        self.device = device
    }
}
