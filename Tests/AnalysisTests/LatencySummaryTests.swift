@testable import Analysis
import Foundation
import KeyTraceCore
import ResponderEngine
import Statistics
import Testing
import KeyTraceSupport

struct LatencySummaryTests {
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

    @Test func metricsFollowTheStageTable() {
        #expect(LatencyMetric.dispatch.map(\.name) == DispatchStage.allCases.map(\.name) + ["EndToEnd"])
        #expect(LatencyMetric.stage(.deliverToEnd) < .endToEnd)
        #expect(LatencyMetric.endToEnd < LatencyMetric(name: "InputToDispatch"))
        #expect(LatencyMetric(name: "MatchToResolveTarget").stage == .matchToResolveTarget)
    }
}
