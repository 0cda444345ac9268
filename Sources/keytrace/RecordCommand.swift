import ArgumentParser
import Capture
import Dispatch
import KeyTraceCore
import KeyTraceSupport
import Recording
import Replay
import ResponderEngine
import Scenes
import TraceFormat

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

            A held key repeats as on an iPad: inputs that carry no auto-repeat (USB, hid-recorder, libinput \
            HID reports) get repeats synthesised, marked as such in the trace; evdev, evemu and libinput evdev \
            events get them until the input shows repeats of its own; scripts and the terminal make their own \
            (docs/Capture.md, "Repeat synthesis").
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
    @Option(name: .customLong("first-responder"),
            help: "Start with this responder as first responder (with --scene): a path, or a node's name (a type name, with '.' written as '-' or not).")
    var firstResponder: String?
    @OptionGroup var state: StateOption
    @Option(help: "keyCommands query policy while recording: uikit or cached.")
    var policy: QueryPolicy = .cached
    @OptionGroup var engine: EngineOptions
    @Option(name: [.short, .customLong("output")], help: "The trace to write (.ktrace).")
    var output: String
    @Flag(name: .customLong("json-summary"),
          help: "Print the capture summary as one JSON object (devices, endpoints, report IDs, keys by usage page) instead of text.")
    var jsonSummary = false
    @Flag(name: .customLong("no-reports"),
          help: "Do not write a report record per HID report (USB, hid-recorder, and libinput with --libinput-keys hid; LED state and report-level timing are then lost).")
    var noReports = false

    @Option(name: .customLong("repeat-delay"),
            help: ArgumentHelp("From a held key going down to its first synthesised repeat, at least 1ms (script notation: 500ms, 0.4s; default: 500ms).",
                               valueName: "duration"))
    var repeatDelay: String?
    @Option(name: .customLong("repeat-interval"),
            help: ArgumentHelp("Between synthesised repeats, at least 1ms (default: 33ms).", valueName: "duration"))
    var repeatInterval: String?
    @Flag(name: .customLong("no-repeat"), help: "Synthesise no repeats: a held key is one press, as the input has it.")
    var noRepeat = false

    func validate() throws {
        if firstResponder != nil && scene == nil { throw ValidationError("--first-responder needs --scene") }
        if state.state != nil && scene == nil { throw ValidationError("--state needs --scene") }
        if noRepeat && (repeatDelay != nil || repeatInterval != nil) {
            throw ValidationError("--no-repeat synthesises no repeats: drop --repeat-delay and --repeat-interval, or --no-repeat")
        }
        _ = try repeatTiming
    }

    /// The timing of synthesised repeats the options give.
    private var repeatTiming: RepeatSynthesizer.Timing {
        get throws {
            let defaults = RepeatSynthesizer.Timing.platformDefault
            var timing = defaults
            if let repeatDelay {
                guard let delay = RepeatSynthesizer.Timing.duration(repeatDelay), delay >= RepeatSynthesizer.Timing.minimumIntervalNs else {
                    throw ValidationError("--repeat-delay takes a duration of at least 1ms such as 500ms or 0.4s, not '\(repeatDelay)'")
                }
                timing.delayNs = delay
            }
            if let repeatInterval {
                guard let interval = RepeatSynthesizer.Timing.duration(repeatInterval),
                      interval >= RepeatSynthesizer.Timing.minimumIntervalNs else {
                    throw ValidationError("--repeat-interval takes a duration of at least 1ms such as 33ms, not '\(repeatInterval)'")
                }
                timing.intervalNs = interval
            }
            return timing
        }
    }

    func run() throws {
        // Checked here rather than in validate(), so a misspelled source option is reported
        // as the unknown option it is (with a suggestion) before this.
        let inputs = captureInputs
        guard inputs.count == 1, let input = inputs.first else {
            throw CommandFailure.usage(
                "give exactly one source: --pcap, --interface, --evdev, --evemu, --hid-recorder, --libinput, --terminal or --script")
        }
        let scenePath = try scene.map(SceneArgument.path)
        let runtime = try scenePath.map { try SceneRuntime(contentsOf: $0) }
        if let runtime {
            engine.apply(to: runtime)
            try state.enter(in: runtime)
        }
        let firstResponderPath = try runtime.flatMap { runtime in try firstResponder.map { try runtime.responderPath(for: $0) } }
        if case .terminal = input, isatty(0) != 0 {
            StandardError.write("recording keys from this terminal; press Ctrl-] to stop\n")
        }
        // A script types with the scene's layout (R9).
        let capture = try input.open(recordsReports: !noReports, layout: runtime?.application.keyboardLayout ?? .usANSI)
        var metadata = TraceMetadata(capturedFrom: capture.kind, details: capture.details,
                                     pcapLinkType: capture.pcapLinkType.map { UInt32($0) })
        if let scenePath { metadata.custom["scenePath"] = scenePath }
        let repeats = try repeatSynthesizer(for: input, layout: runtime?.application.keyboardLayout ?? .usANSI)
        metadata.custom["repeats"] = RepeatSynthesizer.metadataText(repeats, input: input.repeats)
        // A capture file is converted in one pass: the devices it names go into the header at the end.
        let session = try RecordingSession(output: output, metadata: metadata, scene: runtime, policy: policy,
                                           firstResponder: firstResponderPath,
                                           writerOptions: pcap != nil ? .conversion : .init())
        let stopSignals = installStopHandlers(capture.stopper)
        defer { _ = stopSignals }
        let progress = ProgressBar()
        var captureError: Error?
        do {
            try session.record(capture.source, repeats: repeats) { count in progress.update(label: "recording", read: UInt64(count), unit: "events") }
        } catch {
            captureError = error
        }
        progress.clear()
        var summary = try session.finish()
        if noRepeat { summary.repeatSettings = "off: --no-repeat" }
        if jsonSummary {
            print(summary.capture.json)
        } else {
            print(summary.text(output: output, input: .init(input), complete: captureError == nil, throughScene: scene != nil),
                  terminator: "")
        }
        if let captureError {
            throw CommandFailure.noted(captureError, "the \(summary.presses) presses read before the problem were recorded to \(output)")
        }
        // A file that held nothing to read is unusable input, not an empty success.
        if let inputFile = input.inputFile, summary.capture.packetsRead == 0 {
            throw CommandFailure.unusableInput("no input: '\(inputFile)' holds no \(script == nil ? "input events" : "script steps"); "
                                               + "\(output) holds an empty trace")
        }
    }

    /// The synthesizer of repeats for `input`, or `nil` with --no-repeat or when the input
    /// makes its own.
    private func repeatSynthesizer(for input: CaptureInput, layout: KeyboardLayout) throws -> RepeatSynthesizer? {
        guard !noRepeat else { return nil }
        guard input.repeats != .present else {
            if repeatDelay != nil || repeatInterval != nil {
                StandardError.write("warning: --repeat-delay and --repeat-interval have no effect here: this input makes its own repeats"
                    + " (a script's repeat-delay and repeat-interval steps set them, docs/Script.md)\n")
            }
            return nil
        }
        return RepeatSynthesizer(timing: try repeatTiming, input: input.repeats, layout: layout)
    }

    /// The sources the options name (``run()`` accepts exactly one).
    private var captureInputs: [CaptureInput] {
        var inputs: [CaptureInput] = []
        if let pcap { inputs.append(.usbCapture(path: pcap)) }
        if let interface { inputs.append(.usbInterface(interface)) }
        if let evdev { inputs.append(.evdev(path: evdev)) }
        if let evemu { inputs.append(.evemu(path: evemu)) }
        if let hidRecorder { inputs.append(.hidRecorder(path: hidRecorder)) }
        if let libinput { inputs.append(.libinput(path: libinput, keys: libinputKeys)) }
        if let script { inputs.append(.script(path: script)) }
        if terminal { inputs.append(.terminal(keyboardProtocol)) }
        return inputs
    }

    /// SIGINT/SIGTERM stop live sources; the trace is then finished normally.
    private func installStopHandlers(_ stopper: CaptureStopper?) -> [DispatchSourceSignal] {
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

