import Analysis
import KeyTraceCore
import ResponderEngine

/// The first press whose resolution differs from the recorded one, with its context.
public struct Divergence: Sendable {
    /// The press's sequence number among the trace's key records.
    public var sequence: UInt64
    public var press: String
    /// The recorded and the replayed canonical lines.
    public var expected: String
    public var actual: String
    /// The canonical lines of the presses before it.
    public var before: [String]
    /// The responder chain and first responder at that moment.
    public var chain: String
    public var firstResponder: String
    /// Scene state that differs at the end (recorded → replayed).
    public var stateDifferences: [StateDifference]
}

/// One scene-state value that differs.
public struct StateDifference: Hashable, Sendable {
    public var key: String
    public var expected: String?
    public var actual: String?
}

/// What a replay did.
public struct ReplayReport: Sendable {
    public var trace: String
    public var scene = ""
    public var scenePath = ""
    public var policy: QueryPolicy
    public var pace: Replayer.Pace
    public var presses = 0
    public var comparedResolutions = 0
    /// Recorded resolutions that could not be compared: their press is not among the replayed
    /// ones (no such key record, a second resolution for one press, or recorded more than
    /// 65 536 presses after its key).
    public var uncomparedResolutions = 0
    public var divergences = 0
    public var firstDivergence: Divergence?
    public var outcomes: [DispatchOutcome: Int] = [:]
    public var warnings: [String] = []
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
    public var recordedState: String?
    public var finalState = ""
    public var stateDifferences: [StateDifference] = []
    public var sceneProblems: [String] = []
    public var statistics = DispatchStatistics()

    init(trace: String, policy: QueryPolicy, pace: Replayer.Pace) {
        self.trace = trace
        self.policy = policy
        self.pace = pace
    }

    /// Whether the replay matched the recording (no divergence, same final state).
    public var matches: Bool { divergences == 0 && stateDifferences.isEmpty }

    /// `key = value` texts compared line by line.
    static func differences(expected: String, actual: String) -> [StateDifference] {
        func parse(_ text: String) -> [String: String] {
            var result: [String: String] = [:]
            for line in text.split(separator: "\n") {
                guard let range = line.range(of: " = ") else { continue }
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
