import KeyTraceCore

extension TextInputView {
    /// What a key does to a text input with a hardware keyboard (responder-semantics §G): the
    /// standard key bindings UIKit's text input shares with AppKit. A key with no edit is not
    /// consumed and goes on to the next responder and to deferred commands (R18).
    ///
    /// | keys | edit |
    /// |---|---|
    /// | printable (no ⌘, no ⌃) | insert the character |
    /// | ←/→ with none, ⇧, ⌥, ⇧⌥, ⌘, ⇧⌘ | character, word, line start/end; ⇧ extends the selection |
    /// | ↑/↓ with the same | a line (field: text start/end), ⌥ paragraph, ⌘ text start/end |
    /// | Delete with none, ⌥, ⌘; forward delete | delete a character, a word, to line start; the next character |
    /// | ⌃A ⌃E, ⌃B ⌃F, ⌃P ⌃N | line start/end, character back/forward, line up/down |
    /// | ⌃K, ⌃Y | kill to line end (into the kill buffer), yank it |
    /// | ⌃D, ⌃H | delete forward, backward |
    /// | ⌃T, ⌃O | transpose characters, open a line |
    /// | Return, ⇧Return | a view inserts a newline; a field runs its return action |
    /// | Tab | a view inserts a tab |
    public enum Edit: Hashable, Sendable {
        /// Replace the selection with text.
        case insert(String)
        /// Move the caret (collapsing the selection), or with `extending` move only its moving end.
        case move(Movement, extending: Bool)
        /// Delete the selection, or from where `Movement` leads back (forward) to the caret.
        case delete(Movement)
        /// ⌃K: kill from the caret to the end of the line (the line break when already there).
        case killToEndOfLine
        /// ⌃Y: insert the kill buffer.
        case yank
        /// ⌃T: swap the characters around the caret (the two before it at a line's end).
        case transpose
        /// ⌃O: insert a line break after the caret, which stays.
        case openLine
        /// Return in a field: run its return action.
        case returnAction

        /// How far a move or deletion goes, and which way.
        public struct Movement: Hashable, Sendable {
            /// The unit moved by.
            public enum Unit: Hashable, Sendable {
                /// One character.
                case character
                /// To a word's start (backward) or end (forward).
                case word
                /// To the start or end of the line (a field's whole text).
                case lineBoundary
                /// One line up or down, keeping the column (a field: its start or end).
                case line
                /// To the start of the paragraph, or of the previous one when already there (or
                /// the end, of the next one).
                case paragraph
                /// To the start or end of the text.
                case document
            }
            /// The unit.
            public var unit: Unit
            /// Toward the end of the text.
            public var forward: Bool

            /// A movement by `unit`, forward or backward.
            public init(_ unit: Unit, forward: Bool) {
                self.unit = unit
                self.forward = forward
            }
        }

        /// The edit `press` makes in a responder that adopts `UIKeyInput` only
        /// (``Responder/adoptsKeyInput``), or `nil` when it does not use the key: a printable
        /// character (no ⌘, no ⌃), Return and Tab reach its `insertText(_:)`, Delete its
        /// `deleteBackward()`. It has no caret or selection, so arrows and the editing
        /// shortcuts are not text input for it.
        public init?(keyInput press: KeyPress) {
            let flags = press.modifierFlags.matchingSubset
            switch press.usage {
            case .deleteOrBackspace:
                guard flags.isEmpty else { return nil }
                self = .delete(Movement(.character, forward: false))
            case .returnOrEnter, .keypadEnter:
                guard flags.subtracting(.shift).isEmpty else { return nil }
                self = .insert("\n")
            case .tab:
                guard flags.isEmpty else { return nil }
                self = .insert("\t")
            case .leftArrow, .rightArrow, .upArrow, .downArrow, .deleteForward:
                return nil
            default:
                guard !flags.contains(.command), !flags.contains(.control),
                      let scalar = press.characters.singleScalar, scalar.value >= 0x20, scalar.value != 0x7F else {
                    return nil
                }
                self = .insert(String(scalar))
            }
        }

        /// The edit `press` makes in a text input of `style`, or `nil` when text input does not
        /// use the key (it then goes to the next responder).
        public init?(_ press: KeyPress, style: Style) {
            let flags = press.modifierFlags.matchingSubset
            let shift = flags.contains(.shift)
            let rest = flags.subtracting(.shift)
            let vertical: Movement.Unit = style == .field ? .document : .line
            switch press.usage {
            case .leftArrow, .rightArrow, .upArrow, .downArrow:
                let forward = press.usage == .rightArrow || press.usage == .downArrow
                let horizontal = press.usage == .leftArrow || press.usage == .rightArrow
                let unit: Movement.Unit
                switch rest {
                case []: unit = horizontal ? .character : vertical
                case .alternate: unit = horizontal ? .word : (style == .field ? .document : .paragraph)
                case .command: unit = horizontal ? .lineBoundary : .document
                default: return nil
                }
                self = .move(Movement(unit, forward: forward), extending: shift)
            case .deleteOrBackspace:
                switch flags {
                case []: self = .delete(Movement(.character, forward: false))
                case .alternate: self = .delete(Movement(.word, forward: false))
                case .command: self = .delete(Movement(.lineBoundary, forward: false))
                default: return nil
                }
            case .deleteForward:
                guard flags.isEmpty else { return nil }
                self = .delete(Movement(.character, forward: true))
            case .returnOrEnter, .keypadEnter:
                guard rest.isEmpty else { return nil }
                if style == .view {
                    self = .insert("\n")
                } else {
                    guard !shift else { return nil }
                    self = .returnAction
                }
            case .tab:
                guard style == .view, flags.isEmpty else { return nil }
                self = .insert("\t")
            default:
                if flags == .control {
                    guard let edit = Edit(controlKey: press.charactersIgnoringModifiers.string.lowercased(), vertical: vertical)
                    else { return nil }
                    self = edit
                    return
                }
                guard !flags.contains(.command), !flags.contains(.control),
                      let scalar = press.characters.singleScalar, scalar.value >= 0x20, scalar.value != 0x7F else {
                    return nil
                }
                self = .insert(String(scalar))
            }
        }

        /// The Emacs control binding for the key typing `character` with ⌃ held.
        private init?(controlKey character: String, vertical: Movement.Unit) {
            switch character {
            case "a": self = .move(Movement(.lineBoundary, forward: false), extending: false)
            case "e": self = .move(Movement(.lineBoundary, forward: true), extending: false)
            case "b": self = .move(Movement(.character, forward: false), extending: false)
            case "f": self = .move(Movement(.character, forward: true), extending: false)
            case "p": self = .move(Movement(vertical, forward: false), extending: false)
            case "n": self = .move(Movement(vertical, forward: true), extending: false)
            case "k": self = .killToEndOfLine
            case "y": self = .yank
            case "d": self = .delete(Movement(.character, forward: true))
            case "h": self = .delete(Movement(.character, forward: false))
            case "t": self = .transpose
            case "o": self = .openLine
            default: return nil
            }
        }
    }

    /// Applies `edit` to the text, caret and selection.
    public func apply(_ edit: Edit) {
        switch edit {
        case .insert(let string):
            replaceSelection(with: string)
        case .move(let movement, let extending):
            if extending {
                extendSelection(to: position(after: movement, from: caret))
            } else if !selection.isEmpty && movement.unit == .character {
                moveCaret(to: movement.forward ? selection.upperBound : selection.lowerBound)
            } else {
                moveCaret(to: position(after: movement, from: movement.forward ? selection.upperBound : selection.lowerBound))
            }
        case .delete(let movement):
            if selection.isEmpty {
                let end = position(after: movement, from: caret)
                replace(min(caret, end)..<max(caret, end), with: "")
            } else {
                replaceSelection(with: "")
            }
        case .killToEndOfLine:
            let range: Range<Int>
            if !selection.isEmpty {
                range = selection
            } else {
                let end = lineEnd(of: caret)
                range = caret..<(end == caret && end < characters.count ? end + 1 : end)
            }
            guard !range.isEmpty else { return }
            killBuffer = String(characters[range])
            replace(range, with: "")
        case .yank:
            replaceSelection(with: killBuffer)
        case .transpose:
            guard selection.isEmpty, characters.count >= 2, caret > 0 else { return }
            let atLineEnd = caret == characters.count || characters[caret] == "\n"
            let first = atLineEnd ? caret - 2 : caret - 1
            guard first >= 0, characters[first] != "\n", characters[first + 1] != "\n" else { return }
            characters.swapAt(first, first + 1)
            moveCaret(to: first + 2)
        case .openLine:
            guard style == .view else { return }
            let at = caret
            replaceSelection(with: "\n")
            moveCaret(to: at)
        case .returnAction:
            returnCount += 1
            onReturn?()
        }
    }

    // MARK: Positions

    /// Where `movement` leads from `position`.
    func position(after movement: Edit.Movement, from position: Int) -> Int {
        let count = characters.count
        let forward = movement.forward
        switch movement.unit {
        case .character:
            return max(0, min(count, position + (forward ? 1 : -1)))
        case .word:
            var p = position
            if forward {
                while p < count, !TextInputView.isWordCharacter(characters[p]) { p += 1 }
                while p < count, TextInputView.isWordCharacter(characters[p]) { p += 1 }
            } else {
                while p > 0, !TextInputView.isWordCharacter(characters[p - 1]) { p -= 1 }
                while p > 0, TextInputView.isWordCharacter(characters[p - 1]) { p -= 1 }
            }
            return p
        case .lineBoundary:
            if style == .field { return forward ? count : 0 }
            return forward ? lineEnd(of: position) : lineStart(of: position)
        case .paragraph:
            if forward {
                let end = lineEnd(of: position)
                return end == position && end < count ? lineEnd(of: end + 1) : end
            }
            let start = lineStart(of: position)
            return start == position && start > 0 ? lineStart(of: start - 1) : start
        case .line:
            let start = lineStart(of: position)
            let column = position - start
            if forward {
                let end = lineEnd(of: position)
                guard end < count else { return count }
                let nextStart = end + 1
                return nextStart + min(column, lineEnd(of: nextStart) - nextStart)
            }
            guard start > 0 else { return 0 }
            let previousStart = lineStart(of: start - 1)
            return previousStart + min(column, (start - 1) - previousStart)
        case .document:
            return forward ? count : 0
        }
    }

    /// The start of the line holding `position`.
    func lineStart(of position: Int) -> Int {
        var p = min(position, characters.count)
        while p > 0, characters[p - 1] != "\n" { p -= 1 }
        return p
    }

    /// The end of the line holding `position` (before its line break).
    func lineEnd(of position: Int) -> Int {
        var p = max(0, position)
        while p < characters.count, characters[p] != "\n" { p += 1 }
        return p
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}

extension TextInputView.Edit: CustomStringConvertible {
    /// In words: `move to the line end`, `extend the selection by a word back`, `insert "a"`.
    public var description: String {
        switch self {
        case .insert(let text): return "insert " + Self.quoted(text)
        case .move(let movement, let extending): return (extending ? "extend the selection " : "move ") + movement.description
        case .delete(let movement): return "delete " + movement.description
        case .killToEndOfLine: return "kill to the line end"
        case .yank: return "yank"
        case .transpose: return "transpose characters"
        case .openLine: return "open a line"
        case .returnAction: return "send the return action"
        }
    }
}

extension TextInputView.Edit {
    /// `text` quoted as its `debugDescription` writes it: printable ASCII other than `"` and `\`
    /// (what most keys insert) stands as it is, so only other text goes through the escaping.
    private static func quoted(_ text: String) -> String {
        let plain = text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        return plain ? "\"" + text + "\"" : text.debugDescription
    }
}

extension TextInputView.Edit.Movement: CustomStringConvertible {
    /// In words: `to the line end`, `by a word back`.
    public var description: String {
        switch unit {
        case .character: return forward ? "by a character forward" : "by a character back"
        case .word: return forward ? "to the word end" : "to the word start"
        case .lineBoundary: return forward ? "to the line end" : "to the line start"
        case .line: return forward ? "a line down" : "a line up"
        case .paragraph: return forward ? "to the paragraph end" : "to the paragraph start"
        case .document: return forward ? "to the text end" : "to the text start"
        }
    }
}
