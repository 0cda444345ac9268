import Benchmark
import BenchmarkTolerances
import KeyTraceCore
import ResponderEngine

/// A chain of `depth` plain responders ending at an application, with `commands` key commands
/// spread over it; the benchmarked key-down matches one command on the last responder, so a
/// linear scan must pass every other command first.
final class ChainFixture {
    let application = Application()
    let dispatcher: KeyDispatcher
    let press = KeyPress(.began, HIDUsage(0x0E), modifiers: [.control, .alternate, .shift, .command])  // ⌃⌥⇧⌘K

    init(depth: Int, commands: Int, policy: QueryPolicy, timing: Bool) throws {
        dispatcher = try KeyDispatcher(application: application, policy: policy, clock: timing ? KeyDispatcher.defaultStageClock : nil)
        var responders: [Responder] = []
        for index in 0..<depth {
            let responder = Responder(name: "r\(index)")
            responder.acceptsFirstResponder = true
            responder.implement("perform:")
            responders.append(responder)
        }
        for (index, responder) in responders.enumerated() {
            responder.setNext(index + 1 < responders.count ? responders[index + 1] : application)
        }
        let letters = Array("abcdefghijlmnopqrstuvwxyz")  // not "k": ⌃⌥⇧⌘K is the benchmarked key
        let modifierSets: [ModifierFlags] = [.command, [.shift, .command], [.alternate, .command], [.control, .command],
                                             [.control, .shift, .command], [.alternate, .shift, .command],
                                             [.control, .alternate, .command], [.control, .alternate, .shift, .command],
                                             .control, [.control, .alternate], [.control, .shift]]
        var shortcuts: [(String, ModifierFlags)] = []
        for modifiers in modifierSets { for letter in letters { shortcuts.append((String(letter), modifiers)) } }
        for index in 0..<(commands - 1) {
            let (input, modifiers) = shortcuts[index % shortcuts.count]
            let command = KeyCommand(title: "Command \(index)", input: .character(input), modifierFlags: modifiers,
                                     action: Action("action\(index):"))
            responders[index % depth].declaredKeyCommands.append(command)
        }
        responders[depth - 1].declaredKeyCommands.append(
            KeyCommand(title: "Target", input: .character("k"), modifierFlags: [.control, .alternate, .shift, .command],
                       action: "perform:"))
        _ = responders[0].becomeFirstResponder()
        dispatcher.dispatch(press)  // warm the cache
    }
}

let benchmarks: @Sendable () -> Void = {
    let metrics: [BenchmarkMetric] = [.wallClock, .cpuTotal, .mallocCountTotal, .throughput]
    Benchmark.defaultConfiguration = .init(
        metrics: metrics,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 1_000_000,
        thresholds: Tolerances.project(metrics)
    )

    for policy in QueryPolicy.allCases {
        for depth in [4, 16, 64] {
            for commands in [10, 100, 1000] {
                // The uikit policy re-collects on every key-down: keep its heavy cases short.
                Benchmark("dispatch-\(policy.rawValue)-depth-\(depth)-commands-\(commands)") { benchmark in
                    guard let fixture = try? ChainFixture(depth: depth, commands: commands, policy: policy, timing: false)
                    else { return }
                    benchmark.startMeasurement()
                    for _ in benchmark.scaledIterations {
                        blackHole(fixture.dispatcher.dispatch(fixture.press).outcome)
                    }
                }
            }
        }
    }

    // Stage timing cost: the same dispatch with the clock on and off (8 checkpoints per event).
    for timing in [false, true] {
        Benchmark("stage-timing-\(timing ? "on" : "off")-cached-depth-16-commands-100") { benchmark in
            guard let fixture = try? ChainFixture(depth: 16, commands: 100, policy: .cached, timing: timing) else { return }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(fixture.dispatcher.dispatch(fixture.press).outcome)
            }
        }
    }

    // The floor: one clock read.
    Benchmark("clock-read-monotonic") { benchmark in
        let clock = MonotonicClock()
        for _ in benchmark.scaledIterations { blackHole(clock.now()) }
    }

    // What the dispatcher reads by default where the kernel keeps time with the tick counter.
    Benchmark("clock-read-tick-counter") { benchmark in
        guard let clock = TickCounterClock.shared else { return }
        for _ in benchmark.scaledIterations { blackHole(clock.now()) }
    }
}
