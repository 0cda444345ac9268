import KeyTraceCore
import Testing
@testable import ResponderEngine

/// The `cached` policy rebuilds a collection after every first-responder change (R23) but shares
/// the contents of a recent one whose reads returned the same sources.
@Suite struct CollectionReuseTests {
    /// Focuses `responder`, dispatches a key-down and returns the contents it was matched in.
    private func contents(after responder: Responder, in scene: Scene) throws -> CommandCollection.Contents {
        scene.app.makeFirstResponder(responder)
        _ = scene.dispatcher.dispatch(down("cmd+k"))
        return try #require(scene.dispatcher.collection?.contents)
    }

    /// A responder whose `keyCommands` builds new values on every read, as apps' getters do.
    final class FreshCommands: View {
        var title = "Open"
        override var keyCommands: [KeyCommand]? { [command("cmd+k", "open:", title: title)] }
    }

    /// The fixture scene with a focusable ``FreshCommands`` inside its leaf.
    private func sceneWithFreshCommands() throws -> (Scene, FreshCommands) {
        let scene = try Scene()
        let fresh = FreshCommands(name: "fresh")
        fresh.acceptsFirstResponder = true
        scene.leaf.addSubview(fresh)
        return (scene, fresh)
    }

    @Test func returningFocusReusesTheContentsBuiltForTheSameSources() throws {
        let (scene, fresh) = try sceneWithFreshCommands()
        let first = try contents(after: fresh, in: scene)
        let elsewhere = try contents(after: scene.content, in: scene)
        #expect(elsewhere !== first)
        #expect(try contents(after: fresh, in: scene) === first)  // equal commands, new values
    }

    @Test func changedSourcesBuildNewContents() throws {
        let (scene, fresh) = try sceneWithFreshCommands()
        let first = try contents(after: fresh, in: scene)
        _ = try contents(after: scene.content, in: scene)
        fresh.title = "Open Recent"  // a different command: equal key, other title
        let changed = try contents(after: fresh, in: scene)
        #expect(changed !== first)
        #expect(changed.candidates.first?.command.title == "Open Recent")
        scene.leaf.declaredKeyCommands = [command("cmd+j", "jump:")]  // another provider's commands
        _ = try contents(after: scene.content, in: scene)
        #expect(try contents(after: fresh, in: scene) !== changed)
    }

    @Test func newRespondersWithTheSameCommandsShareTheContentsAndAreTheProviders() throws {
        let (scene, fresh) = try sceneWithFreshCommands()
        let first = try contents(after: fresh, in: scene)
        fresh.removeFromSuperview()
        let replacement = FreshCommands(name: "fresh")  // a new object where the old one stood
        replacement.acceptsFirstResponder = true
        replacement.implement("open:") { _ in }
        scene.leaf.addSubview(replacement)
        let reused = try contents(after: replacement, in: scene)
        #expect(reused === first)
        let resolution = scene.dispatcher.dispatch(down("cmd+k"))
        #expect(resolution.provider === replacement)
    }
}
