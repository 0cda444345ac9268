import KeyTraceCore

/// The shortcuts each platform keeps for itself (``SystemShortcut``), and the question the
/// engine, `scene import` and `scene diff` ask of them.
///
/// UIKit's documentation says "the system always has the first opportunity to handle key
/// commands" (`UIKeyCommand`); which shortcuts it takes is listed by Apple's standard keyboard
/// shortcuts (HIG, *Keyboards*), Apple Support's *Mac keyboard shortcuts*, and, for iPadOS, by
/// developers who found them never reaching their apps. docs/Rules.md (R24) lists the table with
/// every row's source; `SystemShortcutConformanceTests` tests each row on both platforms.
public enum SystemShortcuts {
    /// Every row, iPadOS first, then macOS.
    public static let table: [SystemShortcut] = [
        SystemShortcut("cmd+h", .ipad, "Home Screen", .iPadCommandH),
        SystemShortcut("cmd+space", .ipad, "Search", .iPadCommandSpace),
        SystemShortcut("cmd+tab", .ipad, "app switcher: next app", .hig),
        SystemShortcut("shift+cmd+tab", .ipad, "app switcher: previous app", .hig),
        SystemShortcut("shift+cmd+3", .ipad, "screenshot", .hig),
        SystemShortcut("shift+cmd+4", .ipad, "screenshot with Markup", .hig),
        SystemShortcut("opt+cmd+d", .ipad, "Dock", .hig),

        SystemShortcut("cmd+space", .catalyst, "Spotlight", .hig),
        SystemShortcut("ctrl+cmd+space", .catalyst, "Character Viewer (emoji & symbols)", .hig),
        SystemShortcut("cmd+tab", .catalyst, "app switcher: next app", .hig),
        SystemShortcut("shift+cmd+tab", .catalyst, "app switcher: previous app", .hig),
        SystemShortcut("shift+cmd+3", .catalyst, "screenshot of the screen", .hig),
        SystemShortcut("shift+cmd+4", .catalyst, "screenshot of a selection", .hig),
        SystemShortcut("shift+cmd+5", .catalyst, "screenshot and recording panel", .macKeyboardShortcuts),
        SystemShortcut("opt+cmd+d", .catalyst, "Dock", .hig),
        SystemShortcut("opt+cmd+esc", .catalyst, "Force Quit", .hig),
        SystemShortcut("ctrl+cmd+q", .catalyst, "Lock Screen", .macKeyboardShortcuts),
        SystemShortcut("shift+cmd+q", .catalyst, "Log Out", .hig),
        SystemShortcut("cmd+h", .catalyst, "Hide (the application menu AppKit supplies)", .hig),
        SystemShortcut("cmd+q", .catalyst, "Quit (the application menu AppKit supplies)", .hig),
        SystemShortcut("cmd+m", .catalyst, "Minimize (the Window menu AppKit supplies)", .hig),
        SystemShortcut("ctrl+cmd+f", .catalyst, "full screen (the View menu AppKit supplies)", .hig),
    ]

    /// The rows of `platform`, in table order.
    public static func rows(on platform: Platform) -> [SystemShortcut] { table.filter { $0.platform == platform } }

    /// The row that takes `shortcut` on `platform`, or `nil` when the app may use it.
    public static func row(taking shortcut: KeyShortcut, on platform: Platform) -> SystemShortcut? {
        table.first { $0.platform == platform && $0.shortcut == shortcut }
    }
}

/// Finds the row that takes a key-down: each row's key is the one that types its input on the
/// layout (``KeyboardLayout/keystroke(for:)``), held with the row's modifiers, so ⇧⌘3 is the 3 key
/// with ⇧⌘ whatever ⇧3 types. Worked out once per platform and layout, so that a press costs a
/// modifier test, or one lookup when every modifier the rows share is held.
struct SystemShortcutMatcher {
    let platform: Platform
    /// The modifiers every row holds: a press without them is no row's.
    private let common: ModifierFlags
    private let rows: [UInt64: SystemShortcut]

    init(platform: Platform, layout: KeyboardLayout) {
        self.platform = platform
        var rows: [UInt64: SystemShortcut] = [:]
        var common: ModifierFlags?
        for row in SystemShortcuts.rows(on: platform) {
            common = common.map { $0.intersection(row.shortcut.modifiers) } ?? row.shortcut.modifiers
            guard let stroke = layout.keystroke(for: row.shortcut) else { continue }
            let key = Self.key(stroke.usage, stroke.modifiers.matchingSubset)
            if rows[key] == nil { rows[key] = row }
        }
        self.common = common ?? []
        self.rows = rows
    }

    /// The modifiers every row holds; every modifier (so that no press has them all) when there
    /// are no rows.
    var modifiersEveryRowHolds: ModifierFlags { rows.isEmpty ? ModifierFlags(rawValue: .max) : common }

    /// The row that takes `press`, a key-down on the Keyboard/Keypad page.
    @inline(__always)
    func row(for press: KeyPress) -> SystemShortcut? {
        guard press.modifierFlags.isSuperset(of: common), press.usagePage == .keyboard, !rows.isEmpty else { return nil }
        return rows[Self.key(press.usage, press.modifierFlags.matchingSubset)]
    }

    private static func key(_ usage: HIDUsage, _ modifiers: ModifierFlags) -> UInt64 {
        UInt64(usage.rawValue) | UInt64(modifiers.rawValue) << 16
    }
}
