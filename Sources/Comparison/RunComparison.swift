import Analysis
import KeyTraceCore
import KeyTraceSupport

/// The comparison of a base and a current ``BenchResult``: the decision `keytrace compare`
/// prints and exits with.
///
/// ```
///  base runs ──┐                      ┌─▶ counters: exact, per press — any increase of a gated
///              ├─▶ RunComparison ─────┤   counter is a regression
///  current runs┘                      └─▶ latency per metric, on per-run medians:
///                                          regression ⇔ Δ > max(5 %, 2 µs) ∧ Mann-Whitney p < 0.01
/// ```
package struct RunComparison: Sendable {
    /// The rule used.
    package var policy: ComparisonPolicy
    /// Descriptions of the two sides.
    package var base: Side, current: Side
    /// One entry per latency metric present on either side, in report order.
    package var latency: [LatencyComparison]
    /// One entry per counter, gated ones first.
    package var counters: [CounterComparison]
    /// Things a reader should know: few runs, different machines, traces or scenes.
    package var warnings: [String]

    /// Names whose regression is reported but does not count (`compare --ignore`): counters by
    /// name (`allocations`), latency metrics by name, or `timings` for every latency metric.
    package var ignored: Set<String> = []

    /// Whether any latency metric or gated counter regressed, ignored ones aside.
    package var hasRegression: Bool { !regressions.isEmpty }

    /// The regressed latency metrics and counters, by name, ignored ones aside.
    package var regressions: [String] { allRegressions.filter { !isIgnored($0) } }

    /// The regressions ``ignored`` leaves out of the verdict.
    package var ignoredRegressions: [String] { allRegressions.filter(isIgnored) }

    /// Every regressed latency metric and counter, by name.
    private var allRegressions: [String] {
        latency.filter { $0.verdict == .regression }.map(\.metric.name)
            + counters.filter { $0.verdict == .regression }.map(\.name)
    }

    private func isIgnored(_ name: String) -> Bool {
        ignored.contains(name) || (ignored.contains("timings") && latency.contains { $0.metric.name == name })
    }

    /// What a comparison says of one side.
    package struct Side: Sendable, Hashable, Codable {
        /// The file or label the result came from.
        package var label: String
        /// Runs.
        package var runs: Int
        /// Scene, trace, policy, host and tool version.
        package var metadata: BenchMetadata
        /// The coarsest clock resolution of the runs, ns.
        package var clockResolutionNanoseconds: UInt64
        /// The largest per-read measurement overhead of the runs, ns.
        package var checkpointOverheadNanoseconds: UInt64

        init(label: String, result: BenchResult) {
            self.label = label
            runs = result.runs.count
            metadata = result.metadata
            clockResolutionNanoseconds = result.runs.map(\.latency.clockResolution).max() ?? 0
            checkpointOverheadNanoseconds = result.runs.map(\.latency.checkpointOverhead).max() ?? 0
        }
    }

    /// Why `base` and `current` cannot be compared at all, or `nil` when they can: results of
    /// different platforms measure different rules (the system's shortcuts, R24; text input's
    /// order, R16), so a difference between them is no regression. A result that names no
    /// platform (written before results named it) compares with any.
    package static func refusal(base: BenchResult, current: BenchResult) -> String? {
        guard let b = base.metadata.platform, let c = current.metadata.platform, b != c else { return nil }
        return "the results were measured on different platforms (\(b) and \(c)); bench both on one platform (--platform)"
    }

    /// Compares `current` with `base` under `policy`. `baseLabel` and `currentLabel` name the
    /// inputs in reports (usually their paths).
    package init(base: BenchResult, current: BenchResult, policy: ComparisonPolicy = ComparisonPolicy(),
                baseLabel: String = "base", currentLabel: String = "current") {
        self.policy = policy
        self.base = Side(label: baseLabel, result: base)
        self.current = Side(label: currentLabel, result: current)
        var warnings: [String] = []

        let metrics = Array(Set(base.metrics + current.metrics)).sorted()
        latency = metrics.map { metric in
            LatencyComparison(
                metric: metric,
                base: base.runMedians(of: metric),
                current: current.runMedians(of: metric),
                policy: policy
            )
        }
        counters = CounterComparison.all(base: base, current: current, warnings: &warnings)

        for (side, result) in [(baseLabel, base), (currentLabel, current)] where result.runs.count < policy.recommendedRuns {
            warnings.append(
                "\(side) has \(result.runs.count) run\(result.runs.count == 1 ? "" : "s"); "
                    + "at least \(policy.recommendedRuns) are needed for a reliable significance test")
        }
        let (b, c) = (base.metadata, current.metadata)
        if b.trace != c.trace { warnings.append("the traces differ: \(b.trace) vs \(c.trace)") }
        if b.scene.name != c.scene.name {
            warnings.append("the scenes differ: \(b.scene.name) vs \(c.scene.name)")
        } else if b.scene.contentHash != c.scene.contentHash {
            warnings.append("scene \(b.scene.name) changed between base and current (content hash differs)")
        }
        if b.policy != c.policy { warnings.append("the query policies differ: \(b.policy) vs \(c.policy)") }
        if b.host != c.host {
            warnings.append("the results come from different machines (\(b.host.hostname) vs \(c.host.hostname)); timings may not be comparable")
        }
        for entry in latency where entry.verdict == .missing {
            warnings.append("\(entry.metric.name) is measured only in \(entry.baseRuns == 0 ? currentLabel : baseLabel)")
        }
        self.warnings = warnings
    }
}

/// What a comparison concluded for one latency metric or counter.
package enum ComparisonVerdict: String, Hashable, Sendable, Codable {
    /// Worse, by more than the threshold and (for timings) significantly.
    case regression
    /// Better, by more than the threshold and (for timings) significantly.
    case improvement
    /// A timing change no larger than the threshold, significant or not.
    case withinThreshold = "within-threshold"
    /// A counter is identical on both sides.
    case unchanged
    /// A timing change larger than the threshold that the test cannot tell from noise.
    case notSignificant = "not-significant"
    /// An informational counter changed (never a regression).
    case changed
    /// Only one side has the value.
    case missing
}

/// One latency metric compared on per-run medians.
package struct LatencyComparison: Sendable, Hashable, Codable {
    /// The metric.
    package var metric: LatencyMetric
    /// Runs with a value on each side.
    package var baseRuns: Int, currentRuns: Int
    /// The median of the per-run medians, ns.
    package var baseMedian: Double, currentMedian: Double
    /// currentMedian − baseMedian, ns.
    package var delta: Double
    /// currentMedian / baseMedian (`nil` when the base median is 0).
    package var ratio: Double?
    /// The bootstrap confidence interval of ``ratio``.
    package var interval: BootstrapInterval?
    /// The Mann-Whitney U test of current against base per-run medians.
    package var test: MannWhitneyU?
    /// The threshold applied, ns.
    package var threshold: Double
    /// The decision.
    package var verdict: ComparisonVerdict

    init(metric: LatencyMetric, base: [UInt64], current: [UInt64], policy: ComparisonPolicy) {
        self.metric = metric
        baseRuns = base.count
        currentRuns = current.count
        let baseValues = base.map { Double($0) }
        let currentValues = current.map { Double($0) }
        guard !baseValues.isEmpty, !currentValues.isEmpty else {
            baseMedian = baseValues.isEmpty ? 0 : Self.median(baseValues)
            currentMedian = currentValues.isEmpty ? 0 : Self.median(currentValues)
            delta = 0
            ratio = nil
            interval = nil
            test = nil
            threshold = policy.threshold(forBaseMedian: baseMedian)
            verdict = .missing
            return
        }
        baseMedian = Self.median(baseValues)
        currentMedian = Self.median(currentValues)
        delta = currentMedian - baseMedian
        ratio = baseMedian > 0 ? currentMedian / baseMedian : nil
        var generator = SeededGenerator(seed: policy.seed, label: metric.name)
        interval = BootstrapInterval.ratioOfMedians(
            base: baseValues, current: currentValues, confidence: policy.confidence,
            resamples: policy.resamples, generator: &generator)
        let test = MannWhitneyU(currentValues, baseValues)
        self.test = test
        threshold = policy.threshold(forBaseMedian: baseMedian)
        if abs(delta) <= threshold {
            verdict = .withinThreshold
        } else if test.pValue >= policy.alpha {
            verdict = .notSignificant
        } else {
            verdict = delta > 0 ? .regression : .improvement
        }
    }

    static func median(_ values: [Double]) -> Double {
        var copy = values
        return BootstrapInterval.median(&copy)
    }
}
