extension KeyboardLayout {
    /// The keystroke that presses `shortcut` on this layout: a special key with the shortcut's
    /// modifiers; for a character, the key that types it without modifiers, else the first key
    /// that types it with extra modifiers (added to the shortcut's), keypad keys left out.
    /// `nil` when no key of the layout types the character.
    public func keystroke(for shortcut: KeyShortcut) -> Keystroke? {
        switch shortcut.input {
        case .special(let special):
            return Keystroke(usage: special.usage, modifiers: shortcut.modifiers)
        case .character(let string):
            let strokes = keystrokes(typing: Character(string)).filter { !$0.usage.isKeypad }
            guard let stroke = strokes.first(where: { $0.modifiers.isEmpty }) ?? strokes.first else { return nil }
            return Keystroke(usage: stroke.usage, modifiers: shortcut.modifiers.union(stroke.modifiers))
        }
    }
}
