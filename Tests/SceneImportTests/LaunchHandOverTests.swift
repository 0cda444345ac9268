import CLITestSupport
import Foundation
import SceneImportTestSupport
import Testing

@testable import SceneImport

/// A launch screen in a navigation controller of its own that, once it has checked the login,
/// has a router switch the window's root through the app's own `UIApplication` helper, to the
/// tab bar a storyboard makes by identifier or to onboarding. The sources are written for this
/// test.
@Suite struct LaunchHandOverTests {
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
            <scenes>
                <scene sceneID="s1"><objects>
                    <tabBarController storyboardIdentifier="MainTabBarController" id="tabs" customClass="MainTabBarController" sceneMemberID="viewController"/>
                </objects></scene>
            </scenes>
        </document>
        """

    static let sources = """
        import UIKit
        @main
        class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                window = UIWindow(frame: UIScreen.main.bounds)
                return RootRouter.shared.start(in: window!)
            }
        }
        final class NavigationController: UINavigationController {}
        final class SplashController: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                DispatchQueue.main.asyncAfter(deadline: .now() + 2) {
                    if UserDefaults.standard.string(forKey: "token") != nil {
                        RootRouter.shared.loadMain(toWindow: RootRouter.shared.window)
                    } else {
                        RootRouter.shared.loadOnboarding(toWindow: RootRouter.shared.window)
                    }
                }
            }
        }
        final class MainTabBarController: UITabBarController {
            override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "1", modifierFlags: .command, action: #selector(first))] }
            @objc func first() {}
        }
        final class OnboardingController: UIViewController {}
        extension UIApplication {
            func switchRootViewController(window: UIWindow, rootViewController: UIViewController, animated: Bool) {
                if animated {
                    UIView.transition(with: window, duration: 0.3, options: .transitionCrossDissolve, animations: {
                        window.rootViewController = rootViewController
                    })
                } else {
                    window.rootViewController = rootViewController
                }
            }
        }
        final class RootRouter {
            static let shared = RootRouter()
            var window: UIWindow!
            func start(in window: UIWindow) -> Bool {
                self.window = window
                window.rootViewController = NavigationController(rootViewController: SplashController())
                window.makeKeyAndVisible()
                return true
            }
            func loadOnboarding(toWindow window: UIWindow) {
                let navigation = NavigationController(rootViewController: OnboardingController())
                UIApplication.shared.switchRootViewController(window: window, rootViewController: navigation, animated: true)
            }
            func loadMain(toWindow window: UIWindow) {
                let storyboard = UIStoryboard(name: "Main", bundle: nil)
                let tabs = storyboard.instantiateViewController(withIdentifier: "MainTabBarController") as! UITabBarController
                UIApplication.shared.switchRootViewController(window: window, rootViewController: tabs, animated: true)
            }
        }
        """

    @Test func aWrappedSplashHandsOverToTheRootARouterHelperSets() throws {
        let dir = ScratchDirectory.make() + "/Hand"
        try FileManager.default.createDirectory(atPath: dir + "/Base.lproj", withIntermediateDirectories: true)
        try Self.storyboard.write(toFile: dir + "/Base.lproj/Main.storyboard", atomically: true, encoding: .utf8)
        try Self.sources.write(toFile: dir + "/App.swift", atomically: true, encoding: .utf8)
        let result = try SceneImporter().importApp(at: [dir])
        #expect(result.report.keyWindow.root == "MainTabBarController")
        #expect(result.report.responderPaths["MainTabBarController"] == "window/MainTabBarController")
    }
}
