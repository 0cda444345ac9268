/// The system calls whose spelling differs between C libraries, under one name each.
///
/// Code that shadows a libc name (a type's own `read` or `exit`) calls these instead of
/// qualifying the libc module, and signal handlers are set and read here because `sigaction`'s
/// handler field has a different name on glibc and Darwin.
package enum SystemCalls {
    /// `read(2)`.
    @inlinable
    package static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.read(descriptor, buffer, count)
        #elseif canImport(Musl)
        Musl.read(descriptor, buffer, count)
        #else
        Glibc.read(descriptor, buffer, count)
        #endif
    }

    /// `write(2)`.
    @inlinable
    package static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.write(descriptor, buffer, count)
        #elseif canImport(Musl)
        Musl.write(descriptor, buffer, count)
        #else
        Glibc.write(descriptor, buffer, count)
        #endif
    }

    /// `exit(3)`: flushes C streams, runs `atexit` handlers and ends the process with `status`.
    package static func exit(_ status: Int32) -> Never {
        #if canImport(Darwin)
        Darwin.exit(status)
        #elseif canImport(Musl)
        Musl.exit(status)
        #else
        Glibc.exit(status)
        #endif
    }

    /// Sets the plain handler (`sa_handler`) of `action`.
    package static func setHandler(_ handler: (@convention(c) (Int32) -> Void)?, of action: inout sigaction) {
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
        #else
        action.__sigaction_handler.sa_handler = handler
        #endif
    }

    /// The plain handler (`sa_handler`) of `action`, as an address to compare with another.
    package static func handlerAddress(of action: sigaction) -> UnsafeRawPointer? {
        #if canImport(Darwin)
        unsafeBitCast(action.__sigaction_u.__sa_handler, to: Optional<UnsafeRawPointer>.self)
        #else
        unsafeBitCast(action.__sigaction_handler.sa_handler, to: Optional<UnsafeRawPointer>.self)
        #endif
    }

    /// Unblocks `signals` in the calling thread's signal mask, which a parent process may have
    /// left blocked for its children.
    package static func unblock(_ signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }
}
