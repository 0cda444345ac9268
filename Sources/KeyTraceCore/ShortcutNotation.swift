import KeyTraceSupport

/// Parsing and printing of the two shortcut notations (`⇧⌘A` and `shift+cmd+a`).
enum ShortcutNotation {
    static let modifierWords: [String: ModifierFlags] = [
        "ctrl": .control, "control": .control, "⌃": .control, "^": .control,
        "opt": .alternate, "alt": .alternate, "option": .alternate, "⌥": .alternate,
        "shift": .shift, "⇧": .shift,
        "cmd": .command, "command": .command, "⌘": .command, "super": .command, "meta": .command,
    ]
    static let modifierGlyphs: [Character: ModifierFlags] = [
        "⌃": .control, "⌥": .alternate, "⇧": .shift, "⌘": .command,
    ]
    static let characterWords: [String: String] = [
        "space": " ", "tab": "\t", "return": "\r", "enter": "\r", "plus": "+", "minus": "-",
        // Read as the Delete key's special input before this table; written for the character
        // the Delete key types (SwiftUI's `KeyEquivalent.delete`, U+0008).
        "backspace": "\u{8}", "forwarddelete": "\u{7F}",
    ]
    /// The word text notation writes for each character ``characterWords`` names (`return`
    /// for U+000D, not `enter`).
    static let wordForCharacter: [String: String] = Dictionary(
        characterWords.filter { $0.key != "enter" }.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
    static let characterGlyphs: [String: String] = [
        "Space": " ", "␣": " ", "⇥": "\t", "↩": "\r", "⏎": "\r",
    ]

    static func parse(_ notation: String) throws -> KeyShortcut {
        let trimmed = notation.trimmingWhitespace()
        guard !trimmed.isEmpty else {
            throw NotationError(text: notation, column: 1, reason: "empty shortcut; write e.g. 'cmd+a' or '⌘A'")
        }
        if let first = trimmed.first, modifierGlyphs[first] != nil || !trimmed.contains("+") || trimmed.count == 1 {
            if let parsed = try parseSymbols(trimmed, original: notation) { return parsed }
        }
        return try parseText(trimmed, original: notation)
    }

    /// `⇧⌘A`, `⌘+`, `⌘↑`, `⎋`, `⌘F5`, `⌘Space`: leading glyphs then one key.
    private static func parseSymbols(_ text: String, original: String) throws -> KeyShortcut? {
        var modifiers: ModifierFlags = []
        var rest = Substring(text)
        var column = 1
        while let first = rest.first, let flag = modifierGlyphs[first], rest.count > 1 {
            modifiers.insert(flag)
            rest = rest.dropFirst()
            column += 1
        }
        let key = String(rest)
        if key.contains("+") && key.count > 1 { return nil }  // text notation after all
        if let input = keyInput(symbol: key) { return KeyShortcut(input: input, modifiers: modifiers) }
        if modifiers.isEmpty { return nil }
        throw NotationError(text: original, column: column,
                            reason: "unknown key '\(key)'; use one character, a glyph such as ↑ ⎋ ⌫, or a name such as F5 or Space")
    }

    private static func keyInput(symbol key: String) -> KeyInput? {
        if let special = SpecialInput.allCases.first(where: { $0.symbol == key }) { return .special(special) }
        if let string = characterGlyphs[key] { return .character(string) }
        if key.count == 1 { return .character(key.lowercased()) }
        return keyInput(word: key.lowercased())
    }

    private static func keyInput(word: String) -> KeyInput? {
        if let special = SpecialInput.allCases.first(where: { $0.word == word }) { return .special(special) }
        switch word {
        case "escape": return .special(.escape)
        case "backspace": return .special(.delete)
        case "arrowup", "uparrow": return .special(.upArrow)
        case "arrowdown", "downarrow": return .special(.downArrow)
        case "arrowleft", "leftarrow": return .special(.leftArrow)
        case "arrowright", "rightarrow": return .special(.rightArrow)
        default: break
        }
        if let string = characterWords[word] { return .character(string) }
        return nil
    }

    /// `shift+cmd+a`, `cmd++`, `ctrl+opt+f5`.
    private static func parseText(_ text: String, original: String) throws -> KeyShortcut {
        var parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        // "cmd++" splits into ["cmd", "", ""]: the key is "+".
        if parts.count >= 3, parts[parts.count - 1].isEmpty, parts[parts.count - 2].isEmpty {
            parts.removeLast(2)
            parts.append("+")
        }
        var modifiers: ModifierFlags = []
        var column = 1
        for (index, part) in parts.enumerated() {
            let word = part.lowercased().trimmingWhitespace()
            let isLast = index == parts.count - 1
            if word.isEmpty {
                throw NotationError(text: original, column: column,
                                    reason: "empty part; separate modifiers and key with single '+'")
            }
            if !isLast {
                guard let flag = modifierWords[word] else {
                    throw NotationError(text: original, column: column,
                                        reason: "unknown modifier '\(part)'; use ctrl, opt (alt), shift or cmd")
                }
                modifiers.insert(flag)
            } else {
                let key = part.trimmingWhitespace()
                if let input = keyInput(word: key.lowercased()) ?? (key.count == 1 ? .character(key.lowercased()) : nil) {
                    return KeyShortcut(input: input, modifiers: modifiers)
                }
                // `cmd-w`: modifiers joined with a dash rather than '+'.
                let dashed = key.lowercased().split(separator: "-").map(String.init)
                if dashed.count > 1, dashed.dropLast().allSatisfy({ modifierWords[$0] != nil }) {
                    throw NotationError(text: original, column: column,
                                        reason: "unknown key '\(part)'; join modifiers and key with '+', e.g. \(dashed.joined(separator: "+"))")
                }
                throw NotationError(text: original, column: column,
                                    reason: "unknown key '\(part)'; use one character or a name such as esc, up, pageup, f5, space, tab, "
                                        + "return, after modifiers joined with '+' (shift+cmd+a)")
            }
            column += part.count + 1
        }
        throw NotationError(text: original, column: column, reason: "missing key after the modifiers")
    }

    static func symbols(_ shortcut: KeyShortcut) -> String {
        let key: String
        switch shortcut.input {
        case .special(let special): key = special.symbol
        case .character(let string):
            switch string {
            case " ": key = "Space"
            case "\t": key = "⇥"
            case "\r": key = "↩"
            case "\u{8}": key = "⌫"
            case "\u{7F}": key = "⌦"
            default: key = string.uppercased()
            }
        }
        return shortcut.modifiers.description + key
    }

    /// The text notation's modifier part (`ctrl+opt+`…) for each set of ``ModifierFlags/displayOrder``'s
    /// flags, at ``prefixIndex(_:)``.
    private static let textPrefixes: [String] = (0..<(1 << ModifierFlags.displayOrder.count)).map { bits in
        var text = ""
        for (offset, flag) in ModifierFlags.displayOrder.enumerated() where bits & (1 << offset) != 0 {
            guard let word = flag.word else { continue }
            text += word + "+"
        }
        return text
    }

    /// Where ``textPrefixes`` holds the prefix of `modifiers`: a bit for each of
    /// ``ModifierFlags/displayOrder``'s flags it has.
    private static func prefixIndex(_ modifiers: ModifierFlags) -> Int {
        var index = 0
        for (offset, flag) in ModifierFlags.displayOrder.enumerated() where modifiers.contains(flag) { index |= 1 << offset }
        return index
    }

    static func text(_ shortcut: KeyShortcut) -> String {
        // The modifiers' words, each followed by `+` (written once for each set of flags), then
        // the key's: reports write one per command.
        var text = textPrefixes[prefixIndex(shortcut.modifiers)]
        switch shortcut.input {
        case .special(let special): text += special.word
        case .character(let string):
            if let word = wordForCharacter[string] {
                text += word
            } else {
                text += string.lowercased()
            }
        }
        return text
    }
}
