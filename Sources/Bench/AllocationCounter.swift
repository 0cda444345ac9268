import CAllocationCounter
import KeyTraceCore
import ResponderEngine

/// Counts heap allocations the dispatching thread makes inside dispatches (between
/// `willDispatch` and `didResolve`).
///
/// The count is exact: the same binary, scene and trace give the same number on every run and
/// every process. Other threads' allocations are not counted, and the interposed allocator
/// (CAllocationCounter) makes the block sizes Swift grows arrays and strings by a function of
/// the request alone, not of the heap's history. Run the work once before counting, so the
/// process's one-time work (type metadata, conformance lookups) is not counted (``TraceBench``
/// does).
package final class AllocationCounter: DispatchObserver {
    private let next: DispatchObserver
    private var start: UInt64 = 0
    /// Allocations counted since the last ``reset()``.
    package private(set) var allocations: UInt64 = 0

    /// A counter that forwards every callback to `next`.
    package init(forwardingTo next: DispatchObserver) { self.next = next }

    /// Whether this process counts allocations (the counter interposes `malloc`; a build or
    /// platform without interposition reads zero).
    package static var isAvailable: Bool { keytrace_allocation_counting_available() != 0 }

    /// Starts counting from zero.
    package func reset() { allocations = 0 }

    package func dispatcher(_ dispatcher: KeyDispatcher, willDispatch press: KeyPress) {
        next.dispatcher(dispatcher, willDispatch: press)
        start = keytrace_allocation_count()
    }

    package func dispatcher(_ dispatcher: KeyDispatcher, didResolve resolution: Resolution) {
        allocations &+= keytrace_allocation_count() &- start
        next.dispatcher(dispatcher, didResolve: resolution)
    }

    package func dispatcher(_ dispatcher: KeyDispatcher, didChangeChain change: ChainChange) {
        next.dispatcher(dispatcher, didChangeChain: change)
    }

    package func dispatcher(_ dispatcher: KeyDispatcher, didInvalidateCache reason: CacheInvalidationReason) {
        next.dispatcher(dispatcher, didInvalidateCache: reason)
    }
}

