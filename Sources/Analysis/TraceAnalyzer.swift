import KeyTraceCore
import Statistics
import TraceFormat

/// Reads trace records once, in constant memory, and accumulates everything `keytrace analyze`
/// reports; ``finish()`` turns the totals into a ``TraceAnalysis``.
///
/// ```
///  records ──▶ stage histograms (one HdrHistogram per stage, fixed size)
///     │     ├▶ counters, cache, markers (totals)
///     │     ├▶ capture figures (held keys ≤ keys on a keyboard)
///     └─ press window (64 slots: key + resolution + timings + counters of one press)
///            └▶ breakdowns (≤ groupLimit groups each), slowest-N (sorted, ≤ N),
///               timeline (fixed bins, width doubles when a press falls past the end)
/// ```
///
/// Records of one press arrive together (the recorder writes a press's key, resolution and
/// measurements before the next press); the window joins them by `pressSequence` and
/// tolerates stragglers up to 64 presses late. Several traces are analysed by calling
/// ``beginTrace(path:metadata:)`` before each one's records.
public struct TraceAnalyzer {
    /// The largest number of distinct groups a breakdown keeps; more fold into `(other)`.
    public static let groupLimit = 128

    let topCount: Int
    var analysis = TraceAnalysis()
    var stage: [LatencyDistribution]
    var inputToDispatch = LatencyDistribution()
    var hardwarePresses: UInt64 = 0
    var hardwarePressesStampedAtInput: UInt64 = 0

    var byCommand = GroupAccumulator<CommandKey>(limit: TraceAnalyzer.groupLimit)
    var byResponder = GroupAccumulator<String>(limit: TraceAnalyzer.groupLimit)
    var byOutcome = GroupAccumulator<DispatchOutcome>(limit: DispatchOutcome.allCases.count)
    var slowest: SlowestPresses
    var timeline = PressTimeline()
    var capture = CaptureAccumulator()
    var counters = CounterTotals()
    var cacheHits: UInt64 = 0
    var cacheMisses: UInt64 = 0
    var invalidations = [UInt64](repeating: 0, count: CacheInvalidationReason.allCases.count)
    var perResponder: [String: UInt64] = [:]
    var sawPerResponderMarker = false
    /// Commands built per responder path, summed over the `commands-built-per-responder` markers.
    var commandsBuilt: [String: BenchCounters.ResponderBuilds] = [:]

    var window = PressWindow()
    /// The current trace's counts, kept here and stored into its ``TraceAnalysis/TraceSource``
    /// when the trace ends (one field update per record instead of an array element's).
    var traceRecords: UInt64 = 0
    var traceKeys: UInt64 = 0
    var traceDispatches: UInt64 = 0
    var traceIndex = -1
    /// Whether some trace read so far yielded fewer records than it claims (a damaged or
    /// truncated chunk): ``TraceAnalysis/warnings`` names each place.
    public internal(set) var lostRecords = false
    var traceStart: UInt64?
    var traceEnd: UInt64 = 0
    var clockFromMetadata: TraceAnalysis.ClockFigures?

    // A trace read in two partitions (see TraceAnalyzer+Partitions.swift): the later partition
    // numbers its presses from `keyBase`, leaves the presses before it to the earlier
    // partition, and leaves capture figures to it as well.
    var keyBase: UInt64 = 0
    var tracksCapture = true

    /// An analyzer keeping the `top` slowest presses, reading captured keys' hardware timing
    /// with `hardware`'s thresholds.
    public init(top: Int = 10, hardware: HardwareOptions = HardwareOptions()) {
        capture = CaptureAccumulator(hardware: hardware)
        topCount = max(0, top)
        slowest = SlowestPresses(capacity: topCount)
        stage = Array(repeating: LatencyDistribution(), count: DispatchStage.allCases.count + 1)
    }

    /// Starts the next trace: later records belong to it until the next call.
    public mutating func beginTrace(path: String, metadata: TraceMetadata) {
        endTrace()
        traceIndex = analysis.traces.count
        var source = TraceAnalysis.TraceSource(path: path)
        source.sourceKind = metadata.sourceKind
        source.scene = metadata.sceneName
        source.clockDomain = metadata.clockDomain
        source.policy = metadata.custom["policy"]
        analysis.traces.append(source)
        traceStart = nil
        traceEnd = 0
        traceRecords = 0
        traceKeys = 0
        traceDispatches = 0
        keyBase = 0
        capture.beginTrace(devices: metadata.devices)
        if let resolution = metadata.custom[Self.clockResolutionKey].flatMap(UInt64.init),
           let overhead = metadata.custom[Self.checkpointOverheadKey].flatMap(UInt64.init) {
            let previous = clockFromMetadata
            clockFromMetadata = TraceAnalysis.ClockFigures(
                resolutionNanoseconds: max(resolution, previous?.resolutionNanoseconds ?? 0),
                checkpointOverheadNanoseconds: max(overhead, previous?.checkpointOverheadNanoseconds ?? 0),
                source: "trace-metadata")
        }
    }

    /// The metadata key a recorder may set to state its clock's resolution (nanoseconds, decimal).
    public static let clockResolutionKey = "clockResolutionNanoseconds"
    /// The metadata key stating the cost of one checkpoint's clock read (nanoseconds, decimal).
    public static let checkpointOverheadKey = "checkpointOverheadNanoseconds"
    /// The marker label holding per-responder `keyCommands` totals (`PATH = COUNT` lines).
    public static let perResponderMarkerLabel = "keycommands-per-responder"

    /// Notes damage found while reading the current trace.
    public mutating func noteIssue(_ issue: String) {
        guard traceIndex >= 0 else { return }
        analysis.traces[traceIndex].issues.append(issue)
        analysis.warnings.append("\(analysis.traces[traceIndex].path): \(issue)")
    }

    /// Adds one record of the current trace.
    ///
    /// The record is consumed: each payload moves into its press slot without a copy.
    public mutating func add(_ record: consuming TraceRecord) {
        switch consume record {
        case .key(let key): add(key: key)
        case .resolution(let resolution): add(resolution: resolution)
        case .stageTimings(let timings): add(stageTimings: timings)
        case .keyCommandsCounters(let record):
            count(record.timestamp)
            counters.add(record)
        case .cache(let event):
            count(event.timestamp)
            switch event.event {
            case .hit: cacheHits += 1
            case .miss: cacheMisses += 1
            case .invalidation(let reason): invalidations[Int(reason.rawValue)] += 1
            }
        case .marker(let marker):
            count(marker.timestamp)
            if marker.label == Self.perResponderMarkerLabel {
                sawPerResponderMarker = true
                for (path, calls) in Self.parsePerResponder(marker.text ?? "") { perResponder[path, default: 0] += calls }
            }
            if marker.label == CommandsBuiltMarker.label {
                for line in CommandsBuiltMarker(text: marker.text ?? "").lines {
                    add(built: BenchCounters.ResponderBuilds(buildsPerCall: line.perCall, built: line.built,
                                                             uikitEquivalentBuilt: line.uikitEquivalentBuilt), by: line.path)
                }
            }
        case .hidReport(let report): add(report: report)
        case let other:
            count(other.timestamp)
        }
    }

    /// Adds what one responder's getter built.
    mutating func add(built: BenchCounters.ResponderBuilds, by path: String) {
        var entry = commandsBuilt[path] ?? BenchCounters.ResponderBuilds(buildsPerCall: built.buildsPerCall, built: 0, uikitEquivalentBuilt: 0)
        entry.built &+= built.built
        entry.uikitEquivalentBuilt &+= built.uikitEquivalentBuilt
        commandsBuilt[path] = entry
    }

    /// Adds a HID report record of the current trace.
    public mutating func add(report: HIDReport) {
        count(report.timestamp)
        if tracksCapture { capture.add(report: report) }
    }

    /// Adds a key record of the current trace.
    public mutating func add(key: consuming KeyRecord) {
        count(key.press.timestamp)
        analysis.keys += 1
        let sequence = keyBase &+ traceKeys
        traceKeys += 1
        if tracksCapture { capture.add(key) }
        if let slot = slot(for: sequence) { window.slots[slot].key = consume key }
    }

    /// Adds a resolution record of the current trace.
    public mutating func add(resolution: consuming ResolutionRecord) {
        count(resolution.timestamp)
        analysis.dispatches += 1
        traceDispatches += 1
        if resolution.pressSequence >= keyBase, let slot = slot(for: resolution.pressSequence) {
            window.slots[slot].resolution = consume resolution
        }
    }

    /// Adds a stage-timings record of the current trace.
    public mutating func add(stageTimings timings: consuming StageTimingsRecord) {
        count(timings.timestamp)
        let stages = DispatchStage.allCases.count
        let durations = timings.durations
        for index in 0..<min(stages, durations.count) {
            stage[index].record(durations[index])
        }
        stage[stages].record(timings.total)
        if timings.pressSequence >= keyBase, let slot = slot(for: timings.pressSequence) {
            window.slots[slot].timings = consume timings
        }
    }

    /// Counts one record of the current trace at `timestamp`.
    @inline(__always)
    private mutating func count(_ timestamp: UInt64) {
        if traceIndex < 0 { beginTrace(path: "(records)", metadata: TraceMetadata()) }
        traceRecords += 1
        if traceStart == nil { traceStart = timestamp }
        if timestamp > traceEnd { traceEnd = timestamp }
    }

    /// `PATH = COUNT` lines (``ResponderCountLines``); other lines are ignored.
    static func parsePerResponder(_ text: String) -> [(String, UInt64)] {
        ResponderCountLines.parse(text, fields: 1).map { ($0.path, $0.counts[0]) }
    }

    /// The window slot of press `sequence`, completing the press it replaces; `nil` for a
    /// straggler older than the window.
    mutating func slot(for sequence: UInt64) -> Int? {
        let index = Int(sequence & UInt64(PressWindow.size - 1))
        if window.slots[index].isOccupied && window.slots[index].sequence != sequence {
            if window.slots[index].sequence > sequence { return nil }
            // Move the finished press out (no copy of its records), leaving an empty slot.
            var finished = PressState()
            swap(&finished, &window.slots[index])
            complete(finished)
        }
        window.slots[index].sequence = sequence
        window.slots[index].isOccupied = true
        return index
    }

    mutating func flushWindow() {
        let pending = window.slots.filter(\.isOccupied).sorted { $0.sequence < $1.sequence }
        for press in pending { complete(press) }
        window = PressWindow()
    }

    /// Folds one joined press into the breakdowns, the slowest list and the timeline.
    mutating func complete(_ press: PressState) {
        guard let resolution = press.resolution else { return }
        let endToEnd = press.timings?.total
        byOutcome.add(resolution.outcome, endToEnd: endToEnd)
        byCommand.add(CommandKey(command: resolution.command, action: resolution.action), endToEnd: endToEnd)
        byResponder.add(resolution.providerPath ?? "(none)", endToEnd: endToEnd)
        let start = traceStart ?? 0
        let at = press.key?.timestamp ?? resolution.timestamp
        let offset = at >= start ? at - start : 0
        timeline.add(offset: offset, outcome: resolution.outcome, endToEnd: endToEnd ?? 0)

        if let key = press.key, Self.hasHardwareTimestamp(key) {
            hardwarePresses += 1
            if let timings = press.timings, resolution.timestamp > key.timestamp,
               resolution.timestamp - key.timestamp >= timings.total {
                inputToDispatch.record(resolution.timestamp - timings.total - key.timestamp)
            } else {
                hardwarePressesStampedAtInput += 1
            }
        }

        guard let timings = press.timings, topCount > 0, slowest.admits(timings.total) else { return }
        var dominant = 0
        for (index, value) in timings.durations.enumerated().prefix(DispatchStage.allCases.count)
        where value > timings.durations[dominant] {
            dominant = index
        }
        let stages = Array(timings.durations.prefix(DispatchStage.allCases.count))
        let slow = TraceAnalysis.SlowPress(
            trace: analysis.traces[traceIndex].path, sequence: press.sequence, offsetNanoseconds: offset,
            shortcut: press.key?.press.shortcutDescription ?? resolution.command?.description ?? "?",
            phase: press.key?.press.phase.name ?? "?", outcome: resolution.outcome.name,
            command: resolution.command?.description, action: resolution.action?.name,
            provider: resolution.providerPath, target: resolution.targetPath,
            endToEndNanoseconds: timings.total,
            dominantStage: DispatchStage(rawValue: UInt8(dominant))?.name ?? "stage \(dominant)",
            dominantNanoseconds: stages.isEmpty ? 0 : stages[dominant], stageNanoseconds: stages)
        slowest.insert(slow, traceIndex: traceIndex)
    }

    /// Whether a key record's timestamp came from input hardware: a USB or evdev device, or an
    /// unnamed device with a polling uncertainty.
    static func hasHardwareTimestamp(_ key: KeyRecord) -> Bool {
        switch key.press.device.kind {
        case .usb, .evdev: return true
        case .unspecified: return key.timestampUncertainty != nil
        default: return false  // scripts, terminals, synthetic load: their times are not from hardware
        }
    }

    private mutating func endTrace() {
        guard traceIndex >= 0 else { return }
        flushWindow()
        analysis.traces[traceIndex].records = traceRecords
        analysis.traces[traceIndex].keys = traceKeys
        analysis.traces[traceIndex].dispatches = traceDispatches
        if let start = traceStart { analysis.traces[traceIndex].durationNanoseconds = traceEnd - min(start, traceEnd) }
        capture.endTrace()
    }

    /// The analysis of everything added. `clock` is used when no trace's metadata states its
    /// clock (for example figures `keytrace analyze` measured on this machine).
    public mutating func finish(clock fallback: TraceAnalysis.ClockFigures = .init()) -> TraceAnalysis {
        endTrace()
        traceIndex = -1
        var result = analysis
        result.clock = clockFromMetadata ?? fallback
        let overhead = result.clock.checkpointOverheadNanoseconds
        let metrics = DispatchStage.allCases.map { LatencyMetric.stage($0) } + [LatencyMetric.endToEnd]
        result.stages = zip(metrics, stage).map { metric, distribution in
            TraceAnalysis.StageEntry(
                name: metric.name, summary: metric.stage?.summary ?? "receive to end: every stage",
                statistics: distribution.statistics,
                measurementOverheadNanoseconds: overhead.map { $0 * metric.clockReadsInside },
                distribution: distribution)
        }
        if !inputToDispatch.isEmpty {
            result.inputToDispatch = .init(available: true, reason: nil, statistics: inputToDispatch.statistics)
        } else if result.dispatches == 0 {
            result.inputToDispatch.reason = "the trace holds no dispatches: it was recorded without a scene, so no press was resolved"
        } else if hardwarePresses == 0 {
            result.inputToDispatch.reason = "no press carries a hardware timestamp (the source is a script or synthetic)"
        } else {
            result.inputToDispatch.reason = "the \(hardwarePresses) captured presses were dispatched after the capture "
                + "(replayed): each resolution carries its press's own timestamp, so the gap from the hardware "
                + "timestamp to dispatch was not recorded"
        }
        result.byOutcome = byOutcome.breakdown(name: { $0.name })
        result.byCommand = byCommand.breakdown(name: \.description)
        result.byResponder = byResponder.breakdown(name: { $0 })
        result.slowest = slowest.presses
        result.keyCommands = counters.figures
        if sawPerResponderMarker {
            result.keyCommands.perResponder = perResponder.map { TraceAnalysis.ResponderCalls(path: $0.key, calls: $0.value) }
                .sorted { $0.calls != $1.calls ? $0.calls > $1.calls : $0.path < $1.path }
        } else {
            result.keyCommands.perResponderNote = "no '\(Self.perResponderMarkerLabel)' marker in the trace: "
                + "per-responder totals were not recorded"
        }
        if !commandsBuilt.isEmpty {
            let policies = Set(result.traces.compactMap(\.policy))
            result.commandsBuiltPerPress = CommandsBuiltPerPress(
                presses: result.dispatches, policy: policies.count == 1 ? policies.first : nil,
                built: commandsBuilt.values.reduce(0) { $0 &+ $1.built },
                uikitEquivalentBuilt: commandsBuilt.values.reduce(0) { $0 &+ $1.uikitEquivalentBuilt }, byResponder: commandsBuilt)
        }
        result.cache.hits = cacheHits
        result.cache.misses = cacheMisses
        result.cache.hitRate = cacheHits + cacheMisses == 0 ? nil : Double(cacheHits) / Double(cacheHits + cacheMisses)
        for reason in CacheInvalidationReason.allCases {
            result.cache.invalidations[reason.name] = invalidations[Int(reason.rawValue)]
        }
        result.cache.callsSaved = result.keyCommands.callsSaved
        result.capture = capture.figures
        result.hardware = capture.hardware.figures
        result.repeats = capture.repeats.figures
        result.timeline = timeline.figures
        if result.dispatches == 0 && result.keys > 0 {
            result.warnings.append("no resolution records: the trace holds key presses only (record with --scene to dispatch them)")
        }
        return result
    }
}

/// A command group: the matched shortcut and the action (either may be absent).
struct CommandKey: Hashable, CustomStringConvertible {
    var command: KeyShortcut?
    var action: Action?

    var description: String {
        switch (command, action) {
        case (let c?, let a?): return "\(c.description) \(a.name)"
        case (let c?, nil): return c.description
        case (nil, let a?): return a.name
        case (nil, nil): return "(no command)"
        }
    }
}

/// The ring of presses still being joined.
struct PressWindow {
    static let size = 64
    var slots = [PressState](repeating: PressState(), count: PressWindow.size)
}

/// Per-press `keyCommands` counter totals.
struct CounterTotals {
    private var dispatches: UInt64 = 0
    private var calls: UInt64 = 0
    private var callsMax: UInt64 = 0
    private var policy: UInt64 = 0
    private var policyMax: UInt64 = 0
    private var enumerations: UInt64 = 0

    mutating func add(_ record: KeyCommandsCountersRecord) {
        dispatches += 1
        calls &+= record.calls
        callsMax = max(callsMax, record.calls)
        policy &+= record.policyCalls
        policyMax = max(policyMax, record.policyCalls)
        enumerations &+= record.enumerations
    }

    mutating func merge(_ other: CounterTotals) {
        dispatches += other.dispatches
        calls &+= other.calls
        callsMax = max(callsMax, other.callsMax)
        policy &+= other.policy
        policyMax = max(policyMax, other.policyMax)
        enumerations &+= other.enumerations
    }

    var figures: TraceAnalysis.KeyCommandsFigures {
        var f = TraceAnalysis.KeyCommandsFigures()
        f.dispatches = dispatches
        f.calls = calls
        f.callsPerPressMax = callsMax
        f.uikitPolicyCalls = policy
        f.uikitPolicyCallsPerPressMax = policyMax
        f.enumerations = enumerations
        if dispatches > 0 {
            f.callsPerPressMean = Double(calls) / Double(dispatches)
            f.uikitPolicyCallsPerPressMean = Double(policy) / Double(dispatches)
        }
        f.callsSaved = Int64(clamping: policy) - Int64(clamping: calls)
        return f
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var s = self[...]
        while let first = s.first, set.contains(first) { s = s.dropFirst() }
        while let last = s.last, set.contains(last) { s = s.dropLast() }
        return String(s)
    }
}
