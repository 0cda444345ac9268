import CLITestSupport
import Foundation
import SceneImportTestSupport
import Testing

@testable import SceneImport

/// Roots set by code the entry point runs on the window it makes key, or that an assignment
/// it makes runs: a lazy `window` property's closure, an app extension of `UIWindow` called on
/// `window`, the initialiser of the window class stored in `window`, and a property's `didSet`.
/// The sources are written for this test.
@Suite struct KeyWindowCodeTests {
    static let screens = """
        final class HomeViewController: UIViewController {
            override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "n", modifierFlags: .command, action: #selector(newItem))] }
            @objc func newItem() {}
        }
        final class BannerViewController: UIViewController {
            override var keyCommands: [UIKeyCommand]? {
                [UIKeyCommand(input: "b", modifierFlags: .command, action: #selector(close)), UIKeyCommand(input: "w", modifierFlags: .command, action: #selector(close))]
            }
            @objc func close() {}
        }
        """

    static func keyWindow(_ sources: String) throws -> ImportReport.KeyWindow {
        let dir = ScratchDirectory.make() + "/KeyWindow"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try ("import UIKit\n" + sources + "\n" + screens).write(toFile: dir + "/App.swift", atomically: true, encoding: .utf8)
        return try SceneImporter().importApp(at: [dir]).report.keyWindow
    }

    static func sceneDelegate(_ body: String, members: String = "") -> String {
        """
        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            \(members)
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                guard let scene = (scene as? UIWindowScene) else { return }
                \(body)
            }
        }
        """
    }

    @Test func aLazyWindowPropertysClosureSetsTheRoot() throws {
        let window = try Self.keyWindow("""
            @main class AppDelegate: UIResponder, UIApplicationDelegate {
                lazy var window: UIWindow? = {
                    let window = UIWindow(frame: UIScreen.main.bounds)
                    window.rootViewController = UINavigationController(rootViewController: HomeViewController())
                    return window
                }()
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    window?.makeKeyAndVisible()
                    return true
                }
            }
            """)
        #expect(window.root == "UINavigationController")
        #expect(window.decidedBy == "entry point")
    }

    @Test func aWindowExtensionCalledOnTheKeyWindowSetsItsRoot() throws {
        let window = try Self.keyWindow(Self.sceneDelegate("""
            window = UIWindow(windowScene: scene)
            window?.setRoot(HomeViewController())
            """) + """

            extension UIWindow {
                func setRoot(_ controller: UIViewController) {
                    rootViewController = controller
                    makeKeyAndVisible()
                }
            }
            """)
        #expect(window.root == "HomeViewController")
        #expect(window.decidedBy == "entry point")
    }

    @Test func theKeyWindowsOwnClassSetsItsRootAndAnotherWindowsDoesNot() throws {
        let window = try Self.keyWindow(Self.sceneDelegate("""
            let banner = BannerWindow(windowScene: scene)
            banner.isHidden = false
            window = MainWindow(scene: scene)
            window?.makeKeyAndVisible()
            """) + """

            final class MainWindow: UIWindow {
                init(scene: UIWindowScene) {
                    super.init(windowScene: scene)
                    rootViewController = HomeViewController()
                }
                required init?(coder: NSCoder) { nil }
            }
            final class BannerWindow: UIWindow {
                override init(windowScene: UIWindowScene) {
                    super.init(windowScene: windowScene)
                    rootViewController = BannerViewController()
                }
                required init?(coder: NSCoder) { nil }
            }
            """)
        #expect(window.root == "HomeViewController")
        #expect(window.decidedBy == "entry point")
    }

    @Test func aPropertysDidSetSetsTheRootWithTheAssignedScreen() throws {
        let window = try Self.keyWindow(Self.sceneDelegate("""
            window = UIWindow(windowScene: scene)
            root = HomeViewController()
            window?.makeKeyAndVisible()
            """, members: "var root: UIViewController? { didSet { window?.rootViewController = root } }"))
        #expect(window.root == "HomeViewController")
        #expect(window.decidedBy == "entry point")
    }
}
