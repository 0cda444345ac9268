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
                let lower = string.lowercased()
                if emacsLetters.contains(lower) {
                    return !(m.contains(.command) || m.isSuperset(of: [.control, .alternate]))
                }
                return !(m.contains(.command) || m.contains(.control))
            }
        }
    }
}
