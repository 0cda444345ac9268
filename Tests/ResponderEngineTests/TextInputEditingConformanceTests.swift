import Testing
import KeyTraceCore
@testable import ResponderEngine

/// Responder-semantics R16–R18 and §G: a text field / text view consumes exactly the keys UIKit's
/// text input uses, and each changes its caret, selection and text as UIKit's does.
@Suite struct TextInputEditingConformanceTests {
    /// A scene whose first responder is a text input with `text`, caret at its end.
    private func textScene(_ text: String, style: TextInputView.Style = .field) throws -> (Scene, TextInputView) {
        let scene = try Scene()
        let input = TextInputView(name: "text", style: style, text: text)
        scene.content.addSubview(input)
        #expect(input.becomeFirstResponder())
        return (scene, input)
    }

    /// Presses `shortcut` (down and up); returns the key-down's outcome.
    @discardableResult
    private func key(_ scene: Scene, _ shortcut: String) -> DispatchOutcome {
        let outcome = scene.dispatcher.dispatch(down(shortcut)).outcome
        scene.dispatcher.dispatch(up(shortcut))
        return outcome
    }

    private func forwardDelete(_ scene: Scene) -> DispatchOutcome {
        let outcome = scene.dispatcher.dispatch(KeyPress(.began, .deleteForward)).outcome
        scene.dispatcher.dispatch(KeyPress(.ended, .deleteForward))
        return outcome
    }

    @Test func G_arrowsMoveTheCaretAndShiftExtendsTheSelection() throws {
        let (scene, field) = try textScene("hello world")
        #expect(field.caret == 11)
        #expect(key(scene, "left") == .handledByTextInput)
        #expect(field.caret == 10)
        key(scene, "opt+left")  // to the start of "world"
        #expect(field.caret == 6 && field.selection == 6..<6)
        key(scene, "shift+opt+left")  // extends over "hello "
        #expect(field.selection == 0..<6 && field.caret == 0)
        key(scene, "right")  // collapses to the selection's end
        #expect(field.selection == 6..<6)
        key(scene, "shift+right")
        key(scene, "shift+right")
        #expect(field.selectedText == "wo")
        key(scene, "shift+left")
        #expect(field.selectedText == "w")
        key(scene, "cmd+left")
        #expect(field.caret == 0 && field.selection.isEmpty)
        key(scene, "shift+cmd+right")
        #expect(field.selection == 0..<11)
        key(scene, "opt+right")  // from the selection's end
        #expect(field.caret == 11 && field.selection.isEmpty)
        // A single-line field: ↑/↓ go to the start and end, with ⇧ selecting.
        #expect(key(scene, "up") == .handledByTextInput)
        #expect(field.caret == 0)
        #expect(key(scene, "down") == .handledByTextInput)
        #expect(field.caret == 11)
        key(scene, "shift+up")
        #expect(field.selection == 0..<11)
        key(scene, "cmd+down")
        #expect(field.caret == 11 && field.selection.isEmpty)
        #expect(field.text == "hello world")
    }

    @Test func G_deleteRemovesACharacterAWordOrToTheLineStart() throws {
        let (scene, field) = try textScene("one two three")
        #expect(key(scene, "opt+delete") == .handledByTextInput)
        #expect(field.text == "one two ")
        key(scene, "delete")
        #expect(field.text == "one two")
        key(scene, "cmd+delete")
        #expect(field.text == "" && field.caret == 0)
        field.setText("abc")
        key(scene, "cmd+left")
        #expect(forwardDelete(scene) == .handledByTextInput)
        #expect(field.text == "bc" && field.caret == 0)
        key(scene, "delete")  // nothing before the caret: consumed, no change
        #expect(field.text == "bc")
        key(scene, "shift+right")
        key(scene, "delete")  // a selection goes whole
        #expect(field.text == "c")
    }

    @Test func G_emacsControlBindingsEditAndMove() throws {
        let (scene, field) = try textScene("abc")
        for (shortcut, caret) in [("ctrl+a", 0), ("ctrl+f", 1), ("ctrl+e", 3), ("ctrl+b", 2), ("ctrl+p", 0), ("ctrl+n", 3)] {
            #expect(key(scene, shortcut) == .handledByTextInput, "\(shortcut)")
            #expect(field.caret == caret, "\(shortcut)")
        }
        key(scene, "ctrl+a")
        key(scene, "ctrl+f")
        key(scene, "ctrl+t")  // swaps around the caret, which moves on
        #expect(field.text == "bac" && field.caret == 2)
        key(scene, "ctrl+e")
        key(scene, "ctrl+t")  // at the end: swaps the two before the caret
        #expect(field.text == "bca" && field.caret == 3)
        key(scene, "ctrl+b")
        key(scene, "ctrl+k")
        #expect(field.text == "bc" && field.killBuffer == "a")
        key(scene, "ctrl+a")
        key(scene, "ctrl+y")
        #expect(field.text == "abc" && field.caret == 1)
        key(scene, "ctrl+h")
        #expect(field.text == "bc" && field.caret == 0)
        key(scene, "ctrl+d")
        #expect(field.text == "c")
        #expect(scene.app.pasteboard == "")  // the kill buffer is not the pasteboard
    }

    @Test func G_textViewMovesByLinesAndParagraphsAndTakesReturnTabAndOpenLine() throws {
        let (scene, view) = try textScene("one\ntwo\nthree", style: .view)
        #expect(view.caret == 13)
        key(scene, "up")  // column 5 on "three" → end of "two"
        #expect(view.caret == 7)
        key(scene, "up")
        #expect(view.caret == 3)
        key(scene, "up")  // the first line: to the start
        #expect(view.caret == 0)
        key(scene, "down")
        #expect(view.caret == 4)
        key(scene, "cmd+right")
        #expect(view.caret == 7)
        key(scene, "cmd+left")
        #expect(view.caret == 4)
        key(scene, "opt+up")  // at a paragraph's start: the previous one's
        #expect(view.caret == 0)
        key(scene, "opt+down")
        #expect(view.caret == 3)
        key(scene, "shift+cmd+down")
        #expect(view.selection == 3..<13)
        key(scene, "cmd+up")
        #expect(view.caret == 0 && view.selection.isEmpty)
        #expect(key(scene, "return") == .handledByTextInput)
        #expect(key(scene, "tab") == .handledByTextInput)
        #expect(view.text == "\n\tone\ntwo\nthree" && view.caret == 2)
        key(scene, "ctrl+o")  // opens a line after the caret, which stays
        #expect(view.text == "\n\t\none\ntwo\nthree" && view.caret == 2)
        key(scene, "ctrl+e")
        key(scene, "ctrl+k")  // at a line's end: kills the line break
        #expect(view.text == "\n\tone\ntwo\nthree" && view.killBuffer == "\n")
    }

    @Test func G_aFieldSendsItsReturnActionAndLeavesTabAndCommandKeys() throws {
        let (scene, field) = try textScene("query")
        var returns = 0
        field.onReturn = { returns += 1 }
        #expect(key(scene, "return") == .handledByTextInput)
        #expect(returns == 1 && field.returnCount == 1 && field.text == "query")
        for shortcut in ["tab", "shift+tab", "esc", "pageup", "pagedown", "home", "end", "cmd+k", "ctrl+left",
                         "ctrl+opt+a", "ctrl+i", "shift+return", "cmd+return"] {
            #expect(key(scene, shortcut) != .handledByTextInput, "\(shortcut) is not text input's")
        }
        #expect(field.text == "query" && field.caret == 5)
    }

    @Test func R18_aDeferredCommandFiresOnlyWhenTextInputLeftTheKeyUnhandled() throws {
        let (scene, field) = try textScene("hello")
        let log = ActionLog()
        scene.root.declaredKeyCommands = [command("cmd+right", "nextTab:"), command("ctrl+right", "nextPane:"),
                                          command("opt+delete", "deleteAll:"), command("ctrl+k", "kill:")]
        for action in ["nextTab:", "nextPane:", "deleteAll:", "kill:"] { scene.root.implement(Action(action), handler: log.handler(action)) }
        key(scene, "cmd+left")
        #expect(key(scene, "cmd+right") == .handledByTextInput)  // the caret moved; no tab switch
        #expect(field.caret == 5)
        #expect(key(scene, "opt+delete") == .handledByTextInput)
        #expect(field.text == "")
        #expect(key(scene, "ctrl+k") == .handledByTextInput)
        #expect(key(scene, "ctrl+right") == .performedCommand)  // text input leaves ⌃→
        #expect(log.entries == ["nextPane:"])
        // Without text input (the iOS 14 SDK model) the commands come first.
        scene.app.commandsBeforeTextInput = true
        #expect(key(scene, "cmd+right") == .performedCommand)
        #expect(log.entries == ["nextPane:", "nextTab:"])
    }

    @Test func R17_repeatsOfConsumedKeysEditAgain() throws {
        let (scene, field) = try textScene("abcdef")
        #expect(scene.dispatcher.dispatch(down("delete")).outcome == .handledByTextInput)
        #expect(scene.dispatcher.dispatch(down("delete", repeat: true)).outcome == .handledByTextInput)
        #expect(scene.dispatcher.dispatch(down("delete", repeat: true)).outcome == .handledByTextInput)
        scene.dispatcher.dispatch(up("delete"))
        #expect(field.text == "abc")
    }

    @Test func R18_explanationSaysWhetherTextInputUsesTheKey() throws {
        let (scene, _) = try textScene("hello")
        scene.root.declaredKeyCommands = [command("cmd+right", "nextTab:"), command("ctrl+right", "nextPane:")]
        scene.root.implement("nextTab:")
        scene.root.implement("nextPane:")
        let used = scene.dispatcher.explain(down("cmd+right"))
        #expect(used.textInputEdit?.description == "move to the line end")
        #expect(used.candidates.first?.verdict == .deferredBehindTextInput)
        #expect(scene.dispatcher.explain(down("ctrl+right")).textInputEdit == nil)
        #expect(scene.dispatcher.explain(down("shift+opt+left")).textInputEdit?.description == "extend the selection to the word start")
    }

    @Test func explainingSeveralPressesAtOnceAnswersAsExplainingEach() throws {
        let (scene, _) = try textScene("hello")
        scene.content.declaredKeyCommands = [KeyCommand(input: .character("j"), action: "jump:"),
                                             KeyCommand(input: .special(.leftArrow), modifierFlags: .alternate, action: "back:"),
                                             KeyCommand(input: .character("s"), modifierFlags: .command, action: "save:")]
        scene.content.implement("jump:", handler: { _ in })
        scene.content.implement("back:", handler: { _ in })
        scene.content.implement("save:", handler: { _ in })
        let presses = ["j", "opt+left", "cmd+s", "x", "cmd+left"].map { down($0) }
        let together = scene.dispatcher.explain(presses)
        #expect(together.count == presses.count)
        for (press, answer) in zip(presses, together) {
            let alone = scene.dispatcher.explain(press)
            #expect(answer.winner?.command.action == alone.winner?.command.action)
            #expect(answer.textInputEdit?.description == alone.textInputEdit?.description)
            #expect(answer.candidates.map { "\($0.command.action?.name ?? "") \($0.verdict)" }
                == alone.candidates.map { "\($0.command.action?.name ?? "") \($0.verdict)" })
        }
        #expect(together[2].winner?.command.action == "save:")
        #expect(together[0].candidates.first?.verdict == .deferredBehindTextInput)
    }

    @Test func aResponderAdoptingKeyInputTypesCharactersReturnAndDeleteButNotArrows() throws {
        let scene = try Scene()
        let log = ActionLog()
        scene.root.declaredKeyCommands = [KeyCommand(input: .character("j"), action: "down:"),
                                          KeyCommand(input: .special(.leftArrow), action: "left:"),
                                          KeyCommand(input: .character("s"), modifierFlags: .command, action: "save:")]
        scene.root.implement("down:", handler: log.handler("down:"))
        scene.root.implement("left:", handler: log.handler("left:"))
        scene.root.implement("save:", handler: log.handler("save:"))
        scene.root.adoptsKeyInput = true
        #expect(scene.root.becomeFirstResponder())
        #expect(scene.dispatcher.explain(down("j")).textInputEdit == .insert("j"))
        // A plain key the responder types goes to its insertText(_:), not to the command.
        #expect(key(scene, "j") == .handledByTextInput)
        #expect(key(scene, "return") == .handledByTextInput)
        #expect(key(scene, "backspace") == .handledByTextInput)
        // No caret: an arrow is no text input for it, so its deferred command fires.
        #expect(scene.dispatcher.explain(down("left")).textInputEdit == nil)
        #expect(key(scene, "left") == .performedCommand)
        #expect(key(scene, "cmd+s") == .performedCommand)
        #expect(log.entries == ["left:", "save:"])
        // Without UIKeyInput the same responder's commands take the keys.
        scene.root.adoptsKeyInput = false
        #expect(key(scene, "j") == .performedCommand)
    }
}

