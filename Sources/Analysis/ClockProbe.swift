import KeyTraceSupport

/// Measures a clock on this machine, for traces that do not state theirs.
public enum ClockProbe {
    /// The resolution `resolutionNanoseconds` and the best cost of one `read()` over 20 rounds
    /// of 1 000 reads, timed by the clock itself. `keytrace analyze` measures the clock stage
    /// timing uses here (`ClockProbe.measureStageClock()` in `Bench`).
    public static func measure(resolutionNanoseconds: UInt64, read: () -> UInt64) -> TraceAnalysis.ClockFigures {
        var best = UInt64.max
        var sink: UInt64 = 0
        for _ in 0..<20 {
            let begin = read()
            for _ in 0..<1000 { sink &+= read() }
            let end = read()
            best = min(best, end >= begin ? (end - begin) / 1000 : 0)
        }
        // The sum keeps the reads from being optimised away.
        if sink == 1 { best &+= 0 }
        return TraceAnalysis.ClockFigures(resolutionNanoseconds: resolutionNanoseconds, checkpointOverheadNanoseconds: best,
                                          source: "measured-by-analyze")
    }

    /// `CLOCK_MONOTONIC`'s resolution and the cost of one `clock_gettime` call.
    public static func measure() -> TraceAnalysis.ClockFigures {
        measure(resolutionNanoseconds: MonotonicTime.resolutionNanoseconds, read: MonotonicTime.nanoseconds)
    }
}
