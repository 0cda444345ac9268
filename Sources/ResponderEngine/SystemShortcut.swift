import KeyTraceCore

/// A shortcut the system keeps for itself on one platform: a key-down with it never reaches the
/// app's responders (no `keyCommands` read, no `pressesBegan`), and neither do its repeats and
/// its key-up. The engine resolves such a press as ``DispatchOutcome/system``.
///
/// Each entry is one row of ``SystemShortcuts/table``; docs/Rules.md lists the table with its
/// sources.
public struct SystemShortcut: Hashable, Sendable {
    /// Where a row comes from: a page Apple publishes.
    public struct Source: Hashable, Sendable {
        /// The page's title.
        public let title: String
        /// Its address.
        public let address: String

        /// Apple's Human Interface Guidelines, *Keyboards*, the table of standard keyboard shortcuts.
        public static let hig = Source(
            title: "Human Interface Guidelines: Keyboards (standard keyboard shortcuts)",
            address: "https://developer.apple.com/design/human-interface-guidelines/keyboards")
        /// Apple Support, *Mac keyboard shortcuts* (HT201236).
        public static let macKeyboardShortcuts = Source(
            title: "Apple Support: Mac keyboard shortcuts (HT201236)",
            address: "https://support.apple.com/en-us/HT201236")
        /// A developer's report that iPadOS takes ⌘H before the app (Blink Shell).
        public static let iPadCommandH = Source(
            title: "blinksh/blink#506: Cmd+H is a system level shortcut",
            address: "https://github.com/blinksh/blink/issues/506")
        /// A developer's report that iPadOS routes ⌘Space to Search, never to the app.
        public static let iPadCommandSpace = Source(
            title: "hugeBlack/OpenParsec#54: a system level shortcut is not routed to the app",
            address: "https://github.com/hugeBlack/OpenParsec/issues/54")
    }

    /// The shortcut (⌃⌥⇧⌘ and an input).
    public let shortcut: KeyShortcut
    /// The platform that takes it.
    public let platform: Platform
    /// What the system does with it, for people.
    public let effect: String
    /// Where the row comes from.
    public let source: Source

    /// A row: `modifiers` and `input` make the shortcut. The table is built from values, not
    /// parsed from notation, so that a process that only looks rows up (the importer) pays for
    /// no parsing.
    init(_ modifiers: ModifierFlags, _ input: KeyInput, _ platform: Platform, _ effect: String,
         _ source: Source) {
        self.shortcut = KeyShortcut(input: input, modifiers: modifiers)
        self.platform = platform
        self.effect = effect
        self.source = source
    }
}
