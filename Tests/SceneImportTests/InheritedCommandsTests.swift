import Foundation
import SceneImportTestSupport
import Scenes
import Testing

@testable import SceneImport

/// A subclass's instances run their superclass's `keyCommands` getter unless the subclass
/// overrides it without reading `super.keyCommands`, and get the commands the superclass's
/// methods add. The sources are written for this test.
@Suite struct InheritedCommandsTests {
    static let app = SourceApp.sceneDelegate(root: "BrowserScreen()").merging([
        "Screens.swift": """
            import UIKit
            class BaseScreen: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    addKeyCommand(UIKeyCommand(input: "r", modifierFlags: .command, action: #selector(reload)))
                }
                @objc func reload() {}
            }
            final class BrowserScreen: BaseScreen {
                let plain = ToolbarField()
                let own = SearchField()
                let extended = URLField()
            }
            """,
        "Fields.swift": """
            import UIKit
            class AutocompleteField: UITextField {
                override var keyCommands: [UIKeyCommand]? {
                    [UIKeyCommand(input: UIKeyCommand.inputEscape, modifierFlags: [], action: #selector(cancel))]
                }
                @objc func cancel() {}
            }
            final class ToolbarField: AutocompleteField {}
            final class SearchField: AutocompleteField {
                override var keyCommands: [UIKeyCommand]? {
                    [UIKeyCommand(input: "g", modifierFlags: .command, action: #selector(next))]
                }
                @objc func next() {}
            }
            final class URLField: AutocompleteField {
                override var keyCommands: [UIKeyCommand]? {
                    (super.keyCommands ?? []) + [UIKeyCommand(input: "l", modifierFlags: .command, action: #selector(focus))]
                }
                @objc func focus() {}
            }
            """,
    ]) { first, _ in first }

    func actions(of name: String, in scene: SceneDefinition) throws -> [String?] {
        let screen = try #require(scene.windows.first?.children.first)
        let node = try #require(([screen] + screen.views).first { $0.name == name })
        return node.commands.map { $0.command.action?.name }
    }

    @Test func aSubclassRunsItsSuperclassesGetterUnlessItOverridesItWithoutSuper() throws {
        let scene = try SceneDefinition(json: try SourceApp.importing(Self.app).scene, file: "scene")
        #expect(try actions(of: "ToolbarField", in: scene) == ["cancel"])
        #expect(try actions(of: "SearchField", in: scene) == ["next"])
        #expect(try actions(of: "URLField", in: scene) == ["focus", "cancel"])
    }

    @Test func aSubclassGetsTheCommandsItsSuperclassesMethodsAdd() throws {
        let scene = try SceneDefinition(json: try SourceApp.importing(Self.app).scene, file: "scene")
        #expect(try actions(of: "BrowserScreen", in: scene) == ["reload"])
    }
}
