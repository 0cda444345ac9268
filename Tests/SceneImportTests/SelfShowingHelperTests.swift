import KeyTraceCore
import ResponderEngine
import SceneImportTestSupport
import Scenes
import Testing

@testable import SceneImport

/// A controller class's static helper that makes an instance and shows it on the controller it
/// is given (`IssueCard.present(on: self)`) shows it for each caller: the caller's screen
/// presents (or pushes) it, so the class is a state the user enters, not an unplaced controller.
@Suite struct SelfShowingHelperTests {
    static let card = """
        class IssueCardViewController: UIViewController {
            override var canBecomeFirstResponder: Bool { true }
            static func present(on host: UIViewController) {
                let card = IssueCardViewController()
                host.present(card, animated: true)
            }
            override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "i", modifierFlags: .command, action: #selector(dismissCard))] }
            @objc func dismissCard() {}
        }
        class HistoryViewController: UIViewController {
            class func show(from host: UIViewController) {
                host.navigationController?.pushViewController(HistoryViewController(), animated: true)
            }
            override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "y", modifierFlags: .command, action: #selector(clear))] }
            @objc func clear() {}
        }
        """

    /// The app whose list calls `calls` from an action, imported, and its scene.
    static func importing(calling calls: String) throws -> (ImportResult, SceneDefinition) {
        var app = SourceApp.sceneDelegate(root: "UINavigationController(rootViewController: ListViewController())")
        app["List.swift"] = "import UIKit\n" + list(calling: calls) + "\n" + card
        let result = try SourceApp.importing(app)
        return (result, try SceneDefinition(json: result.scene, file: "scene"))
    }

    static func list(calling calls: String) -> String {
        SourceApp.controller("ListViewController", key: "n", base: "UITableViewController", body: """
            @objc func openCard() { \(calls) }
            """)
    }

    @Test func aControllerAHelperPresentsIsAStatePresentedByTheCaller() throws {
        let (result, definition) = try Self.importing(calling: "IssueCardViewController.present(on: self)")
        let state = try #require(definition.states.first { $0.name == "IssueCardViewController" })
        #expect(state.summary.hasPrefix("IssueCardViewController presented by ListViewController (List.swift:"))
        #expect(!result.report.unplacedTypes.contains("IssueCardViewController"))
        let runtime = try SceneRuntime(definition: definition, file: "scene")
        try runtime.enter(state)
        let dispatcher = try runtime.makeDispatcher(policy: .uikit, clock: nil)
        #expect(dispatcher.dispatch(try KeyPress(notation: "cmd+i", layout: runtime.application.keyboardLayout)).action?.name == "dismissCard")
    }

    @Test func aControllerAHelperPushesIsAStatePushedFromTheCaller() throws {
        let (result, definition) = try Self.importing(calling: "HistoryViewController.show(from: self)")
        let state = try #require(definition.states.first { $0.name == "HistoryViewController" })
        #expect(state.steps == [SceneState.Step(effect: .push("HistoryViewController"), from: "window/UINavigationController/ListViewController")])
        // Nobody calls the card's helper: it stays unplaced.
        #expect(result.report.unplacedTypes.contains("IssueCardViewController"))
    }
}
