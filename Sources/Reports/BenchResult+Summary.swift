import Analysis
import Comparison
import KeyTraceCore
import KeyTraceSupport

extension BenchResult {
    /// What `keytrace bench` prints after a bench: where the result went, the end-to-end latency
    /// over every run, how far the runs' medians spread, and the counters of one run (they are
    /// the same in every run; a counter that is not says so). Each line ends with a newline.
    package func summaryText(output: String) -> String {
        var lines = ["bench \(metadata.trace) through \(metadata.scene.name), policy \(metadata.policy): \(runs.count) run\(runs.count == 1 ? "" : "s") → \(output)"]
        if let latency = mergedLatency, let e2e = latency.statistics(of: .endToEnd) {
            lines.append("  end-to-end      p50 \(ReportFormatting.duration(Double(e2e.p50))), p99 \(ReportFormatting.duration(Double(e2e.p99))), "
                + "max \(ReportFormatting.duration(Double(e2e.max))) over \(e2e.count) presses")
        }
        let medians = runMedians(of: .endToEnd)
        if let low = medians.min(), let high = medians.max(), low > 0 {
            lines.append("  run medians     \(ReportFormatting.duration(Double(low)))–\(ReportFormatting.duration(Double(high))) "
                + String(cFormat: "(spread %.1f %% of the lowest)", Double(high - low) / Double(low) * 100))
        }
        let counters = perRunCounters
        lines.append("  per run         \(counters.presses) presses")
        let saved = counters.uikitEquivalentCalls > 0
            ? String(cFormat: ", %.1f %% saved", Double(counters.callsSaved) / Double(counters.uikitEquivalentCalls) * 100) : ""
        lines.append("  keyCommands     \(counters.keyCommandsCalls) calls (the uikit policy makes \(counters.uikitEquivalentCalls)\(saved))")
        if counters.cacheHits + counters.cacheMisses > 0 {
            lines.append("  cache           \(counters.cacheHits) hits, \(counters.cacheMisses) misses"
                + (counters.cacheHitRate.map { String(cFormat: " (%.1f %% hits)", $0 * 100) } ?? ""))
        }
        if let allocations = counters.allocations {
            let perPress = counters.presses > 0 ? String(cFormat: " (%.2f per press)", Double(allocations) / Double(counters.presses)) : ""
            lines.append("  allocations     \(allocations) while dispatching\(perPress)")
        } else {
            lines.append("  allocations     not measured (this build cannot interpose the allocator)")
        }
        if let built = counters.commandsBuiltPerPress(policy: metadata.policy), counters.presses > 0 {
            let text = built.textLines
            lines.append("  commands built  " + text[0])
            for line in text.dropFirst() { lines.append("                  " + line) }
        }
        if !counters.invalidations.isEmpty {
            lines.append("  invalidations   " + counters.invalidations.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        lines.append("  outcomes        " + counters.outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        for name in varyingCounters {
            lines.append("  warning: \(name) differs between runs; compare judges it over all runs")
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// The summary as one JSON object (schema `keytrace-bench-summary/1`): `output`, `trace`,
    /// `scene`, `policy`, `runs`, `endToEnd` (p50, p99, max, count, ns), `runMedians` (ns, one
    /// per run), `perRun` (the counters of one run) and `varyingCounters`.
    package func summaryJSON(output: String) -> String {
        var object = JSONObject()
        object.add("schema", "keytrace-bench-summary/1")
        object.add("output", output)
        object.add("trace", metadata.trace)
        object.add("scene", metadata.scene.name)
        object.add("policy", metadata.policy)
        object.add("runs", runs.count)
        if let e2e = mergedLatency?.statistics(of: .endToEnd) {
            var latency = JSONObject()
            latency.add("p50", e2e.p50)
            latency.add("p99", e2e.p99)
            latency.add("max", e2e.max)
            latency.add("count", e2e.count)
            object.add("endToEnd", object: latency)
        }
        object.add("runMedians", numbers: runMedians(of: .endToEnd))
        let counters = perRunCounters
        var perRun = JSONObject()
        perRun.add("presses", counters.presses)
        perRun.add("keyCommandsCalls", counters.keyCommandsCalls)
        perRun.add("uikitEquivalentCalls", counters.uikitEquivalentCalls)
        perRun.add("cacheHits", counters.cacheHits)
        perRun.add("cacheMisses", counters.cacheMisses)
        perRun.add("allocations", counters.allocations)
        var invalidations = JSONObject()
        for (name, count) in counters.invalidations.sorted(by: { $0.key < $1.key }) { invalidations.add(name, count) }
        perRun.add("invalidations", object: invalidations)
        var outcomes = JSONObject()
        for (name, count) in counters.outcomes.sorted(by: { $0.key < $1.key }) { outcomes.add(name, count) }
        perRun.add("outcomes", object: outcomes)
        object.add("perRun", object: perRun)
        if let built = counters.commandsBuiltPerPress(policy: metadata.policy) {
            // Commands the app's keyCommands getters build per key press.
            object.add("commands_built_per_press", object: built.json)
        }
        object.add("varyingCounters", strings: varyingCounters)
        return object.text
    }

    /// The counters of the first run (every run replays the same presses, so they agree).
    var perRunCounters: BenchCounters { runs.first?.counters ?? BenchCounters() }

    /// The names of counters that are not the same in every run.
    var varyingCounters: [String] {
        guard let first = runs.first?.counters else { return [] }
        var names: [String] = []
        let checks: [(String, (BenchCounters) -> UInt64?)] = [
            ("presses", { $0.presses }), ("keyCommandsCalls", { $0.keyCommandsCalls }), ("cacheMisses", { $0.cacheMisses }),
            ("cacheHits", { $0.cacheHits }), ("allocations", { $0.allocations }),
        ]
        for (name, value) in checks where runs.contains(where: { value($0.counters) != value(first) }) { names.append(name) }
        if runs.contains(where: { $0.counters.outcomes != first.outcomes }) { names.append("outcomes") }
        if runs.contains(where: { $0.counters.invalidations != first.invalidations }) { names.append("invalidations") }
        return names
    }
}
