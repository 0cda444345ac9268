import KeyTraceCore
import KeyTraceSupport
import Statistics

extension ReplayReport {
    /// The report as one JSON object, schema `keytrace-replay/1` (docs/Replay.md). Timing
    /// fields appear for a timed replay, verification fields when `verified`.
    public func jsonReport(verified: Bool) -> String {
        var object = JSONObject()
        object.add("schema", "keytrace-replay/1")
        object.add("trace", trace)
        object.add("scene", scene)
        if let sceneState { object.add("sceneState", sceneState) }
        object.add("policy", policy.rawValue)
        object.add("pace", pace.description)
        object.add("presses", presses)
        var counts = JSONObject()
        for (outcome, count) in outcomes.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            counts.add(outcome.name, UInt64(max(count, 0)))
        }
        object.add("outcomes", object: counts)
        object.add("keyCommandsCalls", statistics.keyCommandsCalls)
        object.add("uikitEquivalentCalls", statistics.uikitEquivalentCalls)
        object.add("cacheHits", statistics.cacheHits)
        object.add("cacheMisses", statistics.cacheMisses)
        if !schedulingError.isEmpty {
            object.add("schedulingErrorNs", object: Self.summary(schedulingError.statistics))
            object.add("latencyFromScheduleNs", object: Self.summary(latencyFromSchedule.statistics))
            object.add("realTimePriority", realTimePriority)
            if let interference {
                var figures = JSONObject()
                figures.add("stolenNs", interference.stolen)
                figures.add("preemptions", interference.preemptions)
                object.add("interference", object: figures)
            }
        }
        if verified {
            object.add("verified", true)
            object.add("matches", matches)
            object.add("compared", comparedResolutions)
            object.add("uncompared", uncomparedResolutions)
            object.add("divergences", divergences)
            if let divergence = firstDivergence {
                var first = JSONObject()
                first.add("sequence", divergence.sequence)
                first.add("expected", divergence.expected)
                first.add("actual", divergence.actual)
                first.add("before", strings: divergence.before)
                first.add("chain", divergence.chain)
                first.add("firstResponder", divergence.firstResponder)
                object.add("firstDivergence", object: first)
            }
            object.add("stateDifferences", objects: stateDifferences.map { difference in
                var entry = JSONObject()
                entry.add("key", difference.key)
                entry.add("expected", difference.expected)
                entry.add("actual", difference.actual)
                return entry
            })
        }
        return object.text
    }

    /// `{"p50":…,"p99":…,"max":…}` of a timing distribution.
    private static func summary(_ statistics: LatencyStatistics) -> JSONObject {
        var object = JSONObject()
        object.add("p50", statistics.p50)
        object.add("p99", statistics.p99)
        object.add("max", statistics.max)
        return object
    }
}
