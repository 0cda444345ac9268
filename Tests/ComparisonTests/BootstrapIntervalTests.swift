@testable import Comparison
import KeyTraceCore
import Testing
import KeyTraceSupport

struct BootstrapIntervalTests {
    private let base = [100.0, 102, 98, 101, 99, 103, 97, 100, 101, 99]
    private let current = [115.0, 116, 113, 118, 114, 117, 112, 115, 116, 114]

    @Test func theSameSeedGivesTheSameInterval() throws {
        var data = SeededGenerator(seed: 5)
        let x = (0..<25).map { _ in 1_000 + Double(data.next(upperBound: UInt64(100_000))) / 100 }
        let y = (0..<25).map { _ in 1_100 + Double(data.next(upperBound: UInt64(100_000))) / 100 }
        var first = SeededGenerator(seed: 42, label: "EndToEnd")
        var second = SeededGenerator(seed: 42, label: "EndToEnd")
        let a = try #require(BootstrapInterval.ratioOfMedians(base: x, current: y, generator: &first))
        let b = try #require(BootstrapInterval.ratioOfMedians(base: x, current: y, generator: &second))
        #expect(a == b)
        var third = SeededGenerator(seed: 43, label: "EndToEnd")
        let c = try #require(BootstrapInterval.ratioOfMedians(base: x, current: y, generator: &third))
        // Another seed moves the bounds by resampling noise only.
        #expect(abs(c.lower - a.lower) < 0.05 && abs(c.upper - a.upper) < 0.05)
    }

    @Test func theIntervalContainsTheObservedRatioAndExcludesOneForAClearShift() throws {
        var generator = SeededGenerator(seed: ComparisonPolicy.defaultSeed)
        let interval = try #require(BootstrapInterval.ratioOfMedians(base: base, current: current, generator: &generator))
        #expect(interval.contains(115.0 / 100.0))
        #expect(interval.lower > 1.05)
        #expect(interval.upper < 1.25)
        #expect(interval.confidence == 0.99)
        #expect(interval.resamples == 10_000)
    }

    @Test func equalSamplesGiveAnIntervalAroundOne() throws {
        var generator = SeededGenerator(seed: 7)
        let interval = try #require(BootstrapInterval.ratioOfMedians(base: base, current: base, generator: &generator))
        #expect(interval.contains(1))
    }

    @Test func labelsGetIndependentStreams() {
        var a = SeededGenerator(seed: 1, label: "CollectToMatch")
        var b = SeededGenerator(seed: 1, label: "MatchToResolveTarget")
        #expect(a.next() != b.next())
    }

    @Test func quantilesInterpolateBetweenOrderStatistics() {
        #expect(BootstrapInterval.quantile(sorted: [1, 2, 3, 4], 0.5) == 2.5)
        #expect(BootstrapInterval.quantile(sorted: [1, 2, 3, 4], 0) == 1)
        #expect(BootstrapInterval.quantile(sorted: [1, 2, 3, 4], 1) == 4)
    }
}
