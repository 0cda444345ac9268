import Testing
import KeyTraceCore
@testable import ResponderEngine

@Suite struct StageTimingTests {
    @Test func stagesSumExactlyToTheEndToEndTime() throws {
        let clock = ManualClock(time: 1_000, step: 7)
        let scene = try Scene(policy: .uikit, clock: clock)
        scene.leaf.declaredKeyCommands = [command("cmd+k", "k:")]
        scene.leaf.implement("k:")
        scene.leaf.becomeFirstResponder()
        for event in [down("cmd+k"), up("cmd+k"), down("x"), up("x"), KeyPress(.changed, .a), KeyPress(.cancelled, .a)] {
            let timings = scene.dispatcher.dispatch(event).timings
            let sum = DispatchStage.allCases.reduce(UInt64(0)) { $0 + timings.duration(of: $1) }
            #expect(timings.total > 0)
            #expect(sum == timings.total, "gap \(Int64(timings.total) - Int64(sum)) for \(event)")
        }
    }

    @Test func stageTableNamesIntervalsBetweenCheckpoints() {
        #expect(DispatchStage.allCases.map(\.name) == [
            "ReceiveToChainWalk", "ChainWalkToCollect", "CollectToMatch", "MatchToResolveTarget",
            "ResolveTargetToPerform", "PerformToDeliver", "DeliverToEnd",
        ])
        #expect(DispatchStage.checkpointCount == DispatchStage.allCases.count + 1)
    }

    @Test func timingOffReadsNoClock() throws {
        let scene = try Scene(policy: .cached, clock: nil)
        let resolution = scene.dispatcher.dispatch(down("cmd+k"))
        #expect(!resolution.timings.isMeasured)
        let clock = ManualClock(step: 1)
        scene.dispatcher.clock = clock
        scene.dispatcher.dispatch(down("cmd+k"))
        #expect(clock.time == UInt64(DispatchStage.checkpointCount))
    }

    @Test("the tick counter, read inline, stamps every checkpoint in order; replacing the clock takes effect",
          .enabled(if: TickCounterClock.shared != nil))
    func tickCounterTimingIsInlineAndFollowsClockChanges() throws {
        let ticks = try #require(TickCounterClock.shared)
        let scene = try Scene(policy: .cached, clock: ticks)
        scene.leaf.declaredKeyCommands = [command("cmd+k", "k:")]
        scene.leaf.implement("k:")
        scene.leaf.becomeFirstResponder()
        let before = ticks.now()
        let timings = scene.dispatcher.dispatch(down("cmd+k")).timings
        let after = ticks.now()
        #expect(timings.isMeasured)
        #expect(timings[.receive] >= before && timings[.end] <= after)
        for stage in DispatchStage.allCases { #expect(timings[stage.start] <= timings[stage.end], "\(stage.name)") }

        let manual = ManualClock(time: 5, step: 1)
        scene.dispatcher.clock = manual
        #expect(scene.dispatcher.dispatch(up("cmd+k")).timings[.receive] == 5)
        scene.dispatcher.clock = nil
        #expect(!scene.dispatcher.dispatch(down("cmd+k")).timings.isMeasured)
        scene.dispatcher.clock = ticks
        #expect(scene.dispatcher.dispatch(up("cmd+k")).timings[.receive] >= after)
    }

    @Test func aPerformedCommandSpendsTimeInTheStagesItPasses() throws {
        let clock = ManualClock(step: 10)
        let scene = try Scene(policy: .cached, clock: clock)
        scene.leaf.declaredKeyCommands = [command("cmd+k", "k:")]
        scene.leaf.implement("k:")
        scene.leaf.becomeFirstResponder()
        let timings = scene.dispatcher.dispatch(down("cmd+k")).timings
        for stage in [DispatchStage.receiveToChainWalk, .chainWalkToCollect, .collectToMatch, .matchToResolveTarget,
                      .resolveTargetToPerform] {
            #expect(timings.duration(of: stage) == 10, "\(stage.name)")
        }
    }
}

@Suite struct RobustnessTests {
    @Test func emptyAndCyclicChainsAreReportedNotFatal() throws {
        let app = Application()
        let dispatcher = try KeyDispatcher(application: app)
        let lonely = dispatcher.dispatch(down("cmd+c"))
        #expect(lonely.outcome == .unhandled)
        #expect(lonely.diagnostics.contains(.noKeyWindow))
        #expect(lonely.chain.responders.map(\.name) == ["application"])

        let a = Responder(name: "a"), b = Responder(name: "b")
        a.acceptsFirstResponder = true
        a.setNext(b)
        b.setNext(app)
        a.declaredKeyCommands = [command("cmd+k", "missing:")]
        #expect(a.becomeFirstResponder())
        b.setNext(a)  // now a cycle that never reaches the application
        let cyclic = dispatcher.dispatch(down("cmd+k"))
        #expect(cyclic.diagnostics.contains(.cycleInChain))
        #expect(cyclic.diagnostics.contains(.actionWithoutTarget))
        #expect(cyclic.outcome == .unhandled)
        #expect(dispatcher.dispatch(down("x")).outcome == .unhandled)
        #expect(dispatcher.dispatch(up("x")).outcome == .unhandled)
    }

    @Test func observerReceivesResolutionsChainChangesAndInvalidations() throws {
        final class Observer: DispatchObserver {
            var resolutions: [String] = []
            var changes: [String] = []
            var invalidations: [CacheInvalidationReason] = []
            func dispatcher(_ dispatcher: KeyDispatcher, didResolve resolution: Resolution) {
                resolutions.append(resolution.outcome.name)
            }
            func dispatcher(_ dispatcher: KeyDispatcher, didChangeChain change: ChainChange) {
                changes.append(change.description)
            }
            func dispatcher(_ dispatcher: KeyDispatcher, didInvalidateCache reason: CacheInvalidationReason) {
                invalidations.append(reason)
            }
        }
        let scene = try Scene()
        let observer = Observer()
        scene.dispatcher.observer = observer
        scene.leaf.becomeFirstResponder()
        scene.dispatcher.dispatch(down("x"))
        let field = TextInputView(name: "field")
        scene.content.addSubview(field)
        field.becomeFirstResponder()
        #expect(observer.resolutions == ["unhandled"])
        #expect(observer.changes == ["first-responder: (none) → window/root/content/leaf",
                                     "first-responder: window/root/content/leaf → window/root/content/field",
                                     "text-input: window/root/content/leaf → window/root/content/field"])
        #expect(observer.invalidations == [.firstResponderChange])
    }

    @Test func anObserverReplacedFromItsOwnCallbacksLeavesTheNextEventsToItsSuccessor() throws {
        // The dispatcher calls its observer without retaining it: one that detaches itself (its
        // last strong reference) in the middle of a callback must stay alive until it returns.
        final class Counter: DispatchObserver {
            var resolutions = 0
            var replaceWith: (() -> DispatchObserver?)?
            unowned let dispatcher: KeyDispatcher
            init(_ dispatcher: KeyDispatcher) { self.dispatcher = dispatcher }
            func dispatcher(_ dispatcher: KeyDispatcher, willDispatch press: KeyPress) {
                if let replaceWith { dispatcher.observer = replaceWith() }
            }
            func dispatcher(_ dispatcher: KeyDispatcher, didResolve resolution: Resolution) {
                resolutions += 1
                if let replaceWith { dispatcher.observer = replaceWith() }
            }
        }
        let scene = try Scene()
        let successor = Counter(scene.dispatcher)
        do {
            let first = Counter(scene.dispatcher)
            first.replaceWith = { successor }
            scene.dispatcher.observer = first  // its only strong reference
        }
        scene.dispatcher.dispatch(KeyPress(.began, .a))  // replaced in willDispatch, and again in didResolve
        scene.dispatcher.dispatch(KeyPress(.ended, .a))
        #expect(successor.resolutions == 2)
        #expect(scene.dispatcher.observer === successor)
        scene.dispatcher.observer = nil
        scene.dispatcher.dispatch(KeyPress(.began, .a))
        #expect(successor.resolutions == 2)
    }
}
