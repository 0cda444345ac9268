import Analysis
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
public final class BenchRecorder: DispatchObserver {
    /// The metadata written into the result.
    public var metadata: BenchMetadata
    private let clockResolution: UInt64
    private let checkpointOverhead: UInt64
    private var runs: [BenchRun] = []
    private var current: BenchRun?
    private var paths: [ObjectIdentifier: (responder: Responder, path: String)] = [:]
    /// Whether any press so far met a responder whose getter builds commands.
    private var sceneBuildsCommands = false

    /// A recorder for a bench described by `metadata`, measured with a clock of
    /// `clockResolution` ns whose reads cost `checkpointOverhead` ns each.
    public init(metadata: BenchMetadata, clockResolution: UInt64, checkpointOverhead: UInt64) {
        self.metadata = metadata
        self.clockResolution = clockResolution
        self.checkpointOverhead = checkpointOverhead
    }

    /// Runs finished so far.
    public var completedRuns: Int { runs.count }

    /// Starts a new run, ending the current one if any.
    public func beginRun() {
        endRun()
        paths.removeAll()
        current = BenchRun(
            index: runs.count,
            latency: LatencySummary(clockResolution: clockResolution, checkpointOverhead: checkpointOverhead),
            counters: BenchCounters()
        )
    }

    /// Ends the current run; does nothing when none is open.
    public func endRun() {
        if var run = current {
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
    public func record(_ resolution: Resolution) {
        if current == nil { beginRun() }
        current?.latency.record(resolution.timings)
        current?.counters.record(outcome: resolution.outcome, queries: resolution.queries)
        recordCommandsBuilt(resolution)
    }

    /// Counts the commands the chain's getters build for this press's reads: a read of the whole
    /// chain per enumeration, under this policy (`queries.calls`) and under `uikit`
    /// (`queries.uikitCalls`), times each responder's ``Responder/keyCommandsBuiltPerCall``.
    private func recordCommandsBuilt(_ resolution: Resolution) {
        let chain = resolution.chain
        guard !chain.isEmpty, builders(of: chain) else { return }
        let length = UInt64(chain.count)
        let reads = UInt64(max(0, resolution.queries.calls)) / length
        let uikitReads = UInt64(max(0, resolution.queries.uikitCalls)) / length
        for responder in chain.responders where responder.keyCommandsBuiltPerCall > 0 {
            current?.counters.record(builtBy: path(of: responder), perCall: UInt64(responder.keyCommandsBuiltPerCall),
                                     reads: reads, uikitReads: uikitReads)
        }
    }

    /// Whether a responder of `chain` builds commands (and so the scene says what getters build).
    private func builders(of chain: ResponderChain) -> Bool {
        guard chain.responders.contains(where: { $0.keyCommandsBuiltPerCall > 0 }) else { return false }
        sceneBuildsCommands = true
        return true
    }

    /// Responder paths, by object, for the current run (building a path walks the hierarchy).
    private func path(of responder: Responder) -> String {
        let key = ObjectIdentifier(responder)
        if let known = paths[key], known.responder === responder { return known.path }
        let path = responder.path
        paths[key] = (responder, path)
        return path
    }

    /// Records one cache invalidation into the current run.
    public func record(invalidation reason: CacheInvalidationReason) {
        if current == nil { beginRun() }
        current?.counters.record(invalidation: reason)
    }

    /// Adds heap allocations measured around the current run's dispatches.
    public func record(allocations count: UInt64) {
        if current == nil { beginRun() }
        current?.counters.record(allocations: count)
    }

    /// The result so far: every finished run, plus the open one if any.
    public func result() -> BenchResult {
        BenchResult(metadata: metadata, runs: runs + (current.map { [$0] } ?? []))
    }

    public func dispatcher(_ dispatcher: KeyDispatcher, didResolve resolution: Resolution) {
        record(resolution)
    }

    public func dispatcher(_ dispatcher: KeyDispatcher, didInvalidateCache reason: CacheInvalidationReason) {
        record(invalidation: reason)
    }
}
