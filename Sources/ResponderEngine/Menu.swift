import KeyTraceCore

/// A menu of the main menu system (`UIMenu`): commands, key-less actions and submenus.
public struct Menu: Hashable, Sendable {
    /// A menu's identifier (`UIMenu.Identifier`).
    public struct Identifier: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
        CustomStringConvertible {
        /// The identifier's text, e.g. `edit`; scene files name menus by it (`id`, `parent`).
        public let rawValue: String
        /// Creates an identifier from its text; any string names a menu, standard or custom.
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.rawValue = value }
        public var description: String { rawValue }

        /// The main menu itself, parent of the top-level menus (`UIMenu.Identifier.root`).
        public static let root: Identifier = "root"
        /// The application menu; empty in the standard main menu.
        public static let application: Identifier = "application"
        /// The File menu: ⌘O Open, ⇧⌘S Duplicate, ⌘P Print, ⌘W Close, and key-less Rename, Move,
        /// Export (R21).
        public static let file: Identifier = "file"
        /// The Edit menu: undo and redo, cut, copy and paste, Select All and the Find submenu (R21).
        public static let edit: Identifier = "edit"
        /// The Format menu: ⌘B, ⌘I, ⌘U text styles, ⌘+ Bigger and ⌘- Smaller (R21).
        public static let format: Identifier = "format"
        /// The View menu: ⌃⌘S Show Sidebar (R21).
        public static let view: Identifier = "view"
        /// The Window menu; empty in the standard main menu.
        public static let window: Identifier = "window"
        /// The Help menu: ⌘? Help (R21).
        public static let help: Identifier = "help"
    }

    /// One item of a menu.
    public enum Element: Hashable, Sendable {
        /// A key command.
        case command(KeyCommand)
        /// A command without a key (`UICommand`): reachable from the menu bar only.
        case action(title: String, action: Action)
        /// A submenu.
        case menu(Menu)
    }

    /// The identifier.
    public var identifier: Identifier
    /// The title.
    public var title: String
    /// The items, in order.
    public var children: [Element]

    /// Creates a menu.
    public init(_ identifier: Identifier, title: String = "", children: [Element] = []) {
        self.identifier = identifier
        self.title = title
        self.children = children
    }

    /// Every key command in this menu and its submenus, depth-first, alternates expanded
    /// right after their base (R4), with the identifier of the menu holding each.
    public var keyCommandsWithMenus: [(command: KeyCommand, menu: Identifier)] {
        var result: [(KeyCommand, Identifier)] = []
        for child in children {
            switch child {
            case .command(let command):
                result += command.expandedWithAlternates.map { ($0, identifier) }
            case .action: break
            case .menu(let submenu): result += submenu.keyCommandsWithMenus
            }
        }
        return result
    }

    /// Every key command in this menu and its submenus (see ``keyCommandsWithMenus``).
    public var allKeyCommands: [KeyCommand] { keyCommandsWithMenus.map(\.command) }

    /// The submenu with `identifier` (or this menu), searching depth-first.
    public func menu(_ identifier: Identifier) -> Menu? {
        if self.identifier == identifier { return self }
        for case .menu(let submenu) in children {
            if let found = submenu.menu(identifier) { return found }
        }
        return nil
    }

    mutating func update(_ identifier: Identifier, _ body: (inout Menu) throws -> Void) rethrows -> Bool {
        if self.identifier == identifier {
            try body(&self)
            return true
        }
        for index in children.indices {
            guard case .menu(var submenu) = children[index] else { continue }
            if try submenu.update(identifier, body) {
                children[index] = .menu(submenu)
                return true
            }
        }
        return false
    }
}
