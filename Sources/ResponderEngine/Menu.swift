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
        /// The application menu: the inline groups ``about``, ``preferences``, ``hide`` and
        /// ``quit`` and the ``services`` submenu, all without key commands (what macOS puts in
        /// them is drawn by the menu bar, not dispatched).
        public static let application: Identifier = "application"
        /// The File menu: the inline groups ``newScene`` (empty; iPadOS 26 names it `.newItem`),
        /// ``open`` (⌘O Open), ``openRecent`` (empty), ``close`` (⌘W), ``document`` (⇧⌘S
        /// Duplicate and key-less Rename, Move, Export), ``importExport`` (empty) and ``print``
        /// (⌘P) (R21).
        public static let file: Identifier = "file"
        /// The Edit menu: the inline groups ``undoRedo`` and ``standardEdit``, the ``find``
        /// submenu, and the ``spelling``, ``substitutions``, ``transformations`` and ``speech``
        /// submenus (R21).
        public static let edit: Identifier = "edit"
        /// The Format menu: the ``font`` submenu (⌘B, ⌘I, ⌘U text styles, ⌘+ Bigger and ⌘-
        /// Smaller, R21) and the ``text`` submenu.
        public static let format: Identifier = "format"
        /// The View menu: the inline groups ``toolbar``, ``sidebar`` (⌃⌘S Show Sidebar, R21) and
        /// ``fullscreen``.
        public static let view: Identifier = "view"
        /// The Window menu: the inline groups ``minimizeAndZoom`` and ``bringAllToFront``.
        public static let window: Identifier = "window"
        /// The Help menu: ⌘? Help (R21).
        public static let help: Identifier = "help"

        // The standard groups inside the top-level menus, named as `UIMenu.Identifier` names them.
        // An app removes them or inserts next to them by these names; the groups without key
        // commands hold what macOS draws there in a Mac Catalyst app's menu bar.

        /// The About item's group of the application menu (`.about`).
        public static let about: Identifier = "about"
        /// The Settings item's group of the application menu (`.preferences`).
        public static let preferences: Identifier = "preferences"
        /// The Services submenu of the application menu (`.services`).
        public static let services: Identifier = "services"
        /// The Hide, Hide Others and Show All group of the application menu (`.hide`).
        public static let hide: Identifier = "hide"
        /// The Quit item's group of the application menu (`.quit`).
        public static let quit: Identifier = "quit"
        /// The new-window group that opens File (`.newScene`): empty until the app adds to it
        /// (SwiftUI's `CommandGroupPlacement.newItem`).
        public static let newScene: Identifier = "newScene"
        /// Open…'s group of File (`.open`).
        public static let open: Identifier = "open"
        /// The Open Recent group of File (`.openRecent`): empty, as in an app that is not
        /// document-based, until the app adds to it.
        public static let openRecent: Identifier = "openRecent"
        /// Where SwiftUI's `CommandGroupPlacement.importExport` puts its commands in File, after
        /// the document's commands: empty until the app adds to it. UIKit names no such group;
        /// SwiftUI does.
        public static let importExport: Identifier = "importExport"
        /// Duplicate, Rename…, Move… and Export…, inline in File (`.document`), which Mac Catalyst
        /// adds by default (SwiftUI's `.saveItem`).
        public static let document: Identifier = "document"
        /// Print…'s group of File (`.print`).
        public static let print: Identifier = "print"
        /// Close's group of File (`.close`).
        public static let close: Identifier = "close"
        /// Undo and Redo, inline in Edit (`.undoRedo`).
        public static let undoRedo: Identifier = "undoRedo"
        /// Cut, Copy, Paste, Paste and Match Style, Delete, Select, Select All, inline in Edit
        /// (`.standardEdit`).
        public static let standardEdit: Identifier = "standardEdit"
        /// The Find submenu of Edit (`.find`).
        public static let find: Identifier = "find"
        /// The Spelling and Grammar submenu of Edit (`.spelling`), holding ``spellingPanel`` and
        /// ``spellingOptions``.
        public static let spelling: Identifier = "spelling"
        /// The spelling panel's group (`.spellingPanel`).
        public static let spellingPanel: Identifier = "spellingPanel"
        /// The spelling options' group (`.spellingOptions`).
        public static let spellingOptions: Identifier = "spellingOptions"
        /// The Substitutions submenu of Edit (`.substitutions`), holding ``substitutionsPanel``
        /// and ``substitutionOptions``.
        public static let substitutions: Identifier = "substitutions"
        /// The substitutions panel's group (`.substitutionsPanel`).
        public static let substitutionsPanel: Identifier = "substitutionsPanel"
        /// The substitution options' group (`.substitutionOptions`).
        public static let substitutionOptions: Identifier = "substitutionOptions"
        /// The Transformations submenu of Edit (`.transformations`).
        public static let transformations: Identifier = "transformations"
        /// The Speech submenu of Edit (`.speech`).
        public static let speech: Identifier = "speech"
        /// The Font submenu of Format (`.font`): ``textStyle``, ``textSize``, ``textColor``,
        /// ``textStylePasteboard``.
        public static let font: Identifier = "font"
        /// Bold, Italic, Underline, inline in Font (`.textStyle`).
        public static let textStyle: Identifier = "textStyle"
        /// Bigger and Smaller, inline in Font (`.textSize`).
        public static let textSize: Identifier = "textSize"
        /// The colour panel's group in Font (`.textColor`).
        public static let textColor: Identifier = "textColor"
        /// Copy Style and Paste Style's group in Font (`.textStylePasteboard`).
        public static let textStylePasteboard: Identifier = "textStylePasteboard"
        /// The Text submenu of Format (`.text`): ``alignment`` and ``writingDirection``.
        public static let text: Identifier = "text"
        /// The alignment group of Text (`.alignment`).
        public static let alignment: Identifier = "alignment"
        /// The Writing Direction submenu of Text (`.writingDirection`).
        public static let writingDirection: Identifier = "writingDirection"
        /// The toolbar group of View (`.toolbar`).
        public static let toolbar: Identifier = "toolbar"
        /// The sidebar group of View (`.sidebar`): ⌃⌘S Show Sidebar (R21).
        public static let sidebar: Identifier = "sidebar"
        /// The full-screen group of View (`.fullscreen`).
        public static let fullscreen: Identifier = "fullscreen"
        /// Minimize and Zoom's group of Window (`.minimizeAndZoom`).
        public static let minimizeAndZoom: Identifier = "minimizeAndZoom"
        /// Bring All to Front's group of Window (`.bringAllToFront`).
        public static let bringAllToFront: Identifier = "bringAllToFront"
    }

    /// How a menu is shown (`UIMenu.Options`).
    public struct Options: OptionSet, Hashable, Sendable {
        /// The option bits.
        public let rawValue: UInt8
        /// Creates options from their bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The menu's items are shown in its parent between separators instead of as a submenu
        /// (`.displayInline`); its key commands belong, for discovery, to the parent (R22).
        public static let displayInline = Options(rawValue: 1 << 0)
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
    /// How the menu is shown: inline in its parent, or as a submenu.
    public var options: Options

    /// Creates a menu.
    public init(_ identifier: Identifier, title: String = "", options: Options = [], children: [Element] = []) {
        self.identifier = identifier
        self.title = title
        self.options = options
        self.children = children
    }

    /// Whether the menu is shown inline in its parent (``Options/displayInline``).
    public var isInline: Bool { options.contains(.displayInline) }

    /// Every key command in this menu and its submenus, depth-first, alternates expanded
    /// right after their base (R4), with the identifier of the menu holding each: the nearest
    /// menu that is not inline, since an inline menu's items show in its parent.
    public var keyCommandsWithMenus: [(command: KeyCommand, menu: Identifier)] {
        var result: [(command: KeyCommand, menu: Identifier)] = []
        collectKeyCommands(into: &result, holder: identifier)
        return result
    }

    private func collectKeyCommands(into result: inout [(command: KeyCommand, menu: Identifier)], holder: Identifier) {
        for child in children {
            switch child {
            case .command(let command):
                for expanded in command.expandedWithAlternates { result.append((expanded, holder)) }
            case .action: break
            case .menu(let submenu):
                submenu.collectKeyCommands(into: &result, holder: submenu.isInline ? holder : submenu.identifier)
            }
        }
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

    /// The identifiers of this menu and every submenu, depth-first.
    public var allIdentifiers: [Identifier] {
        var result = [identifier]
        for case .menu(let submenu) in children { result += submenu.allIdentifiers }
        return result
    }

    /// Runs `body` on the menu whose children include the submenu `identifier`, with that
    /// submenu's index; `false` when no menu holds it.
    mutating func updateParent(of identifier: Identifier, _ body: (inout Menu, Int) throws -> Void) rethrows -> Bool {
        if let index = children.firstIndex(where: { if case .menu(let m) = $0 { return m.identifier == identifier }; return false }) {
            try body(&self, index)
            return true
        }
        for index in children.indices {
            guard case .menu(var submenu) = children[index] else { continue }
            if try submenu.updateParent(of: identifier, body) {
                children[index] = .menu(submenu)
                return true
            }
        }
        return false
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
