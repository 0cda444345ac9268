import KeyTraceCore
import ResponderEngine
import Scenes
import Surfaces
import Testing

/// The Mac menu bar (`scene menubar`) of the fixture scenes, one menu construct each (R22, R14).
@Suite struct MenuBarTests {
    @Test func R22_theMenuBarDrawsTheStandardMenusInOrderWithWhatMacOSAdds() throws {
        let bar = try menuBar("insert-start-end")
        #expect(bar.menus.map(\.title) == ["insert-start-end", "File", "Edit", "Format", "View", "Window", "Help"])
        #expect(bar.menus[0].outline == [
            "About insert-start-end", "--", "Settings…", "--", "Services ▸", "--",
            "Hide insert-start-end", "Hide Others", "Show All", "--", "Quit insert-start-end",
        ])
        #expect(bar.menu("Edit")?.outline.prefix(11) == [
            "Undo", "Redo", "--", "Cut", "Copy", "Paste", "Paste and Match Style", "Delete", "Select", "Select All", "--",
        ])
        #expect(bar.menu("Edit")?.submenu("Find")?.outline.last == "Jump to Selection")
        #expect(bar.menu("Edit")?.submenu("Spelling and Grammar")?.outline == [
            "Show Spelling and Grammar", "Check Document Now", "--",
            "Check Spelling While Typing", "Check Grammar With Spelling", "Correct Spelling Automatically",
        ])
        #expect(bar.menu("Format")?.outline == ["Font ▸", "Text ▸"])
        #expect(bar.menu("Format")?.submenu("Font")?.outline == [
            "Show Fonts", "--", "Bold", "Italic", "Underline", "--", "Bigger", "Smaller", "--", "Show Colors", "--",
            "Copy Style", "Paste Style",
        ])
        #expect(bar.menu("View")?.outline == ["Show Toolbar", "Customize Toolbar…", "--", "Show Sidebar", "--", "Enter Full Screen"])
        #expect(bar.menu("Window")?.outline == ["Minimize", "Zoom", "--", "Bring All to Front"])
        #expect(bar.menu("Help")?.outline == ["[Search]", "Help"])
        // Mac notation, Mac order (⌃⌥⇧⌘).
        #expect(bar.menu("insert-start-end")?.command("Hide Others")?.shortcut?.description == "⌥⌘H")
        #expect(bar.menu("Edit")?.command("Paste and Match Style")?.shortcut?.description == "⌥⇧⌘V")
        #expect(bar.menu("Edit")?.command("Emoji & Symbols")?.shortcut?.description == "⌃⌘Space")
    }

    @Test func R6_anUppercaseKeyIsDrawnWithShiftAsTheMacReadsIt() throws {
        let bar = try menuBar("uppercase-key")
        #expect(bar.menu("Windows")?.command("New Window")?.shortcut?.description == "⇧⌘N")
        #expect(bar.menu("Windows")?.command("New Note")?.shortcut?.description == "⌃⌘N")
    }

    @Test func R22_commandsInsertedAtTheStartOrEndOfAStandardMenuAreDrawnThere() throws {
        let bar = try menuBar("insert-start-end")
        let file = try #require(bar.menu("File"))
        #expect(file.outline == ["New Note", "--", "Open…", "--", "Close", "--", "Duplicate", "Rename…", "Move…", "Export…", "--", "Print…"])
        let newNote = try #require(file.command("New Note"))
        #expect(newNote.origin == .app && newNote.isEnabled && newNote.target == "window/notes")
        // Added at the end of Edit: after the standard submenus, before what the system adds last.
        let edit = try #require(bar.menu("Edit"))
        #expect(Array(edit.outline.suffix(5)) == ["Speech ▸", "Clear", "--", "Start Dictation…", "Emoji & Symbols"])
        #expect(edit.command("Clear")?.shortcut?.description == "⌘K")
    }

    @Test func R14_anItemIsEnabledOnlyWhenTheChainPerformsItsAction() throws {
        let bar = try menuBar("insert-start-end")
        let open = try #require(bar.menu("File")?.command("Open…"))
        #expect(!open.isEnabled && open.origin == .standard && open.reason == "nothing in the chain performs open:")
        #expect(bar.menu("Edit")?.command("Copy")?.isEnabled == false)
        let about = try #require(bar.menu("insert-start-end")?.command("About insert-start-end"))
        #expect(about.isEnabled && about.origin == .macOS && about.reason == "macOS performs it")
        // Text items wait for a text input or a responder that performs them; the toolbar's for a toolbar.
        #expect(bar.menu("Edit")?.command("Make Upper Case")?.isEnabled == false)
        #expect(bar.menu("View")?.command("Show Toolbar")?.isEnabled == false)
    }

    @Test func R14_textItemsAreEnabledWhileATextInputIsFirstResponder() throws {
        let runtime = try SceneRuntime(contentsOf: "bundled:text-editor")
        runtime.application.platformVersion = PlatformVersion(.catalyst)
        let dispatcher = try runtime.makeDispatcher(policy: .uikit, clock: nil)
        let bar = MenuBar(scene: "text-editor", appName: "Text Editor", dispatcher: dispatcher)
        let upper = try #require(bar.menu("Edit")?.command("Make Upper Case"))
        #expect(upper.isEnabled && upper.reason.hasPrefix("the text input "))
        #expect(bar.menu("Edit")?.command("Copy")?.isEnabled == true)
        #expect(bar.menus.first?.title == "Text Editor")
    }

    @Test func R22_aCustomMenuAfterViewSitsBeforeWindowAndOneAtTheEndAfterHelp() throws {
        let bar = try menuBar("custom-after-view")
        #expect(bar.menus.map(\.title) == ["custom-after-view", "File", "Edit", "Format", "View", "Tools", "Window", "Help", "Debug"])
        #expect(bar.menu("Tools")?.command("Run")?.isEnabled == true)
        #expect(bar.menu("Tools")?.command("New Tab")?.isEnabled == false)
    }

    @Test func R24_itemsSayWhenAnotherItemOrTheSystemHasTheirKey() throws {
        let bar = try menuBar("custom-after-view")
        #expect(bar.sharedShortcuts.map(\.shortcut.description) == ["⌘T", "⌘M"])
        #expect(bar.sharedShortcuts.first?.places == ["Format ▸ Font ▸ Show Fonts", "Tools ▸ New Tab"])
        let memory = try #require(bar.menu("Debug")?.command("Memory Report"))
        #expect(memory.systemTakesKey?.hasPrefix("Minimize") == true)
        #expect(bar.menu("Window")?.command("Minimize")?.systemTakesKey == nil)
    }

    @Test func R12_anItemSaysWhatItsKeyFiresWhenACommandNearerTheFirstResponderHasIt() throws {
        let runtime = try SceneRuntime(contentsOf: "bundled:pdf-viewer")
        let dispatcher = try runtime.makeDispatcher(policy: .uikit, clock: nil)
        let bar = MenuBar(scene: "pdf-viewer", appName: "PDF Viewer", dispatcher: dispatcher)
        let close = try #require(bar.menu("File")?.command("Close"))
        #expect(close.keyFiresInstead == "Close Tab (window/viewer)")
        let document = try #require(bar.menu("Document"))
        #expect(document.command("Add Bookmark")?.origin == .app)
    }

    /// Items no key triggers (`UICommand`s, an empty input) share no key equivalent: none says
    /// another one's key fires instead of it, and the bar lists no shared key for them.
    @Test func R12_itemsWithoutAKeyShareNoKeyEquivalent() throws {
        let bar = try menuBar("keyless-items")
        let library = try #require(bar.menu("Library"))
        #expect(library.outline == ["Import…", "Export…", "Show Files"])
        for title in ["Import…", "Export…", "Show Files"] {
            let item = try #require(library.command(title))
            #expect(item.shortcut == nil, "\(title)")
            #expect(item.keyFiresInstead == nil, "\(title)")
        }
        #expect(library.command("Export…")?.isEnabled == true)
        #expect(library.command("Import…")?.isEnabled == false)
        #expect(bar.sharedShortcuts.isEmpty)
    }

    @Test func R22_aRemovedStandardMenuIsNotDrawnAndItsKeysAreGone() throws {
        let (runtime, dispatcher) = try loadFixture("removed-format")
        let bar = MenuBar(scene: "removed-format", appName: "removed-format", dispatcher: dispatcher)
        #expect(bar.menus.map(\.title) == ["removed-format", "File", "Edit", "View", "Window", "Help"])
        #expect(!runtime.application.mainMenuKeyCommands.contains { $0.action == .toggleBoldface })
        #expect(!bar.drawnCommands.contains { $0.command.title == "Show Fonts" })
    }

    @Test func R22_anInlineGroupIsDrawnBetweenSeparatorsWithItsCheckmarks() throws {
        let bar = try menuBar("inline-group")
        let sort = try #require(bar.menu("Sort"))
        #expect(sort.outline == ["Sort by Name", "--", "Ascending", "Descending"])
        #expect(sort.command("Ascending")?.state == .on)
        #expect(sort.command("Ascending")?.shortcut?.description == "⌃⌘↑")
        // Its commands belong to Sort, for discovery too.
        let (_, dispatcher) = try loadFixture("inline-group", platform: .ipad)
        #expect(dispatcher.discoverableCommands().first?.title == "Sort")
    }

    @Test func R14_anItemValidationDisablesIsDrawnDisabledWithItsReason() throws {
        let bar = try menuBar("validation-disabled")
        let archive = try #require(bar.menu("Message")?.command("Archive"))
        #expect(!archive.isEnabled && archive.target == "window/mailbox")
        #expect(archive.reason == "window/mailbox's validate(_:) disables it")
        #expect(bar.menu("Message")?.command("Flag")?.isEnabled == true)
    }

    @Test func R4_anUntitledMenuCommandIsNotDrawnButItsKeyStillFires() throws {
        let (runtime, dispatcher) = try loadFixture("untitled")
        let bar = MenuBar(scene: "untitled", appName: "untitled", dispatcher: dispatcher)
        let go = try #require(bar.menu("Go"))
        let secret = try #require(go.command(""))
        #expect(!secret.isDrawn && secret.isEnabled && secret.shortcut?.description == "⌘K")
        #expect(!bar.drawnCommands.contains { $0.command.action == "secret:" })
        #expect(bar.text.contains("(not drawn: no title)"))
        let press = KeyPress(.began, HIDUsage(0x0E), modifiers: .command, layout: runtime.application.keyboardLayout)
        #expect(dispatcher.dispatch(press).action == "secret:")
    }

    @Test func R22_aCommandOnlyInKeyCommandsIsNotInTheMenuBar() throws {
        let bar = try menuBar("keycommands-only")
        #expect(!bar.drawnCommands.contains { ["refresh:", "nextItem:"].contains($0.command.action) })
        #expect(bar.menu("Feed")?.outline == ["Mark All Read"])
    }

    @Test func theMenuBarIsWrittenAsTextJSONAndHTML() throws {
        let bar = try menuBar("validation-disabled")
        #expect(bar.text.hasPrefix("Menu bar of validation-disabled on Mac Catalyst 27.0, first responder window/mailbox\n"))
        #expect(bar.text.contains("\nMessage\n"))
        #expect(bar.json.contains(#""title":"Archive","shortcut":"⌃⌘A","text":"ctrl+cmd+a","action":"archive:","origin":"app","enabled":false"#))
        #expect(bar.html.contains(#"<li class="item disabled" data-action="archive:" data-origin="app""#))
        #expect(!bar.html.contains("<script"))
    }
}
