import Statistics

/// What `keytrace analyze` found in one or more traces: the `keytrace-analysis/1` document.
///
/// ``TraceAnalyzer`` builds it in one streaming pass; the renderers (`textReport`,
/// `markdownReport`, `htmlReport`, `jsonReport`) only read it. Every field is documented in
/// docs/Analysis.md; all durations are nanoseconds.
public struct TraceAnalysis: Sendable, Codable {
    /// The schema identifier written into every JSON report.
    public static let schemaName = "keytrace-analysis/1"

    /// Always ``schemaName``.
    public var schema: String = TraceAnalysis.schemaName
    /// The traces analysed, in the order given.
    public var traces: [TraceSource] = []
    /// Key records read, over all traces.
    public var keys: UInt64 = 0
    /// Resolution records read (dispatched presses), over all traces.
    public var dispatches: UInt64 = 0
    /// The clock the stage timings were measured with.
    public var clock = ClockFigures()
    /// One entry per dispatch stage in table order, then `EndToEnd`.
    public var stages: [StageEntry] = []
    /// Input-to-dispatch latency, or why it is not available.
    public var inputToDispatch = InputToDispatch()
    /// Dispatches by command (shortcut + action), slowest p99 first.
    public var byCommand = Breakdown()
    /// Dispatches by the responder that provided the command.
    public var byResponder = Breakdown()
    /// Dispatches by outcome (`DispatchOutcome.name`).
    public var byOutcome = Breakdown()
    /// The slowest presses end to end, slowest first.
    public var slowest: [SlowPress] = []
    /// `keyCommands` calls against the `uikit` policy.
    public var keyCommands = KeyCommandsFigures()
    /// Commands the app's `keyCommands` getters build per key press, from the traces'
    /// `commands-built-per-responder` markers; `nil` when no trace has one (the scene says
    /// nothing about its getters, or none builds commands).
    public var commandsBuiltPerPress: CommandsBuiltPerPress?
    /// Key-command cache effectiveness.
    public var cache = CacheFigures()
    /// Typing statistics of captured input; `nil` when no key record came from a device.
    public var capture: CaptureFigures?
    /// What the keyboard's own timing says (chatter, chords, rollover, polling); `nil` when
    /// no key record came from a device.
    public var hardware: HardwareFigures?
    /// Auto-repeats per key, most first: every key that repeated in the traces, with how many of
    /// its repeats were synthesised at record time. Empty when no key repeated.
    public var repeats: [KeyRepeats] = []
    /// Presses over time in fixed-size bins, coloured by outcome.
    public var timeline = TimelineFigures()
    /// The import report of the scene the traces were recorded through, when one was given
    /// (`keytrace analyze --import-report FILE`); `nil` otherwise.
    public var importedScene: ImportedSceneReport?
    /// Warnings: damaged chunks, missing data.
    public var warnings: [String] = []

    /// An empty analysis: no traces, every count zero; ``TraceAnalyzer`` fills it in.
    public init() {}

    enum CodingKeys: String, CodingKey {
        case schema, traces, keys, dispatches, clock, stages, inputToDispatch, byCommand, byResponder, byOutcome, slowest
        case keyCommands, cache, capture, hardware, repeats, timeline, importedScene, warnings
        case commandsBuiltPerPress = "commands_built_per_press"
    }

    /// One analysed trace.
    public struct TraceSource: Sendable, Codable, Hashable {
        /// The path as given.
        public var path: String
        /// `TraceMetadata.sourceKind`.
        public var sourceKind: String?
        /// `TraceMetadata.sceneName`.
        public var scene: String?
        /// `TraceMetadata.clockDomain`.
        public var clockDomain: String?
        /// The query policy the recording used (metadata `policy`).
        public var policy: String?
        /// Records read.
        public var records: UInt64 = 0
        /// Key records read.
        public var keys: UInt64 = 0
        /// Resolution records read.
        public var dispatches: UInt64 = 0
        /// Last minus first record timestamp.
        public var durationNanoseconds: UInt64 = 0
        /// Damage found while reading, one line per damaged chunk with its byte offset.
        public var issues: [String] = []

        /// A trace read from `path`, with every count zero until records are added.
        public init(path: String) { self.path = path }
    }

    /// The clock's resolution and the cost of one read, with where the figures come from.
    public struct ClockFigures: Sendable, Codable, Hashable {
        /// Nanoseconds between distinct clock values; `nil` when unknown.
        public var resolutionNanoseconds: UInt64?
        /// Nanoseconds one checkpoint's clock read costs; `nil` when unknown.
        public var checkpointOverheadNanoseconds: UInt64?
        /// `trace-metadata`, `measured-by-analyze` or `unknown`.
        public var source: String = "unknown"

        /// Clock figures in nanoseconds; `source` says where they come from (`trace-metadata`,
        /// `measured-by-analyze` or `unknown`).
        public init(resolutionNanoseconds: UInt64? = nil, checkpointOverheadNanoseconds: UInt64? = nil,
                    source: String = "unknown") {
            self.resolutionNanoseconds = resolutionNanoseconds
            self.checkpointOverheadNanoseconds = checkpointOverheadNanoseconds
            self.source = source
        }
    }

    /// The statistics and distribution of one metric.
    public struct StageEntry: Sendable, Codable {
        /// `DispatchStage.name`, `EndToEnd` or `InputToDispatch`.
        public var name: String
        /// What the stage covers.
        public var summary: String
        /// count, min, p50, p90, p99, p99.9, max, mean.
        public var statistics: LatencyStatistics
        /// The clock reads inside one value times their cost; `nil` when the cost is unknown.
        public var measurementOverheadNanoseconds: UInt64?
        /// The whole distribution, in the bench file's compact form.
        public var distribution: LatencyDistribution
    }

    /// Input-to-dispatch latency: from the hardware timestamp to the start of dispatch.
    public struct InputToDispatch: Sendable, Codable {
        /// Whether it could be measured.
        public var available = false
        /// Why not, when it is not available.
        public var reason: String?
        /// The values, when available.
        public var statistics: LatencyStatistics?
    }

    /// Counts and end-to-end latency per group (command, responder or outcome).
    public struct Breakdown: Sendable, Codable {
        /// The groups, by p99 descending then name.
        public var entries: [BreakdownEntry] = []
        /// Dispatches folded into `(other)` because the group limit was reached.
        public var otherCount: UInt64 = 0
        /// The number of distinct groups kept before folding.
        public var limit: Int = 0
    }

    /// One group of a breakdown.
    public struct BreakdownEntry: Sendable, Codable, Hashable {
        /// The group, e.g. `⌘G goToPage:`, `window/viewer`, `performed`.
        public var name: String
        /// Dispatches in the group.
        public var count: UInt64
        /// Dispatches with stage timings (those the latencies cover).
        public var timed: UInt64
        /// End-to-end median latency of the timed dispatches, in nanoseconds (0 when none is timed).
        public var p50: UInt64
        /// End-to-end 99th-percentile latency of the timed dispatches, in nanoseconds (0 when none is timed).
        public var p99: UInt64
        /// The largest end-to-end latency of the timed dispatches, in nanoseconds (0 when none is timed).
        public var max: UInt64
    }

    /// One of the slowest presses, with what was pressed and what happened.
    public struct SlowPress: Sendable, Codable, Hashable {
        /// The trace it came from (path).
        public var trace: String
        /// Its ordinal among the trace's key records.
        public var sequence: UInt64
        /// Nanoseconds from the trace's first record.
        public var offsetNanoseconds: UInt64
        /// The press in shortcut notation, e.g. `⌘G`.
        public var shortcut: String
        /// `began`, `ended`, …
        public var phase: String
        /// `DispatchOutcome.name`.
        public var outcome: String
        /// The matched shortcut in shortcut notation; `nil` when no command matched.
        public var command: String?
        /// The name of the action performed (or that would have been); `nil` when there is none.
        public var action: String?
        /// The responder path that provided the command, e.g. `Window/Split/Editor`; `nil` when none did.
        public var provider: String?
        /// The responder path that performed the action; `nil` when none did.
        public var target: String?
        /// End-to-end nanoseconds.
        public var endToEndNanoseconds: UInt64
        /// The name of the stage that took longest (`DispatchStage.name`).
        public var dominantStage: String
        /// How long ``dominantStage`` took, in nanoseconds.
        public var dominantNanoseconds: UInt64
        /// Every stage's duration in table order.
        public var stageNanoseconds: [UInt64]
    }

    /// `keyCommands` calls made versus what UIKit's policy would have made.
    public struct KeyCommandsFigures: Sendable, Codable {
        /// Dispatches with a counters record.
        public var dispatches: UInt64 = 0
        /// `keyCommands` calls the recorded policy made, over those dispatches.
        public var calls: UInt64 = 0
        /// Mean `keyCommands` calls per dispatch (0 without dispatches).
        public var callsPerPressMean: Double = 0
        /// The most `keyCommands` calls one dispatch made.
        public var callsPerPressMax: UInt64 = 0
        /// `keyCommands` calls UIKit's policy would have made, over those dispatches.
        public var uikitPolicyCalls: UInt64 = 0
        /// Mean calls per dispatch UIKit's policy would have made (0 without dispatches).
        public var uikitPolicyCallsPerPressMean: Double = 0
        /// The most calls UIKit's policy would have made for one dispatch.
        public var uikitPolicyCallsPerPressMax: UInt64 = 0
        /// `uikitPolicyCalls - calls` (negative when the recorded policy made more).
        public var callsSaved: Int64 = 0
        /// Enumerations of the command list over those dispatches (each candidate scan counts one).
        public var enumerations: UInt64 = 0
        /// Totals per responder from the `keycommands-per-responder` marker; `nil` when absent.
        public var perResponder: [ResponderCalls]?
        /// Why ``perResponder`` is missing.
        public var perResponderNote: String?
    }

    /// Calls one responder answered.
    public struct ResponderCalls: Sendable, Codable, Hashable {
        /// The responder's path, as the `keycommands-per-responder` marker names it.
        public var path: String
        /// `keyCommands` calls the responder answered, summed over every marker of every trace.
        public var calls: UInt64
    }

    /// Key-command cache effectiveness.
    public struct CacheFigures: Sendable, Codable {
        /// Lookups the cached command collection served because it was still current (`cached` policy).
        public var hits: UInt64 = 0
        /// Lookups that found the cache stale or empty, so the chain's key commands were collected again.
        public var misses: UInt64 = 0
        /// hits / (hits + misses); `nil` without lookups.
        public var hitRate: Double?
        /// Invalidations by `CacheInvalidationReason.name`, every reason listed.
        public var invalidations: [String: UInt64] = [:]
        /// `keyCommands` calls the recorded policy saved against `uikit`.
        public var callsSaved: Int64 = 0
    }

    /// Typing statistics of captured input.
    public struct CaptureFigures: Sendable, Codable {
        /// Non-repeat key-downs.
        public var keyDowns: UInt64 = 0
        /// Key-down to next key-down (same trace).
        public var interKeyInterval: LatencyStatistics
        /// Key-down to key-up of the same key on the same device.
        public var dwell: LatencyStatistics
        /// Non-modifier key-downs while another non-modifier key was held.
        public var rolloverKeyDowns: UInt64 = 0
        /// rolloverKeyDowns / non-modifier key-downs.
        public var rolloverShare: Double = 0
        /// Non-zero gaps between consecutive key records of one device.
        public var reportDeltas: UInt64 = 0
        /// Share of those gaps within ``gridTolerance`` of a multiple of 1 ms.
        public var shareOn1msGrid: Double = 0
        /// Share within the tolerance of a multiple of 8 ms.
        public var shareOn8msGrid: Double = 0
        /// The tolerance, as a fraction of the grid step (chance level is twice this).
        public var gridTolerance: Double = 0
        /// The devices, with bInterval and polling interval from the metadata.
        public var devices: [CaptureDevice] = []
    }

    /// One capture device.
    public struct CaptureDevice: Sendable, Codable, Hashable {
        /// The device id as text, e.g. `4.5.129` for USB bus 4, address 5, endpoint 0x81, or `evdev.3`.
        public var id: String
        /// The device's human-readable name from the trace metadata; `nil` when unknown.
        public var name: String?
        /// The interrupt endpoint's `bInterval` descriptor value from the trace metadata; `nil` when unknown.
        public var bInterval: UInt8?
        /// The polling interval `bInterval` implies, in nanoseconds, from the trace metadata; `nil` when unknown.
        public var pollingIntervalNanoseconds: UInt64?
        /// Share of this device's gaps on its own polling grid; `nil` without a polling interval.
        public var shareOnPollingGrid: Double?
    }

    /// One key's auto-repeats.
    public struct KeyRepeats: Sendable, Codable, Hashable {
        /// The key's name (`Down Arrow`, `Volume Increment`).
        public var key: String
        /// Its usage ID on ``usagePage``.
        public var usage: UInt16
        /// Its HID usage page (7 for keyboard keys).
        public var usagePage: UInt16
        /// Repeats of the key (`began` key records marked as repeats).
        public var repeats: UInt64
        /// Of those, the repeats KeyTrace synthesised at record time; the rest came from the input.
        public var synthesized: UInt64
    }

    /// Presses over time, binned: constant size whatever the trace length.
    public struct TimelineFigures: Sendable, Codable {
        /// Width of one bin.
        public var binWidthNanoseconds: UInt64 = 0
        /// Outcome names, the columns of `bins[].counts`.
        public var outcomes: [String] = []
        /// The bins from offset 0, empty trailing bins dropped.
        public var bins: [TimelineBin] = []
    }

    /// One bin of the timeline.
    public struct TimelineBin: Sendable, Codable, Hashable {
        /// Dispatches per outcome, in ``TimelineFigures/outcomes`` order.
        public var counts: [UInt64]
        /// The largest end-to-end time in the bin (0 without timings).
        public var maxEndToEnd: UInt64
    }
}
