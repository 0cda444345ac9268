import KeyTraceCore
import ResponderEngine
import Statistics
import TraceFormat

/// The first press whose resolution differs from the recorded one, with its context.
public struct Divergence: Sendable {
    /// The press's sequence number among the trace's key records.
    public var sequence: UInt64
    /// The press, as text (its phase and shortcut, `began ⌘G`).
    public var press: String
    /// The recorded canonical line.
    public var expected: String
    /// The replayed canonical line.
    public var actual: String
    /// The canonical lines of the presses before it.
    public var before: [String]
    /// The responder chain at that moment.
    public var chain: String
    /// The first responder at that moment, as a path.
    public var firstResponder: String
    /// Scene state that differs at the end (recorded → replayed).
    public var stateDifferences: [StateDifference]
}

/// One scene-state value that differs.
public struct StateDifference: Hashable, Sendable {
    /// The state key (`component.property`).
    public var key: String
    /// The recorded value; `nil` when the recording has no such key.
    public var expected: String?
    /// The replayed value; `nil` when the replay has no such key.
    public var actual: String?
}

/// What a replay did.
public struct ReplayReport: Sendable {
    /// The trace replayed, as given.
    public var trace: String
    /// The scene's name.
    public var scene = ""
    /// The scene file the replay loaded.
    public var scenePath = ""
    /// The scene state the replay ran in, the trace's (``TraceMetadata/sceneState``); `nil`
    /// for the scene as loaded.
    public var sceneState: String?
    /// The `keyCommands` query policy the replay ran under.
    public var policy: QueryPolicy
    /// How presses were paced.
    public var pace: Replayer.Pace
    /// Key records replayed.
    public var presses = 0
    /// Recorded resolutions compared with the replay's.
    public var comparedResolutions = 0
    /// Recorded resolutions that could not be compared: their press is not among the replayed
    /// ones (no such key record, a second resolution for one press, or recorded more than
    /// ``comparisonWindow`` presses after its key).
    public var uncomparedResolutions = 0
    /// How many presses after its key a recorded resolution may come and still be compared.
    public static var comparisonWindow: Int { PressHistory.maximumCapacity }
    /// Compared resolutions that differ.
    public var divergences = 0
    /// The first of them, with its context.
    public var firstDivergence: Divergence?
    /// Replayed presses by outcome.
    public var outcomes: [DispatchOutcome: Int] = [:]
    /// Problems that did not stop the replay (a scene whose content hash differs, …).
    public var warnings: [String] = []
    /// What reading the trace met: its damage and the records it yielded (`nil` for a replay
    /// of records already decoded). ``VerificationReport/lostRecords`` says whether presses
    /// were lost to damage.
    public var traceIntegrity: VerificationReport?
    /// Canonical lines, when kept.
    public var lines: [String] = []
    /// How late each press was dispatched after its scheduled instant, in nanoseconds, for timed
    /// replays (empty for `asap`). A streaming histogram: memory does not grow with the trace.
    public var schedulingError = LatencyDistribution()
    /// End of dispatch minus the scheduled instant (no coordinated omission), in nanoseconds, for
    /// timed replays (empty for `asap`).
    public var latencyFromSchedule = LatencyDistribution()
    /// Whether a timed replay ran at real-time priority (`SCHED_FIFO`); it does when permitted.
    public var realTimePriority = false
    /// For a timed replay, what the machine took from it: steal time and preemptions (`nil`
    /// for `asap`).
    public var interference: Interference?
    /// The scene state the recording ended with (its `scene-state` marker), if it has one.
    public var recordedState: String?
    /// The scene state the replay ended with, as `key = value` lines.
    public var finalState = ""
    /// Values of ``finalState`` that differ from ``recordedState``.
    public var stateDifferences: [StateDifference] = []
    /// Scene effects that could not apply during the replay (a focus target that is missing, …).
    public var sceneProblems: [String] = []
    /// `keyCommands` calls and cache use over the replay.
    public var statistics = DispatchStatistics()

    init(trace: String, policy: QueryPolicy, pace: Replayer.Pace) {
        self.trace = trace
        self.policy = policy
        self.pace = pace
    }

    /// Whether the replay matched the recording (no divergence, same final state). Divergences
    /// are counted only when ``Replayer/Options/compareResolutions`` is on.
    public var matches: Bool { divergences == 0 && stateDifferences.isEmpty }

    /// `key = value` texts compared line by line.
    static func differences(expected: String, actual: String) -> [StateDifference] {
        func parse(_ text: String) -> [String: String] {
            var result: [String: String] = [:]
            for line in text.split(separator: "\n") {
                guard let range = line.firstRange(of: " = ") else { continue }
                result[String(line[..<range.lowerBound])] = String(line[range.upperBound...])
            }
            return result
        }
        let e = parse(expected), a = parse(actual)
        return Set(e.keys).union(a.keys).sorted().compactMap { key in
            e[key] == a[key] ? nil : StateDifference(key: key, expected: e[key], actual: a[key])
        }
    }
}
