import KeyTraceCore
import Scenes
import Surfaces
import Testing

/// The drawings of a scene's key screens the reports include (``SceneSurfaces``).
@Suite struct SceneSurfacesTests {
    /// A scene with `count` states, each setting `step` to its number.
    private func scene(states count: Int) throws -> SceneRuntime {
        let states = (1...count).map { #"{"name": "s\#($0)", "steps": [{"set": "step", "value": \#($0)}]}"# }.joined(separator: ", ")
        let json = #"""
            {"format": "keytrace-scene", "version": 1, "name": "steps", "state": {"step": 0},
             "windows": [{"type": "window", "name": "window", "root": {"type": "viewController", "name": "root", "canBecomeFirstResponder": true,
               "commands": [{"title": "Next", "shortcut": "cmd+n", "action": "next:"}], "actions": {"next:": []}}}],
             "firstResponder": "window/root", "states": [\#(states)]}
            """#
        return try SceneRuntime(definition: SceneDefinition(json: json, file: "steps.json"), file: "steps.json")
    }

    @Test func atMostSixScreensAreDrawnAndTheRestAreNamed() throws {
        let runtime = try scene(states: 7)
        let surfaces = try SceneSurfaces(runtime: runtime)
        #expect(surfaces.screens.map(\.name) == ["initial", "s1", "s2", "s3", "s4", "s5"])
        #expect(surfaces.screensLeftOut == ["s6", "s7"])
        #expect(surfaces.screens.allSatisfy { $0.menuBar.platform.platform == .catalyst && $0.overlay.platform.platform == .ipad })
        #expect(surfaces.htmlSection.contains("Not drawn (past the first 6 screens): s6, s7"))
        #expect(runtime.state["step"] == 0, "the runtime given is not changed")
    }

    @Test func everyScreenIsEnteredOnARuntimeOfItsOwn() throws {
        let screens = try SceneScreen.all(of: try scene(states: 2), on: .catalyst)
        #expect(screens.map(\.name) == ["initial", "s1", "s2"])
        #expect(screens.map { $0.runtime.state["step"] } == [0, 1, 2])
        #expect(screens.allSatisfy { $0.runtime.application.platformVersion == PlatformVersion(.catalyst) })
    }
}
