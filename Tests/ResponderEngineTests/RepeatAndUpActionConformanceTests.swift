import Testing
import KeyTraceCore
@testable import ResponderEngine

/// R19 and R20 on repeats KeyTrace synthesised at record time: the engine treats them as any
/// repeat, and an `upAction` command models a raw-press handler across them.
@Suite struct RepeatAndUpActionConformanceTests {
    /// `down` marked as a repeat synthesised at record time.
    private func synthesizedRepeat(_ shortcut: String) -> KeyPress {
        var press = down(shortcut, repeat: true)
        press.isSynthesizedRepeat = true
        return press
    }

    @Test func R19_synthesisedRepeatsResolveAsTheInputsOwnRepeatsDo() throws {
        let scene = try Scene()
        let log = ActionLog()
        var once = command("cmd+p", "printDocument:")
        once.repeatBehavior = .nonRepeatable
        scene.leaf.declaredKeyCommands = [command("down", "nextRow:"), once]
        scene.leaf.implement("nextRow:", handler: log.handler("next"))
        scene.leaf.implement("printDocument:", handler: log.handler("print"))
        scene.leaf.becomeFirstResponder()
        let d = scene.dispatcher
        #expect(d.dispatch(down("down")).outcome == .performedCommand)
        #expect(d.dispatch(synthesizedRepeat("down")).outcome == .performedCommand)
        #expect(d.dispatch(synthesizedRepeat("down")).outcome == .performedCommand)
        d.dispatch(up("down"))
        #expect(d.dispatch(down("cmd+p")).outcome == .performedCommand)
        #expect(d.dispatch(synthesizedRepeat("cmd+p")).outcome == .repeatSuppressed)
        #expect(log.entries == ["next", "next", "next", "print"])

        let field = TextInputView(name: "field")
        scene.content.addSubview(field)
        field.becomeFirstResponder()
        d.dispatch(down("x"))
        #expect(d.dispatch(synthesizedRepeat("x")).outcome == .handledByTextInput)
        #expect(field.text == "xx")
    }

    /// A scene's `upAction` stands for a responder's `pressesBegan`/`pressesEnded` pair; made
    /// non-repeatable, its action runs once however long the key is held, as `pressesBegan` is
    /// not called again for repeats, and the key-up runs the up-action once.
    @Test func R20_aNonRepeatableUpActionCommandActsOnceAtTheDownAndOnceAtTheUpWhateverTheRepeats() throws {
        let scene = try Scene()
        let log = ActionLog()
        var hold = KeyCommand(input: .special(.rightArrow), modifierFlags: [], action: "startMoving:", upAction: "stopMoving:")
        hold.repeatBehavior = .nonRepeatable
        scene.leaf.declaredKeyCommands = [hold]
        for action in ["startMoving:", "stopMoving:"] { scene.leaf.implement(Action(action), handler: log.handler(action)) }
        scene.leaf.becomeFirstResponder()
        let d = scene.dispatcher
        #expect(d.dispatch(down("right")).outcome == .performedCommand)
        for _ in 0..<5 { #expect(d.dispatch(synthesizedRepeat("right")).outcome == .repeatSuppressed) }
        let release = d.dispatch(up("right"))
        #expect(release.outcome == .performedCommand)
        #expect(release.action == "stopMoving:")
        #expect(log.entries == ["startMoving:", "stopMoving:"])
    }
}
