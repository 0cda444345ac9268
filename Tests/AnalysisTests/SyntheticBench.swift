import Analysis
import Foundation
import KeyTraceCore
import KeyTraceSupport
import Comparison

/// Seeded synthetic bench results: per-press stage latencies drawn log-normally around per-stage
/// means, each run scaled by its own log-normal factor (run-to-run machine noise), with rare
/// outlying presses; counters derived from the press count.
struct SyntheticBench {
    /// Mean duration per stage in ns, in stage-table order (about 20 µs end to end: a scene whose
    /// keyCommands are costly, measured under the `uikit` policy).
    var stageMedians: [Double] = [150, 900, 12_000, 2_500, 1_200, 2_000, 1_300]
    /// σ of the per-run log factor.
    var runNoise = 0.03
    /// Probability that a run is disturbed (another job on the machine), and by what factor.
    var disturbedRunRate = 0.0
    var disturbedRunFactor = 1.25
    /// σ of the per-press log jitter.
    var pressNoise = 0.25
    /// Fraction of presses that take 10× longer (preemption, page faults).
    var outlierRate = 0.01
    /// Presses per run.
    var presses = 200
    /// Factor applied to every stage (1.15 = a 15 % slowdown).
    var slowdown = 1.0
    /// keyCommands calls per press.
    var callsPerPress: UInt64 = 3
    /// Cache misses per run.
    var cacheMissesPerRun: UInt64 = 4
    /// Allocations per press, when measured.
    var allocationsPerPress: UInt64? = 2
    var host = HostInfo(hostname: "bench-host", operatingSystem: "Linux 6.1.0", architecture: "x86_64", cpuModel: "Synthetic CPU", cores: 2)

    func make(runs: Int, generator: inout SeededGenerator, label: String = "base") -> BenchResult {
        let metadata = BenchMetadata(
            scene: SceneIdentity(name: "songs", contentHash: "sha256:5e1f0c2a"),
            trace: "typing.ktrace", policy: "uikit", host: host, toolVersion: KeyTraceVersion.current,
            date: Date(timeIntervalSince1970: 1_767_225_600), labels: ["revision": label])
        var results: [BenchRun] = []
        for index in 0..<runs {
            let disturbance = uniform(&generator) < disturbedRunRate ? disturbedRunFactor : 1
            let runFactor = exp(runNoise * gaussian(&generator)) * slowdown * disturbance
            var latency = LatencySummary(clockResolution: 1, checkpointOverhead: 25)
            for _ in 0..<presses {
                var total: UInt64 = 0
                let outlier = uniform(&generator) < outlierRate ? 10.0 : 1.0
                for stage in DispatchStage.allCases {
                    let mean = stageMedians[Int(stage.rawValue)]
                    let value = UInt64(max(1, mean * runFactor * outlier * exp(pressNoise * gaussian(&generator))))
                    latency.record(value, for: .stage(stage))
                    total += value
                }
                latency.record(total, for: .endToEnd)
            }
            var counters = BenchCounters()
            counters.presses = UInt64(presses)
            counters.keyCommandsCalls = callsPerPress * UInt64(presses)
            counters.uikitEquivalentCalls = callsPerPress * UInt64(presses)
            counters.cacheMisses = cacheMissesPerRun
            counters.cacheHits = UInt64(presses) - cacheMissesPerRun
            counters.invalidations = ["first-responder-change": 3, "state-change": 1]
            counters.outcomes = ["performed": UInt64(presses / 2), "press": UInt64(presses - presses / 2)]
            counters.allocations = allocationsPerPress.map { $0 * UInt64(presses) }
            results.append(BenchRun(index: index, latency: latency, counters: counters))
        }
        return BenchResult(metadata: metadata, runs: results)
    }
}

/// A standard normal draw (Box-Muller).
func gaussian(_ generator: inout SeededGenerator) -> Double {
    let u1 = max(uniform(&generator), .leastNonzeroMagnitude)
    let u2 = uniform(&generator)
    return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
}

/// A uniform draw in [0, 1).
func uniform(_ generator: inout SeededGenerator) -> Double {
    Double(generator.next() >> 11) / Double(1 << 53)
}
