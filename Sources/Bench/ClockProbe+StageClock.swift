import Analysis
import ResponderEngine

extension ClockProbe {
    /// The resolution and per-read cost of the clock dispatch stages are timed with on this
    /// machine (``KeyDispatcher/defaultStageClock``: the tick counter where the kernel keeps time
    /// with it, otherwise `CLOCK_MONOTONIC`), for traces that do not state their clock.
    package static func measureStageClock() -> TraceAnalysis.ClockFigures {
        let clock = KeyDispatcher.defaultStageClock
        return measure(resolutionNanoseconds: clock.resolution) { clock.now() }
    }
}
