import KeyTraceCore
import ResponderEngine
import SceneImportTestSupport
import Scenes
import Testing

@testable import SceneImport

/// Navigation controllers an app builds around a screen in code of its own: a subclass whose
/// initializer hands its root to `super.init(rootViewController:)`, and a helper that takes a
/// controller and returns what to present (`Utils.popupNavigation(for: vc)`).
@Suite struct NavigationWrapperTests {
    static let screens = """
        class GridViewController: UIViewController {
            override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "g", modifierFlags: .command, action: #selector(grid))] }
            @objc func grid() {}
        }
        class ChangeEmailViewController: UIViewController {
            override var canBecomeFirstResponder: Bool { true }
            override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "e", modifierFlags: .command, action: #selector(email))] }
            @objc func email() {}
        }
        class GalleryNavigation: UINavigationController {
            init() {
                let grid = GridViewController()
                super.init(rootViewController: grid)
            }
            required init?(coder: NSCoder) { nil }
        }
        class HistoryViewController: UIViewController {
            override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "y", modifierFlags: .command, action: #selector(history))] }
            @objc func history() {}
        }
        extension UIViewController {
            func embeddedInNavigationController() -> UINavigationController { UINavigationController(rootViewController: self) }
        }
        enum Utils {
            static func popupNavigation(for controller: UIViewController) -> UINavigationController {
                let navigation = UINavigationController(rootViewController: controller)
                navigation.modalPresentationStyle = .formSheet
                return navigation
            }
        }
        """

    func definitionStates(_ result: ImportResult) -> [String] {
        ((try? SceneDefinition(json: result.scene, file: "scene"))?.states ?? []).map(\.name)
    }

    static func app(_ body: String) -> [String: String] {
        var app = SourceApp.sceneDelegate(root: "UINavigationController(rootViewController: ListViewController())")
        app["List.swift"] = "import UIKit\n" + SourceApp.controller("ListViewController", key: "n", base: "UITableViewController", body: body)
            + "\n" + screens
        return app
    }

    @Test func aNavigationSubclassHoldsTheRootItsInitializerGivesSuper() throws {
        let result = try SourceApp.importing(Self.app("@objc func openGallery() { present(GalleryNavigation(), animated: true) }"))
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let presented = try #require(definition.controllers.first { $0.name == "GalleryNavigation" })
        #expect(presented.children.map(\.name) == ["GridViewController"])
        #expect(!result.report.unplacedTypes.contains("GridViewController"))
    }

    @Test func aControllerAHelperWrapsIsPresentedWithIt() throws {
        let result = try SourceApp.importing(Self.app("""
            @objc func changeEmail() {
                    let changeEmail = ChangeEmailViewController()
                    present(Utils.popupNavigation(for: changeEmail), animated: true)
                }
                @objc func showHistory() {
                    let history = HistoryViewController()
                    present(history.embeddedInNavigationController(), animated: true)
                }
            """))
        #expect(definitionStates(result).contains("HistoryViewController"))
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let state = try #require(definition.states.first { $0.name == "ChangeEmailViewController" })
        #expect(state.summary.hasPrefix("ChangeEmailViewController presented by ListViewController (List.swift:"))
        let runtime = try SceneRuntime(definition: definition, file: "scene")
        try runtime.enter(state)
        try runtime.focus("window/UINavigationController/ChangeEmailViewController")
        let dispatcher = try runtime.makeDispatcher(policy: .uikit, clock: nil)
        #expect(dispatcher.dispatch(try KeyPress(notation: "cmd+e", layout: runtime.application.keyboardLayout)).action?.name == "email")
    }
}
