import CAllocationCounter
import KeyTraceCore
import ResponderEngine

/// Counts heap allocations made inside dispatches (between `willDispatch` and `didResolve`).
public final class AllocationCounter: DispatchObserver {
    private let next: DispatchObserver
    private var start: UInt64 = 0
    /// Allocations counted since the last ``reset()``.
    public private(set) var allocations: UInt64 = 0

    /// A counter that forwards every callback to `next`.
    public init(forwardingTo next: DispatchObserver) { self.next = next }

    /// Whether this process counts allocations (the counter interposes `malloc`; a build or
    /// platform without interposition reads zero).
    public static var isAvailable: Bool { keytrace_allocation_counting_available() != 0 }

    /// Starts counting from zero.
    public func reset() { allocations = 0 }

    public func dispatcher(_ dispatcher: KeyDispatcher, willDispatch press: KeyPress) {
        next.dispatcher(dispatcher, willDispatch: press)
        start = keytrace_allocation_count()
    }

    public func dispatcher(_ dispatcher: KeyDispatcher, didResolve resolution: Resolution) {
        allocations &+= keytrace_allocation_count() &- start
        next.dispatcher(dispatcher, didResolve: resolution)
    }

    public func dispatcher(_ dispatcher: KeyDispatcher, didChangeChain change: ChainChange) {
        next.dispatcher(dispatcher, didChangeChain: change)
    }

    public func dispatcher(_ dispatcher: KeyDispatcher, didInvalidateCache reason: CacheInvalidationReason) {
        next.dispatcher(dispatcher, didInvalidateCache: reason)
    }
}

