import Testing
import KeyTraceCore
@testable import ResponderEngine

/// Responder-semantics §C: R10–R15.
@Suite struct ChoiceConformanceTests {
    @Test func R10_withNoFirstResponderOnlyTheWindowApplicationDelegateAndMenuContribute() throws {
        let scene = try Scene()
        let log = ActionLog()
        let delegate = Responder(name: "delegate")
        scene.app.delegate = delegate
        scene.root.declaredKeyCommands = [command("cmd+k", "rootAction:")]
        scene.window.declaredKeyCommands = [command("cmd+j", "windowAction:")]
        delegate.declaredKeyCommands = [command("cmd+l", "delegateAction:")]
        for (responder, action) in [(scene.root, "rootAction:"), (scene.window, "windowAction:"), (delegate, "delegateAction:")] as [(Responder, String)] {
            responder.implement(Action(action), handler: log.handler(action))
        }
        let root = scene.dispatcher.dispatch(down("cmd+k"))
        #expect(root.outcome == .unhandled)
        #expect(root.chain.start === scene.window)
        #expect(root.chain.responders.contains { $0 === scene.root } == false)
        #expect(root.diagnostics.contains(.noFirstResponder))
        #expect(scene.dispatcher.dispatch(down("cmd+j")).action == "windowAction:")
        #expect(scene.dispatcher.dispatch(down("cmd+l")).action == "delegateAction:")
        // The main menu's commands still resolve; their targets are searched from the window.
        #expect(scene.dispatcher.dispatch(down("cmd+a")).outcome == .unhandled)  // nothing in the chain selects all
        #expect(log.entries == ["windowAction:", "delegateAction:"])
        // Once the controller's view is first responder, its commands fire again.
        #expect(scene.leaf.becomeFirstResponder())
        #expect(scene.dispatcher.dispatch(down("cmd+k")).action == "rootAction:")
    }

    @Test func R10_dismissingAModalLeavesNoFirstResponderAndThePresentersCommandsStop() throws {
        let scene = try Scene()
        let log = ActionLog()
        scene.root.declaredKeyCommands = [command("cmd+k", "rootAction:")]
        scene.root.implement("rootAction:", handler: log.handler("root"))
        #expect(scene.leaf.becomeFirstResponder())
        #expect(scene.dispatcher.dispatch(down("cmd+k")).action == "rootAction:")
        let modal = ViewController(name: "modal")
        let field = TextInputView(name: "field")
        modal.view.addSubview(field)
        scene.root.present(modal)
        #expect(field.becomeFirstResponder())
        #expect(modal.dismiss())
        #expect(scene.app.firstResponder == nil)
        let after = scene.dispatcher.dispatch(down("cmd+k"))
        #expect(after.outcome == .unhandled)
        #expect(after.diagnostics.contains(.noFirstResponder))
        #expect(log.entries == ["root"])
    }

    @Test func R10_theDeepestControllerStandsInOnlyWithTheFallbackOption() throws {
        let scene = try Scene()
        scene.app.firstResponderFallback = .deepestController
        let child = ViewController(name: "child")
        let modal = ViewController(name: "modal")
        final class Tabs: ViewController {
            var selected: ViewController?
            override var selectedChild: ViewController? { selected }
        }
        let tabs = Tabs(name: "tabs")
        scene.window.rootViewController = tabs
        tabs.addChild(child)
        tabs.selected = child
        child.implement("childAction:")
        child.declaredKeyCommands = [command("cmd+k", "childAction:")]
        let viaChild = scene.dispatcher.dispatch(down("cmd+k"))
        #expect(viaChild.chain.start === child)
        #expect(viaChild.action == "childAction:")
        #expect(viaChild.diagnostics.contains(.noFirstResponder))

        modal.implement("modalAction:")
        modal.declaredKeyCommands = [command("cmd+k", "modalAction:")]
        child.present(modal)
        let viaModal = scene.dispatcher.dispatch(down("cmd+k"))
        #expect(viaModal.chain.start === modal)
        #expect(viaModal.action == "modalAction:")
    }

    @Test func R11_walkCollectsChainThenMenuDropsActionlessAndReportsCycles() throws {
        let scene = try Scene()
        let delegate = Responder(name: "delegate")
        delegate.declaredKeyCommands = [command("cmd+j", "delegateAction:")]
        delegate.implement("delegateAction:")
        scene.app.delegate = delegate
        scene.leaf.declaredKeyCommands = [KeyCommand(input: .character("j"), modifierFlags: .command, action: nil)]
        scene.leaf.becomeFirstResponder()
        let resolution = scene.dispatcher.dispatch(down("cmd+j"))
        #expect(resolution.chain.responders.map(\.name) == ["leaf", "content", "", "root", "window", "application", "delegate"])
        #expect(resolution.action == "delegateAction:")
        #expect(resolution.provider === delegate)

        // A cycle in `next` ends the walk and is reported, never a hang.
        let a = Responder(name: "a"), b = Responder(name: "b")
        a.acceptsFirstResponder = true
        a.setNext(b)
        b.setNext(a)
        let chain = ResponderChain.walk(from: a)
        #expect(chain.count == 2)
        #expect(chain.cycleDetectedAt === a)
        #expect(a.target(forAction: "nothing:", withSender: nil) == nil)
    }

    @Test func R12_KeyboardKitShadowing_unperformableCommandStillBlocksEqualOnes() throws {
        let scene = try Scene()
        let log = ActionLog()
        // The leaf offers ⌘W for an action nothing implements; the controller offers ⌘W too.
        scene.leaf.declaredKeyCommands = [command("cmd+w", "closeTab:", title: "Close Tab")]
        scene.root.declaredKeyCommands = [command("cmd+w", "closeDocument:", title: "Close Document")]
        scene.root.implement("closeDocument:", handler: log.handler("closeDocument"))
        scene.leaf.becomeFirstResponder()
        let resolution = scene.dispatcher.dispatch(down("cmd+w"))
        #expect(resolution.outcome == .shadowed)
        #expect(resolution.command?.action == "closeDocument:")
        #expect(resolution.provider === scene.root)
        #expect(resolution.blockingCommand?.action == "closeTab:")
        #expect(resolution.blockingProvider === scene.leaf)
        #expect(log.entries.isEmpty)
    }

    @Test func R12_commandPlusAndBareEscapeRankBelowEveryOtherMatch() throws {
        let scene = try Scene()
        scene.leaf.declaredKeyCommands = [command("cmd++", "zoomIn:")]
        scene.root.declaredKeyCommands = [KeyCommand(input: .character("+"), modifierFlags: [.shift, .command], action: "bigger:")]
        scene.leaf.implement("zoomIn:")
        scene.root.implement("bigger:")
        scene.leaf.becomeFirstResponder()
        // Both match ⇧⌘= exactly (⌘+ by R7, ⇧⌘+ by R6); ⌘+ sits in bucket −1, so the farther ordinary command wins.
        #expect(scene.dispatcher.dispatch(down("shift+cmd+=")).action == "bigger:")
    }

    @Test func R13_closestToFirstResponderWinsAndPartialsOnlyWithoutExacts() throws {
        let scene = try Scene()
        scene.leaf.declaredKeyCommands = [command("cmd+e", "leafE:"), command("cmd++", "zoomIn:")]
        scene.content.declaredKeyCommands = [command("cmd+e", "contentE:")]
        scene.root.declaredKeyCommands = [command("cmd+=", "equals:")]
        for (responder, action) in [(scene.leaf, "leafE:"), (scene.leaf, "zoomIn:"), (scene.content, "contentE:"),
                                    (scene.root, "equals:")] as [(Responder, String)] {
            responder.implement(Action(action))
        }
        scene.leaf.becomeFirstResponder()
        #expect(scene.dispatcher.dispatch(down("cmd+e")).action == "leafE:")
        // ⌘= is an exact match farther up; the ⌘+ pair (fidelity 2) is not used.
        #expect(scene.dispatcher.dispatch(down("cmd+=")).action == "equals:")
        scene.root.declaredKeyCommands = []
        #expect(scene.dispatcher.dispatch(down("cmd+=")).action == "zoomIn:")
    }

    @Test func R14_targetSearchStartsAtTheFirstResponderAndValidationRuns() throws {
        let scene = try Scene()
        let log = ActionLog()
        scene.root.declaredKeyCommands = [command("cmd+c", "copyItem:", title: "Copy")]
        scene.root.implement("copyItem:", handler: log.handler("root"))
        scene.leaf.implement("copyItem:", handler: log.handler("leaf"))
        scene.leaf.becomeFirstResponder()
        let resolution = scene.dispatcher.dispatch(down("cmd+c"))
        #expect(resolution.provider === scene.root)
        #expect(resolution.target === scene.leaf)
        #expect(log.entries == ["leaf"])

        var enabled = true
        scene.leaf.addValidation(for: "copyItem:") { command in
            command.title = "Copy Item"
            if !enabled { command.attributes.insert(.disabled) }
        }
        #expect(scene.dispatcher.dispatch(down("cmd+c")).command?.title == "Copy Item")
        enabled = false
        let disabled = scene.dispatcher.dispatch(down("cmd+c"))
        #expect(disabled.outcome == .disabled)
        #expect(log.entries == ["leaf", "leaf"])
    }

    @Test("the action's sender carries the validated command, the press and the provider; the target search saw the command as declared")
    func R14_senderCarriesTheValidatedCommand() throws {
        final class Target: View {
            var searchedWith: [String] = []
            override func target(forAction action: Action, withSender sender: ActionSender?) -> Responder? {
                searchedWith.append(sender?.command.title ?? "-")
                return super.target(forAction: action, withSender: sender)
            }
        }
        let scene = try Scene()
        let target = Target(name: "target")
        target.acceptsFirstResponder = true
        scene.leaf.addSubview(target)
        var performed: [(title: String, press: String, provider: Responder?)] = []
        scene.root.declaredKeyCommands = [command("cmd+c", "copyItem:", title: "Copy")]
        target.implement("copyItem:") { performed.append(($0.command.title, $0.press.description, $0.provider)) }
        #expect(target.becomeFirstResponder())

        let press = down("cmd+c")
        #expect(scene.dispatcher.dispatch(press).outcome == .performedCommand)
        target.addValidation(for: "copyItem:") { $0.title = "Copy Item" }
        #expect(scene.dispatcher.dispatch(press).outcome == .performedCommand)

        #expect(performed.map(\.title) == ["Copy", "Copy Item"])
        #expect(performed.allSatisfy { $0.press == press.description && $0.provider === scene.root })
        #expect(target.searchedWith == ["Copy", "Copy"])
    }

    @Test("the first responder's identifier follows every change of first responder")
    func firstResponderIdentifierFollowsTheFirstResponder() throws {
        let scene = try Scene()
        #expect(scene.app.firstResponderIdentifier == nil)
        #expect(scene.leaf.becomeFirstResponder())
        #expect(scene.app.firstResponderIdentifier == ObjectIdentifier(scene.leaf))
        #expect(scene.content.becomeFirstResponder())
        #expect(scene.app.firstResponderIdentifier == ObjectIdentifier(scene.content))
        scene.app.resignFirstResponder()
        #expect(scene.app.firstResponderIdentifier == nil)
    }

    @Test func R15_respondersOutsideTheChainNeverContribute() throws {
        let scene = try Scene()
        let log = ActionLog()
        scene.leaf.declaredKeyCommands = [command("cmd+k", "leafAction:")]
        scene.leaf.implement("leafAction:", handler: log.handler("leaf"))
        scene.content.acceptsFirstResponder = true
        scene.content.becomeFirstResponder()
        // The leaf is below the first responder, not in its chain.
        #expect(scene.dispatcher.dispatch(down("cmd+k")).outcome == .unhandled)
        scene.leaf.becomeFirstResponder()
        #expect(scene.dispatcher.dispatch(down("cmd+k")).outcome == .performedCommand)
        // Removed from the window after being cached: it resigns and no longer contributes.
        scene.leaf.removeFromSuperview()
        #expect(scene.app.firstResponder == nil)
        #expect(scene.dispatcher.dispatch(down("cmd+k")).outcome == .unhandled)
        // A detached responder cannot become first responder.
        #expect(!scene.leaf.becomeFirstResponder())
        #expect(log.entries == ["leaf"])
    }
}
