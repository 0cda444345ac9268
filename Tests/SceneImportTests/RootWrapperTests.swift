import CLITestSupport
import Foundation
import SceneImportTestSupport
import Testing

@testable import SceneImport

/// Roots an entry point builds through the app's own helpers on UIKit's classes: a computed
/// property or a method of `extension UIViewController` that wraps `self` in a navigation
/// controller, called on a screen a dependency component makes. The sources are written for
/// this test.
@Suite struct RootWrapperTests {
    static let helpers = """
        import UIKit
        extension UIViewController {
            var wrapNavigationController: UINavigationController {
                let navigation = UINavigationController(rootViewController: self)
                navigation.setNavigationBarHidden(true, animated: false)
                return navigation
            }
            func embeddedInNavigation() -> UINavigationController { UINavigationController(rootViewController: self) }
        }
        final class IntroViewController: UIViewController {
            override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "r", modifierFlags: .command, action: #selector(reload))] }
            @objc func reload() {}
            static func viewController(model: String) -> IntroViewController { IntroViewController() }
        }
        final class RootComponent {
            func makeView() -> IntroViewController { IntroViewController.viewController(model: "intro") }
        }
        final class AppComponent {
            var rootComponent: RootComponent { RootComponent() }
        }
        """

    static func scene(_ entry: String) throws -> ImportResult {
        let dir = ScratchDirectory.make() + "/Wrapped"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try helpers.write(toFile: dir + "/Helpers.swift", atomically: true, encoding: .utf8)
        try entry.write(toFile: dir + "/SceneDelegate.swift", atomically: true, encoding: .utf8)
        return try SceneImporter().importApp(at: [dir])
    }

    @Test func aPropertyOfAnExtensionWrapsTheScreenAComponentMakes() throws {
        let result = try Self.scene("""
            import UIKit
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                private var root: AppComponent?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    guard let scene = (scene as? UIWindowScene) else { return }
                    window = UIWindow(windowScene: scene)
                    root = AppComponent()
                    window?.rootViewController = root?.rootComponent.makeView().wrapNavigationController
                    window?.makeKeyAndVisible()
                }
            }
            """)
        #expect(result.report.keyWindow.root == "UINavigationController")
        #expect(result.report.keyWindow.decidedBy == "entry point")
        #expect(result.report.responderPaths["IntroViewController"] == "window/UINavigationController/IntroViewController")
    }

    @Test func aMethodOfAnExtensionWrapsTheScreenItIsCalledOn() throws {
        let result = try Self.scene("""
            import UIKit
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    guard let scene = (scene as? UIWindowScene) else { return }
                    let window = UIWindow(windowScene: scene)
                    let intro = IntroViewController.viewController(model: "start")
                    window.rootViewController = intro.embeddedInNavigation()
                    window.makeKeyAndVisible()
                    self.window = window
                }
            }
            """)
        #expect(result.report.keyWindow.root == "UINavigationController")
        #expect(result.report.responderPaths["IntroViewController"] == "window/UINavigationController/IntroViewController")
    }
}

extension RootWrapperTests {
    /// A helper from a package the import does not read, whose name says it wraps the screen in
    /// a navigation controller.
    @Test(arguments: ["intro.embedInNavigationController()", "intro.navigationWrapped"])
    func anUndeclaredNavigationHelperWrapsTheScreen(rootExpression: String) throws {
        let result = try Self.scene("""
            import UIKit
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    guard let scene = (scene as? UIWindowScene) else { return }
                    window = UIWindow(windowScene: scene)
                    let intro = AppComponent().rootComponent.makeView()
                    window?.rootViewController = \(rootExpression)
                    window?.makeKeyAndVisible()
                }
            }
            """)
        #expect(result.report.keyWindow.root == "UINavigationController")
        #expect(result.report.responderPaths["IntroViewController"] == "window/UINavigationController/IntroViewController")
    }
}

/// Roots made by code the import does not read: a dependency container's generic factory, and
/// container classes from libraries. The sources are written for this test.
@Suite struct LibraryRootTests {
    static func scene(_ rootExpression: String, more: String = "") throws -> ImportResult {
        let dir = ScratchDirectory.make() + "/Library"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try """
            import UIKit
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                let container = Container()
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    guard let scene = (scene as? UIWindowScene) else { return }
                    window = UIWindow(windowScene: scene)
                    let home = HomeViewController()
                    window?.rootViewController = \(rootExpression)
                    window?.makeKeyAndVisible()
                }
            }
            final class HomeViewController: UIViewController {
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "n", modifierFlags: .command, action: #selector(newItem))] }
                @objc func newItem() {}
            }
            final class MenuViewController: UIViewController {}
            final class SettingsViewController: UIViewController {
                override var keyCommands: [UIKeyCommand]? {
                    [UIKeyCommand(input: ",", modifierFlags: .command, action: #selector(close)), UIKeyCommand(input: "w", modifierFlags: .command, action: #selector(close))]
                }
                @objc func close() {}
            }
            \(more)
            """.write(toFile: dir + "/App.swift", atomically: true, encoding: .utf8)
        return try SceneImporter().importApp(at: [dir])
    }

    @Test(arguments: ["container.resolve(HomeViewController.self)!", "Resolver.resolve(HomeViewController.self)"])
    func aContainersFactoryMakesTheControllerItsMetatypeNames(rootExpression: String) throws {
        let result = try Self.scene(rootExpression)
        #expect(result.report.keyWindow.root == "HomeViewController")
        #expect(result.report.keyWindow.decidedBy == "entry point")
    }

    @Test func anAppContainersGenericFactoryMakesTheControllerItsMetatypeNames() throws {
        let result = try Self.scene("container.make(HomeViewController.self)", more: """
            final class Container {
                private var factories: [ObjectIdentifier: () -> Any] = [:]
                func make<Service>(_ type: Service.Type) -> Service { factories[ObjectIdentifier(type)]!() as! Service }
            }
            """)
        #expect(result.report.keyWindow.root == "HomeViewController")
    }

    @Test func aLibrarysNavigationControllerHoldsItsRootScreen() throws {
        let result = try Self.scene("ASNavigationController(rootViewController: home)")
        #expect(result.report.keyWindow.root == "ASNavigationController")
        #expect(result.report.responderPaths["HomeViewController"] == "window/ASNavigationController/HomeViewController")
    }

    @Test func aLibrarysSideMenuHoldsTheContentItShowsFirst() throws {
        let result = try Self.scene("SideMenuController(menuViewController: MenuViewController(), contentViewController: UINavigationController(rootViewController: home))")
        #expect(result.report.keyWindow.root == "SideMenuController")
        #expect(result.report.responderPaths["HomeViewController"] == "window/SideMenuController/UINavigationController/HomeViewController")
    }
}
