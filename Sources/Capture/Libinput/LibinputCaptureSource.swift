import KeyTraceCore

/// Keyboard events from a `libinput record` recording (YAML, one or several devices).
///
/// ```
/// # libinput record                            header: version 1, ndevices, libinput, system
/// version: 1
/// ndevices: 2
/// devices:
/// - node: /dev/input/event3                    one entry per device, its events after its description
///   evdev:
///     name: "AT Translated Set 2 keyboard"
///     id: [17, 1, 1, 43841]                    bus, vendor, product, version (decimal)
///     codes:
///       1: [1, 2, 3, …]  # EV_KEY               the codes the device has, per event type
///   hid: [0x05, 0x01, …]                       the report descriptor (only with --with-hidraw)
///   events:
///   - evdev:
///     - [  0,  10560,   1,  30,       1] # EV_KEY / KEY_A   1 (obfuscated)
///   - hid:
///       time: [  0,  10612]
///       hidraw0: [0x00, 0x00, 0x04, …]         one report read from hidraw
/// ```
/// Only keyboards are decoded: a device is a keyboard when its `EV_KEY` codes hold every key
/// from KEY_ESC (1) to KEY_D (31), the test udev's `ID_INPUT_KEYBOARD` makes, or when its udev
/// properties say `ID_INPUT_KEYBOARD=1`. Its evdev events decode as evdev events do
/// (``EvdevCaptureSource``); with ``LibinputOptions/KeySource/hidReports`` its `hid` reports
/// decode by its report descriptor instead (``HIDReportDescriptor``). Other devices (mice,
/// touchpads, tablets, buttons) are counted in the summary.
///
/// **Timestamps** are the recording's: evdev events carry the kernel's timestamps
/// (`CLOCK_MONOTONIC` when the event was queued), relative to the first event (one device) or
/// to the start of the recording (several devices); `hid` reports carry the time `libinput
/// record` read them from hidraw in user space, on the same scale. Devices are recorded one
/// after another in the file; their events are merged in time order, so the recording is read
/// whole before the first event is handed out (memory grows with the number of presses, not
/// with the file).
///
/// **Obfuscated key codes.** Unless recorded with `--show-keycodes`, `libinput record` writes
/// every key between KEY_1 and KEY_APOSTROPHE/KEY_GRAVE and the keypad digits as KEY_A, and marks
/// the line `(obfuscated)`. Those presses are decoded as written (A), counted in
/// ``CaptureSummary/obfuscatedPresses``, and each device's first one is preceded by a
/// `libinput-obfuscated` marker, so the trace says its letters are placeholders.
///
/// A line that cannot be read is a ``CaptureError/Code/syntax`` error naming its line and
/// column; the events decoded before it are handed out first.
public final class LibinputCaptureSource: CaptureSource {
    /// The recording being read.
    public let path: String
    private var pending = PendingEvents()
    /// What the recording held: complete from the start, since it is read whole when the source is created.
    public private(set) var summary = CaptureSummary()

    /// Reads the recording at `path`. Throws when it cannot be opened; a line that cannot be
    /// read is thrown by ``next()`` after the events decoded before it.
    public init(path: String, options: LibinputOptions = LibinputOptions()) throws(CaptureError) {
        self.path = path
        let reader = LineReader(try InputFile(path: path))
        var parser = LibinputRecordParser(path: path, options: options)
        var failure: CaptureError?
        do throws(CaptureError) {
            while let line = try reader.nextLine() {
                try parser.read(line, number: reader.lineNumber)
            }
            try parser.finish()
        } catch {
            failure = error
        }
        pending.events = parser.mergedEvents()
        summary = parser.summary
        if failure == nil, options.requiresKeyboard, summary.devices.isEmpty {
            failure = CaptureError(.noKeyboard, "no keyboard among the \(parser.deviceCount) devices of the recording ("
                + parser.deviceList + "); a keyboard has EV_KEY codes KEY_ESC to KEY_D. Record the keyboard's "
                + "node: `sudo libinput record /dev/input/eventN -o FILE.yml`", input: path)
        }
        pending.finish(deferring: failure)
    }

    /// The next event, or `nil` after the last; throws once, after the events before it, when a
    /// line could not be read or the recording held no keyboard.
    public func next() throws(CaptureError) -> CaptureEvent? {
        switch try pending.handout() {
        case .event(let event): return event
        case .end, .readMore: return nil
        }
    }
}

/// How `libinput record` recordings are decoded.
public struct LibinputOptions: Hashable, Sendable {
    /// Where a keyboard's presses come from when the recording holds both its evdev events and
    /// its hidraw reports (`libinput record --with-hidraw`).
    public enum KeySource: String, Hashable, Sendable, CaseIterable {
        /// The evdev events, with the kernel's timestamps (default).
        case evdev
        /// The hidraw reports, decoded by the device's report descriptor: media and system keys
        /// keep their usage page; timestamps are user-space read times.
        case hidReports = "hid"
    }

    /// The layout that fills ``KeyPress/characters``.
    public var layout: KeyboardLayout = .usANSI
    /// Where presses come from.
    public var keySource: KeySource = .evdev
    /// The timestamp uncertainty of evdev events: 8 ms by default (a USB keyboard's polling
    /// interval; the kernel stamps the event when the report arrives). Use 0 for PS/2 and most
    /// laptop keyboards.
    public var evdevUncertaintyNs: UInt64 = 8_000_000
    /// The timestamp uncertainty of hidraw reports: 10 ms by default (the polling interval and the
    /// delays before user space read the report), as for hid-recorder.
    public var hidUncertaintyNs: UInt64 = 10_000_000
    /// Whether Caps Lock presses toggle ``ModifierFlags/alphaShift`` (off at the start).
    public var tracksCapsLock = true
    /// Whether a recording without any keyboard is an error (``CaptureError/Code/noKeyboard``).
    public var requiresKeyboard = true
    /// Whether, with keys from ``KeySource/hidReports``, every Input report of a keyboard becomes a
    /// ``CaptureEvent/report(_:)`` before the presses it caused (evdev events carry no reports).
    public var recordsReports = true

    /// Default options: US ANSI layout, keys from evdev, 8 ms (evdev) and 10 ms (hid) uncertainty,
    /// reports recorded when keys come from them.
    public init() {}
}
