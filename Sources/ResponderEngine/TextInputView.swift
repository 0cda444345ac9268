import KeyTraceCore

/// A text field or text view: accepts text, so conflicting key commands defer to it (R16, R17).
///
/// It consumes printable characters, Delete/Forward Delete and ←/→ (and ↑/↓, Home/End in a
/// multi-line view) in `pressesBegan`; a multi-line view also consumes Return and Tab. Its
/// state — ``text``, ``caret``, ``selection`` — is inspectable. It implements the standard edit
/// actions `selectAll:`, `copy:`, `cut:`, `paste:` and `delete:` against the application's
/// pasteboard (R21).
open class TextInputView: View {
    /// Single-line field or multi-line view.
    public enum Style: String, Sendable { case field, view }

    /// The style.
    public let style: Style
    /// The text content.
    public var text: String { String(characters) }
    // Characters, so the caret and selection index in O(1) however long the text grows.
    private var characters: [Character]
    /// The caret position, in characters from the start.
    public private(set) var caret: Int
    /// The selected range in characters, empty when nothing is selected.
    public private(set) var selection: Range<Int>

    /// Creates a text input with initial `text`; the caret goes to its end.
    public init(name: String, style: Style = .field, text: String = "") {
        self.style = style
        self.characters = Array(text)
        self.caret = text.count
        self.selection = text.count..<text.count
        super.init(name: name)
        acceptsFirstResponder = true
        implement(.selectAll) { [unowned self] _ in self.selection = 0..<self.characters.count }
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
    public var selectedText: String { substring(selection) }

    /// Replaces the whole text and moves the caret to its end.
    public func setText(_ newText: String) {
        characters = Array(newText)
        caret = characters.count
        selection = caret..<caret
    }

    /// Applies the key as text with ``consume(_:)`` and marks the delivery
    /// ``PressDelivery/consumedAsText``; keys it does not take (anything with ⌘ or ⌃, and keys the
    /// style ignores) go to the next responder (R18 step 2). An override handles its own keys and
    /// calls `super` for the rest.
    open override func pressesBegan(_ press: KeyPress, with delivery: inout PressDelivery) {
        if consume(press) {
            delivery.consumedAsText = true
        } else {
            delivery.forward(press)
        }
    }

    /// Types an auto-repeat of a key this view consumed as text again, through ``consume(_:)``;
    /// returns whether it was applied (R19).
    open override func handleRepeat(of press: KeyPress) -> Bool { consume(press) }

    /// Applies a key to the text; returns whether the key was consumed as text input.
    /// Auto-repeats arrive here too.
    @discardableResult
    public func consume(_ press: KeyPress) -> Bool {
        let flags = press.modifierFlags.matchingSubset
        // Media and system keys (other usage pages) are no text input.
        if flags.contains(.command) || flags.contains(.control) || !press.isKeyboardKey { return false }
        switch press.usage {
        case .deleteOrBackspace:
            if selection.isEmpty, caret > 0 { selection = (caret - 1)..<caret }
            replaceSelection(with: "")
            return true
        case .deleteForward:
            if selection.isEmpty, caret < characters.count { selection = caret..<(caret + 1) }
            replaceSelection(with: "")
            return true
        case .leftArrow:
            moveCaret(to: flags.contains(.alternate) ? 0 : caret - 1)
            return true
        case .rightArrow:
            moveCaret(to: flags.contains(.alternate) ? characters.count : caret + 1)
            return true
        case .upArrow, .home:
            guard style == .view || press.usage == .home else { return false }
            moveCaret(to: 0)
            return true
        case .downArrow, .end:
            guard style == .view || press.usage == .end else { return false }
            moveCaret(to: characters.count)
            return true
        case .returnOrEnter, .keypadEnter, .tab:
            guard style == .view else { return false }
            replaceSelection(with: press.usage == .tab ? "\t" : "\n")
            return true
        default:
            guard let scalar = press.characters.singleScalar, scalar.value >= 0x20, scalar.value != 0x7F else {
                return false
            }
            replaceSelection(with: String(scalar))
            return true
        }
    }

    private func moveCaret(to position: Int) {
        caret = max(0, min(characters.count, position))
        selection = caret..<caret
    }

    private func clamped(_ range: Range<Int>) -> Range<Int> {
        min(range.lowerBound, characters.count)..<min(range.upperBound, characters.count)
    }

    private func replaceSelection(with replacement: String) {
        let range = clamped(selection)
        let inserted = Array(replacement)
        characters.replaceSubrange(range, with: inserted)
        caret = range.lowerBound + inserted.count
        selection = caret..<caret
    }

    private func substring(_ range: Range<Int>) -> String {
        String(characters[clamped(range)])
    }
}
