import KeyTraceCore
import ResponderEngine
import Scenes
import Testing

@testable import SceneImport

/// A controller whose `keyCommands` depend on a Boolean property it sets in its own methods
/// (`searching = true` in `startSearch()`): the methods that set it away from its launch value
/// are scene states, and the actions that set it change the scene's flag as they run.
@Suite struct FlagStatesTests {
    func importing(_ sources: [String: String]) throws -> ImportResult {
        try SceneImporter().importSources(sources.sorted { $0.key < $1.key }.map {
            (SourceFiles.File(path: $0.key, displayPath: $0.key), $0.value)
        })
    }

    static let app = [
        "SceneDelegate.swift": FocusableViewsTests.entry,
        "Editor.swift": """
            import UIKit
            class Editor: UIViewController {
                override var canBecomeFirstResponder: Bool { true }
                var searching = false
                var other = false
                let field = UITextField()
                override var keyCommands: [UIKeyCommand]? {
                    if self.searching == true {
                        return [UIKeyCommand(input: UIKeyCommand.inputEscape, modifierFlags: [], action: #selector(endSearch))]
                    }
                    return [UIKeyCommand(input: "f", modifierFlags: .command, action: #selector(startSearch))]
                }
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.addSubview(field)
                    searching = false
                }
                @objc func startSearch() {
                    searching = true
                    field.becomeFirstResponder()
                }
                @objc func endSearch() { closeSearch() }
                func closeSearch() { self.searching = false }
                func maybeSearch() {
                    if other { searching = true }
                }
                func searchLater() {
                    guard other else { return }
                    searching = true
                }
            }
            """,
    ]

    @Test func aMethodThatSetsAFlagAwayFromItsLaunchValueIsAState() throws {
        let result = try importing(Self.app)
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let flag = try #require(definition.state.first?.name)
        #expect(definition.state.first?.initial == 0)
        // Only `startSearch` sets the flag on its unconditional path; `viewDidLoad` sets the
        // launch value, `maybeSearch` and `searchLater` only under a condition.
        #expect(definition.states.map(\.name) == ["Editor.startSearch"])
        let search = try #require(definition.states.first)
        #expect(search.steps.map(\.effect) == [.set(flag, 1)])
        let field = try #require(search.firstResponder)
        #expect(field.hasPrefix("window/Editor/"))

        let runtime = try SceneRuntime(definition: definition, file: "scene")
        try runtime.enter(search)
        #expect(runtime.application.firstResponder?.path == field)
        let dispatcher = try runtime.makeDispatcher(policy: .uikit, clock: nil)
        let escape = dispatcher.dispatch(try KeyPress(notation: "esc", layout: runtime.application.keyboardLayout))
        #expect(escape.action?.name == "endSearch")
    }

    @Test func anActionThatSetsAFlagChangesItAsItRuns() throws {
        let result = try importing(Self.app)
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let flag = try #require(definition.state.first?.name)
        let editor = try #require(definition.windows.first?.children.first)
        let actions: [String: [SceneEffect]] = Dictionary(uniqueKeysWithValues: editor.actions.map { ($0.action, $0.effects) })
        let field = try #require(definition.states.first?.firstResponder)
        #expect(actions["startSearch"] == [.set(flag, 1), .focus(field)])
        // `endSearch` sets it through the method it calls.
        #expect(actions["endSearch"] == [.set(flag, 0)])

        let runtime = try SceneRuntime(definition: definition, file: "scene")
        let dispatcher = try runtime.makeDispatcher(policy: .uikit, clock: nil)
        try runtime.focus(runtime.responderPath(for: "Editor"))
        let layout = runtime.application.keyboardLayout
        #expect(dispatcher.dispatch(try KeyPress(notation: "cmd+f", layout: layout)).action?.name == "startSearch")
        #expect(runtime.application.firstResponder?.path == field)
        #expect(dispatcher.dispatch(try KeyPress(notation: "esc", layout: layout)).action?.name == "endSearch")
        #expect(dispatcher.dispatch(try KeyPress(notation: "cmd+f", layout: layout)).action?.name == "startSearch")
    }

    @Test(arguments: [
        ("self.in_ime == true", "in_ime", true), ("searching", "searching", true), ("isOpen == false", "isOpen", false),
        ("self.x != false", "x", true), ("self.x != true", "x", false),
    ])
    func aTestOfOneBooleanPropertyNamesItAndTheValueItHoldsFor(test: String, property: String, holdsWhen: Bool) {
        let read = SceneBuilder.propertyTest(test)
        #expect(read?.property == property)
        #expect(read?.holdsWhen == holdsWhen)
    }

    @Test(arguments: ["viewModel.isSearching", "items.isEmpty == false", "count > 0", "isEnabled()", ""])
    func otherTestsNameNoProperty(test: String) {
        #expect(SceneBuilder.propertyTest(test) == nil)
    }
}
