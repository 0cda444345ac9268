import Analysis
import Comparison
import Replay
import ResponderEngine
import TraceFormat

/// Replays a trace a number of times with stage timing on and collects a ``BenchResult``: per
/// run the latency distributions, the deterministic counters and the heap allocations made
/// while dispatching (``AllocationCounter``).
///
/// ```
///  warm-up replay (not recorded)
///  for each run:  Replayer ──dispatch──▶ AllocationCounter ──▶ BenchRecorder ──▶ BenchRun
/// ```
///
/// The warm-up replay makes the process's one-time work (type metadata, protocol conformance
/// lookups, lazily built tables) happen before anything is counted, so every recorded run counts
/// the same allocations.
package enum TraceBench {
    /// Replays `trace` `runs` times under `options` (stage timing is turned on) and returns the
    /// result described by `metadata`. `progress` is called after each run with the runs done.
    package static func run(trace: String, options: Replayer.Options, runs: Int, metadata: BenchMetadata,
                           progress: (Int) -> Void = { _ in }) throws -> BenchResult {
        var options = options
        options.stageTiming = true
        let recorder = BenchRecorder(metadata: metadata, clockResolution: KeyDispatcher.defaultStageClock.resolution,
                                     checkpointOverhead: ClockProbe.measureStageClock().checkpointOverheadNanoseconds ?? 0)
        // The warm-up replay takes the same path as the measured ones, into an observer that keeps nothing.
        _ = try Replayer(trace: trace, options: options).run(observer: AllocationCounter(forwardingTo: Discard()))
        let counter = AllocationCounter(forwardingTo: recorder)
        for index in 0..<runs {
            recorder.beginRun()
            counter.reset()
            _ = try Replayer(trace: trace, options: options).run(observer: counter)
            recorder.record(allocations: counter.allocations)
            recorder.endRun()
            progress(index + 1)
        }
        return recorder.result()
    }
}

/// An observer that keeps nothing: the warm-up replay's.
private final class Discard: DispatchObserver {
    func dispatcher(_ dispatcher: KeyDispatcher, didResolve resolution: Resolution) {}
}
