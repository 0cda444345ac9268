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

    // Per-platform tables are plain arrays and one dictionary by notation each, built on first
    // use: no dictionary keyed by platform and no key path, whose generic metadata the runtime
    // would look up by scanning every protocol conformance of the process (Package.swift's
    // directMetadataAccess says what one scan costs).

    /// The rows of `platform`, in table order.
    public static func rows(on platform: Platform) -> [SystemShortcut] {
        switch platform {
        case .ipad: return iPadRows
        case .catalyst: return catalystRows
        }
    }

    private static let iPadRows = table.filter { $0.platform == .ipad }
    private static let catalystRows = table.filter { $0.platform == .catalyst }

    /// The row that takes `shortcut` on `platform`, or `nil` when the app may use it. Letters
    /// compare without case, as key commands match them (R6).
    public static func row(taking shortcut: KeyShortcut, on platform: Platform) -> SystemShortcut? {
        row(takingNotation: shortcut.textNotation.lowercased(), on: platform)
    }

    /// The row that takes the shortcut written `notation` (``KeyShortcut/textNotation``,
    /// lowercase) on `platform`: the lookup the importer makes for every command it finds.
    public static func row(takingNotation notation: String, on platform: Platform) -> SystemShortcut? {
        switch platform {
        case .ipad: return iPadRowsByNotation[notation]
        case .catalyst: return catalystRowsByNotation[notation]
        }
    }

    private static let iPadRowsByNotation = byNotation(iPadRows)
    private static let catalystRowsByNotation = byNotation(catalystRows)

    private static func byNotation(_ rows: [SystemShortcut]) -> [String: SystemShortcut] {
        var found: [String: SystemShortcut] = [:]
        for row in rows where found[row.shortcut.textNotation] == nil { found[row.shortcut.textNotation] = row }
        return found
    }

    /// The modifiers every row of `platform` holds (⌘ for both platforms): a key-down without
    /// them is no row's, which is the one test most key-downs take.
    public static func modifiersEveryRowHolds(on platform: Platform) -> ModifierFlags {
        switch platform {
        case .ipad: return iPadCommonModifiers
        case .catalyst: return catalystCommonModifiers
        }
    }

    private static let iPadCommonModifiers = commonModifiers(of: iPadRows)
    private static let catalystCommonModifiers = commonModifiers(of: catalystRows)

    /// The modifiers every one of `rows` holds; every modifier (so that no press holds them all)
    /// when there are none.
    private static func commonModifiers(of rows: [SystemShortcut]) -> ModifierFlags {
        guard let first = rows.first else { return ModifierFlags(rawValue: .max) }
        return rows.dropFirst().reduce(first.shortcut.modifiers) { $0.intersection($1.shortcut.modifiers) }
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
    /// Each row's key (usage and modifiers, ``key(_:_:)``), and the row at the same index of
    /// ``rows``: a handful, searched in order once the usage bit test lets a press through.
    private let keys: [UInt64]
    private let rows: [SystemShortcut]
    /// One bit per Keyboard-page usage below 256 that some row's key has: a ⌘ shortcut of the
    /// app (⌘S, ⌘C …) is turned away by a bit test, before any hashing.
    private let usages: (UInt64, UInt64, UInt64, UInt64)

    init(platform: Platform, layout: KeyboardLayout) {
        self.platform = platform
        self.layout = layout
        var keys: [UInt64] = []
        var rows: [SystemShortcut] = []
        var usages: [UInt64] = [0, 0, 0, 0]
        for row in SystemShortcuts.rows(on: platform) {
            guard let stroke = layout.keystroke(for: row.shortcut) else { continue }
            let key = Self.key(stroke.usage, stroke.modifiers.matchingSubset)
            guard !keys.contains(key) else { continue }
            keys.append(key)
            rows.append(row)
            let usage = Int(stroke.usage.rawValue)
            if usage < 256 { usages[usage >> 6] |= 1 << UInt64(usage & 63) }
        }
        self.common = SystemShortcuts.modifiersEveryRowHolds(on: platform)
        self.keys = keys
        self.rows = rows
        self.usages = (usages[0], usages[1], usages[2], usages[3])
    }

    /// The row that takes `press`, a key-down on the Keyboard/Keypad page.
    @inline(__always)
    func row(for press: KeyPress) -> SystemShortcut? {
        guard press.modifierFlags.isSuperset(of: common), press.usagePage == .keyboard, mayBeARowsKey(press.usage) else { return nil }
        let key = Self.key(press.usage, press.modifierFlags.matchingSubset)
        guard let index = keys.firstIndex(of: key) else { return nil }
        return rows[index]
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
