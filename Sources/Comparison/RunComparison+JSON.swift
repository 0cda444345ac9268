import Analysis
import KeyTraceSupport

extension RunComparison {
    /// The schema of ``jsonReport()``.
    package static let jsonSchema = "keytrace-compare/1"

    /// The comparison as JSON, schema `keytrace-compare/1` (docs/Comparison.md): keys sorted,
    /// durations in nanoseconds, the same bytes for the same inputs.
    package func jsonReport() throws -> String {
        try JSONDocument.text(Report(self))
    }

    private struct Report: Encodable {
        var schema = RunComparison.jsonSchema
        var regression: Bool
        var regressions: [String]
        var ignoredRegressions: [String]
        var policy: Policy
        var base: Side
        var current: Side
        var latency: [Latency]
        var counters: [Counter]
        var warnings: [String]

        init(_ comparison: RunComparison) {
            regression = comparison.hasRegression
            regressions = comparison.regressions
            ignoredRegressions = comparison.ignoredRegressions
            let p = comparison.policy
            policy = Policy(
                relativeThreshold: p.relativeThreshold, minimumDeltaNanoseconds: p.minimumDelta, alpha: p.alpha,
                test: "mann-whitney-u-two-sided", statistic: "per-run-median", confidence: p.confidence,
                resamples: p.resamples, seed: String(p.seed, radix: 16), recommendedRuns: p.recommendedRuns)
            base = comparison.base
            current = comparison.current
            latency = comparison.latency.map(Latency.init)
            counters = comparison.counters.map(Counter.init)
            warnings = comparison.warnings
        }
    }

    private struct Policy: Encodable {
        var relativeThreshold: Double
        var minimumDeltaNanoseconds: UInt64
        var alpha: Double
        var test: String
        var statistic: String
        var confidence: Double
        var resamples: Int
        var seed: String
        var recommendedRuns: Int
    }

    private struct Interval: Encodable {
        var lower: Double
        var upper: Double
    }

    private struct Latency: Encodable {
        var metric: String
        var baseRuns: Int
        var currentRuns: Int
        var baseMedianNanoseconds: Double
        var currentMedianNanoseconds: Double
        var deltaNanoseconds: Double
        var thresholdNanoseconds: Double
        var ratio: Double?
        var ratioInterval: Interval?
        var u: Double?
        var pValue: Double?
        var pMethod: String?
        var verdict: String

        init(_ entry: LatencyComparison) {
            metric = entry.metric.name
            baseRuns = entry.baseRuns
            currentRuns = entry.currentRuns
            baseMedianNanoseconds = entry.baseMedian
            currentMedianNanoseconds = entry.currentMedian
            deltaNanoseconds = entry.delta
            thresholdNanoseconds = entry.threshold
            ratio = entry.ratio
            ratioInterval = entry.interval.map { Interval(lower: $0.lower, upper: $0.upper) }
            u = entry.test?.u
            pValue = entry.test?.pValue
            pMethod = entry.test?.method.rawValue
            verdict = entry.verdict.rawValue
        }
    }

    private struct CounterSide: Encodable {
        var total: UInt64
        var presses: UInt64
        var perPress: Double
    }

    private struct Counter: Encodable {
        var name: String
        var gated: Bool
        var base: CounterSide?
        var current: CounterSide?
        var verdict: String

        init(_ entry: CounterComparison) {
            name = entry.name
            gated = entry.gated
            base = entry.baseTotal.map {
                CounterSide(total: $0, presses: entry.basePresses, perPress: entry.basePerPress ?? 0)
            }
            current = entry.currentTotal.map {
                CounterSide(total: $0, presses: entry.currentPresses, perPress: entry.currentPerPress ?? 0)
            }
            verdict = entry.verdict.rawValue
        }
    }
}
