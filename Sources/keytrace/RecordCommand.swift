import ArgumentParser
import Capture
import Dispatch
import KeyTraceCore
import Recording
import Replay
import ResponderEngine
import Scenes
import TraceFormat

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `keytrace record (--pcap FILE | --interface IF | --evdev DEV | --evemu FILE | --hid-recorder FILE | --libinput FILE | --terminal | --script FILE) [--scene SCENE] -o OUT`.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Turn keyboard input into a trace; with --scene, also record what the responder chain did with each press.",
        discussion: """
            Sources: a USB capture (pcap/pcapng of usbmon or USBPcap), a live usbmon interface, a Linux evdev \
            node or file of raw input_event records, an evemu-record recording, a hid-recorder recording (hid-tools), a libinput record recording, \
            the terminal's standard input, or a \
            script (docs/Script.md). Live sources stop cleanly on Ctrl-C (SIGINT) or SIGTERM; --terminal stops at \
            Ctrl-] or end of input (Ctrl-C is recorded as a key there).
            """)

    @Option(help: "A USB capture file (pcap or pcapng; link types 189, 220, 249).")
    var pcap: String?
    @Option(help: "A live usbmon interface, e.g. usbmon1 (needs the usbmon module and capture permission).")
    var interface: String?
    @Option(help: "A Linux evdev node (/dev/input/eventN) or a file of raw input_event records.")
    var evdev: String?
    @Option(help: "An evemu-record text recording.")
    var evemu: String?
    @Option(name: .customLong("hid-recorder"),
            help: "A hid-recorder recording (hid-tools: R: descriptor, E: reports; timestamps are user-space read times).")
    var hidRecorder: String?
    @Option(help: "A libinput record recording (YAML; keyboards only, several devices merged in time order).")
    var libinput: String?
    @Option(name: .customLong("libinput-keys"),
            help: "With --libinput: take keys from evdev events (kernel times) or hid reports (--with-hidraw recordings).")
    var libinputKeys: LibinputOptions.KeySource = .evdev
    @Option(help: "A script in the keytrace notation (docs/Script.md).")
    var script: String?
    @Flag(help: "Keys typed into this terminal (raw mode, no privileges); stop with Ctrl-] or end of input.")
    var terminal = false
    @Option(name: .customLong("keyboard-protocol"),
            help: "With --terminal: auto (kitty protocol when the terminal supports it) or legacy.")
    var keyboardProtocol: TerminalCaptureSource.KeyboardProtocol = .auto

    @Option(help: "A scene file or bundled scene name (pdf-viewer, app-store-tabs, music-player, canvas, text-editor).")
    var scene: String?
    @Option(name: .customLong("first-responder"), help: "Start with this responder as first responder (with --scene).")
    var firstResponder: String?
    @Option(help: "keyCommands query policy while recording: uikit or cached.")
    var policy: QueryPolicy = .cached
    @Option(name: [.short, .customLong("output")], help: "The trace to write (.ktrace).")
    var output: String
    @Flag(name: .customLong("json-summary"),
          help: "Print the capture summary as one JSON object (devices, endpoints, report IDs, keys by usage page) instead of text.")
    var jsonSummary = false
    @Flag(name: .customLong("no-reports"),
          help: "Do not write a report record per HID report (USB, hid-recorder, and libinput with --libinput-keys hid; LED state and report-level timing are then lost).")
    var noReports = false

    func validate() throws {
        if firstResponder != nil && scene == nil { throw ValidationError("--first-responder needs --scene") }
    }

    func run() throws {
        do {
            // Checked here rather than in validate(), so a misspelled source option is reported
            // as the unknown option it is (with a suggestion) before this.
            let sources = [pcap, interface, evdev, evemu, hidRecorder, libinput, script].compactMap { $0 }.count + (terminal ? 1 : 0)
            guard sources == 1 else {
                throw CommandFailure.usage(
                    "give exactly one source: --pcap, --interface, --evdev, --evemu, --hid-recorder, --libinput, --terminal or --script")
            }
            let runtime = try scene.map(SceneArgument.load)
            // A script types with the scene's layout (R9): `type "z"` presses the key that types z there.
            let (source, kind, details, linkType) = try openSource(layout: runtime?.application.keyboardLayout ?? .usANSI)
            var metadata = TraceMetadata(capturedFrom: kind, details: details, pcapLinkType: linkType.map { UInt32($0) })
            if let scenePath = try scene.map(SceneArgument.path) { metadata.custom["scenePath"] = scenePath }
            // A capture file is converted in one pass: the devices it names go into the header at the end.
            let session = try RecordingSession(output: output, metadata: metadata, scene: runtime, policy: policy,
                                               firstResponder: firstResponder,
                                               writerOptions: pcap != nil ? .conversion : .init())
            let stopSignals = installStopHandlers(for: source)
            defer { _ = stopSignals }
            let progress = ProgressBar()
            var captureError: Error?
            do {
                try session.record(source) { count in progress.update(label: "recording", read: UInt64(count), unit: "events") }
            } catch {
                captureError = error
            }
            progress.clear()
            let summary = try session.finish()
            if jsonSummary {
                print(summary.capture.json)
            } else {
                print(summary.text(output: output, input: input, complete: captureError == nil, throughScene: scene != nil),
                      terminator: "")
            }
            if let captureError {
                throw CommandFailure.noted(captureError, "the \(summary.presses) presses read before the problem were recorded to \(output)")
            }
            // A file that held nothing to read is unusable input, not an empty success.
            let inputFile = script ?? evemu ?? libinput ?? evdev.flatMap { FileKind(path: $0) == .regular ? $0 : nil }
            if let inputFile, summary.capture.packetsRead == 0 {
                throw CommandFailure.unusableInput("no input: '\(inputFile)' holds no \(script != nil ? "script steps" : "input events"); "
                                                   + "\(output) holds an empty trace")
            }
        }
    }

    private func openSource(layout: KeyboardLayout) throws -> (CaptureSource, String, [String: String], Int32?) {
        if let pcap {
            let source = try USBCaptureSource(file: pcap, options: usbOptions)
            return (source, "usb", ["input": pcap], source.linkType)
        }
        if let interface {
            let source = try USBCaptureSource(interface: interface, options: usbOptions)
            return (source, "usb-live", ["interface": interface], source.linkType)
        }
        if let evdev { return (try EvdevCaptureSource(path: evdev), "evdev", ["input": evdev], nil) }
        if let evemu { return (try EvemuCaptureSource(path: evemu), "evemu", ["input": evemu], nil) }
        if let hidRecorder {
            var options = HIDRecorderOptions()
            options.recordsReports = !noReports
            return (try HIDRecorderCaptureSource(path: hidRecorder, options: options), "hid-recorder",
                    ["input": hidRecorder, "timestamps": "hidraw read times in user space, relative to the first read"], nil)
        }
        if let libinput {
            var options = LibinputOptions()
            options.keySource = libinputKeys
            options.recordsReports = !noReports
            let source = try LibinputCaptureSource(path: libinput, options: options)
            var details = ["input": libinput, "timestamps": libinputKeys == .evdev
                ? "evdev kernel times (CLOCK_MONOTONIC), relative to the first event, or to the start of the recording for several devices"
                : "hidraw read times in user space, relative to the first evdev event, or to the start of the recording for several devices"]
            if source.summary.obfuscatedPresses > 0 {
                details["keyCodes"] = "obfuscated: \(source.summary.obfuscatedPresses) presses recorded by libinput record as KEY_A"
            }
            return (source, "libinput", details, nil)
        }
        if let script { return (try ScriptCaptureSource(path: script, layout: layout), "script", ["input": script], nil) }
        if terminal {
            if isatty(0) != 0 { KeyTraceExit.writeStandardError("recording keys from this terminal; press Ctrl-] to stop\n") }
            let source = try TerminalCaptureSource(keyboardProtocol: keyboardProtocol)
            let encoding = source.usesKittyProtocol ? "kitty" : (source.isTerminal ? "legacy" : "stdin")
            return (source, "terminal", ["input": "stdin", "keyboardProtocol": encoding], nil)
        }
        throw ValidationError("no source given")
    }

    /// What the source reads, for the summary's lines.
    private var input: RecordingSession.Summary.Input {
        if pcap != nil || interface != nil { return .usbPackets }
        return terminal || script != nil ? .keys : .deviceEvents
    }

    private var usbOptions: USBCaptureOptions {
        var options = USBCaptureOptions()
        options.recordsReports = !noReports
        return options
    }

    /// SIGINT/SIGTERM stop live sources; the trace is then finished normally.
    private func installStopHandlers(for source: CaptureSource) -> [DispatchSourceSignal] {
        let stopper: CaptureStopper?
        switch source {
        case let usb as USBCaptureSource: stopper = usb.isLive ? usb.stopper : nil
        case let evdev as EvdevCaptureSource: stopper = evdev.stopper
        case let terminal as TerminalCaptureSource: stopper = terminal.stopper
        default: stopper = nil
        }
        guard let stopper else { return [] }
        return [SIGINT, SIGTERM].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let handler = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            handler.setEventHandler { stopper.stop() }
            handler.resume()
            return handler
        }
    }
}

extension QueryPolicy: ExpressibleByArgument {}
extension TerminalCaptureSource.KeyboardProtocol: ExpressibleByArgument {}
extension LibinputOptions.KeySource: ExpressibleByArgument {}

