import KeyTraceCore

/// How USB captures are decoded.
public struct USBCaptureOptions: Hashable, Sendable {
    /// The bus speed assumed for keyboards; neither usbmon nor USBPcap records it.
    public enum Speed: Hashable, Sendable {
        /// Low or full speed (1.5 or 12 Mbit/s): intervals count 1 ms frames. Nearly every keyboard.
        case lowOrFull
        /// High speed (480 Mbit/s): intervals count 125 µs microframes, bInterval is an exponent.
        case high
    }

    /// The layout that fills ``KeyPress/characters``.
    public var layout: KeyboardLayout = .usANSI
    /// The speed assumed when converting polling intervals to time.
    public var assumedSpeed: Speed = .lowOrFull
    /// The timestamp uncertainty used when neither a descriptor nor the usbmon header gives
    /// the polling interval: 8 ms, the most common bInterval of low- and full-speed keyboards.
    public var defaultPollingIntervalNs: UInt64 = 8_000_000
    /// Whether reaching the end without any keyboard is an error (``CaptureError/Code/noKeyboard``).
    public var requiresKeyboard: Bool = true
    /// Whether Caps Lock presses toggle ``ModifierFlags/alphaShift`` (off at the start).
    public var tracksCapsLock: Bool = true
    /// Whether every HID report of a keyboard becomes a ``CaptureEvent/report(_:)``: the Input
    /// reports of decoded keyboard interfaces and the Output reports (LEDs) sent to them.
    public var recordsReports: Bool = true

    /// Default options: US ANSI layout, low or full speed, 8 ms default polling interval, a keyboard
    /// required, Caps Lock tracked, reports recorded.
    public init() {}

    /// A usbmon URB interval (frames at low/full speed, microframes at high speed) in ns.
    func nanoseconds(urbInterval: Int32) -> UInt64? {
        guard urbInterval > 0 else { return nil }
        return UInt64(urbInterval) * (assumedSpeed == .high ? 125_000 : 1_000_000)
    }

    /// An interrupt endpoint's bInterval in ns (USB 2.0 §9.6.6): milliseconds at low/full
    /// speed, 2^(bInterval−1) microframes at high speed.
    func nanoseconds(bInterval: UInt8) -> UInt64? {
        guard bInterval > 0 else { return nil }
        switch assumedSpeed {
        case .lowOrFull: return UInt64(bInterval) * 1_000_000
        case .high: return (UInt64(1) << UInt64(min(bInterval, 16) - 1)) * 125_000
        }
    }
}
