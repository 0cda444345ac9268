import Foundation
import SceneImportTestSupport
import Scenes
import Testing

@testable import SceneImport

/// A screen that adds a view taking key presses as a subview, without holding it in a property
/// of its own: a web view a model object holds, reached through a method's parameter. The
/// sources are written for this test.
@Suite struct SubviewImportTests {
    static let app = [
        "SceneDelegate.swift": """
            import UIKit
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    window?.rootViewController = BrowserScreen()
                }
            }
            """,
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
            final class BrowserScreen: UIViewController {
                let container = UIView()
                func tabChanged(selected: Tab?) {
                    if let tab = selected, let webView = tab.webView {
                        container.addSubview(webView)
                    }
                    container.addSubview(Badge())
                }
            }
            """,
    ]

    @Test func aViewAScreenAddsAsASubviewThatTakesKeysSitsUnderIt() throws {
        let result = try SourceApp.importing(Self.app)
        #expect(result.report.responderPaths["TabWebView"] == "window/BrowserScreen/TabWebView")
        // A plain view it adds takes no key presses: no node.
        #expect(result.report.responderPaths["Badge"] == nil)
        let scene = try SceneDefinition(json: result.scene, file: "scene")
        let web = try #require(scene.windows.first?.children.first?.views.first { $0.name == "TabWebView" })
        #expect(web.commands.map { $0.command.action?.name } == ["reloadPage"])
    }
}
