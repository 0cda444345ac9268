import KeyTraceCore

/// A text field or text view with a hardware keyboard: accepts text, so conflicting key commands
/// defer to it (R16, R17), and consumes in `pressesBegan` every key UIKit's text input uses
/// (responder-semantics §G, ``TextInputView/Edit``), changing ``text``, ``caret`` and
/// ``selection``.
///
/// It implements the standard edit actions `selectAll:`, `copy:`, `cut:`, `paste:` and `delete:`
/// against the application's pasteboard (R21). Escape, Page Up/Down, Home/End and every ⌘
/// shortcut are left to key commands.
open class TextInputView: View {
    /// Single-line field or multi-line view.
    public enum Style: String, Sendable { case field, view }

    /// The style.
    public let style: Style
    /// The text content.
    public var text: String { String(characters) }
    // Characters, so the caret and selection index in O(1) however long the text grows.
    @exclusivity(unchecked) var characters: [Character]
    /// The caret position, in characters from the start: the moving end of the selection.
    @exclusivity(unchecked) public internal(set) var caret: Int
    /// The fixed end of the selection; equal to ``caret`` when nothing is selected.
    @exclusivity(unchecked) var anchor: Int
    /// What ⌃K last killed, which ⌃Y yanks (the kill buffer is not the pasteboard).
    public internal(set) var killBuffer = ""
    /// How many times Return sent a field's return action.
    public internal(set) var returnCount = 0
    /// A field's return action (`textFieldShouldReturn`, the primary action), run on Return.
    public var onReturn: (() -> Void)?

    /// The selected range in characters, empty (at ``caret``) when nothing is selected.
    public var selection: Range<Int> { min(anchor, caret)..<max(anchor, caret) }

    /// Creates a text input with initial `text`; the caret goes to its end.
    public init(name: String, style: Style = .field, text: String = "") {
        self.style = style
        self.characters = Array(text)
        self.caret = characters.count
        self.anchor = characters.count
        super.init(name: name)
        acceptsFirstResponder = true
        implement(.selectAll) { [unowned self] _ in self.select(0..<self.characters.count) }
        implement(.copy) { [unowned self] _ in self.application?.pasteboard = self.selectedText }
        implement(.cut) { [unowned self] _ in
            self.application?.pasteboard = self.selectedText
            self.replaceSelection(with: "")
        }
        implement(.paste) { [unowned self] _ in self.replaceSelection(with: self.application?.pasteboard ?? "") }
        implement(.delete) { [unowned self] _ in self.replaceSelection(with: "") }
    }

    /// Always `true`: while this view is first responder, text input gets conflicting keys before
    /// key commands do (R16, R17).
    open override var acceptsTextInput: Bool { true }

    /// The selected text.
    public var selectedText: String { String(characters[clamped(selection)]) }

    /// Replaces the whole text and moves the caret to its end.
    public func setText(_ newText: String) {
        characters = Array(newText)
        moveCaret(to: characters.count)
    }

    /// Selects `range` (clamped to the text), the caret at its end.
    public func select(_ range: Range<Int>) {
        let range = clamped(range)
        anchor = range.lowerBound
        caret = range.upperBound
    }

    /// Applies the key with ``consume(_:)`` and marks the delivery ``PressDelivery/consumedAsText``;
    /// keys text input does not use go to the next responder (R18 step 2). An override handles
    /// its own keys and calls `super` for the rest.
    open override func pressesBegan(_ press: KeyPress, with delivery: inout PressDelivery) {
        if consume(press) {
            delivery.consumedAsText = true
        } else {
            delivery.forward(press)
        }
    }

    /// Applies an auto-repeat of a key this view consumed through ``consume(_:)`` again; returns
    /// whether it was applied (R19).
    open override func handleRepeat(of press: KeyPress) -> Bool { consume(press) }

    /// Applies a key to the text; returns whether text input uses the key (§G): then it is
    /// consumed even when it changes nothing (← at the start). Auto-repeats arrive here too.
    @discardableResult
    public func consume(_ press: KeyPress) -> Bool {
        // Media and system keys (other usage pages) are no text input.
        guard press.isKeyboardKey, let edit = Edit(press, style: style) else { return false }
        apply(edit)
        return true
    }

    // MARK: Editing primitives

    func clamped(_ range: Range<Int>) -> Range<Int> {
        let count = characters.count
        return max(0, min(range.lowerBound, count))..<max(0, min(range.upperBound, count))
    }

    /// Collapses the selection to `position` (clamped).
    func moveCaret(to position: Int) {
        caret = max(0, min(characters.count, position))
        anchor = caret
    }

    /// Moves the caret to `position` (clamped), keeping the anchor: the selection grows or shrinks.
    func extendSelection(to position: Int) {
        caret = max(0, min(characters.count, position))
    }

    /// Replaces the selection with `replacement`; the caret goes after the inserted text.
    func replaceSelection(with replacement: String) {
        replace(selection, with: replacement)
    }

    /// Replaces `range` with `replacement`; the caret goes after the inserted text.
    func replace(_ range: Range<Int>, with replacement: String) {
        let range = clamped(range)
        let inserted = Array(replacement)
        characters.replaceSubrange(range, with: inserted)
        moveCaret(to: range.lowerBound + inserted.count)
    }
}
