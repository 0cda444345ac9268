extension KeyPress {
    /// The key-down that types `notation` on `layout`: a shortcut (`shift+cmd+a`, `⇧⌘A`) or a
    /// media or system key (`volume-up`, `play-pause`, `sleep`), as `keytrace scene resolve`
    /// reads it.
    ///
    /// - Throws: ``NotationError`` when the notation does not read, or names a shortcut that
    ///   cannot be typed on `layout`.
    public init(notation: String, layout: KeyboardLayout) throws(NotationError) {
        if let media = MediaKey.chord(notation) {
            self.init(.began, HIDUsage(media.key.usage), modifiers: media.modifiers, layout: layout, usagePage: media.key.page)
            return
        }
        let shortcut: KeyShortcut
        do {
            shortcut = try KeyShortcut(notation)
        } catch let error as NotationError {
            throw NotationError(text: error.text, column: error.column,
                                reason: error.reason + "; media and system keys are written volume-up, play-pause, sleep, …")
        } catch {
            throw NotationError(text: notation, column: 1, reason: "\(error)")
        }
        guard let press = KeyPress(shortcut: shortcut, layout: layout) else {
            throw NotationError(text: notation, column: 1, reason: "it cannot be typed on the \(layout.name) layout; name the key instead (e.g. 'opt+e')")
        }
        self = press
    }

    /// The key-down that types `shortcut` on `layout`; `nil` when the layout has no key for it.
    public init?(shortcut: KeyShortcut, layout: KeyboardLayout) {
        guard let stroke = layout.keystroke(for: shortcut) else { return nil }
        self.init(.began, stroke.usage, modifiers: stroke.modifiers, layout: layout)
    }
}
