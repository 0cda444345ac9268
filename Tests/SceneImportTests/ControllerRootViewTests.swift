import CLITestSupport
import Foundation
import SceneImportTestSupport
import Testing

@testable import SceneImport

/// A controller whose own view is an app class: the view its `loadView()` assigns, or the
/// custom class its storyboard scene gives the view. The view sits under the controller, and
/// `view.becomeFirstResponder()` in the controller focuses it. The sources are written for this
/// test.
@Suite struct ControllerRootViewTests {
    static func importApp(_ sources: String, storyboard: String? = nil) throws -> ImportResult {
        let dir = ScratchDirectory.make() + "/RootView"
        try FileManager.default.createDirectory(atPath: dir + "/Base.lproj", withIntermediateDirectories: true)
        try sources.write(toFile: dir + "/App.swift", atomically: true, encoding: .utf8)
        if let storyboard { try storyboard.write(toFile: dir + "/Base.lproj/Main.storyboard", atomically: true, encoding: .utf8) }
        return try SceneImporter().importApp(at: [dir])
    }

    static let sceneDelegate = """
        import UIKit
        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                guard let scene = (scene as? UIWindowScene) else { return }
                let window = UIWindow(windowScene: scene)
                window.rootViewController = ROOT
                window.makeKeyAndVisible()
                self.window = window
            }
        }
        """

    @Test func theViewLoadViewAssignsSitsUnderTheControllerAndTakesTheFocus() throws {
        let result = try Self.importApp(Self.sceneDelegate.replacingOccurrences(of: "ROOT", with: "SketchController()") + """

            final class CanvasView: UIView {
                override var canBecomeFirstResponder: Bool { true }
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "z", modifierFlags: .command, action: #selector(undoStroke))] }
                @objc func undoStroke() {}
            }
            class SketchBaseController: UIViewController {
                override func loadView() {
                    let canvas = CanvasView()
                    canvas.backgroundColor = .white
                    view = canvas
                }
            }
            final class SketchController: SketchBaseController {
                override func viewDidAppear(_ animated: Bool) {
                    super.viewDidAppear(animated)
                    view.becomeFirstResponder()
                }
            }
            """)
        #expect(result.report.responderPaths["CanvasView"] == "window/SketchController/CanvasView")
        #expect(result.report.keyWindow.firstResponder == "window/SketchController/CanvasView")
    }

    @Test func theStoryboardScenesViewOfAnAppClassTakesTheFocus() throws {
        let storyboard = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
                <scenes>
                    <scene sceneID="s1"><objects>
                        <viewController storyboardIdentifier="terminal" id="t" customClass="TerminalController" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v1" customClass="TerminalView">
                                <subviews><view contentMode="scaleToFill" id="v2" customClass="StatusView"/></subviews>
                            </view>
                        </viewController>
                    </objects></scene>
                </scenes>
            </document>
            """
        let rootExpression = #"UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "terminal")"#
        let result = try Self.importApp(Self.sceneDelegate.replacingOccurrences(of: "ROOT", with: rootExpression) + """

            final class StatusView: UIView {}
            final class TerminalView: UIView, UIKeyInput {
                var hasText: Bool { false }
                func insertText(_ text: String) {}
                func deleteBackward() {}
                override var canBecomeFirstResponder: Bool { true }
            }
            final class TerminalController: UIViewController {
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "k", modifierFlags: .command, action: #selector(clear))] }
                @objc func clear() {}
                override func viewDidAppear(_ animated: Bool) {
                    super.viewDidAppear(animated)
                    self.view.becomeFirstResponder()
                }
            }
            """, storyboard: storyboard)
        #expect(result.report.keyWindow.root == "TerminalController")
        #expect(result.report.keyWindow.firstResponder == "window/TerminalController/TerminalView")
    }
}
