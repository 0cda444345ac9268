import KeyTraceCore

/// The text a sequence of presses typed, for summaries and for checking captures by eye.
///
/// Only `began` presses (auto-repeats included) of non-modifier keys count. Two renderings:
///
/// - ``Rendering/keys``: every key in order; characters as typed, other keys as symbols
///   (`⏎` Return, `⇥` Tab, `⌫` Delete/Backspace, `⌦` Forward Delete, `⎋` Escape, `←→↑↓`),
///   shortcuts with ⌃ or ⌘ held as `⟨⌘C⟩`, keys without a symbol as `⟨F5⟩`.
/// - ``Rendering/edited``: what a plain single-line-per-Return text field would hold: Return
///   starts a new line, Backspace and Forward Delete delete, ← → Home End move the cursor
///   within the line; ↑ ↓, shortcuts and other keys are ignored.
///
/// ```swift
/// TypedText(presses, rendering: .keys).text   // "root⏎Welcome123⏎ls -la⏎…"
/// ```
public struct TypedText: Hashable, Sendable {
    /// How the presses become text.
    public enum Rendering: Hashable, Sendable {
        /// Every key in order: characters as typed, other keys and shortcuts as symbols.
        case keys
        /// What a plain text field would hold after the presses, with deletions and cursor moves applied.
        case edited
    }

    /// The reconstructed text.
    public let text: String

    /// Reconstructs the text `presses` typed, rendered as `rendering` says.
    public init(_ presses: some Sequence<KeyPress>, rendering: Rendering = .keys) {
        switch rendering {
        case .keys: text = TypedText.keys(presses)
        case .edited: text = TypedText.edited(presses)
        }
    }

    static let symbols: [HIDUsage: String] = [
        .returnOrEnter: "⏎", .keypadEnter: "⏎", .tab: "⇥", .deleteOrBackspace: "⌫", .deleteForward: "⌦",
        .escape: "⎋", .leftArrow: "←", .rightArrow: "→", .upArrow: "↑", .downArrow: "↓",
    ]

    private static func typing(_ press: KeyPress) -> Bool {
        press.phase == .began && !press.isModifierKey
    }

    private static func isShortcut(_ press: KeyPress) -> Bool {
        !press.modifierFlags.intersection([.control, .command]).isEmpty
    }

    private static func printable(_ press: KeyPress) -> String? {
        let text = press.characters.string
        guard let first = text.unicodeScalars.first, first.value >= 0x20, first.value != 0x7F else { return nil }
        return text
    }

    private static func keys(_ presses: some Sequence<KeyPress>) -> String {
        var text = ""
        for press in presses where typing(press) {
            if isShortcut(press) {
                text += "⟨" + press.shortcutDescription + "⟩"
            } else if let symbol = symbols[press.usage] {
                text += symbol
            } else if let characters = printable(press) {
                text += characters
            } else {
                text += "⟨" + press.usage.name + "⟩"
            }
        }
        return text
    }

    private static func edited(_ presses: some Sequence<KeyPress>) -> String {
        var done: [String] = []
        var line: [Character] = []
        var cursor = 0
        for press in presses where typing(press) && !isShortcut(press) {
            switch press.usage {
            case .returnOrEnter, .keypadEnter:
                done.append(String(line))
                line = []
                cursor = 0
            case .deleteOrBackspace:
                if cursor > 0 {
                    line.remove(at: cursor - 1)
                    cursor -= 1
                }
            case .deleteForward:
                if cursor < line.count { line.remove(at: cursor) }
            case .leftArrow: cursor = max(0, cursor - 1)
            case .rightArrow: cursor = min(line.count, cursor + 1)
            case .home: cursor = 0
            case .end: cursor = line.count
            default:
                if let characters = printable(press) {
                    line.insert(contentsOf: characters, at: cursor)
                    cursor += characters.count
                }
            }
        }
        done.append(String(line))
        return done.joined(separator: "\n")
    }
}
