import KeyTraceCore

/// Something about one of the app's commands that only shows on one platform: what the Mac menu
/// bar or the iPad ⌘-hold overlay makes of it, or what every screen of the scene makes of it.
public struct PlatformFinding: Hashable, Sendable {
    /// The kinds, each a rule of its own (``PlatformFindings/rules``).
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A responder's `keyCommands` command the main menu does not hold: it works on the Mac
        /// but the menu bar never shows it (Mac Catalyst).
        case notInMenuBar = "not-in-menu-bar"
        /// A menu item without a key equivalent whose action has one by convention (`save:` ⌘S,
        /// `find:` ⌘F, …).
        case noConventionalShortcut = "no-conventional-shortcut"
        /// An app command on a key equivalent one of the platform's standard menu items shows
        /// (⌘, Settings, ⌘W Close, ⌘Q Quit, ⌘M Minimize, ⌘H Hide, ⌘T Show Fonts …; Mac Catalyst).
        case standardShortcutTaken = "standard-shortcut-taken"
        /// A command without the title the platform shows: the Mac menu bar draws an item's
        /// `title`; the iPad overlay lists the discoverability title, else the title.
        case untitled = "untitled-on-platform"
        /// A command disabled on every screen the scene has (validations, `disabled`).
        case disabledOnEveryScreen = "disabled-on-every-screen"
    }

    /// The kind.
    public var kind: Kind
    /// The platform it applies to.
    public var platform: Platform
    /// What is wrong and what to do, for people.
    public var message: String
    /// Where the command is: the declaring responder's path, or `menu:ID` for a main-menu item
    /// (the menu holding it).
    public var responder: String
    /// The command's action.
    public var action: String
    /// Its shortcut, `nil` for a key-less menu item.
    public var shortcut: KeyShortcut?

    /// The identifier `scene diff` compares findings by (and an approval file lists):
    /// `finding KIND RESPONDER ACTION SHORTCUT`.
    public var id: String {
        "finding \(kind.rawValue) \(responder) \(action)" + (shortcut.map { " \($0.textNotation)" } ?? "")
    }

    /// One line for people: `KIND RESPONDER: MESSAGE`.
    public var summary: String { "\(kind.rawValue) \(responder): \(message)" }
}
