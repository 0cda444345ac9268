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
        for child in root.children { try append(child, to: .root) }
    }

    /// The submenu with `identifier`, or `nil`.
    public func menu(_ identifier: Menu.Identifier) -> Menu? { root.menu(identifier) }

    /// Adds `command` at the end of the menu `identifier`.
    public mutating func add(_ command: KeyCommand, toMenu identifier: Menu.Identifier) throws {
        try append(.command(command), to: identifier)
    }

    /// Adds a key-less action at the end of the menu `identifier`.
    public mutating func add(action: Action, title: String, toMenu identifier: Menu.Identifier) throws {
        try append(.action(title: title, action: action), to: identifier)
    }

    /// Inserts `menu` at the end of the menu `parent`.
    public mutating func insertChild(_ menu: Menu, atEndOfMenu parent: Menu.Identifier) throws {
        guard root.menu(menu.identifier) == nil else { throw MenuBuildError.duplicateMenu(menu.identifier) }
        try append(.menu(menu), to: parent)
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
        for child in children { try append(child, to: identifier) }
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

    private mutating func append(_ element: Menu.Element, to identifier: Menu.Identifier) throws {
        let incoming: [KeyCommand]
        switch element {
        case .command(let command): incoming = command.expandedWithAlternates
        case .menu(let menu): incoming = menu.allKeyCommands
        case .action: incoming = []
        }
        var seen = identities ?? MenuBuilder.identities(of: root)
        identities = nil  // taken, so that adding to it does not copy it
        for command in incoming {
            if let clash = seen[command.identity] { throw MenuBuildError.conflict(existing: clash, new: command) }
            seen[command.identity] = command
        }
        guard root.update(identifier, { $0.children.append(element) }) else {
            throw MenuBuildError.unknownMenu(identifier)
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
    /// Built once per process (a builder is a value: each caller changes its own copy).
    public static func standard() -> MenuBuilder { standardMenus }

    private static let standardMenus = buildStandard()

    private static func buildStandard() -> MenuBuilder {
        func command(_ title: String, _ action: Action, _ input: String, _ modifiers: ModifierFlags,
                     repeatBehavior: KeyCommand.RepeatBehavior = .automatic) -> Menu.Element {
            .command(KeyCommand(title: title, input: .character(input), modifierFlags: modifiers,
                                action: action, repeatBehavior: repeatBehavior))
        }
        let file = Menu(.file, title: "File", children: [
            command("Open…", .open, "o", .command),
            command("Duplicate", .duplicate, "s", [.shift, .command]),
            .action(title: "Rename…", action: .rename),
            .action(title: "Move…", action: .move),
            .action(title: "Export…", action: .export),
            command("Print…", .print, "p", .command, repeatBehavior: .nonRepeatable),
            command("Close", .close, "w", .command),
        ])
        let edit = Menu(.edit, title: "Edit", children: [
            command("Undo", .undo, "z", .command),
            command("Redo", .redo, "z", [.shift, .command]),
            command("Cut", .cut, "x", .command),
            command("Copy", .copy, "c", .command),
            command("Paste", .paste, "v", .command),
            command("Paste and Match Style", .pasteAndMatchStyle, "v", [.alternate, .shift, .command]),
            .action(title: "Delete", action: .delete),
            .action(title: "Select", action: .select),
            command("Select All", .selectAll, "a", .command),
            .menu(Menu("find", title: "Find", children: [
                command("Find…", .find, "f", .command),
                command("Find and Replace…", .findAndReplace, "f", [.alternate, .command]),
                command("Find Next", .findNext, "g", .command),
                command("Find Previous", .findPrevious, "g", [.shift, .command]),
                command("Use Selection for Find", .useSelectionForFind, "e", .command),
            ])),
        ])
        let format = Menu(.format, title: "Format", children: [
            command("Bold", .toggleBoldface, "b", .command),
            command("Italic", .toggleItalics, "i", .command),
            command("Underline", .toggleUnderline, "u", .command),
            command("Bigger", .increaseSize, "+", .command),
            command("Smaller", .decreaseSize, "-", .command),
        ])
        let view = Menu(.view, title: "View", children: [
            command("Show Sidebar", .toggleSidebar, "s", [.control, .command]),
        ])
        let help = Menu(.help, title: "Help", children: [
            command("Help", .showHelp, "?", .command),
        ])
        let root = Menu(.root, children: [
            .menu(Menu(.application, title: "Application")),
            .menu(file), .menu(edit), .menu(format), .menu(view),
            .menu(Menu(.window, title: "Window")), .menu(help),
        ])
        // The standard set is conflict-free by construction; a failure here is a programming error
        // caught by the test suite, so fall back to an empty builder rather than trapping.
        return (try? MenuBuilder(root: root)) ?? MenuBuilder.empty
    }

    static let empty = MenuBuilder(uncheckedRoot: Menu(.root))

    private init(uncheckedRoot: Menu) { self.root = uncheckedRoot }
}
