import CProcessor
import KeyTraceSupport

/// Stage timing from the processor's tick counter (x86-64 time-stamp counter, ARM64 virtual
/// counter), scaled to nanoseconds: one instruction and a multiplication per read, about half
/// the cost of `clock_gettime` (measured 12.5 ns against 27.6 ns per read on the benchmark
/// machine; a replay reads the clock at every checkpoint of every dispatch).
///
/// Only offered where the kernel itself keeps time with that counter (its current clock source
/// is `tsc` or `arch_sys_counter`), which means the kernel found it constant-rate and in step
/// across cores. The scale is measured once per process against `CLOCK_MONOTONIC` over
/// ``calibrationInterval``; readings start at `CLOCK_MONOTONIC`'s value at that moment.
/// Durations are what stage timing needs; they agree with `CLOCK_MONOTONIC` within the
/// calibration's error (two clock reads of tens of nanoseconds over 2 ms, a few in 100 000;
/// the tests allow 0.1 %). Do not mix its timestamps with another clock's.
public final class TickCounterClock: NanosecondClock, Sendable {
    /// How long calibration compares the counter with `CLOCK_MONOTONIC`.
    public static let calibrationInterval: UInt64 = 2_000_000

    /// The process's calibrated clock, or `nil` where the kernel does not use the tick counter
    /// as its clock source.
    public static let shared: TickCounterClock? = {
        guard kernelClockSourceIsTickCounter() else { return nil }
        return TickCounterClock()
    }()

    /// The counter-to-nanoseconds conversion, a plain value: a dispatch's stage timer copies
    /// it and reads time with no call and no reference count (``StageTimer``).
    let conversion: Conversion

    /// Counter readings to nanoseconds on `CLOCK_MONOTONIC`'s time line as of calibration.
    struct Conversion {
        let originTicks: UInt64
        let originNanoseconds: UInt64
        /// Nanoseconds per tick, 32.32 fixed point.
        let scale: UInt64

        /// One counter read and a multiplication.
        @inline(__always)
        func now() -> UInt64 {
            let ticks = keytrace_tick_counter() &- originTicks
            let product = ticks.multipliedFullWidth(by: scale)
            return originNanoseconds &+ (product.high << 32 | product.low >> 32)
        }
    }

    private init() {
        let monotonic = MonotonicClock()
        // Pair each counter read with the clock read it brackets, at both ends of the interval.
        let (startTicks, start) = Self.bracketedReading(monotonic)
        var (endTicks, end) = (startTicks, start)
        while end &- start < Self.calibrationInterval { (endTicks, end) = Self.bracketedReading(monotonic) }
        let ticks = max(1, endTicks &- startTicks)
        conversion = Conversion(originTicks: startTicks, originNanoseconds: start,
                                scale: UInt64((Double(end &- start) / Double(ticks)) * 4_294_967_296.0))
    }

    /// A counter reading and the monotonic time taken in the middle of it: the narrowest of 16
    /// brackets, so that a thread preempted between the reads (a loaded machine) does not
    /// skew the scale; one wide bracket over the 2 ms interval would be an error of 0.1 % or more.
    private static func bracketedReading(_ monotonic: MonotonicClock) -> (ticks: UInt64, nanoseconds: UInt64) {
        var best = (width: UInt64.max, ticks: UInt64(0), nanoseconds: UInt64(0))
        for _ in 0..<16 {
            let before = keytrace_tick_counter()
            let nanoseconds = monotonic.now()
            let after = keytrace_tick_counter()
            let width = after &- before
            if width < best.width { best = (width, before &+ width / 2, nanoseconds) }
        }
        return (best.ticks, best.nanoseconds)
    }

    /// The tick counter scaled to nanoseconds, on `CLOCK_MONOTONIC`'s time line as of calibration:
    /// one counter read and a multiplication.
    @inline(__always)
    public func now() -> UInt64 { conversion.now() }

    /// One tick, rounded up to a whole nanosecond.
    public var resolution: UInt64 { max(1, (conversion.scale &+ 0xFFFF_FFFF) >> 32) }

    /// Whether the kernel's current clock source is the counter ``now()`` reads.
    static func kernelClockSourceIsTickCounter() -> Bool {
        #if arch(x86_64)
        let expected = "tsc"
        #elseif arch(arm64)
        let expected = "arch_sys_counter"
        #else
        return false
        #endif
        guard let file = fopen("/sys/devices/system/clocksource/clocksource0/current_clocksource", "r") else {
            return false
        }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 64)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return false }
        let line = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: line, as: UTF8.self) == expected + "\n"  // one line: the name and a newline
    }
}
