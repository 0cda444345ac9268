import KeyTraceCore
import KeyTraceSupport

/// One input a recording reads, and how it opens as a ``CaptureSource``: the sources of
/// `keytrace record`, one case each.
///
/// ```swift
/// let capture = try CaptureInput.usbCapture(path: "session.pcapng").open(recordsReports: true)
/// while let event = try capture.source.next() { … }
/// ```
public enum CaptureInput {
    /// A USB capture file (pcap or pcapng of usbmon or USBPcap).
    case usbCapture(path: String)
    /// A live usbmon interface, such as `usbmon1`.
    case usbInterface(String)
    /// A Linux evdev node or a file of raw `input_event` records.
    case evdev(path: String)
    /// An evemu-record recording.
    case evemu(path: String)
    /// A hid-recorder recording (hid-tools).
    case hidRecorder(path: String)
    /// A libinput record recording, its keys taken from evdev events or HID reports.
    case libinput(path: String, keys: LibinputOptions.KeySource)
    /// A script in the keytrace notation.
    case script(path: String)
    /// The keys typed into this process's terminal.
    case terminal(TerminalCaptureSource.KeyboardProtocol)

    /// An input opened for reading, with what the trace's metadata says of it.
    public struct Opened {
        /// The events.
        public var source: any CaptureSource
        /// The trace metadata's `capturedFrom`: `usb`, `usb-live`, `evdev`, `evemu`,
        /// `hid-recorder`, `libinput`, `script` or `terminal`.
        public var kind: String
        /// The metadata's details: the input's path, and how its timestamps were taken.
        public var details: [String: String]
        /// The capture's pcap link type, for USB captures.
        public var pcapLinkType: Int32?
        /// What stops a live source cleanly (on SIGINT or SIGTERM); `nil` for an input that ends.
        public var stopper: CaptureStopper?
    }

    /// The file the input reads, when it is a file that must hold something: a recording that
    /// holds no event is unusable input. `nil` for devices, interfaces and the terminal.
    public var inputFile: String? {
        switch self {
        case .script(let path), .evemu(let path), .libinput(let path, _): path
        case .evdev(let path): FileKind(path: path) == .regular ? path : nil
        case .usbCapture, .usbInterface, .hidRecorder, .terminal: nil
        }
    }

    /// Whether the input carries auto-repeats of its own, which decides what repeat synthesis
    /// adds (docs/Capture.md, "Repeat synthesis"): USB captures, hid-recorder recordings and
    /// libinput's HID reports hold none; evdev, evemu and libinput's evdev events hold the
    /// kernel's when its auto-repeat was on; scripts and the terminal make their own.
    public var repeats: RepeatSynthesizer.InputRepeats {
        switch self {
        case .usbCapture, .usbInterface, .hidRecorder: .absent
        case .libinput(_, let keys): keys == .evdev ? .whenRecorded : .absent
        case .evdev, .evemu: .whenRecorded
        case .script, .terminal: .present
        }
    }

    /// Opens the input. With `recordsReports`, sources that decode HID reports also deliver
    /// each report as an event of its own; a script types with `layout` (`type "z"` presses the
    /// key that types z there).
    public func open(recordsReports: Bool, layout: KeyboardLayout = .usANSI) throws -> Opened {
        switch self {
        case .usbCapture(let path):
            let source = try USBCaptureSource(file: path, options: usbOptions(recordsReports))
            return Opened(source: source, kind: "usb", details: ["input": path], pcapLinkType: source.linkType)
        case .usbInterface(let interface):
            let source = try USBCaptureSource(interface: interface, options: usbOptions(recordsReports))
            return Opened(source: source, kind: "usb-live", details: ["interface": interface], pcapLinkType: source.linkType,
                          stopper: source.isLive ? source.stopper : nil)
        case .evdev(let path):
            let source = try EvdevCaptureSource(path: path)
            return Opened(source: source, kind: "evdev", details: ["input": path], stopper: source.stopper)
        case .evemu(let path):
            return Opened(source: try EvemuCaptureSource(path: path), kind: "evemu", details: ["input": path])
        case .hidRecorder(let path):
            var options = HIDRecorderOptions()
            options.recordsReports = recordsReports
            return Opened(source: try HIDRecorderCaptureSource(path: path, options: options), kind: "hid-recorder",
                          details: ["input": path, "timestamps": "hidraw read times in user space, relative to the first read"])
        case .libinput(let path, let keys):
            var options = LibinputOptions()
            options.keySource = keys
            options.recordsReports = recordsReports
            let source = try LibinputCaptureSource(path: path, options: options)
            var details = ["input": path, "timestamps": keys == .evdev
                ? "evdev kernel times (CLOCK_MONOTONIC), relative to the first event, or to the start of the recording for several devices"
                : "hidraw read times in user space, relative to the first evdev event, or to the start of the recording for several devices"]
            if source.summary.obfuscatedPresses > 0 {
                details["keyCodes"] = "obfuscated: \(source.summary.obfuscatedPresses) presses recorded by libinput record as KEY_A"
            }
            return Opened(source: source, kind: "libinput", details: details)
        case .script(let path):
            return Opened(source: try ScriptCaptureSource(path: path, layout: layout), kind: "script", details: ["input": path])
        case .terminal(let keyboardProtocol):
            let source = try TerminalCaptureSource(keyboardProtocol: keyboardProtocol)
            let encoding = source.usesKittyProtocol ? "kitty" : (source.isTerminal ? "legacy" : "stdin")
            return Opened(source: source, kind: "terminal", details: ["input": "stdin", "keyboardProtocol": encoding],
                          stopper: source.stopper)
        }
    }

    private func usbOptions(_ recordsReports: Bool) -> USBCaptureOptions {
        var options = USBCaptureOptions()
        options.recordsReports = recordsReports
        return options
    }
}
