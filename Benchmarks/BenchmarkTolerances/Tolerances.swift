import Benchmark

/// How far a run's p90 may move from the committed threshold files (`Thresholds/`) before
/// `Scripts/check-benchmarks.sh` reports it: 5 % on times, throughput and memory, nothing on
/// allocation counts. A metric without a tolerance would be checked strictly.
public enum Tolerances {
    /// The project's tolerance for each of `metrics`.
    public static func project(_ metrics: [BenchmarkMetric]) -> [BenchmarkMetric: BenchmarkThresholds] {
        var tolerances: [BenchmarkMetric: BenchmarkThresholds] = [:]
        for metric in metrics {
            switch metric {
            case .mallocCountTotal, .mallocCountSmall, .mallocCountLarge:
                tolerances[metric] = BenchmarkThresholds(absolute: [.p90: 0])
            default:
                tolerances[metric] = BenchmarkThresholds(relative: [.p90: 5.0])
            }
        }
        return tolerances
    }
}
