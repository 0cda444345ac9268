import KeyTraceCore

/// Which key commands conflict with text input and therefore wait until text input declines
/// the key (R16, R17; the table is KeyboardKit's [RE/3P]).
public enum TextInputConflicts {
    /// Whether `command` waits until text input declines its key (R16, R17): text input is
    /// active, the command does not set `wantsPriorityOverSystemBehavior`, is not Escape, and
    /// its key is one text input uses. Which responder provides the command does not matter:
    /// from iOS 15 on "the system delivers physical keyboard events to the text input or focus
    /// systems first" (`wantsPriorityOverSystemBehavior`), with no exception for the text view's
    /// own commands.
    ///
    /// The engine's collection (``CommandCollection``) and the importer's `text-input-swallows`
    /// finding both ask this, so they cannot disagree.
    public static func waitsForTextInput(_ command: KeyCommand, textInputActive: Bool) -> Bool {
        textInputActive && !command.wantsPriorityOverSystemBehavior && !command.input.isEscape
            && conflicts(input: command.input, modifiers: command.modifierFlags)
    }

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
