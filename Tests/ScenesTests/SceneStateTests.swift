import Testing
import KeyTraceCore
import ResponderEngine
@testable import Scenes
import CLITestSupport

/// A scene's `states`: what loading checks, what entering one does, and what each shows.
@Suite struct SceneStateTests {
    private static let notes = "\(repositoryRoot)/Tests/SceneStatesFixtures/notes.json"

    /// The notes fixture in `state` (the scene as loaded for `initial`).
    private func notes(in state: String = SceneState.initialName) throws -> SceneRuntime {
        let runtime = try SceneRuntime(contentsOf: Self.notes)
        if let found = try runtime.state(named: state) { try runtime.enter(found) }
        return runtime
    }

    /// A scene of a library stack in a tab bar, with `states` (JSON) and a declared `editor`.
    private func scene(states: String, firstResponder: String? = nil) -> String {
        """
        {"format": "keytrace-scene", "version": 1, "name": "t", "state": {"count": 0},
         "windows": [{"type": "window", "name": "window", "root": {"type": "tabBarController", "name": "tabs",
           "children": [
             {"type": "navigationController", "name": "library", "children": [
               {"type": "viewController", "name": "list", "views": [{"type": "table", "name": "rows"}]}]},
             {"type": "viewController", "name": "search", "views": [{"type": "textField", "name": "field"}]}]}}],
         "controllers": [{"type": "viewController", "name": "editor", "focus": "text",
                          "views": [{"type": "textView", "name": "text"}, {"type": "view", "name": "ruler"}]},
                         {"type": "viewController", "name": "about"}],
        \(firstResponder.map { "\"firstResponder\": \"\($0)\"," } ?? "")
         "states": \(states)}
        """
    }

    /// The error loading `json` throws (definition and runtime), located in the text.
    private func loadError(_ json: String) -> SceneError? {
        do throws(SceneError) {
            let definition = try SceneDefinition(json: json, file: "t.json")
            do throws(SceneError) {
                _ = try SceneRuntime(definition: definition, file: "t.json")
            } catch {
                throw error.located(in: json)
            }
            return nil
        } catch {
            return error
        }
    }

    /// The error entering `name` of the scene `json` throws.
    private func entryError(_ json: String, _ name: String) throws -> SceneError? {
        let runtime = try SceneRuntime(definition: SceneDefinition(json: json, file: "t.json"), file: "t.json")
        let state = try #require(try runtime.state(named: name))
        do throws(SceneError) {
            try runtime.enter(state)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Loading

    @Test func badStatesAreLoadErrorsAtTheirJSONPath() throws {
        let cases: [(states: String, message: String)] = [
            (#"[{"name": ""}]"#, "states[0].name: expected a non-empty state name without '/'"),
            (#"[{"name": "a/b"}]"#, "states[0].name: expected a non-empty state name without '/'"),
            (#"[{"name": "initial"}]"#, "states[0].name: expected a name other than \"initial\""),
            (#"[{"name": "a"}, {"name": "a"}]"#, "states[1].name: expected a name no other state has (\"a\" is states[0]'s)"),
            (#"[{"name": "a", "steps": [{"rebuildMainMenu": true}]}]"#, "states[0].steps[0]: unknown field \"rebuildMainMenu\""),
            (#"[{"name": "a", "steps": [{"from": "window"}]}]"#, "states[0].steps[0]: expected one effect: present, dismiss"),
            (#"[{"name": "a", "steps": [{"push": "composer"}]}]"#,
             "states[0].steps[0].push: expected a controller declared in \"controllers\" (\"composer\" is not; declared: editor, about)"),
            (#"[{"name": "a", "steps": [{"set": "missing", "value": 1}]}]"#,
             "states[0].steps[0].set: expected a state value declared in \"state\""),
            (#"[{"name": "a", "steps": [{"focus": "window/tabs/nowhere"}]}]"#,
             "states[0].steps[0].focus: responder `window/tabs/nowhere` not found"),
            (#"[{"name": "a", "steps": [{"pop": true, "from": "window/editor"}]}]"#,
             "states[0].steps[0].from: responder `window/editor` not found"),
            (#"[{"name": "a", "firstResponder": "window/tabs/library/editor/txt"}]"#,
             "states[0].firstResponder: responder `window/tabs/library/editor/txt` not found"),
        ]
        for (states, message) in cases {
            let error = try #require(loadError(scene(states: states)), "\(states)")
            #expect(error.description.contains(message), "\(states): \(error)")
            // Every one names the line and column of the value at fault.
            #expect(error.description.hasPrefix("t.json:"), "\(error)")
            #expect(error.location != nil, "\(states): \(error)")
        }
    }

    @Test func pathsUnderControllersAStepCanShowAreAcceptedWhenLoading() throws {
        // The editor pushed on the library, presented over the root, or over another modal.
        let states = """
            [{"name": "a", "steps": [{"push": "editor", "from": "window/tabs/library/list"}],
              "firstResponder": "window/tabs/library/editor/text"},
             {"name": "b", "steps": [{"present": "about"}, {"present": "editor"}, {"focus": "window/tabs/about/editor/text"}]}]
            """
        #expect(loadError(scene(states: states)) == nil)
    }

    @Test func aSceneWithoutStatesLoadsAsItAlwaysHas() throws {
        let runtime = try SceneRuntime(contentsOf: bundledScene("canvas"))
        #expect(runtime.definition.states.isEmpty)
        #expect(try runtime.summary(label: "canvas").contains("states") == false)
        #expect(try runtime.state(named: "initial") == nil)
    }

    /// Every state of the bundled scenes can be entered, and leaves a first responder.
    @Test(arguments: ["pdf-viewer", "app-store-tabs"])
    func everyStateOfABundledSceneCanBeEntered(name: String) throws {
        let definition = try SceneRuntime(contentsOf: bundledScene(name)).definition
        #expect(!definition.states.isEmpty)
        for state in definition.states {
            let runtime = try SceneRuntime(contentsOf: bundledScene(name))
            try runtime.enter(state)
            #expect(runtime.application.firstResponder != nil, "\(name) \(state.name)")
        }
    }

    // MARK: Entering

    @Test func enteringAPushShowsTheControllerAndItsFocusChild() throws {
        let runtime = try notes(in: "editor")
        #expect(runtime.enteredStateName == "editor")
        #expect(runtime.shownControllers.map(\.path) == ["window/tabs", "window/tabs/library", "window/tabs/library/editor"])
        #expect(runtime.application.firstResponder?.path == "window/tabs/library/editor/EditorViewController-TextView")
        #expect(runtime.problems.isEmpty)
    }

    @Test func enteringAPresentPutsTheModalOnTopAndMovesTheFirstResponderIntoIt() throws {
        let runtime = try notes(in: "settings")
        #expect(runtime.shownControllers.map(\.path).last == "window/tabs/settings")
        #expect(runtime.application.firstResponder?.path == "window/tabs/settings")
        let snapshot = Dictionary(uniqueKeysWithValues: runtime.snapshot().map { ($0.key, $0.value) })
        #expect(snapshot["window.presented"] == "settings")
    }

    @Test func enteringASelectTabWithStateAndAnExplicitFirstResponder() throws {
        let runtime = try notes(in: "search")
        #expect(runtime.shownControllers.map(\.path) == ["window/tabs", "window/tabs/search"])
        #expect(runtime.application.firstResponder?.path == "window/tabs/search/FilterBar")
        #expect(runtime.state["filtered"] == 1)
    }

    @Test func theScenesFirstResponderComesBackWhenTheStateStillShowsIt() throws {
        // Presenting settings resigns the list; dismissing it shows the list again.
        let runtime = try notes(in: "settings-closed")
        #expect(runtime.application.firstResponder?.path == "window/tabs/library/list/notes")
    }

    @Test func aFocusStepWithFromActsOnTheChainOfFrom() throws {
        let json = scene(states: """
            [{"name": "typing", "steps": [{"selectTab": 1, "from": "window/tabs/library/list"},
                                          {"focus": "window/tabs/search/field"}]},
             {"name": "pushed", "steps": [{"push": "editor", "from": "window/tabs/library/list/rows"}, {"focus": "window/tabs/library/list/rows"}]}]
            """, firstResponder: "window/tabs/library/list/rows")
        let runtime = try SceneRuntime(definition: SceneDefinition(json: json, file: "t.json"), file: "t.json")
        try runtime.enter(try #require(try runtime.state(named: "typing")))
        #expect(runtime.application.firstResponder?.path == "window/tabs/search/field")
        // A focus step wins over the pushed controller's focus child, even out of sight.
        let pushed = try SceneRuntime(definition: SceneDefinition(json: json, file: "t.json"), file: "t.json")
        try pushed.enter(try #require(try pushed.state(named: "pushed")))
        #expect(pushed.application.firstResponder?.path == "window/tabs/library/list/rows")
        #expect(pushed.shownControllers.map(\.path).last == "window/tabs/library/editor")
    }

    @Test func aStepThatCannotApplyIsAnErrorNamingTheStateAndTheStep() throws {
        let json = scene(states: """
            [{"name": "root-push", "steps": [{"push": "editor"}]},
             {"name": "root-pop", "steps": [{"pop": true, "from": "window/tabs/library/list"}]},
             {"name": "far-tab", "steps": [{"selectTab": 5}]},
             {"name": "nothing-shown", "steps": [{"dismiss": true}]},
             {"name": "plain-view", "steps": [{"push": "editor", "from": "window/tabs/library/list"},
                                              {"focus": "window/tabs/library/editor/ruler"}]},
             {"name": "gone", "steps": [{"selectTab": 1}, {"push": "editor", "from": "window/tabs/library/list"}]}]
            """)
        let expected: [(String, String)] = [
            ("root-push", "states[0].steps[0]: cannot enter state \"root-push\": push \"editor\": no navigation controller on the responder chain of `window/tabs`"),
            ("root-pop", "states[1].steps[0]: cannot enter state \"root-pop\": pop: `window/tabs/library` shows its root controller"),
            ("far-tab", "states[2].steps[0]: cannot enter state \"far-tab\": selectTab 5: `window/tabs` has 2 tab(s)"),
            ("nothing-shown", "states[3].steps[0]: cannot enter state \"nothing-shown\": dismiss: nothing is presented"),
            ("plain-view", "states[4].steps[1]: cannot enter state \"plain-view\": focus window/tabs/library/editor/ruler: "
                + "`window/tabs/library/editor/ruler` cannot become first responder"),
        ]
        for (name, message) in expected {
            let error = try #require(try entryError(json, name), "\(name)")
            #expect(error.code == .stateNotEntered)
            #expect(error.description.contains(message), "\(error)")
        }
        // The runtime's soft notes stay empty: the error says it all.
        let runtime = try SceneRuntime(definition: SceneDefinition(json: json, file: "t.json"), file: "t.json")
        #expect(throws: SceneError.self) { try runtime.enter(try #require(try runtime.state(named: "nothing-shown"))) }
        #expect(runtime.problems.isEmpty)
        #expect(runtime.enteredStateName == nil)
        #expect(try entryError(json, "gone") == nil)
        let errors = SceneRuntime.stateEntryErrors(of: try SceneDefinition(json: json, file: "t.json"), file: "t.json")
        #expect(errors.count == 5)
    }

    @Test func anUnknownStateNameListsTheScenesStates() throws {
        let runtime = try notes()
        #expect {
            _ = try runtime.state(named: "edit")
        } throws: { error in
            let lookup = error as? SceneLookupError
            return lookup?.code == .unknownState
                && lookup?.description.hasSuffix("no state named \"edit\"; the scene's states: initial, editor, settings, search, settings-closed") == true
        }
    }

    // MARK: Listing

    @Test func theListingShowsEachStatesControllersAndFirstResponder() throws {
        let runtime = try notes()
        let listing = try SceneStateListing(definition: runtime.definition, file: Self.notes)
        #expect(listing.text.hasPrefix("""
            initial: the scene as loaded
              controllers      window/tabs
                               window/tabs/library
                               window/tabs/library/list
              first responder  window/tabs/library/list/notes
            editor: A note open for editing
              controllers      window/tabs
                               window/tabs/library
                               window/tabs/library/editor
              first responder  window/tabs/library/editor/EditorViewController-TextView

            """))
        #expect(listing.text.contains("settings-closed\n  controllers      window/tabs\n"))
        #expect(listing.json.hasPrefix(#"{"scene":"notes-states","states":[{"controllers":["window/tabs","window/tabs/library","window/tabs/library/list"],"description":"the scene as loaded","firstResponder":"window/tabs/library/list/notes","name":"initial"},"#))
        #expect(listing.entries.map(\.name) == ["initial", "editor", "settings", "search", "settings-closed"])
        // A state with no first responder says so.
        let bare = try SceneDefinition(json: scene(states: #"[{"name": "a", "steps": [{"present": "about"}]}]"#), file: "t.json")
        let listed = try SceneStateListing(definition: bare, file: "t.json")
        #expect(listed.text.hasSuffix("a\n  controllers      window/tabs\n                   window/tabs/library\n                   window/tabs/library/list\n                   window/tabs/about\n  first responder  none\n"))
        #expect(listed.json.contains(#""firstResponder":null,"name":"a""#))
    }

    // MARK: Responders by name

    @Test func aResponderIsFoundByItsPathOrItsTypeName() throws {
        let editing = try notes(in: "editor")
        #expect(try editing.responderPath(for: "EditorViewController.TextView")
                == "window/tabs/library/editor/EditorViewController-TextView")
        #expect(try editing.responderPath(for: "EditorViewController-TextView")
                == "window/tabs/library/editor/EditorViewController-TextView")
        #expect(try editing.responderPath(for: "window/tabs/library") == "window/tabs/library")
        #expect(try editing.responderPath(for: "window") == "window")
        #expect(try editing.responderPath(for: "notes") == "window/tabs/library/list/notes")
        // A value with a slash is a path, found or not: focusing it reports one that is not.
        #expect(try editing.responderPath(for: "window/nowhere") == "window/nowhere")
    }

    @Test func aNameSeveralRespondersHaveIsAnErrorListingThem() throws {
        let runtime = try notes()
        #expect {
            _ = try runtime.responderPath(for: "FilterBar")
        } throws: { error in
            let lookup = error as? SceneLookupError
            return lookup?.code == .ambiguousResponder
                && lookup?.description.contains("2 responders are named \"FilterBar\" in state \"initial\": "
                    + "window/tabs/library/list/FilterBar, window/tabs/search/FilterBar") == true
        }
    }

    @Test func aMissingNameNamesTheStatesThatShowItOrTheClosestNames() throws {
        let runtime = try notes()
        #expect {
            _ = try runtime.responderPath(for: "EditorViewController.TextView")
        } throws: { error in
            (error as? SceneLookupError)?.description.contains(
                "no responder has the path or name \"EditorViewController.TextView\" in state \"initial\"; "
                    + "one is in the controller \"editor\" (shown in state editor)") == true
        }
        #expect {
            _ = try runtime.responderPath(for: "Notez")
        } throws: { error in
            let lookup = error as? SceneLookupError
            return lookup?.code == .unknownResponderName && lookup?.description.hasSuffix("; closest names: notes") == true
        }
        #expect(runtime.closestNames(to: "filter") == ["FilterBar"])
        #expect(runtime.closestNames(to: "qqqqqqqq").isEmpty)
    }
}
