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
            // A character of one scalar is typed by the keys that type that scalar (as
            // ``keystrokes(typing:)`` finds them for a `Character`); the main block's unmodified
            // key is preferred, then its first.
            var scalars = string.unicodeScalars.makeIterator()
            guard let scalar = scalars.next(), scalars.next() == nil else { return nil }
            var chosen: Keystroke?
            for stroke in keystrokes(typing: scalar) where !stroke.usage.isKeypad {
                if stroke.modifiers.isEmpty {
                    chosen = stroke
                    break
                }
                if chosen == nil { chosen = stroke }
            }
            guard let stroke = chosen else { return nil }
            return Keystroke(usage: stroke.usage, modifiers: shortcut.modifiers.union(stroke.modifiers))
        }
    }
}
