import KeyTraceCore
import ResponderEngine
import TraceFormat

/// Watches a replay's dispatcher: converts each resolution to a record with the paths the
/// responders had when the event arrived, and forwards everything to the output recorder.
final class ReplayObserver: DispatchObserver {
    private let recorder: TraceRecorder?
    private let extra: DispatchObserver?
    private var converter = ResolutionRecords()
    private var lastRecord: ResolutionRecord?

    /// The record of the last resolution, once.
    func takeLastRecord() -> ResolutionRecord? {
        defer { lastRecord = nil }
        return lastRecord
    }

    init(forwardingTo recorder: TraceRecorder?, and extra: DispatchObserver?) {
        self.recorder = recorder
        self.extra = extra
    }

    // The extra observer is called innermost (last before dispatch, first after), so what it
    // measures around a dispatch excludes this observer's own work.
    func dispatcher(_ dispatcher: KeyDispatcher, willDispatch press: KeyPress) {
        converter.prepare { dispatcher.currentChain }
        recorder?.dispatcher(dispatcher, willDispatch: press)
        extra?.dispatcher(dispatcher, willDispatch: press)
    }

    func dispatcher(_ dispatcher: KeyDispatcher, didResolve resolution: Resolution) {
        extra?.dispatcher(dispatcher, didResolve: resolution)
        lastRecord = converter.record(for: resolution, sequence: 0, timestamp: resolution.press.timestamp)
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
