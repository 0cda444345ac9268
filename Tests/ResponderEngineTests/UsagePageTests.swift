import KeyTraceCore
import Testing
@testable import ResponderEngine

@Suite struct UsagePageTests {
    private func scene(with commands: [KeyCommand]) throws -> Scene {
        let scene = try Scene()
        scene.leaf.declaredKeyCommands = commands
        for command in commands { if let action = command.action { scene.leaf.implement(action) } }
        scene.leaf.becomeFirstResponder()
        return scene
    }

    @Test func mediaAndSystemKeysMatchNoKeyCommandEvenWithTheSameUsageID() throws {
        // Consumer 0x04 and Generic Desktop 0x04 share their ID with Keyboard a; ⌘A is registered.
        let s = try scene(with: [KeyCommand(input: .character("a"), modifierFlags: .command, action: "selectAll:")])
        #expect(s.dispatcher.dispatch(down("cmd+a")).outcome == .performedCommand)
        for page in [HIDUsagePage.consumer, .genericDesktop] {
            let press = KeyPress(.began, HIDUsage(0x04), modifiers: .command, usagePage: page)
            #expect(press.characters.string.isEmpty && press.charactersIgnoringModifiers.string.isEmpty)
            #expect(s.dispatcher.dispatch(press).outcome == .unhandled)
            #expect(s.dispatcher.explain(press).candidates.isEmpty)
        }
    }
}
