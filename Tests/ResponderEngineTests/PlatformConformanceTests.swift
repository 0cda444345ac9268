import Testing
import KeyTraceCore
@testable import ResponderEngine

/// The rules that differ by platform or OS version, one test for each side (docs/Rules.md,
/// each rule's "Platforms" paragraph). Where KeyTrace models one behaviour for both sides, the
/// test pins it on both, so that the gap the rule states stays visible.
@Suite struct PlatformConformanceTests {
    private func at(_ notation: String) -> PlatformVersion {
        guard let platform = PlatformVersion(notation: notation) else {
            Issue.record("'\(notation)' is not a platform")
            return .default
        }
        return platform
    }

    /// A scene whose leaf, first responder, offers and implements `commands`.
    private func scene(_ commands: [KeyCommand], on notation: String) throws -> Scene {
        let scene = try Scene()
        scene.app.platformVersion = at(notation)
        scene.leaf.declaredKeyCommands = commands
        for command in commands { if let action = command.action { scene.leaf.implement(action) } }
        scene.leaf.becomeFirstResponder()
        return scene
    }

    // MARK: R2, modelled

    private let keyCommandsByInput = [command("home", "top:"), command("end", "bottom:"), command("f5", "refresh:"),
                                      command("pageup", "pageUp:"), command("up", "previous:"),
                                      command("delete", "deleteItem:")]

    @Test func R2_beforeIOS13_4NoCommandMatchesHomeEndOrAFunctionKey() throws {
        for notation in ["ipad@13.0", "ipad@13.3", "catalyst@13.1"] {
            let s = try scene(keyCommandsByInput, on: notation)
            for key in ["home", "end", "f5", "delete"] {
                #expect(s.dispatcher.dispatch(down(key)).outcome == .unhandled, "\(key) on \(notation)")
            }
            #expect(s.dispatcher.dispatch(down("pageup")).action == "pageUp:", "\(notation)")
            #expect(s.dispatcher.dispatch(down("up")).action == "previous:", "\(notation)")
        }
    }

    @Test func R2_fromIOS13_4HomeEndAndFunctionKeysMatchAndFromIOS15Delete() throws {
        for notation in ["ipad@13.4", "catalyst@13.4", "ipad@14.8"] {
            let s = try scene(keyCommandsByInput, on: notation)
            #expect(s.dispatcher.dispatch(down("home")).action == "top:", "\(notation)")
            #expect(s.dispatcher.dispatch(down("end")).action == "bottom:", "\(notation)")
            #expect(s.dispatcher.dispatch(down("f5")).action == "refresh:", "\(notation)")
            #expect(s.dispatcher.dispatch(down("delete")).outcome == .unhandled, "\(notation)")
        }
        for notation in ["ipad@15.0", "catalyst@15.0", "ipad@27.0"] {
            let s = try scene(keyCommandsByInput, on: notation)
            #expect(s.dispatcher.dispatch(down("f5")).action == "refresh:", "\(notation)")
            #expect(s.dispatcher.dispatch(down("delete")).action == "deleteItem:", "\(notation)")
        }
    }

    // MARK: R4, modelled

    private let directionalCommands = [KeyCommand(title: "Back", input: .character("["), modifierFlags: .command, action: "goBack:"),
                                       KeyCommand(input: .special(.leftArrow), modifierFlags: .command, action: "leftEdge:")]

    @Test func R4_beforeIOS15ARightToLeftSceneMirrorsNoCommand() throws {
        for notation in ["ipad@14.8", "catalyst@14.0"] {
            let s = try scene(directionalCommands, on: notation)
            s.app.layoutDirection = .rightToLeft
            #expect(s.dispatcher.dispatch(down("cmd+[")).action == "goBack:", "\(notation)")
            #expect(s.dispatcher.dispatch(down("cmd+]")).outcome == .unhandled, "\(notation)")
            #expect(s.dispatcher.dispatch(down("cmd+left")).action == "leftEdge:", "\(notation)")
        }
    }

    @Test func R4_fromIOS15ARightToLeftSceneMirrorsCommandsOnIPadOSAndMacCatalyst() throws {
        for notation in ["ipad@15.0", "catalyst@15.0", "ipad@27.0"] {
            let s = try scene(directionalCommands, on: notation)
            s.app.layoutDirection = .rightToLeft
            #expect(s.dispatcher.dispatch(down("cmd+]")).action == "goBack:", "\(notation)")
            #expect(s.dispatcher.dispatch(down("cmd+[")).outcome == .unhandled, "\(notation)")
            #expect(s.dispatcher.dispatch(down("cmd+right")).action == "leftEdge:", "\(notation)")
        }
    }

    @Test func R4_beforeIOS15WantsPriorityOverSystemBehaviorChangesNothing() throws {
        for notation in ["ipad@14.8", "catalyst@14.0"] {
            let scene = try Scene()
            scene.app.platformVersion = at(notation)
            let field = TextInputView(name: "search")
            scene.content.addSubview(field)
            #expect(field.becomeFirstResponder())
            var priority = command("f", "find:")
            priority.wantsPriorityOverSystemBehavior = true
            scene.root.declaredKeyCommands = [priority, command("g", "go:")]
            scene.root.implement("find:")
            scene.root.implement("go:")
            // Commands run before text input with or without the property: it does not exist yet.
            #expect(scene.dispatcher.dispatch(down("f")).action == "find:", "\(notation)")
            #expect(scene.dispatcher.dispatch(down("g")).action == "go:", "\(notation)")
            #expect(field.text == "", "\(notation)")
            // From 15 only the command that wants priority runs first.
            scene.app.platformVersion = PlatformVersion(scene.app.platform, OSVersion(15))
            #expect(scene.dispatcher.dispatch(down("f")).action == "find:", "\(notation)")
            #expect(scene.dispatcher.dispatch(down("g")).outcome == .handledByTextInput, "\(notation)")
            #expect(field.text == "g", "\(notation)")
        }
    }

    // MARK: R12, modelled

    /// The leaf offers ⌘W for an action nothing implements; the controller offers ⌘W too.
    private func closeScene(on notation: String, log: ActionLog) throws -> Scene {
        let scene = try Scene()
        scene.app.platformVersion = at(notation)
        scene.leaf.declaredKeyCommands = [command("cmd+w", "closeTab:", title: "Close Tab")]
        scene.root.declaredKeyCommands = [command("cmd+w", "closeDocument:", title: "Close Document")]
        scene.root.implement("closeDocument:", handler: log.handler(notation))
        scene.leaf.becomeFirstResponder()
        return scene
    }

    @Test func R12_beforeIOS15AnUnperformableCommandLetsTheNextEqualOneFire() throws {
        let log = ActionLog()
        for notation in ["ipad@14.8", "catalyst@14.0"] {
            let s = try closeScene(on: notation, log: log)
            let verdicts = s.dispatcher.explain(down("cmd+w")).candidates.map(\.verdict)
            // The menu's ⌘W (close:) comes last and is shadowed by the winner.
            #expect(verdicts == [.noTarget, .wins, .shadowed], "\(notation)")
            let resolution = s.dispatcher.dispatch(down("cmd+w"))
            #expect(resolution.outcome == .performedCommand, "\(notation)")
            #expect(resolution.action == "closeDocument:", "\(notation)")
            #expect(resolution.provider === s.root, "\(notation)")
            // Discovery lists the command that fires; only the menu's ⌘W is shadowed, by it.
            #expect(s.dispatcher.discoverableCommands().flatMap(\.commands).map(\.action).contains("closeDocument:"))
            let shadowed = s.dispatcher.shadowedCommands().filter { $0.command.shortcut == command("cmd+w", .close).shortcut }
            #expect(shadowed.map(\.command.action) == [.close], "\(notation)")
            #expect(shadowed.map(\.shadowedBy.action) == ["closeDocument:"], "\(notation)")
        }
        #expect(log.entries == ["ipad@14.8", "catalyst@14.0"])
    }

    @Test func R12_fromIOS15AnUnperformableCommandBlocksEqualOnesOnIPadOSAndMacCatalyst() throws {
        let log = ActionLog()
        for notation in ["ipad@15.0", "catalyst@15.0"] {
            let s = try closeScene(on: notation, log: log)
            let verdicts = s.dispatcher.explain(down("cmd+w")).candidates.map(\.verdict)
            #expect(verdicts == [.noTarget, .shadowed, .shadowed], "\(notation)")
            let resolution = s.dispatcher.dispatch(down("cmd+w"))
            #expect(resolution.outcome == .shadowed, "\(notation)")
            #expect(resolution.blockingCommand?.action == "closeTab:", "\(notation)")
            #expect(!s.dispatcher.discoverableCommands().flatMap(\.commands).map(\.action).contains("closeDocument:"))
            let shadowed = s.dispatcher.shadowedCommands().filter { $0.command.shortcut == command("cmd+w", .close).shortcut }
            #expect(shadowed.map(\.command.action) == ["closeDocument:", .close], "\(notation)")
            #expect(shadowed.map(\.shadowedBy.action) == ["closeTab:", "closeTab:"], "\(notation)")
        }
        #expect(log.entries.isEmpty)
    }

    // MARK: R16, modelled

    @Test func R16_onMacCatalystCommandsRunBeforeTextInputBefore15AndTextInputIsFirstFrom15() throws {
        let scene = try Scene()
        let field = TextInputView(name: "search")
        scene.content.addSubview(field)
        #expect(field.becomeFirstResponder())
        let log = ActionLog()
        scene.root.declaredKeyCommands = [command("f", "keyPressF:")]
        scene.root.implement("keyPressF:", handler: log.handler("f"))
        scene.app.platformVersion = at("catalyst@14.0")
        #expect(scene.dispatcher.dispatch(down("f")).outcome == .performedCommand)
        #expect(field.text == "")
        scene.app.platformVersion = at("catalyst@15.0")
        #expect(scene.dispatcher.dispatch(down("f")).outcome == .handledByTextInput)
        #expect(field.text == "f")
        #expect(log.entries == ["f"])
    }

    // MARK: Differences KeyTrace documents but does not model: one behaviour, pinned on both sides

    @Test func R9_noShortcutIsRemappedForTheLayoutBeforeIOS15OrFromIt() throws {
        let german = KeyboardLayout.germanQWERTZ
        for notation in ["ipad@14.8", "ipad@15.0", "catalyst@15.0"] {
            let s = try scene([command("cmd+[", "back:")], on: notation)
            s.app.keyboardLayout = german
            // [ is ⌥5 on German QWERTZ; from 15 the device would move ⌘[ to ⌘Ö (the key right of L).
            #expect(s.dispatcher.dispatch(KeyPress(.began, HIDUsage(0x22), modifiers: [.alternate, .command],
                                                   layout: german)).action == "back:", "\(notation)")
            #expect(s.dispatcher.dispatch(KeyPress(.began, HIDUsage(0x33), modifiers: .command,
                                                   layout: german)).outcome == .unhandled, "\(notation)")
        }
    }

    @Test func R11_mainMenuCommandsFireOnIPadOS14AsOnIPadOS15AndMacCatalyst() throws {
        for notation in ["ipad@14.8", "ipad@15.0", "catalyst@14.0"] {
            let s = try Scene()
            s.app.platformVersion = at(notation)
            s.app.menuCustomization = { builder in
                try builder.add(command("opt+cmd+k", "doIt:", title: "Do It"), toMenu: .edit)
            }
            try s.app.rebuildMainMenu()
            s.root.implement("doIt:")
            s.leaf.becomeFirstResponder()
            let resolution = s.dispatcher.dispatch(down("opt+cmd+k"))
            #expect(resolution.action == "doIt:", "\(notation)")
            #expect(resolution.provider === s.app, "\(notation)")
        }
    }

    @Test func R6_anUppercaseMenuKeyImpliesShiftOnMacCatalystOnly() throws {
        for notation in ["ipad@17.0", "catalyst@17.0"] {
            let s = try Scene()
            s.app.platformVersion = at(notation)
            s.app.menuCustomization = { builder in
                try builder.add(KeyCommand(title: "New Window", input: .character("N"), modifierFlags: .command, action: "newWindow:"),
                                toMenu: .file)
            }
            try s.app.rebuildMainMenu()
            s.root.implement("newWindow:")
            s.leaf.declaredKeyCommands = [KeyCommand(input: .character("B"), modifierFlags: .command, action: "bold:")]
            s.leaf.implement("bold:")
            s.leaf.becomeFirstResponder()
            let catalyst = notation.hasPrefix("catalyst")
            #expect((s.dispatcher.dispatch(down("shift+cmd+n")).action == "newWindow:") == catalyst, "\(notation)")
            #expect((s.dispatcher.dispatch(down("cmd+n")).action == "newWindow:") == !catalyst, "\(notation)")
            // A responder's own command ignores case on both.
            #expect(s.dispatcher.dispatch(down("cmd+b")).action == "bold:", "\(notation)")
            #expect(s.dispatcher.dispatch(down("shift+cmd+b")).outcome == .unhandled, "\(notation)")
        }
    }

    @Test func R14_validationDisablesACommandBeforeIOS13AsFromIt() throws {
        for notation in ["ipad@12.0", "ipad@13.0", "catalyst@13.1"] {
            let s = try scene([command("cmd+k", "clear:")], on: notation)
            s.leaf.addValidation(for: "clear:") { $0.attributes.insert(.disabled) }
            #expect(s.dispatcher.dispatch(down("cmd+k")).outcome == .disabled, "\(notation)")
        }
    }

    @Test func R17_noFocusSystemTakesReturnOnIPadOSOrSpaceOnMacCatalyst() throws {
        for notation in ["ipad@14.8", "ipad@15.0", "catalyst@15.0"] {
            let s = try Scene()
            s.app.platformVersion = at(notation)
            s.root.declaredKeyCommands = [command("return", "open:"), command("space", "play:")]
            s.root.implement("open:")
            s.root.implement("play:")
            s.leaf.becomeFirstResponder()
            #expect(s.dispatcher.dispatch(down("return")).action == "open:", "\(notation)")
            #expect(s.dispatcher.dispatch(down("space")).action == "play:", "\(notation)")
        }
    }

    @Test func R18_pressesBeganReachesTheFirstResponderBeforeIOS13_4AsFromIt() throws {
        for notation in ["ipad@13.0", "ipad@13.4", "catalyst@13.4"] {
            let s = try scene([], on: notation)
            s.leaf.handledUsages = [.leftArrow]
            let resolution = s.dispatcher.dispatch(down("left"))
            #expect(resolution.outcome == .deliveredAsPress, "\(notation)")
            #expect(resolution.pressHandler === s.leaf, "\(notation)")
            #expect(s.dispatcher.dispatch(down("right")).outcome == .unhandled, "\(notation)")
        }
    }

    @Test func R19_aNonRepeatableCommandActsOnceBeforeIOS26AsFromIt() throws {
        for notation in ["ipad@17.0", "ipad@26.0", "catalyst@26.0"] {
            var once = command("cmd+w", "close:")
            once.repeatBehavior = .nonRepeatable
            let s = try scene([once], on: notation)
            #expect(s.dispatcher.dispatch(down("cmd+w")).outcome == .performedCommand, "\(notation)")
            #expect(s.dispatcher.dispatch(down("cmd+w", repeat: true)).outcome == .repeatSuppressed, "\(notation)")
        }
    }

    @Test func R20_anUpActionRunsAtTheKeyUpBeforeIOS13_4AsFromIt() throws {
        for notation in ["ipad@13.0", "ipad@13.4", "catalyst@13.4"] {
            var hold = command("space", "startMoving:")
            hold.upAction = "stopMoving:"
            let s = try scene([hold], on: notation)
            s.leaf.implement("stopMoving:")
            #expect(s.dispatcher.dispatch(down("space")).action == "startMoving:", "\(notation)")
            let release = s.dispatcher.dispatch(up("space"))
            #expect(release.outcome == .performedCommand, "\(notation)")
            #expect(release.action == "stopMoving:", "\(notation)")
        }
    }

    @Test func R21_theStandardMenuOffersFindAndPasteAndMatchStyleAtEveryVersion() throws {
        for notation in ["ipad@14.8", "ipad@16.0", "catalyst@14.0"] {
            let s = try scene([], on: notation)
            s.root.implement(.find)
            s.root.implement(.pasteAndMatchStyle)
            #expect(s.dispatcher.dispatch(down("cmd+f")).action == .find, "\(notation)")
            #expect(s.dispatcher.dispatch(down("opt+shift+cmd+v")).action == .pasteAndMatchStyle, "\(notation)")
        }
    }

    @Test func R22_discoveryGroupsCommandsByMenuOnIPadOS14AsOn15() throws {
        for notation in ["ipad@14.8", "ipad@15.0"] {
            let s = try scene([command("cmd+k", "clear:", title: "Clear")], on: notation)
            s.root.implement(.copy)
            let groups = s.dispatcher.discoverableCommands()
            #expect(groups.map(\.title) == ["Edit", "window/root/content/leaf"], "\(notation)")
        }
    }

    @Test func R24_noSystemShortcutDependsOnTheVersion() throws {
        for notation in ["ipad@13.0", "ipad@27.0"] {
            let s = try scene([command("shift+cmd+3", "third:")], on: notation)
            #expect(s.dispatcher.dispatch(down("shift+cmd+3")).outcome == .system, "\(notation)")
        }
        for notation in ["catalyst@13.1", "catalyst@27.0"] {
            let s = try scene([command("opt+cmd+esc", "stop:")], on: notation)
            #expect(s.dispatcher.dispatch(down("opt+cmd+esc")).outcome == .system, "\(notation)")
        }
    }
}
