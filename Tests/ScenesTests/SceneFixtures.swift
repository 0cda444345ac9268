import Testing
import KeyTraceCore
import ResponderEngine
@testable import Scenes
import CLITestSupport


func bundledScene(_ name: String) -> String { "\(repositoryRoot)/Traces/scenes/\(name).json" }

/// A loaded scene with a dispatcher and helpers to press keys by shortcut.
struct LiveScene {
    let runtime: SceneRuntime
    let dispatcher: KeyDispatcher
    var timestamp: UInt64 = 0

    init(_ name: String, policy: QueryPolicy = .cached) throws {
        runtime = try SceneRuntime(contentsOf: bundledScene(name))
        dispatcher = try runtime.makeDispatcher(policy: policy, clock: nil)
    }

    /// Presses and releases `shortcut` (modifiers exactly as written); returns the key-down's resolution.
    @discardableResult
    mutating func press(_ shortcut: String, hold: UInt64 = 80_000_000) -> Resolution {
        let (usage, modifiers) = key(shortcut)
        timestamp += 100_000_000
        let down = dispatcher.dispatch(KeyPress(.began, usage, modifiers: modifiers, timestamp: timestamp))
        timestamp += hold
        dispatcher.dispatch(KeyPress(.ended, usage, modifiers: modifiers, timestamp: timestamp))
        return down
    }

    /// Makes the responder at `path` first responder, recording an issue when it cannot be.
    func focus(_ path: String) {
        do {
            try runtime.focus(path)
        } catch {
            Issue.record("fixture focus '\(path)': \(error)")
        }
    }

    mutating func type(_ text: String) {
        for character in text {
            guard let stroke = KeyboardLayout.usANSI.keystrokes(typing: character).first else {
                Issue.record("fixture text '\(text)': the US layout cannot type '\(character)'")
                continue
            }
            timestamp += 100_000_000
            dispatcher.dispatch(KeyPress(.began, stroke.usage, modifiers: stroke.modifiers, timestamp: timestamp))
            timestamp += 50_000_000
            dispatcher.dispatch(KeyPress(.ended, stroke.usage, modifiers: stroke.modifiers, timestamp: timestamp))
        }
    }

    func key(_ shortcut: String) -> (HIDUsage, ModifierFlags) {
        let parsed: KeyShortcut
        do {
            parsed = try KeyShortcut(shortcut)
        } catch {
            Issue.record("fixture shortcut '\(shortcut)' does not parse: \(error)")
            return (.reserved, [])
        }
        switch parsed.input {
        case .special(let special): return (special.usage, parsed.modifiers)
        case .character(let string):
            let strokes = KeyboardLayout.usANSI.keystrokes(typing: Character(string))
            guard let usage = strokes.first(where: { !$0.usage.isKeypad })?.usage else {
                Issue.record("fixture shortcut '\(shortcut)': the US layout cannot type it")
                return (.reserved, [])
            }
            return (usage, parsed.modifiers)
        }
    }

    func value(_ key: String) -> String? { runtime.snapshot().first { $0.key == key }?.value }
    var firstResponder: String { runtime.application.firstResponder?.path ?? "(none)" }
}
