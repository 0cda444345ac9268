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
        SystemShortcut(.command, .character("h"), .ipad, "Home Screen", .iPadCommandH),
        SystemShortcut(.command, .character(" "), .ipad, "Search", .iPadCommandSpace),
        SystemShortcut(.command, .character("\t"), .ipad, "app switcher: next app", .hig),
        SystemShortcut([.shift, .command], .character("\t"), .ipad, "app switcher: previous app", .hig),
        SystemShortcut([.shift, .command], .character("3"), .ipad, "screenshot", .hig),
        SystemShortcut([.shift, .command], .character("4"), .ipad, "screenshot with Markup", .hig),
        SystemShortcut([.alternate, .command], .character("d"), .ipad, "Dock", .hig),

        SystemShortcut(.command, .character(" "), .catalyst, "Spotlight", .hig),
        SystemShortcut([.control, .command], .character(" "), .catalyst, "Character Viewer (emoji & symbols)", .hig),
        SystemShortcut(.command, .character("\t"), .catalyst, "app switcher: next app", .hig),
        SystemShortcut([.shift, .command], .character("\t"), .catalyst, "app switcher: previous app", .hig),
        SystemShortcut([.shift, .command], .character("3"), .catalyst, "screenshot of the screen", .hig),
        SystemShortcut([.shift, .command], .character("4"), .catalyst, "screenshot of a selection", .hig),
        SystemShortcut([.shift, .command], .character("5"), .catalyst, "screenshot and recording panel", .macKeyboardShortcuts),
        SystemShortcut([.alternate, .command], .character("d"), .catalyst, "Dock", .hig),
        SystemShortcut([.alternate, .command], .special(.escape), .catalyst, "Force Quit", .hig),
        SystemShortcut([.control, .command], .character("q"), .catalyst, "Lock Screen", .macKeyboardShortcuts),
        SystemShortcut([.shift, .command], .character("q"), .catalyst, "Log Out", .hig),
        SystemShortcut(.command, .character("h"), .catalyst, "Hide (the application menu AppKit supplies)", .hig),
        SystemShortcut(.command, .character("q"), .catalyst, "Quit (the application menu AppKit supplies)", .hig),
        SystemShortcut(.command, .character("m"), .catalyst, "Minimize (the Window menu AppKit supplies)", .hig),
        SystemShortcut([.control, .command], .character("f"), .catalyst, "full screen (the View menu AppKit supplies)", .hig),
    ]

    /// The rows of `platform`, in table order.
    public static func rows(on platform: Platform) -> [SystemShortcut] { table.filter { $0.platform == platform } }

    /// The row that takes `shortcut` on `platform`, or `nil` when the app may use it. Letters
    /// compare without case, as key commands match them (R6).
    public static func row(taking shortcut: KeyShortcut, on platform: Platform) -> SystemShortcut? {
        rowsByNotation[platform]?[shortcut.textNotation.lowercased()]
    }

    /// The row that takes the shortcut written `notation` (``KeyShortcut/textNotation``,
    /// lowercase) on `platform`: the lookup the importer makes for every command it finds.
    public static func row(takingNotation notation: String, on platform: Platform) -> SystemShortcut? {
        rowsByNotation[platform]?[notation]
    }

    /// The modifiers every row of `platform` holds (⌘ for both platforms): a key-down without
    /// them is no row's, which is the one test most key-downs take.
    public static func modifiersEveryRowHolds(on platform: Platform) -> ModifierFlags {
        commonModifiers[platform] ?? ModifierFlags(rawValue: .max)
    }

    private static let commonModifiers: [Platform: ModifierFlags] = Dictionary(grouping: table, by: \.platform).mapValues { rows in
        rows.dropFirst().reduce(rows.first?.shortcut.modifiers ?? []) { $0.intersection($1.shortcut.modifiers) }
    }

    /// Each platform's rows by text notation.
    private static let rowsByNotation: [Platform: [String: SystemShortcut]] = Dictionary(
        grouping: table, by: \.platform
    ).mapValues { rows in
        Dictionary(rows.map { ($0.shortcut.textNotation, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// Finds the row that takes a key-down: each row's key is the one that types its input on the
/// layout (``KeyboardLayout/keystroke(for:)``), held with the row's modifiers, so ⇧⌘3 is the 3 key
/// with ⇧⌘ whatever ⇧3 types. Worked out once per platform and layout, so that a press costs a
/// modifier test, or one lookup when every modifier the rows share is held.
struct SystemShortcutMatcher {
    let platform: Platform
    let layout: KeyboardLayout
    /// The modifiers every row holds: a press without them is no row's.
    private let common: ModifierFlags
    private let rows: [UInt64: SystemShortcut]
    /// One bit per Keyboard-page usage below 256 that some row's key has: a ⌘ shortcut of the
    /// app (⌘S, ⌘C …) is turned away by a bit test, before any hashing.
    private let usages: (UInt64, UInt64, UInt64, UInt64)

    init(platform: Platform, layout: KeyboardLayout) {
        self.platform = platform
        self.layout = layout
        var rows: [UInt64: SystemShortcut] = [:]
        var usages: [UInt64] = [0, 0, 0, 0]
        for row in SystemShortcuts.rows(on: platform) {
            guard let stroke = layout.keystroke(for: row.shortcut) else { continue }
            let key = Self.key(stroke.usage, stroke.modifiers.matchingSubset)
            if rows[key] == nil { rows[key] = row }
            let usage = Int(stroke.usage.rawValue)
            if usage < 256 { usages[usage >> 6] |= 1 << UInt64(usage & 63) }
        }
        self.common = SystemShortcuts.modifiersEveryRowHolds(on: platform)
        self.rows = rows
        self.usages = (usages[0], usages[1], usages[2], usages[3])
    }

    /// The row that takes `press`, a key-down on the Keyboard/Keypad page.
    @inline(__always)
    func row(for press: KeyPress) -> SystemShortcut? {
        guard press.modifierFlags.isSuperset(of: common), press.usagePage == .keyboard, mayBeARowsKey(press.usage) else { return nil }
        return rows[Self.key(press.usage, press.modifierFlags.matchingSubset)]
    }

    /// Whether some row's key is `usage` (usages from 256 up are looked up).
    @inline(__always)
    private func mayBeARowsKey(_ usage: HIDUsage) -> Bool {
        let value = Int(usage.rawValue)
        guard value < 256 else { return !rows.isEmpty }
        let word: UInt64
        switch value >> 6 {
        case 0: word = usages.0
        case 1: word = usages.1
        case 2: word = usages.2
        default: word = usages.3
        }
        return word & (1 << UInt64(value & 63)) != 0
    }

    private static func key(_ usage: HIDUsage, _ modifiers: ModifierFlags) -> UInt64 {
        UInt64(usage.rawValue) | UInt64(modifiers.rawValue) << 16
    }
}
