import KeyTraceCore
import ResponderEngine
import Statistics

extension ReplayReport {
    /// The report as text for people: what was replayed, the counts, the timing of a timed
    /// replay and, when `verified`, whether and where the replay diverged from the recording.
    public func textReport(verified: Bool) -> String {
        let r = self
        var lines: [String] = []
        let state = r.sceneState.map { " in state \($0)" } ?? ""
        lines.append("replayed \(r.trace) through \(r.scene) (\(r.scenePath))\(state), policy \(r.policy.rawValue), pace \(r.pace)")
        let outcomes = r.outcomes.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.name) \($0.value)" }
        lines.append("  presses      \(r.presses) (\(outcomes.joined(separator: ", ")))")
        let s = r.statistics
        let onChanges = s.uikitCallsOnChainChanges > 0 ? ", \(s.uikitCallsOnChainChanges) of them on first-responder changes" : ""
        lines.append("  keyCommands  \(s.keyCommandsCalls) calls (uikit policy: \(s.uikitEquivalentCalls)\(onChanges)); cache \(s.cacheHits) hits, \(s.cacheMisses) misses")
        if !r.schedulingError.isEmpty {
            let e = r.schedulingError.statistics, l = r.latencyFromSchedule.statistics
            lines.append("  scheduling   late by p50 \(micros(e.p50)), p99 \(micros(e.p99)), max \(micros(e.max))"
                         + (r.realTimePriority ? " (real-time priority)" : ""))
            lines.append("  latency      from the scheduled instant: p50 \(micros(l.p50)), p99 \(micros(l.p99)), "
                         + "max \(micros(l.max))")
            if let interference = r.interference { lines.append("  machine      \(describe(interference))") }
        }
        for problem in r.sceneProblems { lines.append("  scene note   \(problem)") }
        if verified {
            if r.matches {
                lines.append("verify: \(r.comparedResolutions) resolutions match the recording; final scene state matches")
            } else {
                lines.append("verify: \(r.divergences) of \(r.comparedResolutions) resolutions diverge; \(r.stateDifferences.count) scene-state values differ")
                if let d = r.firstDivergence {
                    lines.append("first divergence at press #\(d.sequence):")
                    for line in d.before { lines.append("    \(line)") }
                    lines.append("  expected \(d.expected)")
                    lines.append("  actual   \(d.actual)")
                    lines.append("  chain    \(d.chain)")
                    lines.append("  first responder \(d.firstResponder)")
                }
                if !r.stateDifferences.isEmpty {
                    lines.append("scene state that differs at the end (recorded → replayed):")
                    for diff in r.stateDifferences {
                        lines.append("  \(diff.key): \(diff.expected ?? "(absent)") → \(diff.actual ?? "(absent)")")
                    }
                }
            }
            if r.uncomparedResolutions > 0 {
                lines.append("verify: \(r.uncomparedResolutions) recorded resolutions not compared: no replayed press "
                             + "waited for them (no such key record, a second resolution for one press, or one written "
                             + "more than \(ReplayReport.comparisonWindow) presses after its key)")
            }
        }
        return lines.joined(separator: "\n")
    }

    private func micros(_ value: UInt64) -> String {
        String(cFormat: "%.1f µs", Double(value) / 1000)
    }

    /// `hypervisor took 40 ms of CPU time (steal); thread preempted 3 times — …`.
    private func describe(_ i: Interference) -> String {
        let steal = i.stolen.map { $0 == 0 ? "no steal time" : "hypervisor took \($0 / 1_000_000) ms of CPU time (steal)" }
        let preempted = i.preemptions.map { $0 == 0 ? "thread not preempted" : "thread preempted \($0) time\($0 == 1 ? "" : "s")" }
        let facts = [steal, preempted].compactMap { $0 }
        guard !facts.isEmpty else { return "steal time and preemptions not reported by this system" }
        return facts.joined(separator: "; ") + (i.isNone ? "" : " — late presses may be the machine's, not the replay's")
    }
}
