import Analysis
import Comparison
import KeyTraceCore
import ResponderEngine

/// Accumulates a ``BenchResult`` from the resolutions of repeated replays.
///
/// A bench loop only replays and feeds the recorder, either by attaching it as the
/// dispatcher's observer or by passing each ``Resolution`` to ``record(_:)``:
///
/// ```swift
/// let recorder = BenchRecorder(metadata: metadata, clockResolution: clock.resolution,
///                              checkpointOverhead: measuredReadCost)
/// dispatcher.observer = recorder
/// for _ in 0..<runs {
///     recorder.beginRun()
///     replay(trace, into: dispatcher)
///     recorder.endRun()
/// }
/// try recorder.result().write(to: url)
/// ```
///
/// Stage durations come from `resolution.timings` (unmeasured timings are skipped), counters
/// from `resolution.outcome` and `resolution.queries`, invalidations from the observer callback.
package final class BenchRecorder: DispatchObserver {
    /// The metadata written into the result.
    package var metadata: BenchMetadata
    private let clockResolution: UInt64
    private let checkpointOverhead: UInt64
    private var runs: [BenchRun] = []
    private var current: BenchRun?
    /// What the getters built in the current run.
    private var commandsBuilt = CommandsBuiltTally()
    /// Whether any press so far met a responder whose getter builds commands.
    private var sceneBuildsCommands = false

    /// A recorder for a bench described by `metadata`, measured with a clock of
    /// `clockResolution` ns whose reads cost `checkpointOverhead` ns each.
    package init(metadata: BenchMetadata, clockResolution: UInt64, checkpointOverhead: UInt64) {
        self.metadata = metadata
        self.clockResolution = clockResolution
        self.checkpointOverhead = checkpointOverhead
    }

    /// Runs finished so far.
    package var completedRuns: Int { runs.count }

    /// Starts a new run, ending the current one if any.
    package func beginRun() {
        endRun()
        commandsBuilt.removeAll()
        current = BenchRun(
            index: runs.count,
            latency: LatencySummary(clockResolution: clockResolution, checkpointOverhead: checkpointOverhead),
            counters: BenchCounters()
        )
    }

    /// Ends the current run; does nothing when none is open.
    package func endRun() {
        if var run = current {
            for entry in commandsBuilt.entries {
                run.counters.record(builtBy: entry.path, perCall: entry.perCall, built: entry.built,
                                    uikitEquivalentBuilt: entry.uikitEquivalentBuilt)
            }
            sceneBuildsCommands = sceneBuildsCommands || commandsBuilt.sawBuilder
            // A run of a scene whose getters build commands reports them, zero included.
            if sceneBuildsCommands, run.counters.commandsBuilt == nil {
                run.counters.commandsBuilt = 0
                run.counters.uikitEquivalentCommandsBuilt = 0
            }
            runs.append(run)
        }
        current = nil
    }

    /// Records one resolution into the current run (starting one if needed).
    package func record(_ resolution: Resolution) {
        if current == nil { beginRun() }
        current?.latency.record(resolution.timings)
        current?.counters.record(outcome: resolution.outcome, queries: resolution.queries)
        commandsBuilt.record(resolution)
    }

    /// Records one cache invalidation into the current run.
    package func record(invalidation reason: CacheInvalidationReason) {
        if current == nil { beginRun() }
        current?.counters.record(invalidation: reason)
    }

    /// Adds heap allocations measured around the current run's dispatches.
    package func record(allocations count: UInt64) {
        if current == nil { beginRun() }
        current?.counters.record(allocations: count)
    }

    /// The result so far: every finished run, plus the open one if any.
    package func result() -> BenchResult {
        BenchResult(metadata: metadata, runs: runs + (current.map { [$0] } ?? []))
    }

    package func dispatcher(_ dispatcher: KeyDispatcher, didResolve resolution: Resolution) {
        record(resolution)
    }

    package func dispatcher(_ dispatcher: KeyDispatcher, didInvalidateCache reason: CacheInvalidationReason) {
        record(invalidation: reason)
    }
}
