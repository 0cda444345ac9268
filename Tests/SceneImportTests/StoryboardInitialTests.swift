import CLITestSupport
import Foundation
import SceneImportTestSupport
import Testing

@testable import SceneImport

/// A window root the code takes from a storyboard's initial controller
/// (`instantiateInitialViewController()`), the storyboard named in the call, in a local, in an
/// app extension of `UIStoryboard`, or through R.swift. The sources are written for this test.
@Suite struct StoryboardInitialTests {
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="nav">
            <scenes>
                <scene sceneID="s1"><objects>
                    <navigationController id="nav" sceneMemberID="viewController">
                        <connections><segue destination="lib" kind="relationship" relationship="rootViewController" id="r1"/></connections>
                    </navigationController>
                </objects></scene>
                <scene sceneID="s2"><objects>
                    <viewController id="lib" customClass="LibraryViewController" sceneMemberID="viewController"/>
                </objects></scene>
            </scenes>
        </document>
        """

    static let screens = """
        import UIKit
        final class LibraryViewController: UIViewController {
            override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "f", modifierFlags: .command, action: #selector(find))] }
            @objc func find() {}
        }
        final class PlaceholderViewController: UIViewController {}
        extension UIStoryboard {
            static let library = UIStoryboard(name: "Library", bundle: nil)
        }
        """

    static func scene(rootExpression: String) throws -> ImportResult {
        let dir = ScratchDirectory.make() + "/Initial"
        try FileManager.default.createDirectory(atPath: dir + "/Base.lproj", withIntermediateDirectories: true)
        try storyboard.write(toFile: dir + "/Base.lproj/Library.storyboard", atomically: true, encoding: .utf8)
        try screens.write(toFile: dir + "/Screens.swift", atomically: true, encoding: .utf8)
        try """
            import UIKit
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    guard let scene = (scene as? UIWindowScene) else { return }
                    let window = UIWindow(windowScene: scene)
                    let storyboard = UIStoryboard(name: "Library", bundle: .main)
                    window.rootViewController = \(rootExpression)
                    window.makeKeyAndVisible()
                    self.window = window
                }
            }
            """.write(toFile: dir + "/SceneDelegate.swift", atomically: true, encoding: .utf8)
        return try SceneImporter().importApp(at: [dir])
    }

    @Test(arguments: [
        #"UIStoryboard(name: "Library", bundle: nil).instantiateInitialViewController()"#,
        "storyboard.instantiateInitialViewController()!",
        "UIStoryboard.library.instantiateInitialViewController()!",
        "storyboard.instantiateInitialViewController() ?? PlaceholderViewController()",
        "R.storyboard.library.instantiateInitialViewController()",
    ])
    func theInitialControllerInItsContainerIsTheRoot(rootExpression: String) throws {
        let result = try Self.scene(rootExpression: rootExpression)
        #expect(result.report.keyWindow.root == "UINavigationController")
        #expect(result.report.keyWindow.decidedBy == "entry point")
        #expect(result.report.responderPaths["LibraryViewController"] == "window/UINavigationController/LibraryViewController")
    }
}
