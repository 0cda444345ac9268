import ResponderEngine
import Testing

@testable import Scenes

/// The node field `keyCommandsGetter`: what one call of a responder's getter costs.
@Suite struct KeyCommandsGetterTests {
    private func scene(_ getter: String) -> String {
        """
        {"format": "keytrace-scene", "version": 1, "name": "t",
         "windows": [{"type": "window", "name": "window", "root":
           {"type": "viewController", "name": "ListController", "keyCommandsGetter": \(getter)}}]}
        """
    }

    @Test func aComputedGetterBuildsItsCommandsOnEveryCall() throws {
        let definition = try SceneDefinition(json: scene(#"{"builds": 12, "computed": true, "costly": ["localization"]}"#), file: "t.json")
        let getter = try #require(definition.windows.first?.children.first?.keyCommandsGetter)
        #expect(getter == KeyCommandsGetter(builds: 12, computed: true, costly: ["localization"]))
        let runtime = try SceneRuntime(definition: definition, file: "t.json")
        #expect(runtime.responder(at: "window/ListController")?.keyCommandsBuiltPerCall == 12)
    }

    @Test func aStoredGetterBuildsNothingPerCall() throws {
        let definition = try SceneDefinition(json: scene(#"{"builds": 12, "computed": false}"#), file: "t.json")
        let runtime = try SceneRuntime(definition: definition, file: "t.json")
        #expect(runtime.responder(at: "window/ListController")?.keyCommandsBuiltPerCall == 0)
    }

    @Test func badGettersNameTheirPath() {
        for (getter, path) in [
            (#"{"computed": true}"#, "windows[0].root.keyCommandsGetter.builds"),
            (#"{"builds": -1, "computed": true}"#, "windows[0].root.keyCommandsGetter.builds"),
            (#"{"builds": 1}"#, "windows[0].root.keyCommandsGetter.computed"),
            (#"{"builds": 1, "computed": true, "cost": []}"#, "windows[0].root.keyCommandsGetter"),
        ] {
            #expect(throws: SceneError.self, "\(getter)") { try SceneDefinition(json: scene(getter), file: "t.json") }
            do {
                _ = try SceneDefinition(json: scene(getter), file: "t.json")
            } catch {
                #expect(error.description.contains(path), "\(error.description)")
            }
        }
    }
}
