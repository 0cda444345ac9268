import SceneImportTestSupport
import Testing

@testable import SceneImport

/// Work the launch starts that runs once the launch method returns, on every launch: a task, a
/// block on the main queue, work handed to the main actor. A root it sets replaces the one the
/// launch method set; a root set in any other closure stays conditional.
@Suite struct LaunchWorkTests {
    private static func importing(launch: String, members: String = "") throws -> ImportResult {
        var sources = SourceApp.appDelegate(launch: """
            window = UIWindow(frame: UIScreen.main.bounds)
            window?.rootViewController = UIViewController()
            window?.makeKeyAndVisible()
            \(launch)
            """, members: "@MainActor func bootstrap() async { window?.rootViewController = MainTabBarController() }\n" + members)
        sources["Controllers.swift"] = "import UIKit\n" + SourceApp.controller("MainTabBarController", key: "1", base: "UITabBarController") + "\n"
            + SourceApp.controller("LoginViewController", key: "2")
        return try SourceApp.importing(sources)
    }

    /// `Task { await bootstrap() }`, `DispatchQueue.main.async { … }` and `MainActor.run`
    /// replace the placeholder the launch method shows with the app's root.
    @Test func aRootTheLaunchsTaskOrMainQueueBlockSetsReplacesThePlaceholder() throws {
        for launch in ["Task { await bootstrap() }",
                       "DispatchQueue.main.async { self.window?.rootViewController = MainTabBarController() }",
                       "Task { await MainActor.run { self.window?.rootViewController = MainTabBarController() } }"] {
            let result = try Self.importing(launch: launch)
            #expect(result.report.keyWindow.root == "MainTabBarController", "\(launch)")
            #expect(result.report.keyWindow.decidedBy == "entry point", "\(launch)")
        }
    }

    /// A placeholder the launch method shows, then replaces under conditions (signed in or
    /// not), gives way to the app's normal path among them, not the login gate.
    @Test func aPlaceholderGivesWayToTheNormalPathTheCodeSetsAfterIt() throws {
        let result = try Self.importing(launch: "route()", members: """
            var signedIn: Bool { UserDefaults.standard.bool(forKey: "signedIn") }
            func route() {
                if signedIn { window?.rootViewController = MainTabBarController() } else { window?.rootViewController = LoginViewController() }
            }
            """)
        #expect(result.report.keyWindow.root == "MainTabBarController")
        #expect(result.report.keyWindow.decidedBy == "entry point, conditional")
    }

    /// A completion handler or an observer's closure may never run: a root set there is
    /// conditional, chosen only because the launch method shows a placeholder.
    @Test func aRootSetInAnyOtherClosureIsConditional() throws {
        let result = try Self.importing(launch: """
            NotificationCenter.default.addObserver(forName: .init("signedIn"), object: nil, queue: .main) { _ in
                self.window?.rootViewController = MainTabBarController()
            }
            """)
        #expect(result.report.keyWindow.root == "MainTabBarController")
        #expect(result.report.keyWindow.decidedBy == "entry point, conditional")
    }
}

/// Launch shapes whose root the class or the cast names: a base delegate's launch method
/// calling a factory method the `@main` subclass overrides, a static property of an app type,
/// a method returning `Self`, and a storyboard controller cast to the app's class.
@Suite struct LaunchShapeTests {
    @Test func aBaseDelegatesLaunchMethodRunsTheSubclassesOverride() throws {
        let result = try SourceApp.importing(["App.swift": """
            import UIKit
            class BaseAppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    window = UIWindow(frame: UIScreen.main.bounds)
                    window?.rootViewController = makeRootViewController()
                    return true
                }
                func makeRootViewController() -> UIViewController { UIViewController() }
            }
            @main class AppDelegate: BaseAppDelegate {
                override func makeRootViewController() -> UIViewController { MainTabController() }
            }
            class MainTabController: UITabBarController {}
            """])
        #expect(result.report.keyWindow.root == "MainTabController")
    }

    /// `Screens.main`, a static property of an app type that is no controller, holds what its
    /// getter returns; `Nav(rootViewController: Home()).then { … }`, a method declared to return
    /// `Self`, gives what it is called on.
    @Test(arguments: ["Screens.main", "UINavigationController(rootViewController: MainTabController()).then { $0.title = \"\" }"])
    func aStaticScreenPropertyAndAMethodReturningSelfGiveTheirController(root: String) throws {
        let result = try SourceApp.importing(SourceApp.appDelegate(launch: """
            window = UIWindow(frame: UIScreen.main.bounds)
            window?.rootViewController = \(root)
            """).merging(["Screens.swift": """
                import UIKit
                enum Screens { static var main: UIViewController { MainTabController() } }
                protocol Then {}
                extension Then where Self: AnyObject { func then(_ block: (Self) -> Void) -> Self { block(self); return self } }
                extension NSObject: Then {}
                class MainTabController: UITabBarController {}
                """]) { own, _ in own })
        #expect(result.report.keyWindow.root.map { ["MainTabController", "UINavigationController"].contains($0) } == true, "\(root)")
        #expect(result.report.responderPaths["MainTabController"] != nil, "\(root)")
    }

    @Test func aControllerCastToTheAppsClassIsThatClass() throws {
        let result = try SourceApp.importing(SourceApp.appDelegate(launch: """
            window = UIWindow(frame: UIScreen.main.bounds)
            window?.rootViewController = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Tabs") as? MainTabController
            """).merging(["Tabs.swift": "import UIKit\nclass MainTabController: UITabBarController {}"]) { own, _ in own })
        #expect(result.report.keyWindow.root == "MainTabController")
        // Reading the window's root into a property of the same name sets none.
        let reading = try SourceApp.importing(SourceApp.appDelegate(launch: """
            window = UIWindow(frame: UIScreen.main.bounds)
            window?.rootViewController = MainTabController()
            rootViewController = window?.rootViewController as? OtherController
            """, members: "var rootViewController: OtherController?").merging(["Tabs.swift": """
                import UIKit
                class MainTabController: UITabBarController {}
                class OtherController: UIViewController {}
                """]) { own, _ in own })
        #expect(reading.report.keyWindow.root == "MainTabController")
    }
}
