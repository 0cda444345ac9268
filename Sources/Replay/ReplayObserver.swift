import KeyTraceCore
import ResponderEngine
import TraceFormat

/// Watches a replay's dispatcher: keeps the paths the responders had when each event arrived
/// (for ``record(for:sequence:)``), and forwards everything to the output recorder.
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

    // The extra observer is called innermost (last before dispatch, first after), so what it
    // measures around a dispatch excludes this observer's own work.
    func dispatcher(_ dispatcher: KeyDispatcher, willDispatch press: KeyPress) {
        converter.prepare { dispatcher.currentChain }
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
