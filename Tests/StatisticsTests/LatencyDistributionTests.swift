import Foundation
import KeyTraceCore
@testable import Statistics
import Testing
import KeyTraceSupport

struct LatencyDistributionTests {
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

    @Test func memoryFollowsTheLargestValueNotTheNumberOfValues() {
        var many = LatencyDistribution()
        var generator = SeededGenerator(seed: 3)
        for _ in 0..<1_000 { many.record(generator.next(upperBound: 50_000)) }  // up to 50 µs
        let grown = many.histogram.estimatedFootprintInBytes
        for _ in 0..<100_000 { many.record(generator.next(upperBound: 50_000)) }
        #expect(many.histogram.estimatedFootprintInBytes == grown)
        var fullRange = LatencyDistribution()
        fullRange.record(LatencyDistribution.highestTrackableValue * 2)
        #expect(many.histogram.estimatedFootprintInBytes * 3 < fullRange.histogram.estimatedFootprintInBytes)
    }

    @Test func distributionsOfDifferentLengthsMergeWithoutLoss() {
        var short = LatencyDistribution(), long = LatencyDistribution(), replayed = LatencyDistribution()
        for value: UInt64 in [3, 700, 1_500] { short.record(value); replayed.record(value) }
        for value: UInt64 in [12, 40_000_000, 2_000] { long.record(value); replayed.record(value) }
        var merged = short
        merged.merge(long)
        #expect(merged.values(atPercentiles: [10, 50, 90, 99]) == replayed.values(atPercentiles: [10, 50, 90, 99]))
        #expect(merged.count == 6)
    }

    @Test func valuesAboveTheRangeAreClampedAndCounted() {
        var distribution = LatencyDistribution()
        distribution.record(LatencyDistribution.highestTrackableValue * 2)
        distribution.record(5)
        #expect(distribution.clampedCount == 1)
        #expect(distribution.max == LatencyDistribution.highestTrackableValue * 2)
        #expect(distribution.count == 2)
    }

    @Test func aDistributionWhoseBucketsDisagreeWithItsCountIsRejected() {
        let json = #"{"count": 3, "min": 1, "max": 5, "sum": 9, "clamped": 0, "buckets": "1:1 5:1"}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(LatencyDistribution.self, from: Data(json.utf8))
        }
    }

    @Test func anEmptyDistributionReportsZerosAndTheEmptyStatistics() {
        let distribution = LatencyDistribution()
        #expect(distribution.isEmpty)
        #expect(distribution.min == 0 && distribution.max == 0 && distribution.mean == 0)
        #expect(distribution.value(atPercentile: 50) == 0)
        #expect(distribution.statistics == .empty)
    }

    @Test func percentilesNeverDecreaseAndStayWithinTheExtremes() {
        var generator = SeededGenerator(seed: 5)
        var distribution = LatencyDistribution()
        for _ in 0..<20_000 { distribution.record(1 + generator.next(upperBound: UInt64(1) << 30)) }
        let percentiles = stride(from: 0.0, through: 100.0, by: 0.5).map { $0 }
        let values = distribution.values(atPercentiles: percentiles)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(values.first == distribution.min)
        #expect(values.last == distribution.max)
        #expect(values == percentiles.map { distribution.value(atPercentile: $0) })
    }

    @Test func mergingTwoDistributionsEqualsRecordingTheirUnion() {
        var generator = SeededGenerator(seed: 17)
        var a = LatencyDistribution(), b = LatencyDistribution(), union = LatencyDistribution()
        for index in 0..<5_000 {
            let value = generator.next(upperBound: UInt64(1) << 24)
            if index % 3 == 0 { a.record(value) } else { b.record(value) }
            union.record(value)
        }
        var merged = a
        merged.merge(b)
        #expect(merged == union)
        #expect(merged.statistics == union.statistics)
        var empty = LatencyDistribution()
        empty.merge(union)
        #expect(empty == union)
    }

    @Test func recordingWithACountEqualsRecordingThatManyTimes() {
        var counted = LatencyDistribution(), repeated = LatencyDistribution()
        for (value, times) in [(UInt64(120), UInt64(7)), (4_000, 1), (90_000, 13)] {
            counted.record(value, count: times)
            for _ in 0..<times { repeated.record(value) }
        }
        #expect(counted == repeated)
        #expect(counted.sum == 120 * 7 + 4_000 + 90_000 * 13)
    }

    @Test func aDistributionRoundTripsThroughJSON() throws {
        var generator = SeededGenerator(seed: 23)
        var distribution = LatencyDistribution()
        for _ in 0..<3_000 { distribution.record(generator.next(upperBound: 10_000_000)) }
        let decoded = try JSONDecoder().decode(LatencyDistribution.self, from: JSONEncoder().encode(distribution))
        #expect(decoded == distribution)
        #expect(decoded.statistics == distribution.statistics)
    }
}
