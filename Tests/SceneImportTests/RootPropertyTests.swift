import SceneImportTestSupport
import Testing

@testable import SceneImport

/// Roots the entry point reads from a property, or reaches through an object it stores in one,
/// are what the app's code puts there.
@Suite struct RootPropertyTests {
    private static let controllers = "import UIKit\n" + SourceApp.controller("HomeViewController", key: "1") + "\n"
        + SourceApp.controller("MainTabBarController", key: "2", base: "UITabBarController")

    /// An app delegate whose launch method runs `preparing`, then makes the window key with
    /// `root` as its root, beside `members`.
    private static func appDelegate(preparing: String = "", root: String, members: String) -> String {
        SourceApp.appDelegate(launch: """
            \(preparing)
            window = UIWindow(frame: UIScreen.main.bounds)
            window?.rootViewController = \(root)
            window?.makeKeyAndVisible()
            """, members: members)["AppDelegate.swift"] ?? ""
    }

    /// `window?.rootViewController = rootController` with `rootController` declared as
    /// UIKit's class: the object a method stores in it before (`buildControllers()`) is the
    /// root, not a plain `UIViewController`.
    @Test func aPropertyDeclaredAsUIKitsClassHoldsWhatAMethodStoresInIt() throws {
        let result = try SourceApp.importing([
            "AppDelegate.swift": Self.appDelegate(preparing: "buildControllers()", root: "rootController", members: """
                    private var rootController: UIViewController!
                    private func buildControllers() { rootController = MainTabBarController() }
                """),
            "Controllers.swift": Self.controllers,
        ])
        #expect(result.report.keyWindow.root == "MainTabBarController")
        #expect(result.report.keyWindow.decidedBy == "entry point")
    }

    /// A computed property read as the root is what its getter returns.
    @Test func aComputedPropertyIsWhatItsGetterReturns() throws {
        let result = try SourceApp.importing([
            "AppDelegate.swift": Self.appDelegate(root: "rootViewController", members: """
                    var rootViewController: UIViewController { MainTabBarController() }
                """),
            "Controllers.swift": Self.controllers,
        ])
        #expect(result.report.keyWindow.root == "MainTabBarController")
    }

    /// A property declared as an app controller keeps that class when the code stores nothing
    /// more specific in it; a subclass it stores is what it holds.
    @Test func aPropertyDeclaredAsAnAppClassHoldsTheSubclassStoredInIt() throws {
        func root(storing value: String) throws -> String? {
            try SourceApp.importing([
                "AppDelegate.swift": Self.appDelegate(preparing: "prepare()", root: "home", members: """
                        var home: HomeViewController?
                        private func prepare() { home = \(value) }
                    """),
                "Controllers.swift": Self.controllers + "\nclass WideHomeViewController: HomeViewController {}",
            ]).report.keyWindow.root
        }
        #expect(try root(storing: "HomeViewController()") == "HomeViewController")
        #expect(try root(storing: "WideHomeViewController()") == "WideHomeViewController")
    }

    /// `coordinator?.start()` on a property declared as a base class runs the `start()` of the
    /// subclass the entry point stores in it (`coordinator = AppCoordinator(window: window)`),
    /// whose override sets the root; the base class's empty `start()` does not.
    @Test func aMethodCalledOnABaseClassPropertyRunsTheStoredSubclassesOverride() throws {
        let result = try SourceApp.importing([
            "SceneDelegate.swift": """
                import UIKit
                class BaseCoordinator { func start() {} }
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    var coordinator: BaseCoordinator?
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        guard let windowScene = scene as? UIWindowScene else { return }
                        let window = UIWindow(windowScene: windowScene)
                        self.window = window
                        coordinator = AppCoordinator(window: window)
                        coordinator?.start()
                    }
                }
                final class AppCoordinator: BaseCoordinator {
                    let window: UIWindow
                    init(window: UIWindow) { self.window = window }
                    override func start() {
                        window.rootViewController = UINavigationController(rootViewController: HomeViewController())
                        window.makeKeyAndVisible()
                    }
                }
                """,
            "Controllers.swift": Self.controllers,
        ])
        #expect(result.report.keyWindow.root == "UINavigationController")
        #expect(result.report.keyWindow.decidedBy == "entry point")
        #expect(result.report.responderPaths["HomeViewController"] == "window/UINavigationController/HomeViewController")
    }

    /// UIKit makes the app delegate before it calls it: a root its `override init()` sets is
    /// the key window's when the launch method sets none.
    @Test func theAppDelegatesInitializerSetsTheRootBeforeLaunch() throws {
        let result = try SourceApp.importing([
            "AppDelegate.swift": SourceApp.appDelegate(launch: "window?.makeKeyAndVisible()", members: """
                    override init() {
                        super.init()
                        window = UIWindow(frame: UIScreen.main.bounds)
                        window?.rootViewController = MainTabBarController()
                    }
                """)["AppDelegate.swift"] ?? "",
            "Controllers.swift": Self.controllers,
        ])
        #expect(result.report.keyWindow.root == "MainTabBarController")
        #expect(result.report.keyWindow.decidedBy == "entry point")
    }
}
