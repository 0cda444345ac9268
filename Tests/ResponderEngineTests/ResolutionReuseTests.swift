import Testing
import KeyTraceCore
@testable import ResponderEngine

/// `dispatch(_:into:)` writes each resolution over the previous one; `observedEvents` limits
/// the per-event callbacks; `OutcomeCounts` counts in place.
@Suite struct ResolutionReuseTests {
    /// A scene where ⌘K performs `k:` on the leaf and ⌘⇧D is disabled by validation.
    private func makeScene() throws -> Scene {
        let scene = try Scene(policy: .cached, clock: nil)
        scene.leaf.declaredKeyCommands = [command("cmd+k", "k:", title: "Keep")]
        scene.leaf.implement("k:")
        scene.leaf.becomeFirstResponder()
        return scene
    }

    @Test func aResolutionDispatchedIntoAgainKeepsNothingOfTheEventBefore() throws {
        let events = [down("cmd+k"), up("cmd+k"), down("x"), up("x"), down("cmd+k"), press(.cancelled, "cmd+k"),
                      down("z"), press(.changed, "z"), up("z")]
        let reused = try makeScene()
        let fresh = try makeScene()
        var resolution = Resolution(unresolved: KeyPress(.began, .a))
        for event in events {
            reused.dispatcher.dispatch(event, into: &resolution)
            let expected = fresh.dispatcher.dispatch(event)
            #expect(resolution.description == expected.description, "after \(event)")
            // The two scenes are alike, not the same objects: responders compare by path.
            #expect(resolution.command == expected.command)
            #expect(resolution.provider?.description == expected.provider?.description)
            #expect(resolution.target?.description == expected.target?.description)
            #expect(resolution.pressHandler?.description == expected.pressHandler?.description)
            #expect(resolution.blockingCommand == nil && resolution.blockingProvider == nil)
            #expect(resolution.actionSource == expected.actionSource && resolution.fidelity == expected.fidelity)
            #expect(resolution.chain.responders.map(\.description) == expected.chain.responders.map(\.description))
            #expect(resolution.queries.calls == expected.queries.calls && resolution.diagnostics == expected.diagnostics)
        }
        #expect(reused.dispatcher.statistics == fresh.dispatcher.statistics)
    }

    /// Records what it is called with.
    private final class Listener: DispatchObserver {
        let events: DispatchObserverEvents
        var log: [String] = []
        init(events: DispatchObserverEvents) { self.events = events }
        var observedEvents: DispatchObserverEvents { events }
        func dispatcher(_ dispatcher: KeyDispatcher, willDispatch press: KeyPress) { log.append("will") }
        func dispatcher(_ dispatcher: KeyDispatcher, didResolve resolution: Resolution) { log.append("did") }
        func dispatcher(_ dispatcher: KeyDispatcher, didChangeChain change: ChainChange) { log.append("chain") }
    }

    static let observedCases: [(DispatchObserverEvents, String)] = [
        (.all, "will did chain will did"), ([], "chain"), (.presses, "will chain will"), (.resolutions, "did chain did"),
    ]

    @Test(arguments: observedCases)
    func anObserverIsCalledOnlyForTheEventsItObserves(events: DispatchObserverEvents, expected: String) throws {
        let scene = try makeScene()
        let listener = Listener(events: events)
        scene.dispatcher.observer = listener
        scene.dispatcher.dispatch(down("cmd+k"))
        scene.content.becomeFirstResponder()
        scene.dispatcher.dispatch(up("cmd+k"))
        #expect(listener.log.joined(separator: " ") == expected)
    }

    @Test func everyOutcomeHasACounter() {
        #expect(OutcomeCounts.fitsEveryOutcome)
        var counts = OutcomeCounts()
        for outcome in DispatchOutcome.allCases {
            for _ in 0...Int(outcome.rawValue) { counts.count(outcome) }
        }
        for outcome in DispatchOutcome.allCases { #expect(counts[outcome] == Int(outcome.rawValue) + 1) }
        #expect(counts.byRawValue == DispatchOutcome.allCases.map { Int($0.rawValue) + 1 })
    }
}
