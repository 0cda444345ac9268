import Capture
import KeyTraceSupport
import KeyTraceCore
import ResponderEngine
import Scenes
import TraceFormat

/// Records a capture source into a trace, optionally driving each press through a scene so
/// the trace also holds resolutions, stage timings, counters and chain changes.
///
/// ```
///  source ──events──▶ session ──press──▶ dispatcher ──observer──▶ TraceRecorder ──▶ trace
///                        │ no scene: key records only; markers, drops, focus, HID reports as records
/// ```
public final class RecordingSession {
    /// What one recording did.
    public struct Summary: Sendable {
        /// Key records written.
        public var presses = 0
        /// Resolutions recorded (with a scene).
        public var resolutions = 0
        /// Markers the capture source reported (ErrorRollOver, …), written as marker records.
        public var markers = 0
        /// HID report records written (every keyboard report, input and output).
        public var reports = 0
        /// Packets the capture source reported lost (libpcap's drop count on a live capture).
        public var dropped: UInt64 = 0
        /// Responder-chain changes recorded.
        public var chainChanges = 0
        /// Presses by outcome (with a scene).
        public var outcomes: [DispatchOutcome: Int] = [:]
        /// What the capture source found and skipped.
        public var capture = CaptureSummary()
        /// Records in the trace, once finished.
        public var records: UInt64 = 0
        /// Repeats of held keys synthesised at record time (``RepeatSynthesizer``).
        public var synthesizedRepeats: UInt64 = 0
        /// How repeats were made, for the summary (`delay 500ms, interval 33ms`, `off: --no-repeat`);
        /// `nil` when the input makes its own.
        public var repeatSettings: String?
        /// Whether the input carried repeats of its own, which turned synthesis off.
        public var inputHadRepeats = false
        /// Presses dispatched while nothing was first responder (with a scene), and the time
        /// of the first: their key commands come only from the window, the application and the
        /// main menu (R10), so a scene left without one explains a trace of unhandled presses.
        public var withoutFirstResponder = 0
        public var firstWithoutFirstResponder: UInt64?

        /// The summary's note on presses without a first responder, when they are at least one
        /// in a hundred resolutions; `nil` otherwise.
        var firstResponderNote: String? {
            guard withoutFirstResponder > 0, withoutFirstResponder * 100 >= resolutions, let first = firstWithoutFirstResponder else { return nil }
            let seconds = String(cFormat: "%.3f", Double(first) / 1e9)
            return "  note        \(withoutFirstResponder) of \(resolutions) presses found no first responder (the first at \(seconds) s): "
                + "their key commands come only from the window, the application and the main menu (R10); "
                + "keytrace scene check names what cannot fire"
        }
    }

    private let scene: SceneRuntime?
    private let dispatcher: KeyDispatcher?
    private let recorder: TraceRecorder
    private let writer: TraceWriter
    private let firstResponder: String?
    // A session is driven from one thread; its counters change on every event, so they skip the
    // dynamic exclusivity checks (one check costs about as much as counting the event).
    @exclusivity(unchecked) private var appliedInitialFocus = false
    private let metadata: TraceMetadata
    /// Keyboards the source identified, the latest description of each; they go into the
    /// header at ``finish()`` when the writer keeps room for them (``TraceWriter/Options/metadataReserve``).
    @exclusivity(unchecked) private var devices: [DeviceID: Capture.DeviceInfo] = [:]
    /// What the session did so far (complete after ``finish()``).
    @exclusivity(unchecked) public private(set) var summary = Summary()
    /// What the scene's `keyCommands` getters built for the presses so far.
    @exclusivity(unchecked) private var commandsBuilt: CommandsBuiltTally

    /// Creates a session writing to `output` with `metadata`; with a scene, presses are
    /// dispatched under `policy` with stage timing on, from the state the scene is in
    /// (``SceneRuntime/enter(_:)`` before this; the trace names it).
    public init(output: String, metadata: TraceMetadata, scene: SceneRuntime?, policy: QueryPolicy = .cached,
                firstResponder: String? = nil, writerOptions: TraceWriter.Options = .init()) throws {
        var metadata = metadata
        if let scene {
            metadata.sceneName = scene.definition.name
            metadata.sceneContentHash = scene.definition.contentHash
            metadata.custom["policy"] = policy.rawValue
            metadata.firstResponderFallback = scene.application.firstResponderFallback
            metadata.platform = scene.application.platformVersion
            metadata.sceneState = scene.enteredStateName
        }
        self.metadata = metadata
        writer = try TraceWriter(path: output, metadata: metadata, options: writerOptions)
        recorder = TraceRecorder(writer: writer, mode: .synchronous)
        self.scene = scene
        self.firstResponder = firstResponder
        commandsBuilt = CommandsBuiltTally(responders: scene.map { [$0.application as Responder] + $0.allResponders } ?? [])
        if let scene {
            let dispatcher = try scene.makeDispatcher(policy: policy)
            dispatcher.observer = recorder
            self.dispatcher = dispatcher
        } else {
            dispatcher = nil
        }
    }

    /// Records every event of `source`. `progress` is called every 10 000 events. With
    /// `repeats`, the repeats it synthesises for held keys are recorded among the source's
    /// events (``RepeatSynthesizer``; ``Summary/synthesizedRepeats`` counts them).
    ///
    /// A writer that does not flush by time (``TraceWriter/Options/conversion``: converting a
    /// file) has the source decode on a thread of its own (``DecodingThread``) while this thread
    /// records; the trace is the same either way.
    ///
    /// While it waits for input, pending records are written every 50 ms of wall-clock time
    /// (``WallClockFlusher``) as well as by trace time: a recording killed at any moment has
    /// lost at most about 100 ms of input, however long the input was idle before. A writer
    /// that does not flush by trace time (``TraceWriter/Options/conversion``) gets no timer.
    public func record(_ source: CaptureSource, repeats: RepeatSynthesizer? = nil,
                       progress: ((Int) -> Void)? = nil) throws {
        let flusher = writer.options.flushInterval == .max ? nil : WallClockFlusher(writer: writer)
        let sink = Sink(session: self, flusher: flusher, progress: progress)
        let failure: (any Error)?
        do {
            if let repeats {
                var repeating = RepeatSynthesizingSink(sink, synthesizer: repeats)
                defer {
                    repeating.finish()  // a key held at the end repeats up to the input's last timestamp
                    summary.synthesizedRepeats = repeating.synthesizer.synthesized
                    summary.inputHadRepeats = repeating.synthesizer.inputHadRepeats
                    summary.repeatSettings = repeating.synthesizer.timing.description
                }
                try deliver(source, to: &repeating, decodingAside: flusher == nil)
                failure = repeating.base.failure
            } else {
                var plain = sink
                try deliver(source, to: &plain, decodingAside: flusher == nil)
                failure = plain.failure
            }
            summary.capture = source.summary
        } catch {
            try? flusher?.stop()
            summary.capture = source.summary
            throw error
        }
        if let failure {
            try? flusher?.stop()
            throw failure
        }
        try flusher?.stop()
    }

    /// Gives `source`'s events to `sink`; `decodingAside` decodes on a second core meanwhile
    /// (a file read to the end, where nothing waits on a clock).
    private func deliver<S: CaptureEventSink>(_ source: CaptureSource, to sink: inout S, decodingAside: Bool) throws {
        if decodingAside {
            try DecodingThread.deliverEvents(of: source, to: &sink)
        } else {
            try source.deliverEvents(to: &sink)
        }
    }

    /// Takes the source's events as they are decoded and records each; the first failure stops
    /// the source and is thrown by ``record(_:repeats:progress:)``.
    private struct Sink: CaptureEventSink {
        let session: RecordingSession
        let flusher: WallClockFlusher?
        let progress: ((Int) -> Void)?
        var count = 0
        var failure: (any Error)?

        var wantsMoreEvents: Bool { failure == nil }

        mutating func receive(_ event: CaptureEvent) {
            record { try $0.handle(event) }
        }

        mutating func receive(press: KeyPress, uncertaintyNs: UInt64) {
            record { try $0.handle(press, uncertainty: uncertaintyNs) }
        }

        mutating func receive(report: HIDReport) {
            record { try $0.handle(report) }
        }

        /// Records one event under the flusher's lock, keeping the first failure.
        @inline(__always)
        private mutating func record(_ body: (RecordingSession) throws -> Void) {
            guard failure == nil else { return }
            do {
                if let flusher { try flusher.exclusively { try body(session) } } else { try body(session) }
            } catch {
                failure = error
            }
            count += 1
            if count % 10_000 == 0 { progress?(count) }
        }
    }

    /// Records one event.
    public func handle(_ event: CaptureEvent) throws {
        switch event {
        case .press(let press, let uncertainty):
            try handle(press, uncertainty: uncertainty)
        case .marker(let marker):
            summary.markers += 1
            if marker.label == CaptureMarker.keyboardDisconnectLabel, let dispatcher {
                try applyInitialFocus(at: marker.timestamp)
                dispatcher.keyboardDidDisconnect(at: marker.timestamp)  // every keyboard, as a replay does
            }
            let text = marker.detail.isEmpty ? nil : marker.detail
            try recorder.record(.marker(MarkerRecord(timestamp: marker.timestamp, label: marker.label, text: text)))
        case .dropped(let count):
            summary.dropped += count
            try recorder.record(.dropped(DroppedEventsRecord(timestamp: dispatcher?.lastDispatchTimestamp ?? 0, count: count)))
        case .report(let report):
            try handle(report)
        case .device(let info):
            devices[info.id] = info  // into the metadata at finish()
        case .focus(let path, let timestamp):
            if let scene, let dispatcher {
                try applyInitialFocus(at: timestamp)
                dispatcher.lastDispatchTimestamp = timestamp
                try scene.focus(path)
                summary.chainChanges += 1
            } else {
                try recorder.record(.chainChange(ChainChangeRecord(timestamp: timestamp, kind: .firstResponder, to: path)))
            }
        }
    }

    /// Records a press: dispatched through the scene, or as a key record.
    private func handle(_ press: KeyPress, uncertainty: UInt64) throws {
        summary.presses += 1
        if let dispatcher {
            try applyInitialFocus(at: press.timestamp)
            recorder.setUncertaintyOfNextPress(uncertainty)
            if scene?.application.firstResponder == nil {
                summary.withoutFirstResponder += 1
                if summary.firstWithoutFirstResponder == nil { summary.firstWithoutFirstResponder = press.timestamp }
            }
            let resolution = dispatcher.dispatch(press)
            commandsBuilt.record(resolution)
            summary.resolutions += 1
            summary.outcomes[resolution.outcome, default: 0] += 1
        } else {
            try writer.append(press, timestampUncertainty: uncertainty)
        }
    }

    /// Records a HID report.
    private func handle(_ report: HIDReport) throws {
        summary.reports += 1
        if dispatcher != nil {
            try recorder.record(.hidReport(report))
        } else {
            try writer.append(report)
        }
    }

    private func applyInitialFocus(at timestamp: UInt64) throws {
        guard !appliedInitialFocus else { return }
        appliedInitialFocus = true
        guard let scene, let dispatcher else { return }
        dispatcher.lastDispatchTimestamp = timestamp
        if let firstResponder {
            try scene.focus(firstResponder)  // the dispatcher reports the change; the recorder writes it
        } else {
            // Record where the chain starts, so a replay starts in the same place.
            let start = scene.application.chainStart
            try recorder.record(.chainChange(ChainChangeRecord(timestamp: timestamp, kind: .firstResponder, from: nil,
                                                               to: start.description)))
        }
    }

    /// Records the final scene state as a marker and finishes the trace.
    public func finish() throws -> Summary {
        if let scene {
            let time = dispatcher?.lastDispatchTimestamp ?? 0
            try recorder.record(.marker(MarkerRecord(timestamp: time, label: SceneStateMarker.label, text: scene.snapshotText)))
            try recorder.record(.marker(MarkerRecord(timestamp: time, label: SceneStateMarker.keyCommandsLabel,
                                                     text: SceneStateMarker.keyCommandsText(scene))))
            if let marker = SceneStateMarker.commandsBuilt(commandsBuilt) {
                try recorder.record(.marker(marker.record(at: time)))
            }
        }
        if writer.options.metadataReserve > 0, !devices.isEmpty {
            var named = metadata
            named.name(devices.values.sorted { $0.id < $1.id })
            writer.setMetadata(named)
        }
        try recorder.finish()
        summary.records = writer.recordCount
        return summary
    }
}

/// The marker holding a scene's state at the end of a recording; replays compare against it.
public enum SceneStateMarker {
    /// The label of the scene-state marker (`key = value` lines).
    public static let label = "scene-state"
    /// The marker holding `keyCommands` reads per responder (`PATH = COUNT` lines).
    public static let keyCommandsLabel = "keycommands-per-responder"

    /// The `commands-built-per-responder` marker of `tally`, or `nil` when no press went
    /// through a getter that builds commands.
    package static func commandsBuilt(_ tally: CommandsBuiltTally) -> CommandsBuiltMarker? {
        guard tally.sawBuilder else { return nil }
        return CommandsBuiltMarker(lines: tally.entries.map {
            CommandsBuiltMarker.Line(path: $0.path, perCall: $0.perCall, built: $0.built,
                                     uikitEquivalentBuilt: $0.uikitEquivalentBuilt)
        })
    }

    package static func keyCommandsText(_ scene: SceneRuntime) -> String {
        let responders = [scene.application as Responder] + scene.allResponders
        return responders.filter { $0.keyCommandsCallCount > 0 }
            .map { ResponderCountLines.line(path: $0.description, counts: [UInt64(clamping: $0.keyCommandsCallCount)]) }.joined(separator: "\n")
    }
}

extension TraceMetadata {
    /// Metadata for a capture: source kind and details, devices with VID/PID and bInterval.
    public init(capturedFrom sourceKind: String, details: [String: String] = [:], devices: [Capture.DeviceInfo] = [],
                pcapLinkType: UInt32? = nil) {
        self.init(sourceKind: sourceKind, pcapLinkType: pcapLinkType,
                  clockDomain: sourceKind == "usb" ? "unix-epoch" : "source", custom: details)
        name(devices)
    }

    /// Lists `devices` (VID/PID, bInterval, polling interval, name) and says which were
    /// identified by a heuristic.
    public mutating func name(_ devices: [Capture.DeviceInfo]) {
        self.devices = devices.map { device in
            TraceFormat.DeviceInfo(id: device.id, vendorID: device.vendorID, productID: device.productID,
                                   bInterval: device.bInterval, pollingIntervalNanoseconds: device.pollingIntervalNs,
                                   name: device.name)
        }
        // Keys guessed from report contents say so (`keytrace inspect` lists the metadata).
        for device in devices where device.identifiedBy.isHeuristic {
            custom["identifiedBy \(device.id)"] = device.identifiedBy.rawValue
        }
    }
}
