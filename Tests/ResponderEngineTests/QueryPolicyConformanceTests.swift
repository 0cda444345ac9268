import Testing
import KeyTraceCore
@testable import ResponderEngine
import KeyTraceSupport

/// Responder-semantics §F: R23, and the cache's promise never to change a resolution.
@Suite struct QueryPolicyConformanceTests {
    @Test func R23_uikitPolicyEnumeratesOnDownDeferredAndUpWhileCachedReuses() throws {
        for policy in QueryPolicy.allCases {
            let scene = try Scene(policy: policy)
            let field = TextInputView(name: "field")
            scene.content.addSubview(field)
            field.becomeFirstResponder()
            scene.root.declaredKeyCommands = [command("cmd+k", "clear:")]
            scene.root.implement("clear:")
            let depth = scene.dispatcher.currentChain.count  // field, content, root view, root, window, application
            #expect(depth == 6)
            let callsBefore = field.keyCommandsCallCount
            // A typed letter: down (1), deferred re-check after text input declines? No — it consumed it:
            // down 1 + up 1. A Tab the field declines: down 1 + deferred 1 + up 1 = the blog's three.
            let typed = [scene.dispatcher.dispatch(down("q")), scene.dispatcher.dispatch(up("q"))]
            let declined = [scene.dispatcher.dispatch(down("tab")), scene.dispatcher.dispatch(up("tab"))]
            let uikitCalls = (typed + declined).map { Int($0.queries.uikitCalls) }
            #expect(uikitCalls == [depth, depth, 2 * depth, depth])
            let actual = (typed + declined).map { Int($0.queries.calls) }
            switch policy {
            case .uikit:
                #expect(actual == uikitCalls)
                #expect(field.keyCommandsCallCount - callsBefore == 5)
            case .cached:
                // Collected once when the field became first responder's chain was first used.
                #expect(actual == [depth, 0, 0, 0])
                #expect(scene.dispatcher.statistics.cacheHits == 3)
                #expect(scene.dispatcher.statistics.cacheMisses == 1)
                #expect(field.keyCommandsCallCount - callsBefore == 1)
            }
        }
    }

    @Test func R23_cacheInvalidatesForEachReason() throws {
        let scene = try Scene(policy: .cached)
        scene.leaf.declaredKeyCommands = [command("cmd+k", "k:")]
        scene.leaf.implement("k:")
        scene.leaf.becomeFirstResponder()
        let d = scene.dispatcher
        d.dispatch(down("cmd+k"))
        // Moving an ancestor of the first responder within the window keeps it first responder.
        let extra = View(name: "extra")
        scene.root.view.addSubview(extra)
        extra.addSubview(scene.content)
        #expect(scene.leaf.isFirstResponder)
        #expect(d.dispatch(down("cmd+k")).chain.responders.map(\.name).prefix(3) == ["leaf", "content", "extra"])
        scene.content.becomeFirstResponder()
        d.dispatch(down("cmd+k"))
        scene.content.setNeedsKeyCommandsUpdate()
        d.dispatch(down("cmd+k"))
        try scene.app.rebuildMainMenu()
        d.dispatch(down("cmd+k"))
        scene.app.layoutDirection = .rightToLeft
        d.dispatch(down("cmd+k"))
        let s = d.statistics
        #expect(s.invalidations(.firstResponderChange) == 1)
        #expect(s.invalidations(.explicitUpdate) == 1)
        #expect(s.invalidations(.chainMutation) == 1)
        #expect(s.invalidations(.mainMenuRebuild) == 1)
        #expect(s.invalidations(.layoutChange) == 1)
        #expect(s.cacheMisses == 6)
        #expect(s.callsSaved > 0)
    }

    /// A responder's getter that returns commands only under `if isFirstResponder { … }`: they
    /// follow the first responder as it moves, under both policies.
    @Test func R23_commandsOfferedOnlyAsFirstResponderFollowIt() throws {
        for policy in QueryPolicy.allCases {
            let scene = try Scene(policy: policy)
            scene.root.acceptsFirstResponder = true
            scene.root.replaceDeclaredKeyCommands([command("cmd+k", "clear:"), command("cmd+j", "jump:")],
                                                  whileFirstResponder: [true, false], reason: .explicitUpdate)
            scene.root.implement("clear:")
            scene.root.implement("jump:")
            scene.leaf.becomeFirstResponder()
            let d = scene.dispatcher
            #expect(d.dispatch(down("cmd+k")).outcome == .unhandled)
            #expect(d.dispatch(down("cmd+j")).action == "jump:")
            #expect(scene.root.becomeFirstResponder())
            #expect(d.dispatch(down("cmd+k")).action == "clear:")
            scene.leaf.becomeFirstResponder()
            #expect(d.dispatch(down("cmd+k")).outcome == .unhandled)
            // Setting the declared commands again offers every one of them.
            scene.root.declaredKeyCommands = [command("cmd+k", "clear:")]
            #expect(d.dispatch(down("cmd+k")).action == "clear:")
        }
    }

    @Test(arguments: [1, 2, 3, 4])
    func cachedPolicyNeverChangesAResolution(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let worlds = try QueryPolicy.allCases.map { try RandomWorld(policy: $0) }
        var lines: [[String]] = [[], []]
        for _ in 0..<2_500 {
            let step = generator.next() % 100
            for (w, world) in worlds.enumerated() {
                var copy = generator
                if let line = world.step(step, random: &copy) { lines[w].append(line) }
            }
            _ = generator.next() &+ generator.next() &+ generator.next()
        }
        #expect(lines[0].count > 1_000)
        #expect(lines[0] == lines[1])
    }
}

/// A scene with several responders whose commands, focus and structure change at random.
final class RandomWorld {
    let scene: Scene
    let field = TextInputView(name: "field")
    let extra = PressRecorder(name: "extra")
    let responders: [Responder]
    static let shortcuts = ["cmd+a", "cmd+c", "cmd+w", "opt+cmd+w", "shift+cmd+/", "cmd++", "cmd+=", "esc", "cmd+.",
                            "a", "f", "x", "return", "space", "up", "cmd+up", "ctrl+a", "cmd+[", "delete", "tab", "cmd+1"]
    static let actions: [Action] = ["one:", "two:", "three:", .copy, .selectAll, .close, "dismiss:"]

    init(policy: QueryPolicy) throws {
        scene = try Scene(policy: policy, clock: nil)
        scene.content.addSubview(field)
        scene.root.view.addSubview(extra)
        extra.acceptsFirstResponder = true
        responders = [scene.leaf, scene.content, scene.root, field, extra, scene.window]
        scene.leaf.becomeFirstResponder()
    }

    func step<G: RandomNumberGenerator>(_ kind: UInt64, random: inout G) -> String? {
        func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        let d = scene.dispatcher
        switch kind {
        case 0..<60:
            let shortcut = pick(RandomWorld.shortcuts)
            let r = random.next() % 4
            let event = r == 0 ? up(shortcut) : down(shortcut, repeat: r == 1)
            let resolution = d.dispatch(event)
            var line = resolution.description
            line += " chain=\(resolution.chain.count) field=\(field.text)"
            return line
        case 60..<72:
            let responder = pick(responders)
            var commands: [KeyCommand] = []
            for _ in 0..<(random.next() % 4) {
                var c = command(pick(RandomWorld.shortcuts), pick(RandomWorld.actions), title: "T")
                c.wantsPriorityOverSystemBehavior = random.next() % 5 == 0
                if random.next() % 7 == 0 { c.attributes.insert(.disabled) }
                commands.append(c)
            }
            responder.declaredKeyCommands = commands
            return nil
        case 72..<80:
            let responder = pick(responders)
            let action = pick(RandomWorld.actions)
            if random.next() % 2 == 0 { responder.implement(action) } else { responder.removeImplementation(of: action) }
            // Implementations change targets, not collections: no cache invalidation needed.
            return nil
        case 80..<90:
            let responder = pick(responders)
            return "focus \(responder.name) \(responder.becomeFirstResponder())"
        case 90..<94:
            if extra.superview === scene.root.view { scene.content.addSubview(extra) } else { scene.root.view.addSubview(extra) }
            return "moved extra"
        case 94..<97:
            scene.app.commandsBeforeTextInput.toggle()
            return nil
        default:
            scene.app.layoutDirection = scene.app.layoutDirection == .leftToRight ? .rightToLeft : .leftToRight
            return nil
        }
    }
}
