@testable import Analysis
@testable import Reports
import Foundation
import KeyTraceCore
import Testing
import KeyTraceSupport
import Comparison

struct RunComparisonTests {
    @Test func anInjectedFifteenPercentSlowdownIsARegression() {
        var generator = SeededGenerator(seed: 0x51)
        let base = SyntheticBench().make(runs: 10, generator: &generator)
        let current = SyntheticBench(slowdown: 1.15).make(runs: 10, generator: &generator, label: "head")
        let comparison = RunComparison(base: base, current: current)
        let endToEnd = comparison.latency.first { $0.metric == .endToEnd }
        #expect(endToEnd?.verdict == .regression)
        #expect(comparison.hasRegression)
        #expect(comparison.regressions.contains("EndToEnd"))
        // The interval of the ratio covers the injected factor and excludes 1.
        if let interval = endToEnd?.interval {
            #expect(interval.lower > 1.05)
            #expect(interval.contains(1.15))
        }
        #expect(comparison.counters.allSatisfy { $0.verdict == .unchanged })
        #expect(comparison.warnings.isEmpty)
        print("15 % slowdown: EndToEnd ratio \(ReportFormatting.ratioWithInterval(endToEnd!)), p = \(ReportFormatting.pValue(endToEnd?.test?.pValue))")
    }

    @Test func aSlowdownBelowTheAbsoluteFloorIsNotARegressionUnlessTheFloorIsLowered() {
        // About 4 µs end to end: 15 % is 600 ns, under the default 2 µs floor.
        let fast = SyntheticBench(stageMedians: [60, 300, 1_500, 600, 400, 700, 500])
        var slow = fast
        slow.slowdown = 1.15
        var generator = SeededGenerator(seed: 0x52)
        let base = fast.make(runs: 10, generator: &generator)
        let current = slow.make(runs: 10, generator: &generator)
        let defaults = RunComparison(base: base, current: current)
        #expect(!defaults.hasRegression)
        #expect(defaults.latency.first { $0.metric == .endToEnd }?.verdict == .withinThreshold)
        let strict = RunComparison(base: base, current: current, policy: ComparisonPolicy(minimumDelta: 0))
        #expect(strict.latency.first { $0.metric == .endToEnd }?.verdict == .regression)
    }

    @Test func oneMoreKeyCommandsCallPerPressIsARegressionEvenWithIdenticalTimings() {
        var generator = SeededGenerator(seed: 0x53)
        let base = SyntheticBench().make(runs: 10, generator: &generator)
        var current = base
        for index in current.runs.indices {
            current.runs[index].counters.keyCommandsCalls += current.runs[index].counters.presses
        }
        let comparison = RunComparison(base: base, current: current)
        #expect(comparison.latency.allSatisfy { $0.verdict == .withinThreshold })
        #expect(comparison.counters.first { $0.name == "keyCommandsCalls" }?.verdict == .regression)
        #expect(comparison.regressions == ["keyCommandsCalls"])
    }

    @Test func anyIncreaseOfAGatedCounterIsARegressionAndADecreaseAnImprovement() {
        var generator = SeededGenerator(seed: 0x54)
        let base = SyntheticBench().make(runs: 10, generator: &generator)
        var current = base
        current.runs[3].counters.cacheMisses += 1 // one miss more in 2 000 presses
        current.runs[0].counters.allocations = (current.runs[0].counters.allocations ?? 0) - 1
        current.runs[0].counters.uikitEquivalentCalls += 7
        let comparison = RunComparison(base: base, current: current)
        let verdicts = Dictionary(uniqueKeysWithValues: comparison.counters.map { ($0.name, $0.verdict) })
        #expect(verdicts["cacheMisses"] == .regression)
        #expect(verdicts["allocations"] == .improvement)
        #expect(verdicts["uikitEquivalentCalls"] == .changed)
        #expect(verdicts["keyCommandsCalls"] == .unchanged)
        #expect(comparison.hasRegression)
        #expect(comparison.warnings.contains { $0.hasPrefix("cacheMisses per press varies across the current runs") })
    }

    @Test func countersAreComparedPerPressWhenTracesDiffer() {
        var generator = SeededGenerator(seed: 0x55)
        let base = SyntheticBench(presses: 100).make(runs: 9, generator: &generator)
        let current = SyntheticBench(presses: 200).make(runs: 9, generator: &generator)
        let comparison = RunComparison(base: base, current: current)
        #expect(comparison.counters.first { $0.name == "keyCommandsCalls" }?.verdict == .unchanged)
        // A fixed number of misses per run over twice the presses: fewer per press.
        #expect(comparison.counters.first { $0.name == "cacheMisses" }?.verdict == .improvement)
        #expect(comparison.warnings.contains { $0.contains("different numbers of presses") })
    }

    @Test func fewerThanNineRunsGiveAWarning() {
        var generator = SeededGenerator(seed: 0x56)
        let base = SyntheticBench().make(runs: 5, generator: &generator)
        let current = SyntheticBench().make(runs: 9, generator: &generator)
        let comparison = RunComparison(base: base, current: current, baseLabel: "a.json", currentLabel: "b.json")
        #expect(comparison.warnings == ["a.json has 5 runs; at least 9 are needed for a reliable significance test"])
    }

    @Test func anImprovementIsReportedButIsNotARegression() {
        var generator = SeededGenerator(seed: 0x57)
        let base = SyntheticBench().make(runs: 10, generator: &generator)
        let current = SyntheticBench(slowdown: 0.8).make(runs: 10, generator: &generator)
        let comparison = RunComparison(base: base, current: current)
        #expect(comparison.latency.first { $0.metric == .endToEnd }?.verdict == .improvement)
        #expect(!comparison.hasRegression)
    }

    @Test func theSameInputsGiveTheSameReport() throws {
        var generator = SeededGenerator(seed: 0x58)
        let base = SyntheticBench().make(runs: 10, generator: &generator)
        let current = SyntheticBench(slowdown: 1.1).make(runs: 10, generator: &generator)
        let first = try RunComparison(base: base, current: current).jsonReport()
        let second = try RunComparison(base: base, current: current).jsonReport()
        #expect(first == second)
        #expect(first.contains(#""schema" : "keytrace-compare/1""#))
    }

    /// A/A calibration: both sides drawn from one distribution, 10 runs each, 100 times — with
    /// the default noise and with a noisy machine (6 % run-to-run σ, one run in ten 25 % slower).
    @Test(arguments: [("default noise", 0.03, 0.0), ("noisy machine", 0.06, 0.1)])
    func sameBuildComparisonsRaiseAtMostOnePercentFalseAlarms(label: String, runNoise: Double, disturbed: Double) {
        var generator = SeededGenerator(seed: 0xA_A, label: label)
        let bench = SyntheticBench(runNoise: runNoise, disturbedRunRate: disturbed, presses: 30)
        var policy = ComparisonPolicy()
        policy.resamples = 200 // the verdict does not depend on the interval; keep the test quick
        let comparisons = 100
        var alarms = 0
        var significant = 0 // metrics with p < α whatever the size of the change
        var metrics = 0
        for _ in 0..<comparisons {
            let base = bench.make(runs: 10, generator: &generator)
            let current = bench.make(runs: 10, generator: &generator)
            let comparison = RunComparison(base: base, current: current, policy: policy)
            if comparison.hasRegression { alarms += 1 }
            metrics += comparison.latency.count
            significant += comparison.latency.filter { ($0.test?.pValue ?? 1) < policy.alpha }.count
        }
        let rate = Double(alarms) / Double(comparisons)
        print("A/A false-alarm rate (\(label)): \(alarms)/\(comparisons) comparisons = \(rate * 100) %; "
            + "metrics significant at p < 0.01 regardless of size: \(significant)/\(metrics)")
        #expect(rate <= 0.01)
    }
}
