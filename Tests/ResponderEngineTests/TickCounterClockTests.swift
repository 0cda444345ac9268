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

    @Test("intervals agree with CLOCK_MONOTONIC to within 0.1 % plus a few microseconds",
          .enabled(if: TickCounterClock.shared != nil))
    func agreesWithMonotonicClock() throws {
        let ticks = try #require(TickCounterClock.shared)
        let monotonic = MonotonicClock()
        for milliseconds in [5, 40] {
            let (ticksStart, monotonicStart) = (ticks.now(), monotonic.now())
            usleep(useconds_t(milliseconds * 1_000))
            let (ticksEnd, monotonicEnd) = (ticks.now(), monotonic.now())
            let measured = Double(ticksEnd - ticksStart), reference = Double(monotonicEnd - monotonicStart)
            #expect(abs(measured - reference) <= reference * 0.001 + 5_000,
                    "\(milliseconds) ms: tick clock \(measured) ns, CLOCK_MONOTONIC \(reference) ns")
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
