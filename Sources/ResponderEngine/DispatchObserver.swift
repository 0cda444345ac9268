import KeyTraceCore

/// Receives everything a dispatcher does: each resolution (with its timings and query
/// counts), each chain change and each cache invalidation.
///
/// A recorder attaches here. With no observer the dispatcher pays one nil check per event.
/// Callbacks run synchronously on the dispatching thread; keep them short.
public protocol DispatchObserver: AnyObject {
    /// Called before each event is dispatched. Chain changes reported before the matching
    /// ``dispatcher(_:didResolve:)`` were caused by this event (its action's effects).
    func dispatcher(_ dispatcher: KeyDispatcher, willDispatch press: KeyPress)
    /// Called after each event is dispatched.
    func dispatcher(_ dispatcher: KeyDispatcher, didResolve resolution: Resolution)
    /// Called after the chain changed.
    func dispatcher(_ dispatcher: KeyDispatcher, didChangeChain change: ChainChange)
    /// Called when the cached collection was invalidated.
    func dispatcher(_ dispatcher: KeyDispatcher, didInvalidateCache reason: CacheInvalidationReason)
}

extension DispatchObserver {
    public func dispatcher(_ dispatcher: KeyDispatcher, willDispatch press: KeyPress) {}
    public func dispatcher(_ dispatcher: KeyDispatcher, didChangeChain change: ChainChange) {}
    public func dispatcher(_ dispatcher: KeyDispatcher, didInvalidateCache reason: CacheInvalidationReason) {}
}
