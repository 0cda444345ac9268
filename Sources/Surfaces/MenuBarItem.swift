import KeyTraceCore

/// One thing a menu of the menu bar shows: an item, a submenu, a separator, or Help's search
/// field.
public indirect enum MenuBarItem: Hashable, Sendable {
    /// An item that sends an action.
    case command(MenuBarCommand)
    /// A submenu, drawn as an item with a chevron.
    case submenu(MenuBarMenu)
    /// A line between two sections (an inline group's edge).
    case separator
    /// The search field macOS puts at the top of the Help menu.
    case searchField
}

/// A menu of the menu bar, top-level or a submenu.
public struct MenuBarMenu: Hashable, Sendable {
    /// The main menu's identifier for it (`file`, `find`, `com.example.tools`).
    public var identifier: String
    /// The title drawn for it.
    public var title: String
    /// What it shows, in order, separators included.
    public var items: [MenuBarItem]
}

/// One item of the menu bar, with what the chain answers for it (R14).
public struct MenuBarCommand: Hashable, Sendable {
    /// Where the item comes from.
    public enum Origin: String, Hashable, Sendable {
        /// The app's own main-menu command (the scene's `menus`).
        case app
        /// UIKit's standard main menu (R21): a standard command the app kept.
        case standard
        /// What macOS draws in a standard group (``StandardMenuBarItems``).
        case macOS = "macos"
    }

    /// The title drawn, as validation left it (R14).
    public var title: String
    /// The key equivalent, in Mac notation when printed.
    public var shortcut: KeyShortcut?
    /// The action the item sends.
    public var action: Action
    /// Where the item comes from.
    public var origin: Origin
    /// Whether choosing it would perform its action.
    public var isEnabled: Bool
    /// Why it is enabled or not, for people: which responder performs it, or what stops it.
    public var reason: String
    /// The responder that would perform it (R14), when one of the chain does.
    public var target: String?
    /// The checkmark state (`UIMenuElement.State`).
    public var state: KeyCommand.State
    /// Whether the item is drawn: an untitled or `.hidden` key command is not, though its key
    /// still fires (R4).
    public var isDrawn: Bool
    /// Alternates (`UICommandAlternate`): the items macOS shows instead while their extra
    /// modifiers are held.
    public var alternates: [Alternate]
    /// When a command nearer the first responder has the same shortcut: what the key fires
    /// instead (R12). Choosing the item with the pointer still sends its action.
    public var keyFiresInstead: String?
    /// When the platform keeps the shortcut for itself: what it does with it (R24).
    public var systemTakesKey: String?

    /// An alternate of an item.
    public struct Alternate: Hashable, Sendable {
        /// Its title.
        public var title: String
        /// Its key equivalent (the base's modifiers and its own).
        public var shortcut: KeyShortcut
        /// Its action.
        public var action: Action
    }
}
