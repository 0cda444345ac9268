import Testing
import KeyTraceCore
import ResponderEngine
@testable import Scenes

/// What the scene format says about the responder chain: refusing an implemented action (R14),
/// the app delegate (R11), `addKeyCommand` order and the same command reached twice (R11),
/// explicit cache invalidation (R23), a window with no root and an empty chain (R10).
@Suite struct SceneFormatConformanceTests {
    private func live(_ body: String) throws -> LiveScene {
        let text = "{\"format\": \"keytrace-scene\", \"version\": 1, \"name\": \"format\", \(body)}"
        return try LiveScene(runtime: SceneRuntime(definition: SceneDefinition(json: text, file: "format.json"), file: "format.json"))
    }

    @Test func R14_aRefusedActionPassesTheTargetSearchOnThoughItIsImplemented() throws {
        var s = try live(#"""
            "state": {"locked": 0, "inner": 0, "outer": 0},
            "windows": [{"type": "window", "name": "window", "root": {"type": "viewController", "name": "root",
              "actions": {"paste:": [{"increment": "outer"}]},
              "views": [{"type": "responder", "name": "editor",
                         "actions": {"paste:": [{"increment": "inner"}], "lock:": [{"toggle": "locked"}]},
                         "commands": [{"title": "Lock", "shortcut": "cmd+l", "action": "lock:"}],
                         "refusals": [{"action": "paste:", "when": {"state": "locked", "equals": 1}}]}]}}],
            "firstResponder": "window/root/editor"
            """#)
        #expect(s.press("cmd+v").target?.path == "window/root/editor")
        #expect(s.runtime.state["inner"] == 1)
        s.press("cmd+l")
        let refused = s.press("cmd+v")  // still implemented, but canPerformAction says no: the root takes it
        #expect(refused.target?.path == "window/root")
        #expect(s.runtime.state["inner"] == 1 && s.runtime.state["outer"] == 1)
        #expect(s.runtime.application.firstResponder?.implements("paste:") == true)
    }

    /// A scene's `menus` are `UIMenuBuilder` calls: a menu created at the start of its parent
    /// (inline or not), after or before a sibling, a standard menu removed, commands put at the
    /// start of a menu that exists (R22).
    @Test func R22_sceneMenusCreatePlaceAndRemoveMenusAsTheBuilderDoes() throws {
        let s = try live(#"""
            "menus": [
              {"id": "new", "parent": "file", "at": "start", "inline": true,
               "commands": [{"title": "New", "shortcut": "cmd+n", "action": "new:"}]},
              {"id": "tools", "title": "Tools", "after": "view"},
              {"id": "go", "title": "Go", "before": "tools", "commands": [{"title": "Back", "shortcut": "cmd+[", "action": "back:"}]},
              {"id": "format", "removed": true},
              {"id": "edit", "at": "start", "commands": [{"title": "Clear", "shortcut": "cmd+k", "action": "clear:"}]}
            ],
            "windows": [{"type": "window", "name": "window"}]
            """#)
        let menu = s.runtime.application.mainMenu
        let tops = menu.children.compactMap { element -> String? in
            if case .menu(let top) = element { return top.identifier.rawValue }
            return nil
        }
        #expect(tops == ["application", "file", "edit", "view", "go", "tools", "window", "help"])
        guard case .menu(let new)? = menu.menu(.file)?.children.first else {
            Issue.record("File does not start with the new group")
            return
        }
        #expect(new.identifier == "new" && new.isInline && new.allKeyCommands.map(\.title) == ["New"])
        guard case .command(let clear)? = menu.menu(.edit)?.children.first else {
            Issue.record("Edit does not start with Clear")
            return
        }
        #expect(clear.title == "Clear")
        let holders = s.runtime.application.mainMenuKeyCommandsWithMenus
        #expect(holders.first { $0.command.title == "New" }?.menu == .file)
        #expect(!holders.contains { $0.command.action == .toggleBoldface })
    }

    /// A menu's command with neither `shortcut` nor `input` is a key-less item (`UICommand`):
    /// an action element of the menu, never a key command.
    @Test func R22_aMenuCommandWithoutAKeyIsAKeylessItem() throws {
        let s = try live(#"""
            "menus": [{"id": "file", "at": "start", "commands": [
              {"title": "Save", "action": "save:"}, {"title": "Print Labels", "shortcut": "opt+cmd+p", "action": "printLabels:"}]}],
            "windows": [{"type": "window", "name": "window"}]
            """#)
        let file = try #require(s.runtime.application.mainMenu.menu(.file))
        guard case .action(let title, let action)? = file.children.first else {
            Issue.record("File does not start with the key-less Save")
            return
        }
        #expect(title == "Save" && action == "save:")
        #expect(!s.runtime.application.mainMenuKeyCommands.contains { $0.action == "save:" })
        #expect(s.runtime.definition.menus[0].commands.map(\.isKeyless) == [true, false])
    }

    /// The app delegate ends every chain, after the application and the main menu it gives
    /// (R11): a delegate command whose key a menu item already has is shadowed by that item
    /// (R12), even when nothing can perform the item; one with a key of its own fires.
    @Test func R11_theAppDelegateEndsEveryChain() throws {
        var s = try live(#"""
            "state": {"saved": 0, "labelled": 0},
            "appDelegate": {"type": "responder", "name": "delegate",
                            "commands": [{"title": "Save All", "shortcut": "cmd+shift+s", "action": "saveAll:"},
                                         {"title": "Labels", "shortcut": "cmd+shift+l", "action": "labels:"}],
                            "actions": {"saveAll:": [{"increment": "saved"}], "labels:": [{"increment": "labelled"}]}},
            "windows": [{"type": "window", "name": "window", "root": {"type": "viewController", "name": "root",
              "views": [{"type": "table", "name": "list", "rows": ["a"]}]}}],
            "firstResponder": "window/root/list"
            """#)
        let chain = s.dispatcher.currentChain
        #expect(chain.responders.last?.name == "delegate")
        #expect(chain.responders.dropLast().last is Application)
        // ⇧⌘S is also the menu's Duplicate, which the application gives before the delegate's
        // commands: nothing performs `duplicate:`, and the delegate's Save All is shadowed.
        let save = s.press("cmd+shift+s")
        #expect(save.outcome == .shadowed, "\(save.outcome) \(String(describing: save.target))")
        #expect(s.runtime.state["saved"] == 0)
        let labels = s.press("cmd+shift+l")
        #expect(labels.action == "labels:")
        #expect(labels.provider?.name == "delegate")
        #expect(labels.outcome == .performedCommand)
        #expect(s.runtime.state["labelled"] == 1)
        #expect(s.runtime.responder(at: "delegate") != nil)
    }

    /// An app delegate whose `next` returns a coordinator: the coordinator follows it in every
    /// chain, and performs a main-menu command no responder before it can.
    @Test func R11_aResponderTheAppDelegatesNextNamesContinuesEveryChain() throws {
        var s = try live(#"""
            "state": {"settings": 0},
            "menus": [{"id": "application", "commands": [{"title": "Settings", "shortcut": "cmd+,", "action": "showSettings"}]}],
            "appDelegate": {"type": "responder", "name": "AppDelegate", "next": "MainCoordinator"},
            "responders": [{"type": "responder", "name": "MainCoordinator",
                            "actions": {"showSettings": [{"increment": "settings"}]}}],
            "windows": [{"type": "window", "name": "window", "root": {"type": "viewController", "name": "root",
              "views": [{"type": "table", "name": "list", "rows": ["a"]}]}}],
            "firstResponder": "window/root/list"
            """#)
        let chain = s.dispatcher.currentChain
        #expect(chain.responders.suffix(2).map(\.name) == ["AppDelegate", "MainCoordinator"])
        let settings = s.press("cmd+,")
        #expect(settings.outcome == .performedCommand, "\(settings.outcome)")
        #expect(settings.target?.name == "MainCoordinator")
        #expect(s.runtime.state["settings"] == 1)
        #expect(s.runtime.responder(at: "MainCoordinator") != nil)
    }

    @Test func aFreeStandingResponderIsAResponderWithANameOfItsOwn() throws {
        for (responders, path) in [
            (#"[{"type": "view", "name": "MainCoordinator"}]"#, "responders[0].type"),
            (#"[{"type": "responder", "name": "AppDelegate"}]"#, "responders[0].name"),
            (#"[{"type": "responder", "name": "C", "views": [{"type": "view", "name": "v"}]}]"#, "responders[0].views"),
            (#"[{"type": "responder", "name": "C", "next": "Missing"}]"#, "responders[0].next"),
        ] {
            do {
                _ = try live(#""appDelegate": {"type": "responder", "name": "AppDelegate"}, "responders": "# + responders + #", "windows": []"#)
                Issue.record("\(responders) loaded")
            } catch {
                #expect("\(error)".contains(path), "\(error)")
            }
        }
    }

    @Test func R11_theApplicationsOwnCommandsComeAfterTheWindowAndBeforeTheMainMenu() throws {
        var s = try live(#"""
            "state": {"palette": 0, "closed": 0, "locked": 0},
            "application": {"type": "responder", "name": "application",
                            "commands": [{"title": "Palette", "shortcut": "cmd+shift+p", "action": "showPalette:"},
                                         {"title": "Close Everything", "shortcut": "cmd+w", "action": "closeAll:"},
                                         {"title": "Lock", "shortcut": "cmd+l", "action": "lock:", "when": {"state": "locked", "equals": 0}}],
                            "actions": {"showPalette:": [{"increment": "palette"}], "closeAll:": [{"increment": "closed"}],
                                        "lock:": [{"set": "locked", "value": 1}]}},
            "windows": [{"type": "window", "name": "window", "root": {"type": "viewController", "name": "root",
              "views": [{"type": "table", "name": "list", "rows": ["a"]}]}}],
            "firstResponder": "window/root/list"
            """#)
        let palette = s.press("cmd+shift+p")
        #expect(palette.action == "showPalette:")
        #expect(palette.provider is Application)
        #expect(palette.outcome == .performedCommand, "\(palette.outcome)")
        #expect(s.runtime.state["palette"] == 1)
        // ⌘W is also the main menu's Close: the application's own command comes first (R11, R12).
        #expect(s.press("cmd+w").action == "closeAll:")
        #expect(s.runtime.state["closed"] == 1)
        // A conditional command follows its state like any node's.
        #expect(s.press("cmd+l").action == "lock:")
        #expect(s.press("cmd+l").action == nil)
    }

    @Test func theApplicationNodeIsNamedApplicationAndHasNoViews() {
        let scene = { (node: String) in
            "{\"format\": \"keytrace-scene\", \"version\": 1, \"name\": \"format\", \"application\": \(node)}"
        }
        #expect(throws: SceneError.self) { try SceneDefinition(json: scene(#"{"type": "responder", "name": "app"}"#)) }
        #expect(throws: SceneError.self) { try SceneDefinition(json: scene(#"{"type": "view", "name": "application"}"#)) }
        #expect(throws: SceneError.self) {
            try SceneDefinition(json: scene(#"{"type": "responder", "name": "application", "views": [{"type": "view", "name": "v"}]}"#))
        }
        #expect((try? SceneDefinition(json: scene(#"{"type": "responder", "name": "application"}"#)))?.application != nil)
    }

    @Test func R11_addKeyCommandComesAfterKeyCommandsAndTheSameCommandIsCollectedOnce() throws {
        var s = try live(#"""
            "windows": [{"type": "window", "name": "window", "root": {"type": "viewController", "name": "root",
              "canBecomeFirstResponder": true,
              "commands": [{"title": "Jump", "shortcut": "cmd+j", "action": "jump:"},
                           {"title": "Keep", "shortcut": "cmd+k", "action": "keep:"}],
              "addedCommands": [{"title": "Jump Added", "shortcut": "cmd+j", "action": "jumpAdded:"},
                                {"title": "Keep", "shortcut": "cmd+k", "action": "keep:"},
                                {"title": "Later", "shortcut": "cmd+y", "action": "later:"}],
              "actions": {"jump:": [], "jumpAdded:": [], "keep:": [], "later:": []}}}],
            "firstResponder": "window/root"
            """#)
        #expect(s.press("cmd+j").action == "jump:")  // keyCommands before addKeyCommand
        #expect(s.press("cmd+y").action == "later:")
        let shadowed = s.dispatcher.shadowedCommands().map { $0.command.action }
        #expect(shadowed.contains("jumpAdded:"))
        // The same command (equal in every field) reached twice is collected once: never shadowed by itself.
        #expect(!shadowed.contains("keep:"))
        let listed = s.dispatcher.discoverableCommands().flatMap(\.commands).filter { $0.action == "keep:" }
        #expect(listed.count == 1)
    }

    @Test func R23_explicitUpdateAndMainMenuRebuildEffectsAreInvalidationReasons() throws {
        var s = try live(#"""
            "windows": [{"type": "window", "name": "window", "root": {"type": "viewController", "name": "root",
              "canBecomeFirstResponder": true,
              "commands": [{"title": "Refresh Commands", "shortcut": "cmd+u", "action": "refreshCommands:"},
                           {"title": "Rebuild Menu", "shortcut": "cmd+m", "action": "rebuildMenu:"}],
              "actions": {"refreshCommands:": [{"updateKeyCommands": true}], "rebuildMenu:": [{"rebuildMainMenu": true}]}}}],
            "firstResponder": "window/root"
            """#)
        let d = s.dispatcher
        let builds = s.runtime.application.mainMenuBuildCount
        s.press("cmd+u")
        s.press("cmd+u")
        #expect(d.statistics.invalidations[Int(CacheInvalidationReason.explicitUpdate.rawValue)] == 2)
        s.press("cmd+m")
        s.press("cmd+m")
        #expect(d.statistics.invalidations[Int(CacheInvalidationReason.mainMenuRebuild.rawValue)] == 2)
        #expect(s.runtime.application.mainMenuBuildCount == builds + 2)
        #expect(s.runtime.problems.isEmpty)
    }

    @Test func R10_aWindowWithNoRootAndAnEmptyChainLoadAndResolve() throws {
        var windowOnly = try live(#""windows": [{"type": "window", "name": "window"}]"#)
        #expect(windowOnly.dispatcher.currentChain.paths == ["window", "application"])
        let copy = windowOnly.press("cmd+c")  // the menu's Copy: nothing can perform it
        #expect(copy.outcome != .performedCommand)
        #expect(copy.diagnostics.contains(.noFirstResponder))
        var empty = try live(#""windows": []"#)
        #expect(empty.dispatcher.currentChain.paths == ["application"])
        let press = empty.press("a")
        #expect(press.outcome == .unhandled)
        #expect(press.diagnostics.contains(.noKeyWindow))
        #expect(empty.runtime.allPaths.isEmpty)
    }
}
