import SceneImportTestSupport
import Testing

@testable import SceneImport

/// What the Swift entry point's path sets as the key window's root, and what it sets on other
/// windows.
@Suite struct EntryPointTests {
    /// A `UIWindow` subclass the entry point makes (a floating entrance window) setting its own
    /// `rootViewController` in its initialiser roots that window, not the one the entry point
    /// makes key: the scene delegate's later assignment is the key window's root.
    @Test func aWindowSubclassSettingItsOwnRootDoesNotRootTheKeyWindow() throws {
        let result = try SourceApp.importing([
            "SceneDelegate.swift": """
                import UIKit
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    var entrance: EntranceWindow?
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        entrance = EntranceWindow(frame: .zero)
                        window?.rootViewController = UINavigationController(rootViewController: Library())
                    }
                }
                class EntranceWindow: UIWindow {
                    override init(frame: CGRect) {
                        super.init(frame: frame)
                        let entry = EntryController()
                        self.rootViewController = entry
                    }
                }
                """,
            "Controllers.swift": "import UIKit\n" + SourceApp.controller("Library", key: "1") + "\n" + SourceApp.controller("EntryController", key: "2"),
        ])
        #expect(result.report.keyWindow.root == "UINavigationController")
        #expect(result.report.keyWindow.decidedBy == "entry point")
        #expect(result.report.keyWindow.line == 7)
        #expect(result.report.responderPaths["Library"] == "window/UINavigationController/Library")
    }

    /// `applicationDidFinishLaunching(_:)`, which UIKit calls when the app delegate has no
    /// `application(_:didFinishLaunchingWithOptions:)`, is the entry point: the root it sets
    /// through a protocol extension's `static func makeViewController() -> Self` is the key
    /// window's.
    @Test func theOlderLaunchMethodSetsTheRootAFactoryReturningSelfMakes() throws {
        let result = try SourceApp.importing([
            "AppDelegate.swift": """
                import UIKit
                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    var window: UIWindow?
                    func applicationDidFinishLaunching(_ application: UIApplication) {
                        window = UIWindow(frame: UIScreen.main.bounds)
                        window?.rootViewController = Content.makeViewController()
                        window?.makeKeyAndVisible()
                    }
                }
                protocol Storyboarded: UIViewController {}
                extension Storyboarded {
                    static func makeViewController() -> Self { Self(nibName: nil, bundle: nil) }
                }
                """,
            "Controllers.swift": "import UIKit\n" + SourceApp.controller("Content", key: "1", base: "UIViewController, Storyboarded") + "\n"
                + SourceApp.controller("Other", key: "2"),
        ])
        #expect(result.report.keyWindow.root == "Content")
        #expect(result.report.keyWindow.decidedBy == "entry point")
        #expect(result.report.keyWindow.line == 6)
    }

    /// `window.rootViewController = coordinator.tabBarController`, the coordinator's property
    /// declared `let tabBarController: MainTabs = .init()`: the root is the declared class.
    @Test func aCoordinatorsPropertyMadeWithAnImplicitInitIsTheDeclaredClass() throws {
        let result = try SourceApp.importing([
            "AppDelegate.swift": """
                import UIKit
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    var window: UIWindow?
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        window = UIWindow(frame: UIScreen.main.bounds)
                        guard let window = window else { return false }
                        let coordinator = AppCoordinator()
                        window.rootViewController = coordinator.tabBarController
                        window.makeKeyAndVisible()
                        return true
                    }
                }
                final class AppCoordinator {
                    let tabBarController: MainTabs = .init()
                }
                """,
            "Controllers.swift": "import UIKit\n" + SourceApp.controller("MainTabs", key: "1", base: "UITabBarController") + "\n"
                + SourceApp.controller("Other", key: "2"),
        ])
        #expect(result.report.keyWindow.root == "MainTabs")
        #expect(result.report.keyWindow.decidedBy == "entry point")
        #expect(result.report.keyWindow.line == 9)
    }

    /// A root chosen by a ternary (`signedIn ? Main() : Login()`) is the app's normal path, not
    /// the gate, and both sides are run-time alternatives.
    @Test func aTernaryRootIsTheNormalPathNotTheGate() throws {
        let result = try SourceApp.importing([
            "SceneDelegate.swift": SourceApp.sceneDelegate(root: "Session.signedIn ? LoginViewController() : HomeViewController()")["SceneDelegate.swift"]!
                + "\nenum Session { static var signedIn = false }",
            "Controllers.swift": "import UIKit\n" + SourceApp.controller("HomeViewController", key: "1") + "\n"
                + SourceApp.controller("LoginViewController", key: "2"),
        ])
        #expect(result.report.keyWindow.root == "HomeViewController")
        #expect(result.report.keyWindow.decidedBy == "entry point, conditional")
    }

    /// A root read from a property of a shared instance (`AppCoordinator.shared.rootViewController`)
    /// is what that property holds: its initialiser, an immediately applied closure included.
    @Test func aRootReadFromASharedInstancesPropertyIsWhatThePropertyHolds() throws {
        let result = try SourceApp.importing([
            "SceneDelegate.swift": SourceApp.sceneDelegate(root: "AppCoordinator.shared.rootViewController")["SceneDelegate.swift"]!,
            "AppCoordinator.swift": """
                import UIKit
                final class AppCoordinator {
                    static let shared = AppCoordinator()
                    lazy var rootViewController: UIViewController = {
                        let navigation = UINavigationController(rootViewController: HomeViewController())
                        return navigation
                    }()
                }
                """,
            "Controllers.swift": "import UIKit\n" + SourceApp.controller("HomeViewController", key: "1"),
        ])
        #expect(result.report.keyWindow.root == "UINavigationController")
        #expect(result.report.keyWindow.decidedBy == "entry point")
        #expect(result.report.responderPaths["HomeViewController"] == "window/UINavigationController/HomeViewController")
    }

    /// A `WindowGroup`'s content built by a static function of another type
    /// (`AppFactory.makeRoot()`) is read there; between branches the source leaves to run time,
    /// the one that is no gate (an onboarding screen) is the root, whichever comes first.
    @Test func aWindowGroupsRootBuiltElsewhereOrInBranchesIsTheNormalPath() throws {
        func root(_ content: String) throws -> String? {
            try SourceApp.importing(["App.swift": """
                import SwiftUI
                @main
                struct TheApp: App {
                    @AppStorage("onboarded") var onboarded = false
                    var body: some Scene { WindowGroup { \(content) } }
                }
                enum AppFactory { @MainActor static func makeRoot() -> some View { MainView() } }
                struct MainView: View { var body: some View { Text("m") } }
                struct OnboardingView: View { var body: some View { Text("o") } }
                """]).report.keyWindow.root
        }
        #expect(try root("AppFactory.makeRoot()") == "MainView")
        #expect(try root("if !onboarded { OnboardingView() } else { MainView() }") == "MainView")
        #expect(try root("if onboarded { MainView() } else { OnboardingView() }") == "MainView")
    }

    /// An app container view given the window's content in a closure (`LockContainer {
    /// MainView() }`) shows it in its `body`: the views built in the closure are the root's
    /// children, and of those a branch builds, the normal path.
    @Test func theViewsAWindowGroupsRootIsGivenAreItsChildren() throws {
        func tree(_ content: String) throws -> [String] {
            let result = try SourceApp.importing(["App.swift": """
                import SwiftUI
                @main
                struct TheApp: App {
                    @AppStorage("locked") var locked = false
                    var body: some Scene { WindowGroup { \(content) } }
                }
                struct LockContainer<Content: View>: View {
                    let content: Content
                    init(@ViewBuilder content: () -> Content) { self.content = content() }
                    var body: some View { ZStack { content } }
                }
                struct MainView: View { var body: some View { NavigationStack { Text("m").searchable(text: .constant("")) } } }
                struct LockView: View { var body: some View { Text("l").keyboardShortcut("u") } }
                struct iPadRoot: View { var body: some View { iPadList() } }
                struct iPadList: View { var body: some View { Text("i").keyboardShortcut("i") } }
                """])
            return result.report.responderPaths.filter { ["View", "Container", "Root", "List"].contains(where: $0.key.hasSuffix) }.values.sorted()
        }
        #expect(try tree("LockContainer { MainView() }")
            == ["window/UIHostingController/LockContainer", "window/UIHostingController/LockContainer/MainView"])
        #expect(try tree("LockContainer { if locked { LockView() } else { MainView() } }")
            == ["window/UIHostingController/LockContainer", "window/UIHostingController/LockContainer/MainView"])
        // Type names spelled with a lowercase letter before a capital (`iPadRoot`) are views too.
        #expect(try tree("LockContainer { iPadRoot() }").contains("window/UIHostingController/LockContainer/iPadRoot/iPadList"))
    }
}

/// Entry points that reach their root through a factory written as an implicit member, a splash
/// screen that hands over through another type's method, and SwiftUI views known by a
/// protocol.
extension EntryPointTests {
    /// `let nav: UINavigationController = .withCustomBar()`, a static factory in the app's
    /// extension of UIKit's class, gives what the factory returns; an initialiser handed the
    /// local sets it as the root.
    @Test func aLocalMadeByAnImplicitStaticFactoryRootsTheWindow() throws {
        let result = try SourceApp.importing([
            "AppDelegate.swift": """
                import UIKit
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    var coordinator: AppCoordinator?
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        coordinator = AppCoordinator.create()
                        return true
                    }
                }
                final class AppCoordinator {
                    let window: UIWindow
                    static func create() -> AppCoordinator {
                        let navigation: UINavigationController = .withCustomBar()
                        return AppCoordinator(window: UIWindow(), navigation: navigation)
                    }
                    init(window: UIWindow, navigation: UINavigationController) {
                        self.window = window
                        window.rootViewController = navigation
                        window.makeKeyAndVisible()
                    }
                }
                extension UINavigationController {
                    static func withCustomBar() -> UINavigationController {
                        let navigation = NavigationController()
                        return navigation
                    }
                }
                """,
            "Controllers.swift": "import UIKit\n" + SourceApp.controller("NavigationController", key: "1", base: "UINavigationController"),
        ])
        #expect(result.report.keyWindow.root == "NavigationController")
        #expect(result.report.keyWindow.decidedBy == "entry point")
    }

    /// A splash screen that hands over by calling the scene delegate's method (which sets the
    /// window's root to the app's screen) gives the window to that screen; the sign-in screen
    /// another method sets is a gate, not the normal path.
    @Test func aSplashHandsOverThroughTheMethodItCallsOnTheSceneDelegate() throws {
        let result = try SourceApp.importing([
            "SceneDelegate.swift": """
                import UIKit
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        window?.rootViewController = SplashViewController()
                        window?.makeKeyAndVisible()
                    }
                    func goToMain() {
                        window?.rootViewController = UINavigationController(rootViewController: MainTabs())
                    }
                    func goToSignIn() {
                        window?.rootViewController = SignInViewController()
                    }
                }
                class SplashViewController: UIViewController {
                    func route(signedIn: Bool) {
                        let delegate = UIApplication.shared.connectedScenes.first?.delegate as? SceneDelegate
                        if signedIn { delegate?.goToMain() } else { delegate?.goToSignIn() }
                    }
                }
                """,
            "Controllers.swift": "import UIKit\n" + SourceApp.controller("MainTabs", key: "1", base: "UITabBarController") + "\n"
                + SourceApp.controller("SignInViewController", key: "2"),
        ])
        #expect(result.report.keyWindow.root == "UINavigationController")
        #expect(result.report.responderPaths["MainTabs"] == "window/UINavigationController/MainTabs")
    }

    /// A struct conforming to a library's protocol with a `body(props:) -> some View` (a Redux
    /// `ConnectedView`), or to an app protocol refining `View`, is a view a `WindowGroup` shows;
    /// among branches, a loading screen is a gate like a login.
    @Test func viewsKnownByAProtocolRootTheWindowGroupAndALoadingScreenIsAGate() throws {
        let result = try SourceApp.importing([
            "App.swift": """
                import SwiftUI
                import Redux
                @main
                struct ShopApp: App {
                    @State var checked = false
                    var body: some Scene {
                        WindowGroup {
                            StoreProvider(store: store) {
                                if !checked { LoadingView() } else { ContentView() }
                            }
                        }
                    }
                }
                protocol Screen: View {}
                struct LoadingView: Screen {
                    var body: some View { Text("…") }
                }
                struct ContentView: ConnectedView {
                    func body(props: Props) -> some View { Text("Shop") }
                }
                """,
        ])
        #expect(result.report.keyWindow.root == "ContentView")
        #expect(result.report.keyWindow.decidedBy == "WindowGroup")
    }
}

/// Roots reached through a coordinator's stored property, a ternary a helper returns, a
/// factory method of a property in a SwiftUI app, and a launch screen the entry point replaces.
extension EntryPointTests {
    /// `window.rootViewController = coordinator.navigationController`, the property set in the
    /// coordinator's `init`; `return signedIn ? Tabs() : Login()` in the helper that makes a root.
    @Test func aCoordinatorsPropertyAndAHelpersTernaryRootTheWindow() throws {
        let coordinator = try SourceApp.importing([
            "SceneDelegate.swift": """
                import UIKit
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    let coordinator = AppCoordinator()
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        let window = UIWindow()
                        window.rootViewController = coordinator.navigationController
                        window.makeKeyAndVisible()
                        coordinator.start()
                    }
                }
                final class AppCoordinator {
                    var navigationController: UINavigationController
                    init() { self.navigationController = UINavigationController() }
                    func start() { navigationController.pushViewController(MapViewController(), animated: false) }
                }
                """,
            "Controllers.swift": "import UIKit\n" + SourceApp.controller("MapViewController", key: "1"),
        ])
        #expect(coordinator.report.keyWindow.root == "UINavigationController")
        let ternary = try SourceApp.importing([
            "AppDelegate.swift": """
                import UIKit
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    var window: UIWindow?
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        window?.rootViewController = makeRoot()
                        return true
                    }
                    func makeRoot() -> UIViewController {
                        return Session.current != nil ? TabBarController() : LoginViewController()
                    }
                }
                """,
            "Controllers.swift": "import UIKit\n" + SourceApp.controller("TabBarController", key: "1", base: "UITabBarController") + "\n"
                + SourceApp.controller("LoginViewController", key: "2"),
        ])
        #expect(ternary.report.keyWindow.root == "TabBarController")
    }

    /// A launch screen the entry point sets, then replaces in a closure it schedules
    /// (`asyncAfter { self.showMain() }`), hands the window to the screen that closure sets.
    @Test func aLaunchScreenTheEntryPointReplacesLaterHandsOver() throws {
        let result = try SourceApp.importing([
            "SceneDelegate.swift": """
                import UIKit
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        window?.rootViewController = LaunchScreen()
                        window?.makeKeyAndVisible()
                        DispatchQueue.main.asyncAfter(deadline: .now() + 2) { self.showMain() }
                    }
                    private func showMain() {
                        window?.rootViewController = TabBarController()
                    }
                }
                """,
            "Controllers.swift": "import UIKit\n" + SourceApp.controller("LaunchScreen", key: "1") + "\n"
                + SourceApp.controller("TabBarController", key: "2", base: "UITabBarController"),
        ])
        #expect(result.report.keyWindow.root == "TabBarController")
    }

    /// A `WindowGroup` showing what a method of the app's coordinator property builds
    /// (`coordinator.build(route:)`), whose pushed screens (`.navigationDestination`) are not
    /// the root.
    @Test func aWindowGroupBuiltByACoordinatorPropertysMethod() throws {
        let result = try SourceApp.importing([
            "App.swift": """
                import SwiftUI
                @main
                struct ShopApp: App {
                    @StateObject private var coordinator = AppCoordinator()
                    var body: some Scene {
                        WindowGroup {
                            NavigationStack {
                                coordinator.build()
                                    .navigationDestination(for: Int.self) { _ in DetailView() }
                            }
                        }
                    }
                }
                final class AppCoordinator: ObservableObject {
                    func build() -> some View { HomeView() }
                }
                struct HomeView: View { var body: some View { Text("Home") } }
                struct DetailView: View { var body: some View { Text("Detail") } }
                """,
        ])
        #expect(result.report.keyWindow.root == "HomeView")
        let modified = try SourceApp.importing([
            "App.swift": """
                import SwiftUI
                @main
                struct NotesApp: App {
                    private var rootView: some View { NotesView() }
                    var body: some Scene {
                        WindowGroup { rootView.preferredColorScheme(.dark) }
                    }
                }
                struct NotesView: View { var body: some View { Text("Notes") } }
                """,
        ])
        #expect(modified.report.keyWindow.root == "NotesView")
    }

    /// A `WindowGroup` showing what a coordinator declared as a protocol builds
    /// (`appCoordinator.toPresentable()`): the class the app's initialiser stores in the
    /// property, not the test doubles it stores when tests run, and the view that class's
    /// method wraps in `AnyView` through another coordinator.
    @Test func aWindowGroupBuiltByACoordinatorDeclaredAsAProtocol() throws {
        let result = try SourceApp.importing([
            "App.swift": """
                import SwiftUI
                protocol AppCoordinatorProtocol { func toPresentable() -> AnyView }
                @main
                struct ChatApp: App {
                    private var appCoordinator: AppCoordinatorProtocol!
                    init() {
                        if ProcessInfo.processInfo.environment["UI_TESTS"] != nil {
                            appCoordinator = UITestsAppCoordinator()
                        } else if ProcessInfo.processInfo.environment["UNIT_TESTS"] != nil {
                            appCoordinator = UnitTestsAppCoordinator()
                        } else {
                            appCoordinator = AppCoordinator()
                        }
                    }
                    var body: some Scene {
                        WindowGroup { appCoordinator.toPresentable().statusBarHidden(false) }
                    }
                }
                final class AppCoordinator: AppCoordinatorProtocol {
                    private let root = RootCoordinator()
                    func toPresentable() -> AnyView { AnyView(root.toPresentable().environment(\\.locale, .current)) }
                }
                final class RootCoordinator {
                    func toPresentable() -> AnyView { AnyView(RootView()) }
                }
                final class UITestsAppCoordinator: AppCoordinatorProtocol {
                    func toPresentable() -> AnyView { AnyView(TestRootView()) }
                }
                final class UnitTestsAppCoordinator: AppCoordinatorProtocol {
                    func toPresentable() -> AnyView { AnyView(TestRootView()) }
                }
                struct RootView: View { var body: some View { Text("Chats") } }
                struct TestRootView: View { var body: some View { Text("Tests") } }
                """,
        ])
        #expect(result.report.keyWindow.root == "RootView")
        #expect(result.report.keyWindow.decidedBy == "WindowGroup")
    }
}
