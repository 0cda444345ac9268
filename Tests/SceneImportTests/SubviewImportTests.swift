import Foundation
import SceneImportTestSupport
import Scenes
import Testing

@testable import SceneImport

/// A screen that adds a view taking key presses as a subview, without holding it in a property
/// of its own: a web view a model object holds, reached through a method's parameter. The
/// sources are written for this test.
@Suite struct SubviewImportTests {
    static let app = SourceApp.sceneDelegate(root: "BrowserScreen()").merging([
        "Browser.swift": """
            import UIKit
            import WebKit
            final class Tab {
                var webView: WKWebView?
                func createWebView() {
                    if webView == nil {
                        let webView = TabWebView(frame: .zero)
                        self.webView = webView
                    }
                }
            }
            final class TabWebView: WKWebView {
                override var keyCommands: [UIKeyCommand]? {
                    [UIKeyCommand(input: "r", modifierFlags: .command, action: #selector(reloadPage))]
                }
                @objc func reloadPage() {}
            }
            final class Badge: UIView {}
            final class NoteField: UITextView {}
            final class EditorView: UIView {
                let field = NoteField()
            }
            final class BrowserScreen: UIViewController {
                let container = UIView()
                let editor = EditorView()
                func tabChanged(selected: Tab?) {
                    if let tab = selected, let webView = tab.webView {
                        container.addSubview(webView)
                    }
                    container.addSubview(Badge())
                    container.addSubview(editor.field)
                }
            }
            """,
    ]) { first, _ in first }

    @Test func aViewAScreenAddsAsASubviewThatTakesKeysSitsUnderIt() throws {
        let result = try SourceApp.importing(Self.app)
        #expect(result.report.responderPaths["TabWebView"] == "window/BrowserScreen/TabWebView")
        // A plain view it adds takes no key presses: no node.
        #expect(result.report.responderPaths["Badge"] == nil)
        let scene = try SceneDefinition(json: result.scene, file: "scene")
        let screen = try #require(scene.windows.first?.children.first)
        // A view a property holds sits where it is held.
        #expect(screen.views.map(\.name) == ["TabWebView", "EditorView"])
        #expect(screen.views.last?.views.map(\.name) == ["NoteField"])
        let web = try #require(screen.views.first { $0.name == "TabWebView" })
        #expect(web.commands.map { $0.command.action?.name } == ["reloadPage"])
    }

    /// A helper object (no view itself) that adds a text field to the map view of the screen it
    /// reaches through its properties, as a diagram editor does for the label being edited.
    static let helperApp = SourceApp.sceneDelegate(root: "MapScreen()").merging([
        "Map.swift": """
            import UIKit
            final class LabelField: UITextField {}
            final class MapView: UIView {
                override var canBecomeFirstResponder: Bool { true }
                override var keyCommands: [UIKeyCommand]? {
                    [UIKeyCommand(input: "\\t", modifierFlags: [], action: #selector(addChildIdea))]
                }
                @objc func addChildIdea() {}
            }
            final class MapScreen: UIViewController {
                var mapView: MapView? = MapView()
                let widget = Widget()
            }
            final class Widget: NSObject {
                weak var controller: MapScreen?
                var field: LabelField?
                func beginEditing() {
                    if field == nil { field = LabelField() }
                    if let field {
                        controller?.mapView?.addSubview(field)
                    }
                }
            }
            """,
    ]) { first, _ in first }

    @Test func aFieldAHelperAddsToAScreensViewSitsInThatView() throws {
        let result = try SourceApp.importing(Self.helperApp)
        #expect(result.report.responderPaths["LabelField"] == "window/MapScreen/MapView/LabelField")
    }
}
