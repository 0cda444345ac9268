import Testing
import KeyTraceCore
@testable import ResponderEngine

/// Responder-semantics §E: R21–R22.
@Suite struct MenuConformanceTests {
    @Test func standardMenusAreAValueEachCallerChangesOnItsOwn() throws {
        var first = MenuBuilder.standard()
        try first.remove(menu: .format)
        try first.add(KeyCommand(input: .character("k"), modifierFlags: .command, action: "custom:"), toMenu: .edit)
        let second = MenuBuilder.standard()
        #expect(first.menu(.format) == nil)
        #expect(second.menu(.format) != nil)
        #expect(second.root.allKeyCommands.contains { $0.action == "custom:" } == false)
        #expect(second.root == MenuBuilder.standard().root)
    }

    @Test func R21_standardEditActionsFireOnlyWhenSomethingCanPerformThem() throws {
        let scene = try Scene()
        scene.leaf.becomeFirstResponder()
        #expect(scene.dispatcher.dispatch(down("cmd+c")).outcome == .unhandled)
        let log = ActionLog()
        scene.root.implement(.copy, handler: log.handler("copy"))
        let copy = scene.dispatcher.dispatch(down("cmd+c"))
        #expect(copy.outcome == .performedCommand)
        #expect(copy.action == .copy)
        #expect(copy.provider === scene.app)
        #expect(copy.target === scene.root)
        #expect(log.entries == ["copy"])

        let shortcuts: [(String, Action)] = [
            ("cmd+x", .cut), ("cmd+v", .paste), ("opt+shift+cmd+v", .pasteAndMatchStyle), ("cmd+z", .undo),
            ("shift+cmd+z", .redo), ("cmd+a", .selectAll), ("cmd+b", .toggleBoldface), ("cmd+i", .toggleItalics),
            ("cmd+u", .toggleUnderline), ("shift+cmd+=", .increaseSize), ("cmd+-", .decreaseSize), ("cmd+f", .find),
            ("opt+cmd+f", .findAndReplace), ("cmd+g", .findNext), ("shift+cmd+g", .findPrevious),
            ("cmd+e", .useSelectionForFind), ("shift+cmd+s", .duplicate), ("cmd+o", .open),
            ("ctrl+cmd+s", .toggleSidebar), ("shift+cmd+/", .showHelp), ("cmd+p", .print), ("cmd+w", .close),
        ]
        for (_, action) in shortcuts { scene.root.implement(action) }
        for (shortcut, action) in shortcuts {
            #expect(scene.dispatcher.dispatch(down(shortcut)).action == action, "\(shortcut)")
        }
        #expect(scene.dispatcher.dispatch(down("cmd+p", repeat: true)).outcome == .repeatSuppressed)
        let keyless = scene.app.mainMenu.menu(.standardEdit)?.children.compactMap { element -> Action? in
            if case .action(_, let action) = element { return action }
            return nil
        }
        #expect(keyless == [.delete, .select])
    }

    @Test func R21_textFieldsPerformEditActionsOnTheirText() throws {
        let scene = try Scene()
        let field = TextInputView(name: "field", text: "hello")
        scene.content.addSubview(field)
        field.becomeFirstResponder()
        #expect(scene.dispatcher.dispatch(down("cmd+a")).target === field)
        scene.dispatcher.dispatch(down("cmd+c"))
        scene.dispatcher.dispatch(down("right"))
        scene.dispatcher.dispatch(down("cmd+v"))
        #expect(scene.app.pasteboard == "hello")
        #expect(field.text == "hellohello")
    }

    @Test func R22_menuItemsNoKeyTriggersNeverClash() throws {
        let app = Application()
        app.menuCustomization = { builder in
            try builder.add(KeyCommand(title: "About", input: .character(""), modifierFlags: [], action: "about:"), toMenu: .application)
            try builder.add(KeyCommand(title: "Scores", input: .character(""), modifierFlags: [], action: "scores:"), toMenu: .view)
        }
        let dispatcher = try KeyDispatcher(application: app)
        #expect(dispatcher.application.mainMenu.allKeyCommands.filter { $0.input == .character("") }.count == 2)
    }

    @Test func R22_menuConflictsAreErrorsNamingBothCommands() throws {
        let app = Application()
        app.menuCustomization = { builder in
            try builder.add(KeyCommand(title: "Clear", input: .character("k"), modifierFlags: .command, action: "clear:"),
                            toMenu: .edit)
            try builder.add(KeyCommand(title: "Kill", input: .character("k"), modifierFlags: .command, action: "kill:"),
                            toMenu: .file)
        }
        do {
            _ = try KeyDispatcher(application: app)
            Issue.record("expected a conflict")
        } catch let error as MenuBuildError {
            #expect(error.conflictingCommands?.existing.action == "clear:")
            #expect(error.conflictingCommands?.new.action == "kill:")
            #expect(error.description.contains("\"Clear\"") && error.description.contains("\"Kill\""))
        }
        // Removing the standard command first makes room.
        let app2 = Application()
        app2.menuCustomization = { builder in
            #expect(builder.removeCommands(withShortcut: try KeyShortcut("cmd+w")) == 1)
            try builder.add(KeyCommand(title: "Close Tab", input: .character("w"), modifierFlags: .command, action: "closeTab:"),
                            toMenu: .file)
        }
        _ = try KeyDispatcher(application: app2)
        #expect(app2.mainMenuKeyCommands.contains { $0.action == "closeTab:" })
    }

    /// The builder keeps the shortcuts it holds in step with every change: a shortcut added,
    /// then removed (with its command or its menu), is free again; one added twice clashes.
    @Test func R22_conflictsFollowEveryAdditionAndRemoval() throws {
        var builder = MenuBuilder.standard()
        let clear = KeyCommand(title: "Clear", input: .character("k"), modifierFlags: .command, action: "clear:")
        try builder.add(clear, toMenu: .edit)
        #expect(throws: MenuBuildError.self) { try builder.add(clear, toMenu: .file) }
        #expect(builder.removeCommands(withShortcut: try KeyShortcut("cmd+k")) == 1)
        try builder.add(clear, toMenu: .file)
        try builder.insertChild(Menu(Menu.Identifier(rawValue: "tools"), title: "Tools"), atEndOfMenu: .root)
        let run = KeyCommand(title: "Run", input: .character("r"), modifierFlags: .command, action: "run:")
        try builder.add(run, toMenu: Menu.Identifier(rawValue: "tools"))
        #expect(throws: MenuBuildError.self) { try builder.add(run, toMenu: .edit) }
        try builder.remove(menu: Menu.Identifier(rawValue: "tools"))
        try builder.add(run, toMenu: .edit)
        try builder.replaceChildren(ofMenu: .edit, with: [])
        try builder.add(run, toMenu: .file)
        #expect(builder.root.allKeyCommands.filter { $0.action == "run:" }.count == 1)
    }

    /// `UIMenuBuilder`'s places: either end of a menu, beside a sibling; a menu or group of that
    /// identifier already in the menu cannot be inserted again, and a sibling of the root or an
    /// unknown menu is refused.
    @Test func R22_theBuilderInsertsAtEitherEndOfAMenuAndBesideASibling() throws {
        var builder = MenuBuilder.standard()
        func command(_ title: String, _ shortcut: String) throws -> Menu.Element {
            let parsed = try KeyShortcut(shortcut)
            return .command(KeyCommand(title: title, input: parsed.input, modifierFlags: parsed.modifiers, action: Action(title.lowercased() + ":")))
        }
        try builder.insertChild(Menu("new", options: .displayInline, children: [try command("New", "cmd+n")]), atStartOfMenu: .file)
        try builder.insertSibling(Menu("tools", title: "Tools"), afterMenu: .view)
        try builder.insertSibling(Menu("go", title: "Go"), beforeMenu: "tools")
        try builder.insertElements([try command("First", "ctrl+cmd+1"), try command("Second", "ctrl+cmd+2")], atStartOfMenu: .edit)
        try builder.insertElements([try command("Last", "ctrl+cmd+9")], atEndOfMenu: .edit)
        let tops = builder.root.children.compactMap { element -> String? in
            if case .menu(let menu) = element { return menu.identifier.rawValue }
            return nil
        }
        #expect(tops == ["application", "file", "edit", "format", "view", "go", "tools", "window", "help"])
        guard case .menu(let first)? = builder.menu(.file)?.children.first else {
            Issue.record("File does not start with the inserted group")
            return
        }
        #expect(first.identifier == "new" && first.isInline)
        let editTitles = builder.root.keyCommandsWithMenus.filter { $0.menu == .edit }.map(\.command.title)
        #expect(editTitles.prefix(3) == ["First", "Second", "Undo"] && editTitles.last == "Last")
        #expect(throws: MenuBuildError.self) { try builder.insertSibling(Menu("find"), afterMenu: .edit) }
        #expect(throws: MenuBuildError.self) { try builder.insertSibling(Menu("x"), afterMenu: .root) }
        #expect(throws: MenuBuildError.self) { try builder.insertChild(Menu("y"), atStartOfMenu: "nowhere") }
        #expect(throws: MenuBuildError.self) { try builder.insertElements([try command("Again", "cmd+n")], atEndOfMenu: .view) }
    }

    /// An inline menu's key commands show in its parent, so discovery groups them there; a
    /// submenu's are the submenu's (R22).
    @Test func R22_inlineMenusKeyCommandsBelongToTheirParent() throws {
        let bold = KeyCommand(title: "Bold", input: .character("b"), modifierFlags: .command, action: .toggleBoldface)
        let menu = Menu("format", title: "Format", children: [
            .menu(Menu("style", options: .displayInline, children: [.command(bold)])),
            .menu(Menu("more", title: "More", children: [.menu(Menu("inner", options: .displayInline, children: [
                .command(KeyCommand(title: "Shadow", input: .character("d"), modifierFlags: .command, action: "shadow:")),
            ]))])),
        ])
        #expect(menu.keyCommandsWithMenus.map(\.menu) == ["format", "more"])
    }

    @Test func R22_discoveryGroupsMenusThenRespondersSkippingDisabledAndUntitled() throws {
        let scene = try Scene()
        scene.leaf.declaredKeyCommands = [command("cmd+k", "clear:", title: "Clear"), command("cmd+j", "jump:"),
                                          command("cmd+l", "locked:", title: "Locked"), command("cmd+c", "copyLeaf:", title: "Copy Leaf")]
        for action in ["clear:", "jump:", "locked:", "copyLeaf:"] { scene.leaf.implement(Action(action)) }
        scene.leaf.addValidation(for: "locked:") { $0.attributes.insert(.disabled) }
        scene.root.implement(.copy)
        scene.root.implement(.paste)
        scene.leaf.becomeFirstResponder()
        let groups = scene.dispatcher.discoverableCommands()
        #expect(groups.map(\.title) == ["Edit", "window/root/content/leaf"])
        // The leaf's ⌘C shadows the menu's ⌘C (same identity): it is listed once, as the leaf's.
        #expect(groups[0].commands.map(\.action) == [.paste])
        #expect(groups[1].commands.map(\.action) == ["clear:", "copyLeaf:"])
    }

    @Test func R22_hiddenCommandsFireButAreNeverDiscovered() throws {
        let scene = try Scene()
        let log = ActionLog()
        var secret = command("cmd+k", "secret:", title: "Secret")
        secret.attributes.insert(.hidden)
        scene.leaf.declaredKeyCommands = [secret, command("cmd+j", "shown:", title: "Shown"), command("cmd+l", "hiddenLater:", title: "Later")]
        for action in ["secret:", "shown:", "hiddenLater:"] { scene.leaf.implement(Action(action), handler: log.handler(action)) }
        scene.leaf.addValidation(for: "hiddenLater:") { $0.attributes.insert(.hidden) }  // hidden by validation
        scene.leaf.becomeFirstResponder()
        #expect(scene.dispatcher.dispatch(down("cmd+k")).outcome == .performedCommand)  // R4: it still fires
        #expect(scene.dispatcher.dispatch(down("cmd+l")).outcome == .performedCommand)
        #expect(log.entries == ["secret:", "hiddenLater:"])
        let leafGroup = scene.dispatcher.discoverableCommands().first { $0.responder === scene.leaf }
        #expect(leafGroup?.commands.map(\.action) == ["shown:"])
        // Each identity once, and a command shadowed by a hidden one is not listed in its place (R12).
        scene.content.declaredKeyCommands = [command("cmd+k", "contentK:", title: "Content K")]
        scene.content.implement("contentK:")
        let all = scene.dispatcher.discoverableCommands().flatMap(\.commands)
        #expect(!all.contains { $0.action == "contentK:" || $0.action == "secret:" })
        #expect(Set(all.map(\.identity)).count == all.count)
    }
}
