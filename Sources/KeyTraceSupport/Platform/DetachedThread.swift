/// A thread of the system's own (POSIX threads), started detached: for the few long-lived
/// workers KeyTrace runs beside the main thread (the decoding and recording threads, the wall
/// clock flusher, the analysis of a trace's second half).
///
/// A started thread runs its body once and ends; whoever needs to wait for it waits on
/// something the body signals. This is the one place that creates threads.
package enum DetachedThread {
    /// Starts a thread named `name` (what `top -H`, `perf` and debuggers show; at most 15 bytes
    /// are kept) that runs `body`, with a stack of `stackSize` bytes (the system's default when
    /// `nil`). Returns `false`, running nothing, when the system refuses to create a thread.
    @discardableResult
    package static func start(name: String, stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        if let stackSize { pthread_attr_setstacksize(&attributes, max(stackSize, Int(PTHREAD_STACK_MIN))) }
        let context = Unmanaged.passRetained(ThreadStart(name: name, body: body))
        var thread = pthread_t()
        guard pthread_create(&thread, &attributes, runThreadStart, context.toOpaque()) == 0 else {
            context.release()
            return false
        }
        return true
    }
}

/// What a new thread runs, passed through `pthread_create`'s one pointer.
private final class ThreadStart {
    let name: String
    let body: @Sendable () -> Void

    init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }

    /// Names the calling thread through `/proc/thread-self/comm`, which keeps the first 15
    /// bytes; nothing happens where that file cannot be written.
    func nameThisThread() {
        let file = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard file >= 0 else { return }
        defer { close(file) }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
    }
}

/// The start routine of every ``DetachedThread``: takes over the ``ThreadStart`` and runs it.
private func runThreadStart(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let raw else { return nil }
    let start = Unmanaged<ThreadStart>.fromOpaque(raw).takeRetainedValue()
    start.nameThisThread()
    start.body()
    return nil
}
