import KeyTraceCore
import Recording
import ResponderEngine
import TraceFormat

/// Watches a replay's dispatcher: keeps the paths the responders had when each event arrived
/// (for ``record(for:sequence:)``), and forwards everything to the output recorder.
///
/// The replay loop calls ``prepare(_:)`` before each dispatch (a direct call, one flag test
/// unless the hierarchy moved); the observer does nothing in `willDispatch` itself.
final class ReplayObserver: DispatchObserver {
    private let recorder: TraceRecorder?
    private let extra: DispatchObserver?
    @exclusivity(unchecked) private var converter = ResolutionRecords()

    /// The record of `resolution`, the resolution just dispatched, with the paths its responders
    /// had when its event arrived.
    func record(for resolution: Resolution, sequence: UInt64) -> ResolutionRecord {
        converter.record(for: resolution, sequence: sequence, timestamp: resolution.press.timestamp)
    }

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
