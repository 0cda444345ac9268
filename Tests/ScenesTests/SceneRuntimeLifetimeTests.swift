import Testing
import KeyTraceCore
import ResponderEngine
@testable import Scenes

/// A scene's runtime, its responder graph and its dispatcher are freed when the last outside
/// reference goes: replays and `bench` build one runtime per run, and a cycle would keep every
/// graph alive for the life of the process.
@Suite struct SceneRuntimeLifetimeTests {
    @Test(arguments: ["pdf-viewer", "app-store-tabs", "music-player", "canvas"])
    func runtimeAndRespondersAreFreedAfterUse(name: String) throws {
        weak var runtime: SceneRuntime?
        weak var application: Application?
        weak var dispatcher: KeyDispatcher?
        var responders: [WeakResponder] = []
        do {
            var scene = try LiveScene(name)
            scene.press("cmd+z")
            scene.press("tab")
            runtime = scene.runtime
            application = scene.runtime.application
            dispatcher = scene.dispatcher
            responders = scene.runtime.allResponders.map(WeakResponder.init)
            #expect(!responders.isEmpty)
        }
        #expect(runtime == nil)
        #expect(application == nil)
        #expect(dispatcher == nil)
        let alive = responders.compactMap { $0.responder?.path }
        #expect(alive.isEmpty, "still alive: \(alive)")
    }
}

private struct WeakResponder {
    weak var responder: Responder?
    init(_ responder: Responder) { self.responder = responder }
}
