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
