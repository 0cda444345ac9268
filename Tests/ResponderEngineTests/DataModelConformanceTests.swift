import Testing
import KeyTraceCore
@testable import ResponderEngine

/// Responder-semantics §A: R1–R4.
@Suite struct DataModelConformanceTests {
    @Test func R1_matchingIgnoresSidesCapsLockAndKeypadFlag() throws {
        let scene = try Scene()
        let log = ActionLog()
        scene.leaf.declaredKeyCommands = [command("cmd+a", "selectEverything:"), command("cmd+1", "one:")]
        scene.leaf.implement("selectEverything:", handler: log.handler("select"))
        scene.leaf.implement("one:", handler: log.handler("one"))
        #expect(scene.leaf.becomeFirstResponder())

        let rightCommand = KeyPress(.began, .a, modifiers: [.command, .alphaShift], sides: .rightCommand)
        #expect(rightCommand.modifierFlags == [.command, .alphaShift])
        let resolution = scene.dispatcher.dispatch(rightCommand)
        #expect(resolution.outcome == .performedCommand)
        #expect(resolution.action == "selectEverything:")
        #expect(resolution.press.modifierSides == .rightCommand)

        // Keypad 1 sets numericPad, which matching ignores.
        let keypadOne = KeyPress(.began, HIDUsage(0x59), modifiers: .command)
        #expect(keypadOne.modifierFlags.contains(.numericPad))
        #expect(scene.dispatcher.dispatch(keypadOne).action == "one:")
        #expect(log.entries == ["select", "one"])
    }

    @Test func R2_specialInputsMatchByUsageAndReturnMatchesBothEnterKeys() throws {
        let scene = try Scene()
        scene.leaf.declaredKeyCommands = [
            KeyCommand(input: .special(.upArrow), action: "up:"),
            KeyCommand(input: .special(.function(5)), action: "refresh:"),
            KeyCommand(input: .special(.delete), action: "deleteItem:"),
            KeyCommand(input: .special(.pageDown), action: "nextPage:"),
            KeyCommand(input: .character("\r"), action: "open:"),
        ]
        for action in ["up:", "refresh:", "deleteItem:", "nextPage:", "open:"] { scene.leaf.implement(Action(action)) }
        scene.leaf.becomeFirstResponder()
        let d = scene.dispatcher
        #expect(d.dispatch(KeyPress(.began, .upArrow)).action == "up:")
        #expect(d.dispatch(KeyPress(.began, HIDUsage(0x3E))).action == "refresh:")
        #expect(d.dispatch(KeyPress(.began, .deleteOrBackspace)).action == "deleteItem:")
        #expect(d.dispatch(KeyPress(.began, .deleteForward)).outcome == .unhandled)
        #expect(d.dispatch(KeyPress(.began, .pageDown)).action == "nextPage:")
        #expect(d.dispatch(KeyPress(.began, .returnOrEnter)).action == "open:")
        #expect(d.dispatch(KeyPress(.began, .keypadEnter)).action == "open:")
        #expect(KeyInput(uiKitValue: "UIKeyInputUpArrow") == .special(.upArrow))
        #expect(SpecialInput.function(12).uiKitName == "UIKeyInputF12")
    }

    @Test func R3_identityIsModifiersAndCaseSensitiveInputOnly() throws {
        let scene = try Scene()
        let log = ActionLog()
        // Same identity, different action and title: the second is skipped (R12).
        scene.leaf.declaredKeyCommands = [command("cmd+k", "first:", title: "First"),
                                          command("cmd+k", "second:", title: "Second")]
        scene.leaf.implement("first:", handler: log.handler("first"))
        scene.leaf.implement("second:", handler: log.handler("second"))
        // Different case is a different identity: both are candidates.
        scene.content.declaredKeyCommands = [KeyCommand(input: .character("J"), modifierFlags: .command, action: "upper:"),
                                             KeyCommand(input: .character("j"), modifierFlags: .command, action: "lower:")]
        scene.content.implement("lower:", handler: log.handler("lower"))
        scene.leaf.becomeFirstResponder()
        #expect(scene.dispatcher.dispatch(down("cmd+k")).action == "first:")
        // "J" cannot be performed (no target) and does not block "j".
        let resolution = scene.dispatcher.dispatch(down("cmd+j"))
        #expect(resolution.outcome == .performedCommand)
        #expect(resolution.action == "lower:")
        #expect(log.entries == ["first", "lower"])
    }

    @Test func R4_attributesAlternatesMirroringAndRepeatDefaults() throws {
        let scene = try Scene()
        let log = ActionLog()
        var hidden = command("cmd+j", "hiddenAction:")
        hidden.attributes = .hidden
        var disabled = command("cmd+d", "disabledAction:")
        disabled.attributes = .disabled
        let close = KeyCommand(title: "Close Tab", input: .character("w"), modifierFlags: .command, action: "closeTab:",
                               alternates: [.init(title: "Close All Tabs", action: "closeAllTabs:", modifierFlags: .alternate)])
        let back = KeyCommand(title: "Back", input: .character("["), modifierFlags: .command, action: "goBack:")
        let unmirrored = KeyCommand(input: .special(.leftArrow), modifierFlags: .command, action: "leftEdge:",
                                    allowsAutomaticMirroring: false)
        scene.leaf.declaredKeyCommands = [hidden, disabled, close, back, unmirrored]
        for action in ["hiddenAction:", "disabledAction:", "closeTab:", "closeAllTabs:", "goBack:", "leftEdge:"] {
            scene.leaf.implement(Action(action), handler: log.handler(action))
        }
        scene.leaf.becomeFirstResponder()
        let d = scene.dispatcher
        #expect(d.dispatch(down("cmd+j")).outcome == .performedCommand)
        let disabledResolution = d.dispatch(down("cmd+d"))
        #expect(disabledResolution.outcome == .disabled)
        #expect(disabledResolution.command?.action == "disabledAction:")
        #expect(d.dispatch(down("cmd+w")).action == "closeTab:")
        #expect(d.dispatch(down("opt+cmd+w")).action == "closeAllTabs:")
        #expect(d.dispatch(down("cmd+[")).action == "goBack:")
        #expect(KeyCommand(input: .character("x"), action: "x:").repeatBehavior.firesOnRepeat)

        scene.app.layoutDirection = .rightToLeft
        #expect(d.dispatch(down("cmd+[")).outcome == .unhandled)
        #expect(d.dispatch(down("cmd+]")).action == "goBack:")
        #expect(d.dispatch(down("cmd+left")).action == "leftEdge:")
        #expect(log.entries == ["hiddenAction:", "closeTab:", "closeAllTabs:", "goBack:", "goBack:", "leftEdge:"])
    }
}
