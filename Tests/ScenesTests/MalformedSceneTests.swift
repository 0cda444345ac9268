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
        #expect(error?.code == .syntax)
        #expect(error?.description == "test.json:5:3: not valid JSON: expected ',' or '}'")
    }

    @Test func aCommandOnAMediaKeyIsAnErrorAtItsShortcut() throws {
        let json = scene(root: """
            {"type": "viewController", "name": "root",
             "commands": [{"title": "Louder", "shortcut": "volume-up", "action": "louder:"}]}
            """)
        let error = try #require(load(json))
        #expect(error.code == .invalid)
        #expect(error.description.contains("windows[0].root.commands[0].shortcut"))
        #expect(error.description.contains("Consumer page key Volume Increment"))
        #expect(error.description.contains("never match a UIKeyCommand"))
        // Loaded from text, the error names the line and column of the `shortcut` member.
        let located = try #require({ () -> SceneError? in
            do throws(SceneError) { _ = try SceneDefinition(json: json, file: "test.json"); return nil } catch { return error }
        }())
        #expect(located.description.hasPrefix("test.json:3:35: windows[0].root.commands[0].shortcut: expected a keyboard shortcut"))
        let removal = load(scene(root: #"{"type": "viewController", "name": "root"}"#,
                                 extra: #""menus": [{"id": "m", "remove": ["shift+sleep"]}],"#))
        #expect(removal?.description.contains("menus[0].remove[0]") == true)
        #expect(removal?.description.contains("Generic Desktop page key System Sleep") == true)
    }

    /// A tab bar's launch tab must be one of its tabs; the error names the JSON path and the
    /// tabs it has.
    @Test func aSelectedTabPastTheTabsIsAnErrorAtItsPath() throws {
        let tabs = #"{"type": "tabBarController", "name": "tabs", "selectedTab": SELECTED, "children": [{"type": "viewController", "name": "a"}, {"type": "viewController", "name": "b"}]}"#
        let error = try #require(load(scene(root: tabs.replacingOccurrences(of: "SELECTED", with: "2"))))
        #expect(error.code == .invalid)
        #expect(error.description.contains("windows[0].root.selectedTab"))
        #expect(error.description.contains("one of the 2 tabs"))
        let definition = try SceneDefinition(json: scene(root: tabs.replacingOccurrences(of: "SELECTED", with: "1")), file: "test.json")
        let runtime = try SceneRuntime(definition: definition, file: "test.json")
        #expect((runtime.responder(at: "window/tabs") as? TabBarController)?.selectedChild?.name == "b")
        #expect(definition.jsonText.contains("\"selectedTab\": 1"))
    }

    @Test func unknownFieldsAreErrorsListingTheKnownOnes() {
        let error = load(scene(root: #"{"type": "viewController", "name": "root", "comands": []}"#))
        #expect(error?.code == .unknownField)
        #expect(error?.description.contains("windows[0].root: unknown field \"comands\"") == true)
        #expect(error?.description.contains("commands") == true)
    }

    @Test func unknownResponderPathListsKnownPaths() {
        let error = load(scene(root: #"{"type": "viewController", "name": "root", "views": [{"type": "table", "name": "list"}]}"#,
                               extra: #""firstResponder": "window/root/x","#))
        #expect(error?.code == .unknownResponder)
        #expect(error?.description == "test.json: firstResponder: responder `window/root/x` not found; known: window, window/root, window/root/list")
    }

    @Test func duplicateMenuShortcutIsAConflictNamingBothCommands() {
        let error = load(scene(root: #"{"type": "viewController", "name": "root"}"#, extra: """
            "menus": [{"id": "tools", "title": "Tools", "commands": [
                {"title": "Sync", "shortcut": "cmd+y", "action": "sync:"},
                {"title": "Yank", "shortcut": "⌘Y", "action": "yank:"}]}],
            """))
        #expect(error?.code == .menuConflict)
        #expect(error?.description.contains("\"Sync\"") == true && error?.description.contains("\"Yank\"") == true)
    }

    /// A command offered only while its responder is first responder belongs to a responder:
    /// on a menu's command, which is the application's, it is an error at that field.
    @Test func aMenuCommandCannotBeOfferedOnlyWhileFirstResponder() {
        let error = load(scene(root: #"{"type": "viewController", "name": "root"}"#, extra: """
            "menus": [{"id": "tools", "title": "Tools", "commands": [
                {"title": "Sync", "shortcut": "cmd+y", "action": "sync:", "whileFirstResponder": true}]}],
            """))
        #expect(error?.code == .invalid)
        #expect(error?.description.contains("menus[0].commands[0].whileFirstResponder") == true)
        #expect(error?.description.contains("never first responder") == true)
    }

    /// A `menus` entry that creates a menu takes one place (`parent` and `at`, or `after`, or
    /// `before`); one that removes a menu takes nothing else; a place beside an unknown menu or
    /// a second menu of a standard group's name is a menu error naming it.
    @Test func menuEntriesTakeOnePlaceAndARemovalTakesNothingElse() {
        let root = #"{"type": "viewController", "name": "root"}"#
        let both = load(scene(root: root, extra: #""menus": [{"id": "x", "after": "view", "before": "window"}],"#))
        #expect(both?.code == .invalid && both?.description.contains("menus[0].before: expected either \"after\" or \"before\"") == true)
        let withParent = load(scene(root: root, extra: #""menus": [{"id": "x", "after": "view", "parent": "file"}],"#))
        #expect(withParent?.description.contains("menus[0].parent: expected no \"parent\" beside \"after\"") == true)
        let removal = load(scene(root: root, extra: #""menus": [{"id": "format", "removed": true, "commands": []}],"#))
        #expect(removal?.description.contains("menus[0].commands: expected nothing beside \"removed\": true") == true)
        let at = load(scene(root: root, extra: #""menus": [{"id": "x", "at": "middle"}],"#))
        #expect(at?.description.contains("menus[0].at: expected \"start\" or \"end\"") == true)
        let unknown = load(scene(root: root, extra: #""menus": [{"id": "x", "after": "nowhere"}],"#))
        #expect(unknown?.code == .menuConflict && unknown?.description.contains("no menu 'nowhere'") == true)
        let existing = load(scene(root: root, extra: #""menus": [{"id": "find", "after": "edit"}],"#))
        #expect(existing?.code == .menuConflict && existing?.description.contains("a menu 'find' already exists") == true)
        let removedTwice = load(scene(root: root, extra: #""menus": [{"id": "format", "removed": true}, {"id": "font", "removed": true}],"#))
        #expect(removedTwice?.code == .menuConflict)
    }

    /// A key-less menu item (no `shortcut`, no `input`) takes a title and an action only; a
    /// responder's command always needs a key.
    @Test func aKeylessMenuItemTakesOnlyATitleAndAnAction() {
        let root = #"{"type": "viewController", "name": "root"}"#
        let disabled = load(scene(root: root, extra: #""menus": [{"id": "file", "commands": [{"title": "Save", "action": "save:", "attributes": ["disabled"]}]}],"#))
        #expect(disabled?.code == .invalid)
        #expect(disabled?.description.contains("menus[0].commands[0].attributes: expected only \"title\" and \"action\" on a key-less menu item") == true)
        let noAction = load(scene(root: root, extra: #""menus": [{"id": "file", "commands": [{"title": "Save"}]}],"#))
        #expect(noAction?.description.contains("menus[0].commands[0].action: expected an action name") == true)
        let onResponder = load(scene(root: #"{"type": "viewController", "name": "root", "commands": [{"title": "Save", "action": "save:"}]}"#))
        #expect(onResponder?.description.contains("expected a \"shortcut\" (e.g. \"cmd+g\") or an \"input\"") == true)
    }

    @Test func explicitNextCycleIsReported() {
        let error = load(scene(root: #"""
            {"type": "viewController", "name": "root", "views": [
              {"type": "responder", "name": "a", "next": "window/root/b"},
              {"type": "responder", "name": "b", "next": "window/root/a"}]}
            """#))
        #expect(error?.code == .cycle)
        #expect(error?.description.contains("window/root/a → window/root/b → window/root/a") == true)
    }

    @Test func wrongTypesAndShortcutsSayWhatIsExpected() {
        #expect(load(scene(root: #"{"type": "viewController", "name": 3}"#))?.description
                == "test.json:2:86: windows[0].root.name: expected a string, found a number")
        #expect(load(scene(root: #"{"type": "slider", "name": "s"}"#))?.code == .invalid)
        let badShortcut = load(scene(root: #"{"type": "viewController", "name": "r", "commands": [{"shortcut": "cmd+hyper+a", "action": "x:"}]}"#))
        #expect(badShortcut?.description.contains("windows[0].root.commands[0].shortcut") == true)
        #expect(load(#"{"format": "something-else", "version": 1}"#)?.description.contains("is this a scene file?") == true)
        #expect(load("")?.code == .syntax)
    }

    @Test func contentHashIgnoresFormattingButNotContent() throws {
        let a = try SceneDefinition(json: scene(root: #"{"type": "viewController", "name": "root"}"#))
        let b = try SceneDefinition(json: "{\"windows\":[{\"root\":{\"name\":\"root\",\"type\":\"viewController\"},\"name\":\"window\",\"type\":\"window\"}],\"name\":\"t\",\"version\":1,\"format\":\"keytrace-scene\"}")
        let c = try SceneDefinition(json: scene(root: #"{"type": "viewController", "name": "other"}"#))
        #expect(a.contentHash == b.contentHash)
        #expect(a.contentHash != c.contentHash)
        #expect(SHA256.hex(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    // MARK: Numbers are exact and range-checked; loading never traps

    @Test func numbersBeyondIntAreRangeErrorsWithLineColumnAndPath() {
        let huge = "99999999999999999999"
        let stateError = load(scene(root: #"{"type": "viewController", "name": "root"}"#, extra: #""state": {"n": \#(huge)},"#))
        #expect(stateError?.description == "test.json:1:67: state.n: expected an integer (from \(Int.min) to \(Int.max)), found \(huge)")
        let condition = load(scene(root: #"""
            {"type": "viewController", "name": "root",
             "commands": [{"shortcut": "cmd+k", "action": "k:", "when": {"state": "n", "atLeast": -\#(huge)}}]}
            """#, extra: #""state": {"n": 0},"#))
        #expect(condition?.description == "test.json:3:76: windows[0].root.commands[0].when.atLeast: expected an integer (from \(Int.min) to \(Int.max)), found -\(huge)")
        let by = load(scene(root: #"{"type": "viewController", "name": "root", "actions": {"k:": [{"increment": "n", "by": 1e300}]}}"#,
                            extra: #""state": {"n": 0},"#))
        #expect(by?.description.contains("windows[0].root.actions.k:[0].by: expected an integer (no fraction or exponent), found 1e300") == true)
        let fraction = load(scene(root: #"{"type": "viewController", "name": "root"}"#, extra: #""state": {"n": 2.5},"#))
        #expect(fraction?.description.contains("state.n: expected an integer (no fraction or exponent), found 2.5") == true)
        let page = load(scene(root: #"{"type": "viewController", "name": "root", "views": [{"type": "scroll", "name": "s", "pageHeight": 0}]}"#))
        #expect(page?.description.contains("windows[0].root.views[0].pageHeight: expected an integer from 1 to 1000000000, found 0") == true)
    }

    @Test func integersAreExactAtIntLimits() throws {
        let definition = try SceneDefinition(json: scene(root: #"{"type": "viewController", "name": "root"}"#,
                                                         extra: #""state": {"max": 9223372036854775807, "min": -9223372036854775808, "big": 9007199254740993},"#))
        #expect(definition.state.map(\.initial) == [Int.max, Int.min, 9_007_199_254_740_993])
        #expect(try JSONParser.parse("[9007199254740993, -0, 1.50, 1e2]").canonicalText == "[9007199254740993,0,1.5,100]")
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse("[01]") }
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse("[1.]") }
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse("[1e]") }
    }

    @Test func incrementsSaturateAndReportInsteadOfTrapping() throws {
        let json = scene(root: #"""
            {"type": "viewController", "name": "root", "canBecomeFirstResponder": true,
             "commands": [{"shortcut": "cmd+k", "action": "up:"}, {"shortcut": "cmd+j", "action": "down:"}],
             "actions": {"up:": [{"increment": "n", "by": 9223372036854775807}],
                         "down:": [{"increment": "n", "by": -9223372036854775808}]}}
            """#, extra: #""state": {"n": 9223372036854775806}, "firstResponder": "window/root","#)
        let runtime = try SceneRuntime(definition: try SceneDefinition(json: json), file: "test.json")
        let dispatcher = try runtime.makeDispatcher(clock: nil)
        dispatcher.dispatch(KeyPress(.began, HIDUsage(0x0E), modifiers: .command))
        #expect(runtime.state["n"] == Int.max)
        #expect(runtime.problems.last?.contains("saturated at \(Int.max)") == true)
        dispatcher.dispatch(KeyPress(.ended, HIDUsage(0x0E), modifiers: .command))
        dispatcher.dispatch(KeyPress(.began, HIDUsage(0x0D), modifiers: .command))
        #expect(runtime.state["n"] == -1)
        dispatcher.dispatch(KeyPress(.ended, HIDUsage(0x0D), modifiers: .command))
        dispatcher.dispatch(KeyPress(.began, HIDUsage(0x0D), modifiers: .command))
        dispatcher.dispatch(KeyPress(.ended, HIDUsage(0x0D), modifiers: .command))
        #expect(runtime.state["n"] == Int.min)
    }

    /// Paths are written out only for an error, and then the way they are written everywhere:
    /// an unknown field in an alternate of a second command, a condition that is no object.
    @Test func nestedCommandErrorsNameTheirFullPath() {
        let alternate = load(scene(root: #"""
            {"type": "viewController", "name": "root",
             "commands": [{"shortcut": "cmd+j", "action": "j:"}, {"shortcut": "cmd+k", "action": "k:", "alternates": [{"action": "l:", "colour": 1}]}]}
            """#))
        #expect(alternate?.description.contains("windows[0].root.commands[1].alternates[0]") == true)
        #expect(alternate?.description.contains("colour") == true)
        let condition = load(scene(root: #"""
            {"type": "viewController", "name": "root",
             "commands": [{"shortcut": "cmd+k", "action": "k:", "when": 3}]}
            """#))
        #expect(condition?.description.contains("windows[0].root.commands[0].when: expected an object, found") == true)
    }

    @Test func emptyNameAndUndeclaredStateAreLoadErrors() {
        let empty = load(#"{"format": "keytrace-scene", "version": 1, "name": "", "windows": []}"#)
        #expect(empty?.description == "test.json:1:44: name: expected a non-empty scene name")
        let when = load(scene(root: #"""
            {"type": "viewController", "name": "root",
             "commands": [{"shortcut": "cmd+k", "action": "k:", "when": {"state": "shown", "equals": 1}}]}
            """#, extra: #""state": {"n": 0},"#))
        #expect(when?.description == #"test.json:3:62: windows[0].root.commands[0].when.state: expected a state value declared in "state" ("shown" is not; declared: n)"#)
        let validation = load(scene(root: #"{"type": "viewController", "name": "root", "validations": [{"action": "k:", "disabledWhen": {"state": "x", "equals": 0}}]}"#))
        #expect(validation?.description.contains("validations[0].disabledWhen.state: expected a state value declared") == true)
        let effect = load(scene(root: #"{"type": "viewController", "name": "root", "actions": {"k:": [{"toggle": "x"}]}}"#))
        #expect(effect?.description.contains("actions.k:[0].toggle: expected a state value declared") == true)
    }
}
