import Testing
import KeyTraceCore
@testable import ResponderEngine

/// A responder that records the presses it receives and handles those it is told to.
final class PressRecorder: View {
    var handledUsages: Set<HIDUsage> = []
    var log: [String] = []

    override func pressesBegan(_ press: KeyPress, with delivery: inout PressDelivery) {
        log.append("began \(press.usage.name)")
        if handledUsages.contains(press.usage) { return }
        super.pressesBegan(press, with: &delivery)
    }

    override func pressesEnded(_ press: KeyPress, with delivery: inout PressDelivery) {
        log.append("ended \(press.usage.name)")
        if handledUsages.contains(press.usage) { return }
        super.pressesEnded(press, with: &delivery)
    }

    override func pressesCancelled(_ press: KeyPress, with delivery: inout PressDelivery) {
        log.append("cancelled \(press.usage.name)")
        super.pressesCancelled(press, with: &delivery)
    }
}

/// window → root controller "root" → its view holding `content` (a PressRecorder) → `leaf`.
struct Scene {
    let app = Application()
    let window = Window()
    let root = ViewController(name: "root")
    let content = PressRecorder(name: "content")
    let leaf = PressRecorder(name: "leaf")
    let dispatcher: KeyDispatcher

    init(policy: QueryPolicy = .cached, clock: NanosecondClock? = nil) throws {
        window.rootViewController = root
        root.view.addSubview(content)
        content.addSubview(leaf)
        app.addWindow(window)
        leaf.acceptsFirstResponder = true
        content.acceptsFirstResponder = true
        root.acceptsFirstResponder = true
        dispatcher = try KeyDispatcher(application: app, policy: policy, clock: clock)
    }
}

/// A log of performed actions, shared by reference with action handlers.
final class ActionLog {
    var entries: [String] = []
    func handler(_ name: String) -> (ActionSender) -> Void {
        { [unowned self] sender in self.entries.append(name) }
    }
}

func down(_ shortcut: String, repeat isRepeat: Bool = false, layout: KeyboardLayout = .usANSI) -> KeyPress {
    press(.began, shortcut, isRepeat: isRepeat, layout: layout)
}

func up(_ shortcut: String, layout: KeyboardLayout = .usANSI) -> KeyPress {
    press(.ended, shortcut, layout: layout)
}

/// A press of the key a shortcut names: letters/digits/punctuation by their US key, with the
/// shortcut's modifiers exactly (no shift is added for shifted characters).
func press(_ phase: KeyPhase, _ shortcut: String, isRepeat: Bool = false, layout: KeyboardLayout = .usANSI) -> KeyPress {
    let parsed: KeyShortcut
    do {
        parsed = try KeyShortcut(shortcut)
    } catch {
        Issue.record("fixture shortcut '\(shortcut)' does not parse: \(error)")
        return KeyPress(phase, .reserved)
    }
    let usage: HIDUsage
    switch parsed.input {
    case .special(let special): usage = special.usage
    case .character(let string):
        let strokes = layout.keystrokes(typing: Character(string))
        guard let stroke = strokes.first(where: { !$0.usage.isKeypad }) ?? strokes.first else {
            Issue.record("fixture shortcut '\(shortcut)' names a character the \(layout.name) layout cannot type")
            return KeyPress(phase, .reserved)
        }
        usage = stroke.usage
    }
    return KeyPress(phase, usage, modifiers: parsed.modifiers, isRepeat: isRepeat, layout: layout)
}

func command(_ shortcut: String, _ action: Action, title: String = "") -> KeyCommand {
    do {
        return try KeyCommand(title: title, action: action, shortcut: shortcut)
    } catch {
        Issue.record("fixture command shortcut '\(shortcut)' does not parse: \(error)")
        return KeyCommand(input: .character("?"), action: "invalid-shortcut")
    }
}
