import Analysis
import Benchmark
import BenchmarkSupport
import BenchmarkTolerances
import Export
import KeyTraceCore
import TraceFormat

#if canImport(Glibc)
import Glibc
#endif

/// Analyzer throughput in records per second: one pass of `TraceAnalyzer` over a trace of
/// one million dispatch records (key, resolution and stage timings per press), read from the
/// page cache — on two threads (the default for traces of 64 chunks or more) and on one. Run only this target: `swift package benchmark --target AnalysisBenchmarks`.
let benchmarks: @Sendable () -> Void = {
    let records = 999_999
    let path = ScratchFile.path("analysis-bench.ktrace")
    writeDispatchTrace(records: records, to: path)

    let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .peakMemoryResident]
    Benchmark.defaultConfiguration = .init(metrics: metrics, warmupIterations: 1, scalingFactor: .mega,
                                           maxDuration: .seconds(20), maxIterations: 10,
                                           thresholds: Tolerances.project(metrics))

    Benchmark("analyze-1M-records") { benchmark in
        for _ in benchmark.scaledIterations.prefix(1) {
            var analyzer = TraceAnalyzer(top: 10)
            try? analyzer.addTrace(at: path)
            blackHole(analyzer.finish())
        }
    }

    Benchmark("analyze-1M-records-one-thread") { benchmark in
        for _ in benchmark.scaledIterations.prefix(1) {
            guard let reader = try? TraceReader(path: path) else { return }
            var analyzer = TraceAnalyzer(top: 10)
            analyzer.addTraceOnOneThread(reader, path: path)
            blackHole(analyzer.finish())
        }
    }

    Benchmark("chrome-export-1M-records") { benchmark in
        for _ in benchmark.scaledIterations.prefix(1) {
            guard let reader = try? TraceReader(path: path) else { return }
            var bytes = 0
            var writer = ChromeTraceWriter { bytes += $0.utf8.count }
            try? writer.begin(processName: "bench")
            for record in reader { try? writer.add(record) }
            try? writer.finish()
            blackHole(bytes)
        }
    }
}

/// Key, resolution and stage-timing records of typed text and a few commands.
func writeDispatchTrace(records: Int, to path: String) {
    guard let writer = try? TraceWriter(path: path, metadata: TraceMetadata(sourceKind: "synthetic", clockDomain: "synthetic"))
    else { return }
    var state: UInt64 = 42
    func random() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state >> 33
    }
    let outcomes: [DispatchOutcome] = [.handledByTextInput, .handledByTextInput, .performedCommand, .releaseConsumed]
    var time: UInt64 = 1_000_000_000
    for i in 0..<UInt64(records / 3) {
        time += 20_000_000 + random() % 80_000_000
        _ = try? writer.append(KeyPress(i % 2 == 0 ? .began : .ended, HIDUsage(UInt16(4 + i % 26)),
                                        device: DeviceID(kind: .synthetic), timestamp: time))
        let outcome = outcomes[Int(i % 4)]
        _ = try? writer.append(.resolution(ResolutionRecord(
            timestamp: time, pressSequence: i, outcome: outcome,
            action: outcome == .performedCommand ? Action("share:") : nil, providerPath: "window/viewer",
            targetPath: "window/viewer")))
        let durations = (0..<DispatchStage.allCases.count).map { _ in 200 + random() % 4_000 }
        _ = try? writer.append(.stageTimings(StageTimingsRecord(timestamp: time, pressSequence: i, durations: durations,
                                                                total: durations.reduce(0, +))))
    }
    _ = try? writer.finish()
}
