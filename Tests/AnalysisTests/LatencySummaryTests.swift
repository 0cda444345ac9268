@testable import Analysis
import Foundation
import KeyTraceCore
import ResponderEngine
@testable import Statistics
import Testing

struct LatencySummaryTests {
    @Test func statisticsReportExactExtremesAndPercentilesWithinAThousandth() {
        var distribution = LatencyDistribution()
        for value in 1...10_000 as ClosedRange<UInt64> { distribution.record(value * 10) }
        let stats = distribution.statistics
        #expect(stats.count == 10_000)
        #expect(stats.min == 10)
        #expect(stats.max == 100_000)
        #expect(stats.mean == 50_005)
        for (value, expected) in [(stats.p50, 50_000.0), (stats.p90, 90_000), (stats.p99, 99_000), (stats.p999, 99_900)] {
            #expect(abs(Double(value) - expected) / expected <= 0.001, "\(value) vs \(expected)")
        }
    }

    @Test func onePassPercentilesEqualHdrHistogramsOwnForEveryPercentile() {
        var generator = SeededGenerator(seed: 11)
        for round in 0..<20 {
            var distribution = LatencyDistribution()
            let values = 1 + Int(generator.next(upperBound: UInt64(5_000)))
            for _ in 0..<values {
                // A long tail, with a few values above the histogram's range in some rounds.
                let value = generator.next(upperBound: UInt64(1) << (8 + UInt64(round)))
                distribution.record(round % 7 == 6 && value % 97 == 0 ? LatencyDistribution.highestTrackableValue * 2 : value)
            }
            let percentiles: [Double] = [99.9, 0, 50, 1, 90, 99, 100, 25, 75, 99.99, 0.001]
            let onePass = distribution.values(atPercentiles: percentiles)
            for (percentile, value) in zip(percentiles, onePass) {
                let reference = percentile <= 0 ? distribution.min : percentile >= 100 ? distribution.max
                    : min(max(distribution.histogram.valueAtPercentile(percentile), distribution.min), distribution.max)
                #expect(value == reference, "round \(round), p\(percentile)")
            }
        }
    }

    @Test func memoryDoesNotGrowWithTheNumberOfValues() {
        var distribution = LatencyDistribution()
        let before = distribution.histogram.estimatedFootprintInBytes
        var generator = SeededGenerator(seed: 3)
        for _ in 0..<100_000 { distribution.record(generator.next(upperBound: 50_000_000)) }
        #expect(distribution.histogram.estimatedFootprintInBytes == before)
    }

    @Test func valuesAboveTheRangeAreClampedAndCounted() {
        var distribution = LatencyDistribution()
        distribution.record(LatencyDistribution.highestTrackableValue * 2)
        distribution.record(5)
        #expect(distribution.clampedCount == 1)
        #expect(distribution.max == LatencyDistribution.highestTrackableValue * 2)
        #expect(distribution.count == 2)
    }

    @Test func mergingEqualsRecordingEverythingInOne() {
        var a = LatencySummary(clockResolution: 1, checkpointOverhead: 25)
        var b = LatencySummary(clockResolution: 1, checkpointOverhead: 30)
        var all = LatencySummary(clockResolution: 1, checkpointOverhead: 30)
        for value in 1...500 as ClosedRange<UInt64> {
            a.record(value, for: .endToEnd)
            b.record(value * 3, for: .endToEnd)
            all.record(value, for: .endToEnd)
            all.record(value * 3, for: .endToEnd)
        }
        a.merge(b)
        #expect(a == all)
        #expect(a.statistics(of: .endToEnd) == all.statistics(of: .endToEnd))
        #expect(a.checkpointOverhead == 30)
    }

    @Test func stageTimingsFillEveryStageAndEndToEnd() throws {
        var timings = StageTimings.zero
        for checkpoint in DispatchStage.Checkpoint.allCases {
            timings.checkpoints[Int(checkpoint.rawValue)] = 1_000 + UInt64(checkpoint.rawValue) * UInt64(checkpoint.rawValue) * 10
        }
        var summary = LatencySummary(clockResolution: 1, checkpointOverhead: 25)
        let recorded = summary.record(timings)
        let recordedUnmeasured = summary.record(StageTimings.zero)
        #expect(recorded)
        #expect(!recordedUnmeasured)
        #expect(summary.metrics == LatencyMetric.dispatch)
        for stage in DispatchStage.allCases {
            #expect(summary.statistics(of: .stage(stage))?.p50 == timings.duration(of: stage))
        }
        #expect(summary.statistics(of: .endToEnd)?.max == timings.total)
        #expect(summary.count == 1)
        #expect(summary.measurementOverhead(of: .endToEnd) == 25 * 7)
        #expect(summary.measurementOverhead(of: .stage(.collectToMatch)) == 25)
    }

    @Test func encodingRoundTripsToTheSameDistribution() throws {
        var summary = LatencySummary(clockResolution: 1, checkpointOverhead: 25)
        var generator = SeededGenerator(seed: 9)
        for _ in 0..<2_000 {
            summary.record(200 + generator.next(upperBound: 5_000), for: .stage(.collectToMatch))
            summary.record(3_000 + generator.next(upperBound: 50_000), for: .endToEnd)
        }
        let data = try JSONEncoder().encode(summary)
        let decoded = try JSONDecoder().decode(LatencySummary.self, from: data)
        #expect(decoded == summary)
        #expect(decoded.statistics(of: .endToEnd) == summary.statistics(of: .endToEnd))
    }

    @Test func aDistributionWhoseBucketsDisagreeWithItsCountIsRejected() {
        let json = #"{"count": 3, "min": 1, "max": 5, "sum": 9, "clamped": 0, "buckets": "1:1 5:1"}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(LatencyDistribution.self, from: Data(json.utf8))
        }
    }

    @Test func metricsFollowTheStageTable() {
        #expect(LatencyMetric.dispatch.map(\.name) == DispatchStage.allCases.map(\.name) + ["EndToEnd"])
        #expect(LatencyMetric.stage(.deliverToEnd) < .endToEnd)
        #expect(LatencyMetric.endToEnd < LatencyMetric(name: "InputToDispatch"))
        #expect(LatencyMetric(name: "MatchToResolveTarget").stage == .matchToResolveTarget)
    }
}
