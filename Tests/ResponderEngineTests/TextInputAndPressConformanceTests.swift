import Testing
import KeyTraceCore
@testable import ResponderEngine

/// Responder-semantics §D: R16–R20.
@Suite struct TextInputAndPressConformanceTests {
    /// A scene whose first responder is a text field inside `content`.
    private func textScene(policy: QueryPolicy = .cached) throws -> (Scene, TextInputView) {
        let scene = try Scene(policy: policy)
        let field = TextInputView(name: "search")
        scene.content.addSubview(field)
        #expect(field.becomeFirstResponder())
        return (scene, field)
    }

    @Test func R16_textInputGetsTheKeyFirstUnlessTheCommandWantsPriority() throws {
        let (scene, field) = try textScene()
        let log = ActionLog()
        scene.root.declaredKeyCommands = [command("f", "keyPressF:")]
        scene.root.implement("keyPressF:", handler: log.handler("f"))
        let typed = scene.dispatcher.dispatch(down("f"))
        #expect(typed.outcome == .handledByTextInput)
        #expect(typed.pressHandler === field)
        #expect(field.text == "f")

        var priority = command("f", "keyPressF:")
        priority.wantsPriorityOverSystemBehavior = true
        scene.root.declaredKeyCommands = [priority]
        #expect(scene.dispatcher.dispatch(down("f")).outcome == .performedCommand)

        scene.root.declaredKeyCommands = [command("f", "keyPressF:")]
        scene.app.commandsBeforeTextInput = true
        #expect(scene.dispatcher.dispatch(down("f")).outcome == .performedCommand)
        #expect(field.text == "f")
        #expect(log.entries == ["f", "f"])
    }

    @Test func R16_beforeIOS15CommandsRunBeforeTextInputAndFromIt15TextInputIsFirst() throws {
        let (scene, field) = try textScene()
        let log = ActionLog()
        scene.root.declaredKeyCommands = [command("f", "keyPressF:")]
        scene.root.implement("keyPressF:", handler: log.handler("f"))
        scene.app.osVersion = OSVersion(14, 8)
        #expect(scene.dispatcher.dispatch(down("f")).outcome == .performedCommand)
        #expect(field.text == "")
        scene.app.osVersion = OSVersion(15)
        #expect(scene.dispatcher.dispatch(down("f")).outcome == .handledByTextInput)
        #expect(field.text == "f")
        #expect(log.entries == ["f"])
    }

    @Test func R17_conflictTable() {
        func conflicts(_ shortcut: String) -> Bool {
            guard let s = try? KeyShortcut(shortcut) else {
                Issue.record("'\(shortcut)' does not parse")
                return false
            }
            return TextInputConflicts.conflicts(input: s.input, modifiers: s.modifiers)
        }
        for yes in ["delete", "left", "shift+up", "ctrl+down", "opt+right", "cmd+left", "shift+ctrl+left",
                    "shift+opt+right", "shift+cmd+up", "space", "shift+space", "opt+space", "shift+opt+space",
                    "return", "tab", "esc", "a", "ctrl+a", "ctrl+e", "opt+b", "x", "shift+x", "opt+x", "/", "shift+/"] {
            #expect(conflicts(yes), "\(yes) should conflict")
        }
        for no in ["ctrl+opt+up", "cmd+opt+left", "ctrl+space", "cmd+space", "shift+return", "cmd+return", "shift+tab",
                   "pageup", "pagedown", "home", "end", "cmd+a", "ctrl+opt+a", "ctrl+x", "cmd+x", "ctrl+/", "f5"] {
            #expect(!conflicts(no), "\(no) should not conflict")
        }
    }

    @Test func R17_deferralIgnoresTheProviderAndEscapeIsNeverDeferred() throws {
        let (scene, field) = try textScene()
        let log = ActionLog()
        scene.root.declaredKeyCommands = [KeyCommand(input: .special(.escape), action: "dismiss:"),
                                          command("cmd+f", "search:"), command("ctrl+left", "lineStart:"),
                                          command("ctrl+a", "selectLine:")]
        for action in ["dismiss:", "search:", "lineStart:", "selectLine:"] { scene.root.implement(Action(action), handler: log.handler(action)) }
        field.declaredKeyCommands = [command("x", "fieldX:")]
        field.implement("fieldX:", handler: log.handler("fieldX:"))
        #expect(scene.dispatcher.dispatch(down("esc")).action == "dismiss:")
        #expect(scene.dispatcher.dispatch(down("cmd+f")).action == "search:")
        // ⌃← conflicts and the text field does not use it: deferred, then fires.
        let ctrlLeft = scene.dispatcher.dispatch(down("ctrl+left"))
        #expect(ctrlLeft.action == "lineStart:")
        // ⌃A conflicts too, but text input uses it (the Emacs binding, §G): the deferred command never fires.
        let ctrlA = scene.dispatcher.dispatch(down("ctrl+a"))
        #expect(ctrlA.outcome == .handledByTextInput)
        #expect(ctrlA.action == nil)
        // The text field's own command waits too (iOS 15+, `wantsPriorityOverSystemBehavior`):
        // text input types the x.
        let x = scene.dispatcher.dispatch(down("x"))
        #expect(x.outcome == .handledByTextInput)
        #expect(x.action == nil)
        #expect(field.text == "x")
        // With priority the field's own command runs first and nothing is typed.
        var priority = command("x", "fieldX:")
        priority.wantsPriorityOverSystemBehavior = true
        field.declaredKeyCommands = [priority]
        #expect(scene.dispatcher.dispatch(down("x")).action == "fieldX:")
        #expect(field.text == "x")
        #expect(log.entries == ["dismiss:", "search:", "lineStart:", "fieldX:"])
    }

    @Test func R18_pressFlowCommandThenPressesBeganThenDeferredThenUnhandled() throws {
        let (scene, field) = try textScene()
        let log = ActionLog()
        scene.root.declaredKeyCommands = [command("tab", "submit:"), command("cmd+k", "clear:")]
        scene.root.implement("submit:", handler: log.handler("submit"))
        scene.root.implement("clear:", handler: log.handler("clear"))
        // 1. A non-conflicting command fires; nobody sees pressesBegan.
        #expect(scene.dispatcher.dispatch(down("cmd+k")).outcome == .performedCommand)
        #expect(scene.content.log.isEmpty)
        // 2./3. Tab conflicts; a field declines it; pressesBegan goes up the chain, unhandled; the deferred command fires.
        let submit = scene.dispatcher.dispatch(down("tab"))
        #expect(submit.outcome == .performedCommand)
        #expect(submit.action == "submit:")
        #expect(scene.content.log == ["began Tab"])
        // 4. Nothing handles F7.
        #expect(scene.dispatcher.dispatch(KeyPress(.began, HIDUsage(0x40))).outcome == .unhandled)
        scene.content.handledUsages = [HIDUsage(0x40)]
        let handled = scene.dispatcher.dispatch(KeyPress(.began, HIDUsage(0x40)))
        #expect(handled.outcome == .deliveredAsPress)
        #expect(handled.pressHandler === scene.content)
        #expect(field.text == "")
        #expect(log.entries == ["clear", "submit"])
    }

    /// A controller that handles every key-down itself.
    final class HandlingController: ViewController {
        var began: [String] = []
        override func pressesBegan(_ press: KeyPress, with delivery: inout PressDelivery) {
            began.append(press.usage.name)
        }
    }

    /// The engine's own classes only forward presses, so a delivery steps over them without a
    /// call; any subclass of them is called, since it may override a press method.
    @Test func R18_deliveriesStepOverRespondersThatOnlyForward() throws {
        #expect(Responder.forwardsEveryPress && View.forwardsEveryPress && ViewController.forwardsEveryPress)
        #expect(Window.forwardsEveryPress && Application.forwardsEveryPress)
        #expect(!PressRecorder.forwardsEveryPress && !TextInputView.forwardsEveryPress && !HandlingController.forwardsEveryPress)

        let app = Application()
        let window = Window()
        let controller = HandlingController(name: "handler")
        let plain = View(name: "plain")
        let leaf = PressRecorder(name: "leaf")
        window.rootViewController = controller
        controller.view.addSubview(plain)
        plain.addSubview(leaf)
        app.addWindow(window)
        leaf.acceptsFirstResponder = true
        let dispatcher = try KeyDispatcher(application: app, policy: .cached)
        app.makeFirstResponder(leaf)
        let resolution = dispatcher.dispatch(down("j"))
        #expect(leaf.log == ["began J"])  // called, and forwarded past two plain responders
        #expect(controller.began == ["J"])
        #expect(resolution.pressHandler === controller)
        #expect(resolution.outcome == .deliveredAsPress)
    }

    @Test func R19_repeatsFireRepeatableCommandsOnlyAndPressesAreNotRedelivered() throws {
        let scene = try Scene()
        let log = ActionLog()
        var once = command("cmd+p", "printDocument:")
        once.repeatBehavior = .nonRepeatable
        scene.leaf.declaredKeyCommands = [command("cmd+down", "nextRow:"), once]
        scene.leaf.implement("nextRow:", handler: log.handler("next"))
        scene.leaf.implement("printDocument:", handler: log.handler("print"))
        scene.leaf.handledUsages = [.rightArrow]
        scene.leaf.becomeFirstResponder()
        let d = scene.dispatcher
        #expect(d.dispatch(down("cmd+down")).outcome == .performedCommand)
        #expect(d.dispatch(down("cmd+down", repeat: true)).outcome == .performedCommand)
        #expect(d.dispatch(down("cmd+p")).outcome == .performedCommand)
        let suppressed = d.dispatch(down("cmd+p", repeat: true))
        #expect(suppressed.outcome == .repeatSuppressed)
        #expect(suppressed.action == "printDocument:")
        #expect(d.dispatch(down("right")).outcome == .deliveredAsPress)
        #expect(d.dispatch(down("right", repeat: true)).outcome == .repeatSuppressed)
        #expect(scene.leaf.log == ["began Right Arrow"])
        #expect(log.entries == ["next", "next", "print"])

        // Text input types repeats.
        let field = TextInputView(name: "field")
        scene.content.addSubview(field)
        field.becomeFirstResponder()
        d.dispatch(down("x"))
        #expect(d.dispatch(down("x", repeat: true)).outcome == .handledByTextInput)
        #expect(field.text == "xx")
    }

    @Test func R20_releaseSendsUpActionOrPressesEndedAndFocusChangesCancel() throws {
        let scene = try Scene()
        let log = ActionLog()
        let hold = KeyCommand(input: .character("m"), modifierFlags: .command, action: "startMoving:", upAction: "stopMoving:")
        scene.leaf.declaredKeyCommands = [hold, command("cmd+k", "plain:")]
        for action in ["startMoving:", "stopMoving:", "plain:"] { scene.leaf.implement(Action(action), handler: log.handler(action)) }
        scene.leaf.handledUsages = [.upArrow, .leftShift]
        scene.leaf.becomeFirstResponder()
        let d = scene.dispatcher
        d.dispatch(down("cmd+m"))
        let release = d.dispatch(up("cmd+m"))
        #expect(release.outcome == .performedCommand)
        #expect(release.action == "stopMoving:")
        d.dispatch(down("cmd+k"))
        #expect(d.dispatch(up("cmd+k")).outcome == .releaseConsumed)

        #expect(d.dispatch(down("up")).outcome == .deliveredAsPress)
        #expect(d.dispatch(up("up")).pressHandler === scene.leaf)
        // Modifier-only presses are presses too.
        #expect(d.dispatch(KeyPress(.began, .leftShift, modifiers: .shift)).outcome == .deliveredAsPress)
        #expect(d.dispatch(KeyPress(.ended, .leftShift)).outcome == .deliveredAsPress)

        // A first-responder change cancels presses in flight.
        d.dispatch(down("up"))
        scene.content.becomeFirstResponder()
        #expect(scene.leaf.log.last == "cancelled Up Arrow")
        #expect(d.dispatch(up("up")).outcome == .cancelled)
        #expect(log.entries == ["startMoving:", "stopMoving:", "plain:"])
    }

    @Test func R20_aCancelGoesAtTheChangeOnlyToTheRespondersThatReceivedThePress() throws {
        let scene = try Scene()
        scene.leaf.handledUsages = [.upArrow]
        scene.leaf.becomeFirstResponder()
        let d = scene.dispatcher
        d.dispatch(KeyPress(.began, .upArrow, timestamp: 1_000))
        #expect(scene.content.log.isEmpty)  // the leaf handled pressesBegan: content never held the press
        d.lastDispatchTimestamp = 481_000
        scene.content.becomeFirstResponder()
        #expect(scene.leaf.log == ["began Up Arrow", "cancelled Up Arrow"])  // now, not at key-up
        #expect(scene.content.log.isEmpty)
        let release = d.dispatch(KeyPress(.ended, .upArrow, timestamp: 600_000))
        #expect(release.outcome == .cancelled)
        #expect(scene.leaf.log.count == 2 && scene.content.log.isEmpty)  // the key-up is not delivered
    }

    @Test func R20_keyboardDisconnectCancelsEverythingInFlight() throws {
        let scene = try Scene()
        let log = ActionLog()
        let hold = KeyCommand(input: .character("m"), modifierFlags: .command, action: "startMoving:", upAction: "stopMoving:")
        scene.leaf.declaredKeyCommands = [hold]
        for action in ["startMoving:", "stopMoving:"] { scene.leaf.implement(Action(action), handler: log.handler(action)) }
        scene.leaf.handledUsages = [.upArrow]
        scene.leaf.becomeFirstResponder()
        let d = scene.dispatcher
        let other = DeviceID(kind: .script)
        d.dispatch(down("cmd+m"))
        d.dispatch(down("up"))
        d.dispatch(KeyPress(.began, .downArrow, device: other))
        #expect(d.keyboardDidDisconnect(.unspecified, at: 5_000) == 2)  // ⌘M and ↑ of that keyboard
        #expect(scene.leaf.log.last == "cancelled Up Arrow")
        #expect(d.dispatch(up("cmd+m")).outcome == .cancelled)  // no up-action
        #expect(d.dispatch(up("up")).outcome == .cancelled)
        #expect(log.entries == ["startMoving:"])
        #expect(d.keyboardDidDisconnect(at: 6_000) == 1)  // every keyboard: the other's ↓
        #expect(d.keyboardDidDisconnect(at: 7_000) == 0)
    }
}
