/// A key combination: modifier flags and an input, written `⇧⌘A` or `shift+cmd+a`.
///
/// Both notations parse and print, and each round-trips:
///
/// ```swift
/// let s = try KeyShortcut("shift+cmd+a")
/// s.description      // "⇧⌘A"
/// s.textNotation     // "shift+cmd+a"
/// try KeyShortcut("⇧⌘A") == s   // true
/// ```
///
/// Letters are stored lowercase; the symbol notation prints them uppercase as menus do.
/// Text words: modifiers `ctrl`/`control`/`⌃`, `opt`/`alt`/`option`, `shift`, `cmd`/`command`;
/// keys `esc`, `up`, `down`, `left`, `right`, `pageup`, `pagedown`, `home`, `end`, `f1`…`f12`,
/// `delete`/`backspace`, `space`, `tab`, `return`/`enter`, `plus`, or a single character.
public struct KeyShortcut: Hashable, Sendable {
    /// The required modifiers (only ⌃⌥⇧⌘ are kept).
    public var modifiers: ModifierFlags
    /// The input.
    public var input: KeyInput

    /// Creates a shortcut; modifiers are reduced to ⌃⌥⇧⌘.
    public init(input: KeyInput, modifiers: ModifierFlags = []) {
        self.input = input
        self.modifiers = modifiers.matchingSubset
    }

    /// Parses either notation; throws ``NotationError`` naming the column at fault.
    public init(_ notation: String) throws {
        self = try ShortcutNotation.parse(notation)
    }
}

extension KeyShortcut {
    /// The modifier a word or glyph names (`cmd`, `command`, `⌘`, `opt`, `alt`, `shift`, `ctrl`, …), or `nil`.
    public static func modifier(named word: String) -> ModifierFlags? {
        ShortcutNotation.modifierWords[word.lowercased()]
    }
}

extension KeyShortcut: CustomStringConvertible {
    /// The symbol notation, e.g. `⌃⌥⇧⌘A`, `⌘↑`, `⌘Space`, `⌘+`.
    public var description: String { ShortcutNotation.symbols(self) }

    /// The text notation, e.g. `ctrl+opt+shift+cmd+a`, `cmd+up`, `cmd+plus`.
    public var textNotation: String { ShortcutNotation.text(self) }
}
