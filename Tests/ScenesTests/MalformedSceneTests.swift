import Testing
import KeyTraceCore
import ResponderEngine
@testable import Scenes

@Suite struct MalformedSceneTests {
    private func load(_ json: String) -> SceneError? {
        do {
            let definition = try SceneDefinition(json: json, file: "test.json")
            let runtime = try SceneRuntime(definition: definition, file: "test.json")
            _ = try runtime.makeDispatcher()
            return nil
        } catch {
            return error
        }
    }

    private func scene(root: String, extra: String = "") -> String {
        """
        {"format": "keytrace-scene", "version": 1, "name": "t", \(extra)
         "windows": [{"type": "window", "name": "window", "root": \(root)}]}
        """
    }

    @Test func badJSONNamesLineAndColumn() {
        let error = load("{\n  \"format\": \"keytrace-scene\",\n  \"version\": 1,\n  \"name\": \"t\"\n  \"windows\": []\n}")
        #expect(error?.category == "syntax")
        #expect(error?.description == "test.json:5:3: not valid JSON: expected ',' or '}'")
    }

    @Test func unknownFieldsAreErrorsListingTheKnownOnes() {
        let error = load(scene(root: #"{"type": "viewController", "name": "root", "comands": []}"#))
        #expect(error?.category == "unknown-field")
        #expect(error?.description.contains("windows[0].root: unknown field \"comands\"") == true)
        #expect(error?.description.contains("commands") == true)
    }

    @Test func unknownResponderPathListsKnownPaths() {
        let error = load(scene(root: #"{"type": "viewController", "name": "root", "views": [{"type": "table", "name": "list"}]}"#,
                               extra: #""firstResponder": "window/root/x","#))
        #expect(error?.category == "unknown-responder")
        #expect(error?.description == "test.json: firstResponder: responder `window/root/x` not found; known: window, window/root, window/root/list")
    }

    @Test func duplicateMenuShortcutIsAConflictNamingBothCommands() {
        let error = load(scene(root: #"{"type": "viewController", "name": "root"}"#, extra: """
            "menus": [{"id": "tools", "title": "Tools", "commands": [
                {"title": "Sync", "shortcut": "cmd+y", "action": "sync:"},
                {"title": "Yank", "shortcut": "⌘Y", "action": "yank:"}]}],
            """))
        #expect(error?.category == "menu-conflict")
        #expect(error?.description.contains("\"Sync\"") == true && error?.description.contains("\"Yank\"") == true)
    }

    @Test func explicitNextCycleIsReported() {
        let error = load(scene(root: #"""
            {"type": "viewController", "name": "root", "views": [
              {"type": "responder", "name": "a", "next": "window/root/b"},
              {"type": "responder", "name": "b", "next": "window/root/a"}]}
            """#))
        #expect(error?.category == "cycle")
        #expect(error?.description.contains("window/root/a → window/root/b → window/root/a") == true)
    }

    @Test func wrongTypesAndShortcutsSayWhatIsExpected() {
        #expect(load(scene(root: #"{"type": "viewController", "name": 3}"#))?.description
                == "test.json: windows[0].root.name: expected a string, found a number")
        #expect(load(scene(root: #"{"type": "slider", "name": "s"}"#))?.category == "invalid")
        let badShortcut = load(scene(root: #"{"type": "viewController", "name": "r", "commands": [{"shortcut": "cmd+hyper+a", "action": "x:"}]}"#))
        #expect(badShortcut?.description.contains("windows[0].root.commands[0].shortcut") == true)
        #expect(load(#"{"format": "something-else", "version": 1}"#)?.description.contains("is this a scene file?") == true)
        #expect(load("")?.category == "syntax")
    }

    @Test func contentHashIgnoresFormattingButNotContent() throws {
        let a = try SceneDefinition(json: scene(root: #"{"type": "viewController", "name": "root"}"#))
        let b = try SceneDefinition(json: "{\"windows\":[{\"root\":{\"name\":\"root\",\"type\":\"viewController\"},\"name\":\"window\",\"type\":\"window\"}],\"name\":\"t\",\"version\":1,\"format\":\"keytrace-scene\"}")
        let c = try SceneDefinition(json: scene(root: #"{"type": "viewController", "name": "other"}"#))
        #expect(a.contentHash == b.contentHash)
        #expect(a.contentHash != c.contentHash)
        #expect(SHA256.hex(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
