#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Measures this machine's monotonic clock, for traces that do not state theirs.
public enum ClockProbe {
    /// The clock's resolution and the best cost of one read over 20 rounds of 1 000 reads.
    public static func measure() -> TraceAnalysis.ClockFigures {
        var resolution = timespec()
        clock_getres(CLOCK_MONOTONIC, &resolution)
        var best = UInt64.max
        var now = timespec()
        for _ in 0..<20 {
            var begin = timespec(), end = timespec()
            clock_gettime(CLOCK_MONOTONIC, &begin)
            for _ in 0..<1000 { clock_gettime(CLOCK_MONOTONIC, &now) }
            clock_gettime(CLOCK_MONOTONIC, &end)
            let elapsed = (Int64(end.tv_sec) - Int64(begin.tv_sec)) * 1_000_000_000 + Int64(end.tv_nsec) - Int64(begin.tv_nsec)
            best = min(best, UInt64(max(elapsed, 0)) / 1000)
        }
        let ns = UInt64(resolution.tv_sec) * 1_000_000_000 + UInt64(resolution.tv_nsec)
        return TraceAnalysis.ClockFigures(resolutionNanoseconds: ns, checkpointOverheadNanoseconds: best,
                                          source: "measured-by-analyze")
    }
}
