import KeyTraceCore
import Recording
import ResponderEngine
import TraceFormat

/// Watches a replay's dispatcher: keeps the paths the responders had when each event arrived
/// (for ``number(for:)``), and forwards everything to the output recorder.
///
/// The replay loop calls ``prepare(_:)`` before each dispatch (a direct call, one flag test
/// unless the hierarchy moved); the observer does nothing in `willDispatch` itself.
final class ReplayObserver: DispatchObserver {
    private let recorder: TraceRecorder?
    private let extra: DispatchObserver?
    @exclusivity(unchecked) private var converter = ResolutionRecords()

    /// The number of `resolution`, the resolution just dispatched, with the paths its responders
    /// had when its event arrived (``ResolutionRecords/number(for:)``, which reads it in place
    /// and does not change it).
    @inline(__always)
    func number(for resolution: inout Resolution) -> Int32 { converter.number(for: &resolution) }

    /// The resolution numbered `number` as the record of the press `sequence` at `timestamp`.
    func record(_ number: Int32, timestamp: UInt64, sequence: UInt64) -> ResolutionRecord {
        converter.table.record(number, timestamp: timestamp, pressSequence: sequence)
    }

    /// How many distinct resolutions have numbers.
    var distinctResolutions: Int { converter.table.count }

    /// Starts the numbering over and returns the old numbers' table (``ResolutionRecords/startTableOver()``).
    func startNumberingOver() -> ResolutionTable { converter.startTableOver() }

    /// The number of a resolution, as `record` gives it, in the current numbering.
    func number(of record: ResolutionRecord) -> Int32 { converter.number(of: record) }

    init(forwardingTo recorder: TraceRecorder?, and extra: DispatchObserver?) {
        self.recorder = recorder
        self.extra = extra
    }

    /// Before an event: brings the paths up to date when the hierarchy moved.
    @inline(__always)
    func prepare(_ dispatcher: KeyDispatcher) {
        converter.prepare { dispatcher.currentChain }
    }

    // The extra observer is called innermost (first after a dispatch), so what it measures
    // around a dispatch excludes this observer's own work.
    func dispatcher(_ dispatcher: KeyDispatcher, willDispatch press: KeyPress) {
        extra?.dispatcher(dispatcher, willDispatch: press)
    }

    /// What the recorder and the extra observer take (this observer numbers resolutions when
    /// the replay loop asks, and takes no event itself).
    var observedEvents: DispatchObserverEvents {
        (recorder?.observedEvents ?? []).union(extra?.observedEvents ?? [])
    }

    func dispatcher(_ dispatcher: KeyDispatcher, didResolve resolution: Resolution) {
        extra?.dispatcher(dispatcher, didResolve: resolution)
        recorder?.dispatcher(dispatcher, didResolve: resolution)
    }

    func dispatcher(_ dispatcher: KeyDispatcher, didChangeChain change: ChainChange) {
        extra?.dispatcher(dispatcher, didChangeChain: change)
        converter.invalidatePaths()
        recorder?.dispatcher(dispatcher, didChangeChain: change)
    }

    func dispatcher(_ dispatcher: KeyDispatcher, didInvalidateCache reason: CacheInvalidationReason) {
        extra?.dispatcher(dispatcher, didInvalidateCache: reason)
        recorder?.dispatcher(dispatcher, didInvalidateCache: reason)
    }
}
