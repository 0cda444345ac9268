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
    /// Which of the per-event callbacks do anything: the dispatcher calls only these, which
    /// spares handing over the press and the resolution (a copy of a few hundred bytes) on every
    /// event. Chain changes and invalidations are always reported. Read once, when the observer
    /// is set; ``DispatchObserverEvents/all`` unless an observer says otherwise.
    var observedEvents: DispatchObserverEvents { get }
}

/// The per-event callbacks of a ``DispatchObserver``.
public struct DispatchObserverEvents: OptionSet, Hashable, Sendable {
    /// One bit per callback.
    public let rawValue: UInt8
    /// The callbacks whose bits `rawValue` sets.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// ``DispatchObserver/dispatcher(_:willDispatch:)``.
    public static let presses = DispatchObserverEvents(rawValue: 1)
    /// ``DispatchObserver/dispatcher(_:didResolve:)``.
    public static let resolutions = DispatchObserverEvents(rawValue: 2)
    /// Both.
    public static let all: DispatchObserverEvents = [.presses, .resolutions]
}

extension DispatchObserver {
    public var observedEvents: DispatchObserverEvents { .all }
    public func dispatcher(_ dispatcher: KeyDispatcher, willDispatch press: KeyPress) {}
    public func dispatcher(_ dispatcher: KeyDispatcher, didChangeChain change: ChainChange) {}
    public func dispatcher(_ dispatcher: KeyDispatcher, didInvalidateCache reason: CacheInvalidationReason) {}
}
