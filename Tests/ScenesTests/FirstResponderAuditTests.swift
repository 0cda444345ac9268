import Testing
import KeyTraceCore
import ResponderEngine
@testable import Scenes

/// `scene check` reports every moment a scene has no first responder, the commands that stop
/// working then, and what the app should make first responder (R10).
@Suite struct FirstResponderAuditTests {
    private func runtime(_ json: String) throws -> SceneRuntime {
        let runtime = try SceneRuntime(definition: SceneDefinition(json: json), file: "audit.json")
        _ = try runtime.makeDispatcher(policy: .cached, clock: nil)
        return runtime
    }

    @Test func aSceneWithoutAFirstResponderNamesWhatStopsWorkingAndWhoShouldTakeIt() throws {
        let scene = try runtime("""
            {"format": "keytrace-scene", "version": 1, "name": "lost",
             "windows": [{"type": "window", "name": "window", "root": {"type": "viewController", "name": "root",
                "commands": [{"title": "Find", "shortcut": "cmd+f", "action": "find:"}], "actions": {"find:": []},
                "views": [{"type": "textView", "name": "text"}]}}]}
            """)
        let gaps = scene.firstResponderGaps
        #expect(gaps.count == 1)
        let gap = try #require(gaps.first)
        #expect(gap.cause == .startingState)
        #expect(gap.jsonPath == "firstResponder")
        #expect(gap.stranded == ["⌘F find: (window/root)"])
        #expect(gap.suggestedFirstResponder == "window/root/text")
        #expect(try scene.summary(label: "lost").contains("warning       the scene starts with no first responder: 1 command(s) cannot fire: ⌘F find: (window/root); the app needs becomeFirstResponder() on window/root/text (at firstResponder)"))
    }

    @Test func thePDFViewerStrandsItsCommandsAfterShareAndAfterTheWindowDismissesAModal() throws {
        let scene = try SceneRuntime(contentsOf: bundledScene("pdf-viewer"))
        _ = try scene.makeDispatcher(policy: .cached, clock: nil)
        let gaps = scene.firstResponderGaps
        // Go To Page focuses the page again after it dismisses itself; Share's Copy Link does not.
        #expect(gaps.map(\.jsonPath) == ["controllers[1].actions.copyLink:", "controllers[0]", "controllers[1]", "controllers[2]"])
        #expect(gaps.first?.cause == .effect(action: "copyLink:", node: "share", effect: "dismiss"))
        #expect(gaps.allSatisfy { $0.suggestedFirstResponder == "window/viewer/reader/document/page" })
        #expect(gaps.first?.stranded.contains("⌘G goToPage: (window/viewer)") == true)
        // The window's own commands survive: they are in the chain without a first responder.
        #expect(gaps.first?.stranded.contains { $0.contains("(window)") } == false)
    }

    @Test func presentingAControllerThatFocusesNothingIsAGapAndFocusingAfterwardsIsNot() throws {
        func scene(_ effects: String) throws -> SceneRuntime {
            try runtime("""
                {"format": "keytrace-scene", "version": 1, "name": "present",
                 "windows": [{"type": "window", "name": "window", "root": {"type": "viewController", "name": "root",
                    "commands": [{"title": "Info", "shortcut": "cmd+i", "action": "info:"}], "actions": {"info:": \(effects)},
                    "views": [{"type": "table", "name": "list"}]}}],
                 "controllers": [{"type": "viewController", "name": "info",
                    "commands": [{"title": "Done", "shortcut": "cmd+d", "action": "done:"}], "actions": {"done:": []}}],
                 "firstResponder": "window/root/list"}
                """)
        }
        let gaps = try scene(#"[{"present": "info"}]"#).firstResponderGaps
        #expect(gaps.map(\.jsonPath) == ["windows[0].root.actions.info:"])
        #expect(gaps.first?.stranded == ["⌘D done: (info)"])
        #expect(try scene(#"[{"present": "info"}, {"focus": "window/root/list"}]"#).firstResponderGaps.isEmpty)
    }
}
