import KeyTraceSupport

/// A key on a usage page other than Keyboard/Keypad: a Consumer page (0x0C) media key or a
/// Generic Desktop (0x01) system control, written in scripts and scenes by name.
///
/// The notation is the name `dump` and `export` print for the key (``HIDUsagePage/name(of:)``),
/// lower-cased with spaces and `/` as `-`, plus a few short names:
///
/// | written | key |
/// |---|---|
/// | `volume-up` (`volume-increment`), `volume-down` (`volume-decrement`), `mute` | Consumer 0xE9, 0xEA, 0xE2 |
/// | `play-pause`, `play`, `pause`, `stop`, `next-track`, `previous-track`, `fast-forward`, `rewind`, `eject` | Consumer 0xCD, 0xB0, 0xB1, 0xB7, 0xB5, 0xB6, 0xB3, 0xB4, 0xB8 |
/// | `brightness-up`, `brightness-down` | Consumer 0x6F, 0x70 |
/// | `ac-home`, `ac-search`, `mail`, `calculator`, … | the other named Consumer keys |
/// | `power` (`system-power-down`), `sleep` (`system-sleep`), `wake` (`system-wake-up`) | Generic Desktop 0x81, 0x82, 0x83 |
/// | `consumer-0xNNNN`, `system-0xNN` | any Consumer usage; any system control 0x81–0xB7 |
///
/// ```swift
/// MediaKey(notation: "volume-up")     // Consumer 0xE9, named "Volume Increment"
/// MediaKey(notation: "Play/Pause")    // the printed name reads too
/// MediaKey.volumeUp.notation          // "volume-increment"
/// ```
/// Media keys type nothing and never match a `UIKeyCommand` (docs/Engine.md); they are presses
/// that walk `pressesBegan` along the chain.
public struct MediaKey: Hashable, Sendable {
    /// The usage page: ``HIDUsagePage/consumer`` or ``HIDUsagePage/genericDesktop``.
    public var page: HIDUsagePage
    /// The usage ID on ``page``.
    public var usage: UInt16

    /// A key of `page`, or `nil` when `usage` is no key there (``HIDUsagePage/isKey(_:)``) or
    /// the page is the keyboard's (those keys are ``HIDUsage``s).
    public init?(page: HIDUsagePage, usage: UInt16) {
        guard page != .keyboard, page.isKey(usage) else { return nil }
        self.page = page
        self.usage = usage
    }

    private init(unchecked page: HIDUsagePage, _ usage: UInt16) {
        self.page = page
        self.usage = usage
    }

    /// Consumer 0xE9 Volume Increment.
    public static let volumeUp = MediaKey(unchecked: .consumer, 0xE9)
    /// Consumer 0xEA Volume Decrement.
    public static let volumeDown = MediaKey(unchecked: .consumer, 0xEA)
    /// Consumer 0xE2 Mute.
    public static let mute = MediaKey(unchecked: .consumer, 0xE2)
    /// Consumer 0xCD Play/Pause.
    public static let playPause = MediaKey(unchecked: .consumer, 0xCD)
    /// Generic Desktop 0x81 System Power Down.
    public static let power = MediaKey(unchecked: .genericDesktop, 0x81)
    /// Generic Desktop 0x82 System Sleep.
    public static let sleep = MediaKey(unchecked: .genericDesktop, 0x82)
    /// Generic Desktop 0x83 System Wake Up.
    public static let wake = MediaKey(unchecked: .genericDesktop, 0x83)

    /// The name `dump` prints: `Volume Increment`, `System Sleep`, `Consumer 0x0223`.
    public var name: String { page.name(of: usage) }

    /// The notation that reads back as this key: the printed name as a word
    /// (`volume-increment`, `system-sleep`), or `consumer-0x0223` / `system-0xB7` when the key
    /// has no name of its own.
    public var notation: String {
        let word = Self.word(name)
        if MediaKey(notation: word) == self { return word }
        return (page == .consumer ? "consumer-0x" : "system-0x") + HIDUsagePage.hex4(usage)
    }

    /// Reads one key word (case-insensitive; spaces, `/` and `_` read as `-`), or `nil` when
    /// `notation` names no media or system key.
    public init?(notation: String) {
        let word = Self.word(notation)
        var found = Self.keysByWord[word]
        for (prefix, page) in Self.numberPrefixes where found == nil && word.hasPrefix(prefix) {
            let digits = word.dropFirst(prefix.count)
            guard digits.count <= 4, let usage = UInt16(digits, radix: 16) else { return nil }
            found = MediaKey(page: page, usage: usage)
        }
        guard let found else { return nil }
        self = found
    }

    /// A key with modifiers in the text notation, `shift+volume-up`, or the symbol notation,
    /// `⇧volume-up`; `nil` when the key part names no media key (modifier words are checked by
    /// ``KeyShortcut/modifier(named:)``; an unknown one also gives `nil`).
    public static func chord(_ notation: String) -> (key: MediaKey, modifiers: ModifierFlags)? {
        var rest = Substring(notation.trimmingWhitespace())
        var modifiers: ModifierFlags = []
        while let first = rest.first, let flag = ShortcutNotation.modifierGlyphs[first] {
            modifiers.insert(flag)
            rest = rest.dropFirst()
        }
        var parts = rest.split(separator: "+", omittingEmptySubsequences: false)
        guard let last = parts.popLast(), let key = MediaKey(notation: String(last)) else { return nil }
        for part in parts {
            guard let flag = ShortcutNotation.modifierWords[part.lowercased()] else { return nil }
            modifiers.insert(flag)
        }
        return (key, modifiers)
    }

    /// `consumer-0x…` and `system-0x…` (`generic-desktop-0x…` as the printed name has it).
    static let numberPrefixes: [(String, HIDUsagePage)] = [
        ("consumer-0x", .consumer), ("system-0x", .genericDesktop), ("generic-desktop-0x", .genericDesktop),
    ]

    static func word(_ text: String) -> String {
        String(text.trimmingWhitespace().lowercased().map { $0 == " " || $0 == "/" || $0 == "_" ? "-" : $0 })
    }

    /// Every named key by its word, then the short names (which win where a name repeats:
    /// `power` and `sleep` are the system controls, as keyboards' power keys send).
    static let keysByWord: [String: MediaKey] = {
        var keys: [String: MediaKey] = [:]
        for (usage, name) in HIDUsagePage.consumerNames { keys[word(name)] = MediaKey(unchecked: .consumer, usage) }
        for (usage, name) in HIDUsagePage.systemControlNames { keys[word(name)] = MediaKey(unchecked: .genericDesktop, usage) }
        keys["volume-up"] = .volumeUp
        keys["volume-down"] = .volumeDown
        keys["power"] = .power
        keys["sleep"] = .sleep
        keys["wake"] = .wake
        return keys
    }()
}

extension MediaKey: CustomStringConvertible {
    /// The printed name, e.g. `Volume Increment`.
    public var description: String { name }
}
