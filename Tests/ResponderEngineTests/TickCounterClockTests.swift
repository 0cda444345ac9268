import Foundation
import Testing
@testable import ResponderEngine

@Suite struct TickCounterClockTests {
    @Test("the tick counter is offered exactly where the kernel's clock source is that counter")
    func availabilityFollowsKernelClockSource() throws {
        let source = (try? String(contentsOfFile: "/sys/devices/system/clocksource/clocksource0/current_clocksource",
                                  encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        #if arch(x86_64)
        #expect((TickCounterClock.shared != nil) == (source == "tsc"))
        #elseif arch(arm64)
        #expect((TickCounterClock.shared != nil) == (source == "arch_sys_counter"))
        #endif
    }

    @Test("readings never go backwards", .enabled(if: TickCounterClock.shared != nil))
    func monotonic() throws {
        let clock = try #require(TickCounterClock.shared)
        var last = clock.now()
        var backwards = 0
        for _ in 0..<200_000 {
            let now = clock.now()
            if now < last { backwards += 1 }
            last = now
        }
        #expect(backwards == 0)
    }

    @Test("intervals agree with CLOCK_MONOTONIC to within 0.1 % plus a microsecond",
          .enabled(if: TickCounterClock.shared != nil))
    func agreesWithMonotonicClock() throws {
        let ticks = try #require(TickCounterClock.shared)
        let monotonic = MonotonicClock()
        // Each tick reading is bracketed by two CLOCK_MONOTONIC readings, so the true interval
        // between the tick readings lies between the brackets' inner and outer spans however
        // long the thread was preempted between reads.
        func bracketed() -> (before: UInt64, ticks: UInt64, after: UInt64) {
            let before = monotonic.now()
            let reading = ticks.now()
            return (before, reading, monotonic.now())
        }
        for milliseconds in [5, 40] {
            let start = bracketed()
            usleep(useconds_t(milliseconds * 1_000))
            let end = bracketed()
            let measured = Double(end.ticks - start.ticks)
            let shortest = Double(end.before - start.after), longest = Double(end.after - start.before)
            #expect(measured >= shortest * 0.999 - 1_000 && measured <= longest * 1.001 + 1_000,
                    "\(milliseconds) ms: tick clock \(measured) ns, CLOCK_MONOTONIC between \(shortest) and \(longest) ns")
        }
    }

    @Test("dispatchers time their stages with the tick counter by default where it is offered")
    func defaultStageClock() {
        let clock = KeyDispatcher.defaultStageClock
        if TickCounterClock.shared != nil && ProcessInfo.processInfo.environment["KEYTRACE_STAGE_CLOCK"] != "monotonic" {
            #expect(clock is TickCounterClock)
        } else {
            #expect(clock is MonotonicClock)
        }
    }
}
