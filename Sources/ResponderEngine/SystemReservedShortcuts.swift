import KeyTraceCore

/// Shortcuts the system keeps for itself: a key command with one of them never reaches the app.
///
/// From Apple Support's *Mac keyboard shortcuts* (HT201236) and the iPad User Guide's *Use
/// keyboard shortcuts on iPad* (docs/SceneImport.md lists them). The importer's
/// `system-reserved` finding and `keytrace scene diff`'s conflicts both read this table.
public enum SystemReservedShortcuts {
    /// Each reserved shortcut in text notation (``KeyShortcut/textNotation``), with what the
    /// system does with it.
    public static let byNotation: [String: String] = [
        "cmd+h": "iPadOS: Home Screen; macOS: Hide",
        "cmd+tab": "app switcher",
        "shift+cmd+tab": "app switcher",
        "cmd+space": "Spotlight",
        "shift+cmd+3": "screenshot",
        "shift+cmd+4": "screenshot",
        "shift+cmd+5": "screenshot",
        "opt+cmd+d": "iPadOS: Dock",
        "cmd+q": "macOS: Quit (Mac Catalyst's own menu)",
        "cmd+m": "macOS: Minimize (Mac Catalyst's own menu)",
        "ctrl+cmd+space": "emoji & symbols",
        "ctrl+cmd+q": "macOS: Lock Screen",
        "ctrl+cmd+f": "macOS: full screen (Mac Catalyst's own menu)",
    ]

    /// What the system does with `shortcut`, or `nil` when the app may use it.
    public static func reason(for shortcut: KeyShortcut) -> String? {
        byNotation[shortcut.textNotation]
    }
}
