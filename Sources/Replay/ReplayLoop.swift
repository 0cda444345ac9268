import KeyTraceCore
import Recording
import ResponderEngine
import Scenes
import TraceFormat

/// One run of a ``Replayer``: the scene, its dispatcher and the report, fed one record at a time.
///
/// Only key, resolution, chain-change and scene-state marker records matter to a replay; the
/// caller may skip the others without decoding them. Per press the loop dispatches and counts.
/// Only when resolutions are compared or lines kept does it also number the press's resolution
/// (``ResolutionTable``), keep the number for comparison (``PressHistory``) and format canonical
/// lines (when kept, or when a divergence is reported). A recorded resolution that names a
/// definition (``ResolutionReference``) is compared by number once its definition has matched.
struct ReplayLoop {
    private let options: Replayer.Options
    private let runtime: SceneRuntime
    private let dispatcher: KeyDispatcher
    private let observer: ReplayObserver
    /// Whether each press's resolution record is made (to compare it or keep its line).
    private let makesRecords: Bool
    private let recorder: TraceRecorder?
    private let clock = MonotonicClock()
    private var scheduler: DeadlineScheduler?
    private var priority: RealTimePriority?
    private var interference: InterferenceProbe?
    private var report: ReplayReport
    private var history: PressHistory
    private var definitionMatches = DefinitionMatches()
    private var outcomeCounts = OutcomeCounts()
    /// The latest press's resolution: each dispatch writes over it in place.
    private var resolution = Resolution(unresolved: KeyPress(.began, .a))
    private var origin: UInt64?
    private var sequence: UInt64 = 0
    private var pendingFocus: String?
    /// Set when the replay's first-responder fallback differs from the recording's: a recorded
    /// focus move to a responder the replay does not show is skipped.
    private var skipsMissingFocusTargets = false
    /// Responders found for recorded focus paths: a trace focuses the same few again and again,
    /// and finding one searches the whole scene.
    private var focusTargets: [String: Responder] = [:]
    /// What the scene's `keyCommands` getters built, for the output trace's marker.
    private var commandsBuilt: CommandsBuiltTally

    /// Loads the scene (the one given, else the one the trace names) and prepares the dispatcher
    /// and the optional output trace.
    init(trace: String, metadata: TraceMetadata, options: Replayer.Options, observer extra: DispatchObserver?) throws {
        self.options = options
        var report = ReplayReport(trace: trace, policy: options.policy, pace: options.pace)

        // The scene: given, or named in the trace.
        let scenePath: String
        if let given = options.scenePath {
            scenePath = given
        } else if let name = metadata.sceneName {
            guard let found = SceneLocator.path(forScene: name, near: trace, recorded: metadata.custom["scenePath"]) else {
                throw ReplayError.sceneNotFound(name: name, known: SceneLocator.knownScenes())
            }
            scenePath = found
        } else {
            throw ReplayError.noScene(trace)
        }
        let runtime = try SceneRuntime(contentsOf: scenePath)
        report.scene = runtime.definition.name
        report.scenePath = scenePath
        if let recorded = metadata.sceneContentHash, recorded != runtime.definition.contentHash {
            let message = "scene \(scenePath) differs from the one the trace was recorded with "
                + "(content hash \(runtime.definition.contentHash.prefix(12))… ≠ \(recorded.prefix(12))…)"
            if options.requireRecordedScene { throw ReplayError.sceneMismatch(message) }
            report.warnings.append(message)
        }
        if let platform = options.platform ?? metadata.platform { runtime.application.platformVersion = platform }
        if let name = metadata.sceneState {
            // The state the recording was made in, entered before anything resolves.
            let state: SceneState?
            do throws(SceneLookupError) { state = try runtime.state(named: name) } catch { throw ReplayError.stateNotFound(error) }
            if let state {
                try runtime.enter(state)
                report.sceneState = state.name
            }
        }
        let recordedFallback = metadata.firstResponderFallback ?? FirstResponderFallback.none  // nil: no scene, or an unknown name
        let fallback = options.firstResponderFallback ?? recordedFallback
        runtime.application.firstResponderFallback = fallback
        if fallback != recordedFallback {
            // A "what if" replay: the recorded focus moves to stand-ins may name controllers the
            // replay never shows, so those that cannot be found are skipped, not errors.
            report.warnings.append("the trace was recorded with --first-responder-fallback \(recordedFallback.rawValue) and replays with "
                + "\(fallback.rawValue): resolutions may diverge from the recording, and recorded focus moves to responders "
                + "the replay does not show are skipped")
            skipsMissingFocusTargets = true
        }
        let dispatcher = try runtime.makeDispatcher(policy: options.policy,
                                                    clock: options.stageTiming ? KeyDispatcher.defaultStageClock : nil)

        // Optional output trace with the replay's own resolutions and timings.
        var recorder: TraceRecorder?
        if let output = options.output {
            var outMetadata = metadata
            outMetadata.sceneName = runtime.definition.name
            outMetadata.sceneContentHash = runtime.definition.contentHash
            outMetadata.custom["policy"] = options.policy.rawValue
            outMetadata.firstResponderFallback = fallback
            outMetadata.platform = runtime.application.platformVersion
            outMetadata.custom["replayOf"] = trace
            outMetadata.custom["pace"] = options.pace.description
            do {
                let writer = try TraceWriter(path: output, metadata: outMetadata)
                recorder = TraceRecorder(writer: writer, mode: .synchronous)
            } catch { throw ReplayError.output(output, error) }
        }
        let observer = ReplayObserver(forwardingTo: recorder, and: extra)
        let makesRecords = options.compareResolutions || options.keepLines
        // The observer keeps responder paths for the records and feeds the output trace; with
        // neither to do, the dispatcher calls only the caller's observer, if any.
        dispatcher.observer = makesRecords || recorder != nil ? observer : extra

        self.runtime = runtime
        self.dispatcher = dispatcher
        self.observer = observer
        self.makesRecords = makesRecords
        self.kindsUsed = options.compareResolutions ? [.key, .resolution, .chainChange, .marker] : [.key, .chainChange, .marker]
        self.recorder = recorder
        commandsBuilt = CommandsBuiltTally(responders: recorder == nil ? [] : [runtime.application as Responder] + runtime.allResponders)
        self.report = report
        self.history = PressHistory(context: options.context)
        self.numberingThreshold = options.numberingLimit
        if case .scaled(let speed) = options.pace {
            // A timed replay collects the first chain's commands before the clock starts, so the
            // first press is not late by the collection (it still counts as that press's cache miss).
            dispatcher.prepare()
            if options.realTimePriority {
                let priority = RealTimePriority()
                self.priority = priority
                self.report.realTimePriority = priority.isActive
            }
            scheduler = DeadlineScheduler(speed: speed, clock: clock)
            interference = InterferenceProbe()
        }
    }

    /// The kinds of record that take part in this replay (others need not be decoded): keys,
    /// chain changes, markers, and recorded resolutions when they are compared.
    let kindsUsed: RecordKinds

    /// Replays or compares one record, in trace order.
    mutating func handle(_ record: TraceRecord) throws {
        switch record {
        case .key(let key):
            try replay(key)
        case .resolution(let expected):
            if options.compareResolutions { compare(expected) }
        case .chainChange(let change):
            if change.kind == .firstResponder, let target = change.to { pendingFocus = target }
        case .marker(let marker) where marker.label == SceneStateMarker.label:
            report.recordedState = marker.text
        case .marker(let marker) where marker.label == CaptureMarker.keyboardDisconnectLabel:
            try applyPendingFocus(at: marker.timestamp)
            dispatcher.keyboardDidDisconnect(at: marker.timestamp)
            try recorder?.record(.marker(marker))  // a re-recording replays the same way
        default:
            break
        }
    }

    /// Replays one key record.
    mutating func replay(_ key: KeyRecord) throws {
        let press = key.press
        try applyPendingFocus(at: press.timestamp)
        if origin == nil { origin = press.timestamp }
        recorder?.setUncertaintyOfNextPress(key.timestampUncertainty)
        if makesRecords { observer.prepare(dispatcher) }
        // The timed path is out of line: an `asap` replay runs one call here.
        if scheduler == nil {
            dispatcher.dispatch(press, into: &resolution)
        } else {
            dispatchOnSchedule(press)
        }
        report.presses += 1
        commandsBuilt.record(resolution)
        outcomeCounts.count(resolution.outcome)
        let sequence = self.sequence
        self.sequence += 1
        guard makesRecords else { return }
        let number = observer.number(for: &resolution)
        if options.keepLines {
            let actual = observer.record(number, timestamp: press.timestamp, sequence: sequence)
            report.lines.append(CanonicalResolution.line(key: press, resolution: actual, origin: origin ?? press.timestamp))
        }
        if options.compareResolutions {
            history.append(sequence: sequence, press: press, resolution: number, chain: resolution.chain,
                           firstResponderIdentifier: runtime.application.firstResponderIdentifier,
                           firstResponder: runtime.application.firstResponder)
            if _slowPath(observer.distinctResolutions >= numberingThreshold) { startNumberingOver() }
        }
    }

    /// Waits for `press`'s moment on the schedule, dispatches it and records how late the wake-up
    /// and the dispatch were: nothing but the dispatch between the wake-up and the dispatch.
    @inline(never)
    private mutating func dispatchOnSchedule(_ press: KeyPress) {
        guard var scheduler else { return dispatcher.dispatch(press, into: &resolution) }
        let deadline = scheduler.deadline(of: press.timestamp, origin: origin ?? press.timestamp)
        let woke = scheduler.wait(until: deadline)
        dispatcher.dispatch(press, into: &resolution)
        let done = clock.now()
        self.scheduler = scheduler
        report.schedulingError.record(woke &- deadline)
        report.latencyFromSchedule.record(done &- deadline)
    }

    /// How many distinct resolutions may be numbered before the numbering starts over
    /// (``Replayer/Options/numberingLimit``, or twice what the held presses kept at the last
    /// start-over).
    private var numberingThreshold: Int

    /// Starts the numbering over, keeping only the resolutions of the presses still held, so
    /// that memory stays bounded when press after press resolves differently.
    private mutating func startNumberingOver() {
        let old = observer.startNumberingOver()
        let observer = self.observer
        history.renumberResolutions { observer.number(of: old.record($0, timestamp: 0, pressSequence: 0)) }
        definitionMatches.removeAll()
        numberingThreshold = max(options.numberingLimit, 2 * observer.distinctResolutions)
    }

    /// Compares a recorded resolution that names a definition with what the replay made of its
    /// press: by number once the definition has matched, else as ``compare(_:)`` does with the
    /// record `recorded` builds.
    mutating func compare(_ reference: ResolutionReference, recorded: () -> ResolutionRecord?) {
        if let number = history.waitingResolution(reference.pressSequence),
           definitionMatches.number(matching: reference) == number {
            history.markCompared(reference.pressSequence)
            report.comparedResolutions += 1
            return
        }
        guard let expected = recorded() else { return }
        if let number = compare(expected) { definitionMatches.remember(number, for: reference) }
    }

    /// Compares a recorded resolution with what the replay made of its press; returns the
    /// replayed resolution's number when they agree.
    @discardableResult
    mutating func compare(_ expected: ResolutionRecord) -> Int32? {
        let sequence = expected.pressSequence
        guard let number = history.waitingResolution(sequence) else {
            history.noteResolution()
            report.uncomparedResolutions += 1
            return nil
        }
        history.markCompared(sequence)
        report.comparedResolutions += 1
        let actual = observer.record(number, timestamp: 0, sequence: sequence)
        if CanonicalResolution.agree(expected, actual, matches: &detailsMatches) { return number }
        report.divergences += 1
        guard report.firstDivergence == nil, let entry = history.entry(sequence) else { return nil }
        let origin = self.origin ?? entry.press.timestamp
        let before = history.entries(before: entry.sequence).map { line(of: $0, origin: origin) }
        report.firstDivergence = Divergence(
            sequence: sequence, press: entry.press.description,
            expected: CanonicalResolution.line(key: entry.press, resolution: expected, origin: origin),
            actual: line(of: entry, origin: origin),
            before: before, chain: entry.chain.description,
            firstResponder: entry.firstResponder?.description ?? "(none)", stateDifferences: [])
        return nil
    }

    /// Details pairs already found equal, for records compared field by field (format 1.0
    /// resolutions name no definition).
    private var detailsMatches = ResolutionDetailsMatches()

    /// The canonical line of a held press and the replay's resolution of it.
    private func line(of entry: PressHistory.Entry, origin: UInt64) -> String {
        let actual = observer.record(entry.resolution, timestamp: entry.press.timestamp, sequence: entry.sequence)
        return CanonicalResolution.line(key: entry.press, resolution: actual, origin: origin)
    }

    /// Applies a recorded first-responder change the scene did not reproduce by itself.
    private mutating func applyPendingFocus(at timestamp: UInt64) throws {
        guard let target = pendingFocus else { return }
        pendingFocus = nil
        guard runtime.application.chainStart.description != target else { return }
        let responder: Responder
        if let known = focusTargets[target], known.description == target {  // checked: the hierarchy may have moved
            responder = known
        } else {
            // A named responder's description ends with its name: most are ruled out without building it.
            guard let found = runtime.allResponders.first(where: {
                ($0.name.isEmpty || target.hasSuffix($0.name)) && $0.description == target
            }) else {
                if skipsMissingFocusTargets { return }
                throw ReplayError.focusTargetMissing(target, known: runtime.allPaths)
            }
            focusTargets[target] = found
            responder = found
        }
        dispatcher.lastDispatchTimestamp = timestamp
        _ = runtime.application.makeFirstResponder(responder)
    }

    /// Compares the final scene state, writes the output trace's closing markers and returns the report.
    mutating func finish() throws -> ReplayReport {
        report.interference = interference?.measured()
        priority = nil  // back to normal priority
        for outcome in DispatchOutcome.allCases where outcomeCounts[outcome] > 0 {
            report.outcomes[outcome] = outcomeCounts[outcome]
        }
        report.finalState = runtime.snapshotText
        if let recorded = report.recordedState {
            report.stateDifferences = ReplayReport.differences(expected: recorded, actual: report.finalState)
            if !report.stateDifferences.isEmpty, var divergence = report.firstDivergence {
                divergence.stateDifferences = report.stateDifferences
                report.firstDivergence = divergence
            }
        }
        report.sceneProblems = runtime.problems
        report.statistics = dispatcher.statistics
        if let recorder {
            try? recorder.record(.marker(MarkerRecord(timestamp: dispatcher.lastDispatchTimestamp,
                                                      label: SceneStateMarker.label, text: report.finalState)))
            try? recorder.record(.marker(MarkerRecord(timestamp: dispatcher.lastDispatchTimestamp,
                                                      label: SceneStateMarker.keyCommandsLabel,
                                                      text: SceneStateMarker.keyCommandsText(runtime))))
            if let marker = SceneStateMarker.commandsBuilt(commandsBuilt) {
                try? recorder.record(.marker(marker.record(at: dispatcher.lastDispatchTimestamp)))
            }
            do { try recorder.finish() } catch { throw ReplayError.output(options.output ?? "", error) }
        }
        return report
    }
}
