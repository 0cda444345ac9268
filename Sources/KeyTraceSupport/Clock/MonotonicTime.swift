/// `CLOCK_MONOTONIC`, the one clock KeyTrace measures time with: stage timing in the engine,
/// terminal capture timestamps and the clock probe of `analyze` all read it here.
public enum MonotonicTime {
    /// Nanoseconds from an unspecified origin (typically boot); never decreases. About 25 ns
    /// per read on x86_64 Linux (vDSO), and inlined into the dispatch loop.
    @inlinable @inline(__always)
    public static func nanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    /// `clock_getres(CLOCK_MONOTONIC)` in nanoseconds, asked anew on every read.
    public static var resolutionNanoseconds: UInt64 {
        var ts = timespec()
        clock_getres(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }
}
