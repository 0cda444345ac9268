import Foundation

/// Runs work on a thread of its own with a large stack and waits for it.
///
/// The parser and the evaluator recurse as deep as the source nests (expressions inside
/// closures inside calls…); a thread's default stack can be too small for that, above all in a
/// debug build. The stack is reserved address space: only the pages the work touches are used.
enum LargeStack {
    /// The stack size of the thread the import runs on.
    static let size = 512 << 20

    /// `work`'s result, computed on a thread with a ``size`` stack.
    static func run<Result: Sendable>(_ work: @escaping @Sendable () -> Result) -> Result {
        let box = Box<Result>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = work()
            done.signal()
        }
        thread.stackSize = size
        thread.start()
        done.wait()
        guard let value = box.value else { return work() }
        return value
    }

    /// Carries the result from the worker thread to the waiting one; the semaphore orders the
    /// write before the read.
    private final class Box<Value>: @unchecked Sendable {
        var value: Value?
    }
}
