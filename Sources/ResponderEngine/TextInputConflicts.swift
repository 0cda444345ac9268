import KeyTraceCore

/// Which key commands conflict with text input and therefore wait until text input declines
/// the key (R17, from KeyboardKit's table [RE/3P]).
public enum TextInputConflicts {
    private static let arrowAndDeleteModifiers: [ModifierFlags] = [[], .shift, .control, .alternate, .command,
                                                                   [.shift, .control], [.shift, .alternate], [.shift, .command]]
    private static let spaceModifiers: [ModifierFlags] = [[], .shift, .alternate, [.shift, .alternate]]
    private static let emacsLetters: Set<String> = ["a", "b", "d", "e", "f", "h", "i", "j", "k", "m", "n", "o", "p", "t"]

    /// Whether a command with `input` and `modifiers` conflicts with text input.
    public static func conflicts(input: KeyInput, modifiers: ModifierFlags) -> Bool {
        let m = modifiers.matchingSubset
        switch input {
        case .special(let special):
            switch special {
            case .delete, .upArrow, .downArrow, .leftArrow, .rightArrow:
                return arrowAndDeleteModifiers.contains(m)
            case .escape:
                return m.isEmpty
            case .pageUp, .pageDown, .home, .end:
                return false
            case .function:
                return false
            }
        case .character(let string):
            switch string {
            case " ":
                return spaceModifiers.contains(m)
            case "\r", "\t":
                return m.isEmpty
            default:
                // Text input takes the key unless ⌘ is held, or ⌃ is (for the Emacs letters, ⌃⌥):
                // the letter is looked at only when ⌃ without ⌘ makes it matter.
                if m.contains(.command) { return false }
                if !m.contains(.control) { return true }
                return emacsLetters.contains(string.lowercased()) && !m.contains(.alternate)
            }
        }
    }
}
