import KeyTraceCore

/// Builds the main menu (`UIMenuBuilder`), refusing two commands with one shortcut (R22).
///
/// A builder starts with the system menus (``standard()``) holding the standard edit actions of
/// R21; an application customises it in ``Application/buildMenu(with:)``.
public struct MenuBuilder: Sendable {
    /// The menu built so far.
    public private(set) var root: Menu
    /// The first command of each identity in ``root``, kept in step with it, so that adding a
    /// command looks for a clash without collecting every command again; `nil` until first
    /// needed and after anything is removed.
    private var identities: [KeyCommand.Identity: KeyCommand]?

    /// A builder holding `root` as is (its commands are checked for conflicts).
    public init(root: Menu = Menu(.root)) throws {
        self.root = Menu(.root, title: root.title)
        for child in root.children { try place([child], .end(.root)) }
    }

    /// The submenu with `identifier`, or `nil`.
    public func menu(_ identifier: Menu.Identifier) -> Menu? { root.menu(identifier) }

    /// Adds `command` at the end of the menu `identifier`.
    public mutating func add(_ command: KeyCommand, toMenu identifier: Menu.Identifier) throws {
        try place([.command(command)], .end(identifier))
    }

    /// Adds a key-less action at the end of the menu `identifier`.
    public mutating func add(action: Action, title: String, toMenu identifier: Menu.Identifier) throws {
        try place([.action(title: title, action: action)], .end(identifier))
    }

    /// Inserts `elements`, in their order, at the start of the menu `identifier`
    /// (`insertElements(_:atStartOfMenu:)`).
    public mutating func insertElements(_ elements: [Menu.Element], atStartOfMenu identifier: Menu.Identifier) throws {
        try place(elements, .start(identifier))
    }

    /// Inserts `elements`, in their order, at the end of the menu `identifier`
    /// (`insertElements(_:atEndOfMenu:)`).
    public mutating func insertElements(_ elements: [Menu.Element], atEndOfMenu identifier: Menu.Identifier) throws {
        try place(elements, .end(identifier))
    }

    /// Inserts `menu` at the end of the menu `parent`.
    public mutating func insertChild(_ menu: Menu, atEndOfMenu parent: Menu.Identifier) throws {
        try place([.menu(menu)], .end(parent))
    }

    /// Inserts `menu` at the start of the menu `parent`.
    public mutating func insertChild(_ menu: Menu, atStartOfMenu parent: Menu.Identifier) throws {
        try place([.menu(menu)], .start(parent))
    }

    /// Inserts `menu` right after the menu `sibling`, in `sibling`'s parent.
    public mutating func insertSibling(_ menu: Menu, afterMenu sibling: Menu.Identifier) throws {
        try place([.menu(menu)], .after(sibling))
    }

    /// Inserts `menu` right before the menu `sibling`, in `sibling`'s parent.
    public mutating func insertSibling(_ menu: Menu, beforeMenu sibling: Menu.Identifier) throws {
        try place([.menu(menu)], .before(sibling))
    }

    /// Removes the menu `identifier` and everything in it.
    public mutating func remove(menu identifier: Menu.Identifier) throws {
        guard identifier != .root, root.menu(identifier) != nil else { throw MenuBuildError.unknownMenu(identifier) }
        root = MenuBuilder.removing(identifier, from: root)
        identities = nil
    }

    /// Replaces the children of the menu `identifier`.
    public mutating func replaceChildren(ofMenu identifier: Menu.Identifier, with children: [Menu.Element]) throws {
        guard root.menu(identifier) != nil else { throw MenuBuildError.unknownMenu(identifier) }
        _ = root.update(identifier) { $0.children = [] }
        identities = nil
        for child in children { try place([child], .end(identifier)) }
    }

    /// Removes every command whose shortcut is `shortcut`; returns how many were removed.
    @discardableResult
    public mutating func removeCommands(withShortcut shortcut: KeyShortcut) -> Int {
        var removed = 0
        root = MenuBuilder.filtering(root) { element in
            if case .command(let command) = element, command.shortcut == shortcut {
                removed += 1
                return false
            }
            return true
        }
        if removed > 0 { identities = nil }
        return removed
    }

    /// Where ``place(_:_:)`` puts elements: at either end of a menu, or beside a submenu.
    private enum Placement {
        case start(Menu.Identifier), end(Menu.Identifier), before(Menu.Identifier), after(Menu.Identifier)
    }

    /// Puts `elements` where `placement` says, after checking that none of their key commands
    /// clashes with one the menu holds (R22) and that none of their menus exists already.
    private mutating func place(_ elements: [Menu.Element], _ placement: Placement) throws {
        var incoming: [KeyCommand] = []
        var newMenus: [Menu.Identifier] = []
        for element in elements {
            switch element {
            case .command(let command): incoming += command.expandedWithAlternates
            case .menu(let menu):
                incoming += menu.allKeyCommands
                newMenus += menu.allIdentifiers
            case .action: break
            }
        }
        for identifier in newMenus where root.menu(identifier) != nil || newMenus.filter({ $0 == identifier }).count > 1 {
            throw MenuBuildError.duplicateMenu(identifier)
        }
        var seen = identities ?? MenuBuilder.identities(of: root)
        identities = nil  // taken, so that adding to it does not copy it
        // A menu item no key triggers (an empty input) has no shortcut to clash on.
        for command in incoming where !command.isKeyless {
            if let clash = seen[command.identity] { throw MenuBuildError.conflict(existing: clash, new: command) }
            seen[command.identity] = command
        }
        let placed: Bool
        switch placement {
        case .end(let identifier): placed = root.update(identifier) { $0.children += elements }
        case .start(let identifier): placed = root.update(identifier) { $0.children.insert(contentsOf: elements, at: 0) }
        case .after(let sibling):
            placed = sibling != .root && root.updateParent(of: sibling) { $0.children.insert(contentsOf: elements, at: $1 + 1) }
        case .before(let sibling):
            placed = sibling != .root && root.updateParent(of: sibling) { $0.children.insert(contentsOf: elements, at: $1) }
        }
        guard placed else {
            switch placement {
            case .start(let identifier), .end(let identifier), .before(let identifier), .after(let identifier):
                throw MenuBuildError.unknownMenu(identifier)
            }
        }
        identities = seen
    }

    /// The first command of each identity in `menu`.
    private static func identities(of menu: Menu) -> [KeyCommand.Identity: KeyCommand] {
        var seen: [KeyCommand.Identity: KeyCommand] = [:]
        for command in menu.allKeyCommands where seen[command.identity] == nil { seen[command.identity] = command }
        return seen
    }

    private static func removing(_ identifier: Menu.Identifier, from menu: Menu) -> Menu {
        var menu = menu
        menu.children = menu.children.compactMap { element in
            guard case .menu(let submenu) = element else { return element }
            return submenu.identifier == identifier ? nil : .menu(removing(identifier, from: submenu))
        }
        return menu
    }

    private static func filtering(_ menu: Menu, _ keep: (Menu.Element) -> Bool) -> Menu {
        var menu = menu
        menu.children = menu.children.compactMap { element in
            guard keep(element) else { return nil }
            if case .menu(let submenu) = element { return .menu(filtering(submenu, keep)) }
            return element
        }
        return menu
    }
}

extension MenuBuilder {
    /// The system menus with the standard edit actions and their default shortcuts (R21):
    /// ⌘C copy, ⌘X cut, ⌘V paste, ⌥⇧⌘V paste and match style, ⌘Z undo, ⇧⌘Z redo,
    /// ⌘A select all, ⌘B/⌘I/⌘U bold/italic/underline, ⌘+/⌘- bigger/smaller, ⌘F find,
    /// ⌥⌘F find and replace, ⌘G/⇧⌘G find next/previous, ⌘E use selection for find,
    /// ⇧⌘S duplicate, ⌘O open, ⌃⌘S toggle sidebar, ⌘? help, ⌘P print (non-repeatable),
    /// ⌘W close; delete, select, rename, move and export have no key.
    ///
    /// The menus are grouped as UIKit groups them, under `UIMenu.Identifier`'s names (R22):
    /// inline groups (``Menu/Options/displayInline``) and submenus an app can remove or insert
    /// beside. Groups that hold no key command here (``Menu/Identifier/about``,
    /// ``Menu/Identifier/hide``, ``Menu/Identifier/spelling``, …) are where macOS draws its own
    /// items in a Mac Catalyst app's menu bar; the engine dispatches none of those (R24 names the
    /// shortcuts the system takes).
    ///
    /// Built once per process (a builder is a value: each caller changes its own copy).
    public static func standard() -> MenuBuilder { standardMenus }

    private static let standardMenus = buildStandard()

    private static func buildStandard() -> MenuBuilder {
        func command(_ title: String, _ action: Action, _ input: String, _ modifiers: ModifierFlags,
                     repeatBehavior: KeyCommand.RepeatBehavior = .automatic) -> Menu.Element {
            .command(KeyCommand(title: title, input: .character(input), modifierFlags: modifiers,
                                action: action, repeatBehavior: repeatBehavior))
        }
        func group(_ identifier: Menu.Identifier, _ children: [Menu.Element] = []) -> Menu.Element {
            .menu(Menu(identifier, options: .displayInline, children: children))
        }
        func submenu(_ identifier: Menu.Identifier, _ title: String, _ children: [Menu.Element] = []) -> Menu.Element {
            .menu(Menu(identifier, title: title, children: children))
        }
        let application = Menu(.application, title: "Application", children: [
            group(.about), group(.preferences), submenu(.services, "Services"), group(.hide), group(.quit),
        ])
        // The Mac's order: new and open first, then Close and the document's commands, then
        // printing.
        let file = Menu(.file, title: "File", children: [
            group(.newScene),
            group(.open, [command("Open…", .open, "o", .command)]),
            group(.openRecent),
            group(.close, [command("Close", .close, "w", .command)]),
            group(.document, [
                command("Duplicate", .duplicate, "s", [.shift, .command]),
                .action(title: "Rename…", action: .rename),
                .action(title: "Move…", action: .move),
                .action(title: "Export…", action: .export),
            ]),
            group(.importExport),
            group(.print, [command("Print…", .print, "p", .command, repeatBehavior: .nonRepeatable)]),
        ])
        let edit = Menu(.edit, title: "Edit", children: [
            group(.undoRedo, [
                command("Undo", .undo, "z", .command),
                command("Redo", .redo, "z", [.shift, .command]),
            ]),
            group(.standardEdit, [
                command("Cut", .cut, "x", .command),
                command("Copy", .copy, "c", .command),
                command("Paste", .paste, "v", .command),
                command("Paste and Match Style", .pasteAndMatchStyle, "v", [.alternate, .shift, .command]),
                .action(title: "Delete", action: .delete),
                .action(title: "Select", action: .select),
                command("Select All", .selectAll, "a", .command),
            ]),
            submenu(.find, "Find", [
                command("Find…", .find, "f", .command),
                command("Find and Replace…", .findAndReplace, "f", [.alternate, .command]),
                command("Find Next", .findNext, "g", .command),
                command("Find Previous", .findPrevious, "g", [.shift, .command]),
                command("Use Selection for Find", .useSelectionForFind, "e", .command),
            ]),
            submenu(.spelling, "Spelling and Grammar", [group(.spellingPanel), group(.spellingOptions)]),
            submenu(.substitutions, "Substitutions", [group(.substitutionsPanel), group(.substitutionOptions)]),
            submenu(.transformations, "Transformations"),
            submenu(.speech, "Speech"),
        ])
        let format = Menu(.format, title: "Format", children: [
            submenu(.font, "Font", [
                group(.textStyle, [
                    command("Bold", .toggleBoldface, "b", .command),
                    command("Italic", .toggleItalics, "i", .command),
                    command("Underline", .toggleUnderline, "u", .command),
                ]),
                group(.textSize, [
                    command("Bigger", .increaseSize, "+", .command),
                    command("Smaller", .decreaseSize, "-", .command),
                ]),
                group(.textColor),
                group(.textStylePasteboard),
            ]),
            submenu(.text, "Text", [group(.alignment), submenu(.writingDirection, "Writing Direction")]),
        ])
        let view = Menu(.view, title: "View", children: [
            group(.toolbar),
            group(.sidebar, [command("Show Sidebar", .toggleSidebar, "s", [.control, .command])]),
            group(.fullscreen),
        ])
        let window = Menu(.window, title: "Window", children: [group(.minimizeAndZoom), group(.bringAllToFront)])
        let help = Menu(.help, title: "Help", children: [
            command("Help", .showHelp, "?", .command),
        ])
        let root = Menu(.root, children: [
            .menu(application), .menu(file), .menu(edit), .menu(format), .menu(view), .menu(window), .menu(help),
        ])
        // The standard set is conflict-free by construction; a failure here is a programming error
        // caught by the test suite, so fall back to an empty builder rather than trapping.
        return (try? MenuBuilder(root: root)) ?? MenuBuilder.empty
    }

    static let empty = MenuBuilder(uncheckedRoot: Menu(.root))

    private init(uncheckedRoot: Menu) { self.root = uncheckedRoot }
}
