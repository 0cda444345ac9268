import Foundation
import KeyTraceCore
import SceneImportTestSupport
import Scenes
import Testing

@testable import SceneImport

/// The scene is the app: the key window's root as the entry point builds it, no invented
/// windows, unplaced controllers with their reasons, and the first responder the app makes.
@Suite struct WindowPlanTests {
    func importing(_ sources: [String: String], idiom: InterfaceIdiom = .pad, overlay: ImportOverlay? = nil) throws -> ImportResult {
        try SourceApp.importing(sources, idiom: idiom, overlay: overlay)
    }

    /// A split view on a pad and a tab bar on a phone, decided by `userInterfaceIdiom` in a
    /// coordinator the scene delegate starts.
    static let idiomApp = [
        "SceneDelegate.swift": """
            import UIKit
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                var coordinator: AppCoordinator?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    let coordinator = AppCoordinator(window: window)
                    self.coordinator = coordinator
                    coordinator.start()
                }
            }
            class AppCoordinator {
                let window: UIWindow?
                init(window: UIWindow?) { self.window = window }
                func start() {
                    let root: UIViewController
                    if UIDevice.current.userInterfaceIdiom == .phone {
                        root = PhoneTabs()
                    } else {
                        root = makeSplit()
                    }
                    window?.rootViewController = root
                }
                func makeSplit() -> UIViewController {
                    let split = UISplitViewController(style: .doubleColumn)
                    split.setViewController(Sidebar(), for: .primary)
                    split.setViewController(UINavigationController(rootViewController: Detail()), for: .secondary)
                    split.setViewController(PhoneTabs(), for: .compact)
                    return split
                }
            }
            """,
        "Controllers.swift": "import UIKit\n" + SourceApp.controller("Sidebar", key: "1") + "\n" + SourceApp.controller("Detail", key: "2")
            + "\n" + SourceApp.controller("PhoneTabs", key: "3", base: "UITabBarController"),
    ]

    @Test func theIdiomPicksThePadLayoutByDefaultAndThePhoneOnRequest() throws {
        let pad = try importing(Self.idiomApp)
        #expect(pad.report.keyWindow.root == "UISplitViewController")
        #expect(pad.report.keyWindow.decidedBy == "entry point")
        #expect(pad.report.responderPaths["Sidebar"] == "window/UISplitViewController/Sidebar")
        #expect(pad.report.responderPaths["Detail"] == "window/UISplitViewController/UINavigationController/Detail")
        // The compact column is the phone's: on a pad it holds nothing.
        #expect(pad.report.responderPaths["PhoneTabs"] == nil)
        let definition = try SceneDefinition(json: pad.scene, file: "scene")
        #expect(definition.windows.count == 1)

        let phone = try importing(Self.idiomApp, idiom: .phone)
        #expect(phone.report.keyWindow.root == "PhoneTabs")
        #expect(phone.report.responderPaths["PhoneTabs"] == "window/PhoneTabs")
    }

    /// A command under an idiom test is the device's: on the iPad layout one offered only on a
    /// phone is left out with the reason, one offered on a pad (or on a pad or a phone) is
    /// unconditional; the phone layout is the other way round. The inventory keeps them all.
    @Test func theIdiomDecidesTheCommandsOfferedOnlyOnOneDevice() throws {
        let app = [
            "AppDelegate.swift": """
                import UIKit
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    var window: UIWindow?
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        window?.rootViewController = Editor()
                        return true
                    }
                }
                class Editor: UIViewController {
                    override var keyCommands: [UIKeyCommand]? {
                        var commands: [UIKeyCommand] = []
                        if UIDevice.current.userInterfaceIdiom == .phone {
                            commands.append(UIKeyCommand(input: "p", modifierFlags: .command, action: #selector(phoneOnly)))
                        }
                        if UIDevice.current.userInterfaceIdiom == .pad && isEditing {
                            commands.append(UIKeyCommand(input: "e", modifierFlags: .command, action: #selector(padWhileEditing)))
                        }
                        if UIDevice.current.userInterfaceIdiom == .pad || UIDevice.current.userInterfaceIdiom == .phone {
                            commands.append(UIKeyCommand(input: "s", modifierFlags: .command, action: #selector(both)))
                        }
                        return commands
                    }
                    @objc func phoneOnly() {}
                    @objc func padWhileEditing() {}
                    @objc func both() {}
                }
                """,
        ]
        func commands(_ result: ImportResult) throws -> [String] {
            let definition = try SceneDefinition(json: result.scene, file: "scene")
            let editor = try #require(definition.windows.first?.children.first)
            return editor.commands.map { "\($0.command.action?.name ?? "") \($0.condition?.state ?? "always")" }
        }
        let pad = try importing(app)
        #expect(pad.inventory.count == 3)
        #expect(try commands(pad) == ["padWhileEditing isEditing", "both always"])
        #expect(pad.report.unresolved.map(\.reason) == [
            "it is provided only on another device; the scene is the pad layout (--idiom phone builds that one)",
        ])
        let phone = try importing(app, idiom: .phone)
        #expect(try commands(phone) == ["phoneOnly always", "both always"])
    }

    @Test func noControllerGetsAWindowOfItsOwnUnplacedOnesAreListedWithTheirReason() throws {
        var app = Self.idiomApp
        app["Settings.swift"] = "import UIKit\n" + SourceApp.controller("SettingsViewController", key: ",")
        let result = try importing(app)
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        #expect(definition.windows.count == 1)
        let settings = result.report.unplaced.first { $0.type == "SettingsViewController" }
        #expect(settings?.file == "Settings.swift")
        #expect(settings?.reason.hasPrefix("no containment the source shows creates or shows it") == true)
        #expect(result.report.unresolved.contains {
            $0.command.declaredIn == "SettingsViewController" && $0.reason.hasPrefix("declared but not reachable in the scene")
        })
        // The report's first lines say what a user should do.
        let lines = result.report.text.split(separator: "\n").prefix(3).map(String.init)
        #expect(lines[0].hasPrefix("Key window: root UISplitViewController (decided by: entry point at SceneDelegate.swift:"))
        #expect(lines[1].hasPrefix("First responder: none:"))
        // The phone's tab bar is not on a pad's screen either.
        #expect(result.report.unplaced.map(\.type) == ["PhoneTabs", "SettingsViewController"])
        #expect(lines[2].hasPrefix("Unplaced controllers: 2 holding 2 command(s) the scene cannot reach"))
        #expect(lines[2].contains("\"PhoneTabs\": {\"presentedBy\": \"UISplitViewController\"}"))
    }

    @Test func oneOverlayLinePlacesAnUnplacedController() throws {
        var app = Self.idiomApp
        app["Settings.swift"] = "import UIKit\n" + SourceApp.controller("SettingsViewController", key: ",")
        let overlay = try ImportOverlay(json: """
            {"format": "keytrace-import-overlay", "version": 1, "place": {"SettingsViewController": {"childOf": "Detail"}}}
            """, file: "o.json")
        let result = try importing(app, overlay: overlay)
        #expect(result.report.unplaced.map(\.type) == ["PhoneTabs"])
        #expect(result.report.responderPaths["SettingsViewController"] == "window/UISplitViewController/UINavigationController/Detail/SettingsViewController")
        #expect(throws: SceneImportError.self) {
            try ImportOverlay(json: """
                {"format": "keytrace-import-overlay", "version": 1, "place": {"A": {"childOf": "B", "presentedBy": "C"}}}
                """, file: "o.json")
        }
    }

    @Test func theSceneDelegateTheAppDelegateConfiguresIsTheOneRead() throws {
        let result = try importing([
            "AppDelegate.swift": """
                import UIKit
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ application: UIApplication, configurationForConnecting session: UISceneSession,
                                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
                        let config = UISceneConfiguration(name: nil, sessionRole: session.role)
                        if options.userActivities.first?.activityType == "player" {
                            config.delegateClass = PlayerSceneDelegate.self
                            return config
                        }
                        config.delegateClass = MainSceneDelegate.self
                        return config
                    }
                }
                class PlayerSceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        window?.rootViewController = Player()
                    }
                }
                class MainSceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        show(Library())
                    }
                    func show(_ controller: UIViewController) { window?.rootViewController = controller }
                }
                """,
            "Controllers.swift": "import UIKit\n" + SourceApp.controller("Player", key: "p") + "\n" + SourceApp.controller("Library", key: "l"),
        ])
        // The root reaches the window through a helper's parameter.
        #expect(result.report.keyWindow.root == "Library")
        #expect(result.report.unplaced.map(\.type) == ["Player"])
    }

    @Test func aLoginOrMainBranchTakesTheScreenWithTheMostCommands() throws {
        let result = try importing([
            "SceneDelegate.swift": """
                import UIKit
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    var signedIn = false
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        var initial: UIViewController?
                        if signedIn { initial = Main() } else { initial = Login() }
                        window?.rootViewController = initial
                    }
                }
                """,
            "Controllers.swift": "import UIKit\n" + SourceApp.controller("Login", key: "l") + "\n"
                + SourceApp.controller("Main", key: "m", body: "override func viewDidLoad() { addChild(Inbox()) }") + "\n" + SourceApp.controller("Inbox", key: "i"),
        ])
        #expect(result.report.keyWindow.root == "Main")
        #expect(result.report.keyWindow.decidedBy == "entry point, conditional")
        #expect(result.report.responderPaths["Inbox"] == "window/Main/Inbox")
    }

    @Test func theAppsNormalPathWinsOverALoginScreenWithMoreCommandsAndSameNamedLocalsStayApart() throws {
        let result = try importing([
            "SceneDelegate.swift": """
                import UIKit
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    var isLoggedIn = false
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        let viewController: UIViewController
                        if !isLoggedIn {
                            let controller = OnboardingViewController()
                            viewController = controller
                        } else {
                            let controller = Library()
                            viewController = controller
                        }
                        window?.rootViewController = viewController
                    }
                }
                """,
            "Controllers.swift": "import UIKit\n" + SourceApp.controller("OnboardingViewController", key: "l",
                                                                        body: "override func viewDidLoad() { addChild(Help()) }")
                + "\n" + SourceApp.controller("Library", key: "m") + "\n" + SourceApp.controller("Help", key: "h"),
        ])
        #expect(result.report.keyWindow.root == "Library")
        #expect(result.report.keyWindow.decidedBy == "entry point, conditional")
        #expect(RootTree.app("LoginViewController").isGateway && RootTree.app("AppLaunchScreen").isGateway)
        #expect(!RootTree.app("AuthorList").isGateway && !RootTree.app("AppLauncher").isGateway)
        // An app's navigation controller class shows its screen first.
        #expect(RootTree.app("NavigationController", children: [.app("OnboardingController")]).isGateway)
        #expect(!RootTree.app("NavigationController", children: [.app("MainController")]).isGateway)
    }

    @Test func aSwiftUIAppsRootIsItsWindowGroupsViewAndItsViewsNestInIt() throws {
        let result = try importing(["App.swift": """
            import SwiftUI
            @main
            struct NotesApp: App {
                var body: some Scene { MainScene() }
            }
            struct MainScene: Scene {
                var body: some Scene {
                    WindowGroup {
                        #if DEBUG
                        if ProcessInfo.processInfo.environment["UITEST"] != nil {
                            SelectionUITestHarnessView()
                        } else {
                            content
                        }
                        #else
                        content
                        #endif
                    }
                }
                var content: some View { NavigationStack { HomeView() } }
            }
            struct SelectionUITestHarnessView: View {
                var body: some View { Button("x") {}.keyboardShortcut("x") }
            }
            struct HomeView: View {
                @State var showing = false
                var body: some View {
                    NoteList().sheet(isPresented: $showing) { SettingsView() }
                }
            }
            struct NoteList: View {
                var body: some View { Button("New") {}.keyboardShortcut("n") }
            }
            struct SettingsView: View {
                var body: some View { Button("Done") {}.keyboardShortcut(.defaultAction) }
            }
            """])
        #expect(result.report.keyWindow.root == "HomeView")
        #expect(result.report.keyWindow.decidedBy == "WindowGroup")
        #expect(result.report.responderPaths["NoteList"] == "window/UIHostingController/HomeView/NoteList")
        // SwiftUI registers the shortcuts of the views on screen with their hosting controller.
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let host = definition.windows.first?.children.first
        #expect(host?.name == "UIHostingController")
        #expect(host?.commands.count == 1)
        #expect(host?.actions.map(\.action) == ["keyboardShortcut(cmd+n):"])
        // A sheet's view is presented, not on the launch screen: a state the user enters.
        #expect(result.report.responderPaths["SettingsView"] == "(presented)/SettingsView-host/SettingsView")
        #expect(!result.report.unplaced.contains { $0.type == "SettingsView" || $0.contains.contains("SettingsView") })
        #expect(definition.states.map(\.name) == ["SettingsView"])
    }

    @Test func aUIKitViewASwiftUIViewShowsSitsWhereItIsBuilt() throws {
        let result = try importing(["App.swift": """
            import SwiftUI
            import UIKit
            @main
            struct EditorApp: App {
                var body: some Scene { WindowGroup { EditorScreen() } }
            }
            struct EditorScreen: View {
                var body: some View { VStack { CodeView(); Toolbar() } }
            }
            struct CodeView: UIViewRepresentable {
                func makeUIView(context: Context) -> CodeTextView { CodeTextView() }
                func updateUIView(_ view: CodeTextView, context: Context) {}
            }
            struct Toolbar: UIViewControllerRepresentable {
                func makeUIViewController(context: Context) -> UIViewController { ToolbarController() }
                func updateUIViewController(_ controller: UIViewController, context: Context) {}
            }
            class CodeTextView: UITextView {
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "r", modifierFlags: .command, action: #selector(run))] }
                @objc func run() {}
            }
            class ToolbarController: UIViewController {
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "b", modifierFlags: .command, action: #selector(build))] }
                @objc func build() {}
            }
            """])
        #expect(result.report.responderPaths["CodeTextView"] == "window/UIHostingController/EditorScreen/CodeTextView")
        // A controller a SwiftUI view shows is a child of the hosting controller.
        #expect(result.report.responderPaths["ToolbarController"] == "window/UIHostingController/ToolbarController")
        #expect(result.report.unplaced.isEmpty)
        _ = try SceneDefinition(json: result.scene, file: "scene")
    }

    @Test func aFirstResponderMadeUnconditionallyWinsOverOneMadeUnderAConditionOrInAnAction() throws {
        let result = try importing([
            "SceneDelegate.swift": """
                import UIKit
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        window?.rootViewController = Split()
                    }
                }
                """,
            "Controllers.swift": """
                import UIKit
                class Split: UIViewController {
                    override func viewDidLoad() { addChild(Feed()); addChild(Article()) }
                }
                class Feed: UIViewController {
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "r", modifierFlags: .command, action: #selector(refresh))] }
                    @objc func refresh() {}
                    override func viewDidLoad() { becomeFirstResponder() }
                }
                class Article: UIViewController {
                    let searchBar = UISearchBar()
                    var isSearching = false
                    override func viewDidLoad() {
                        if isSearching { searchBar.becomeFirstResponder() }
                        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Find", style: .plain, target: self, action: #selector(beginFind(_:)))
                    }
                    // An action a button names: viewDidLoad does not call it.
                    @objc func beginFind(_ sender: Any?) { searchBar.becomeFirstResponder() }
                }
                """,
        ])
        #expect(result.report.keyWindow.firstResponder == "window/Split/Feed")
    }

    @Test func aRepresentableWrappingTheWindowsContentPutsItsControllerAboveTheViews() throws {
        let result = try importing([
            "App.swift": """
                import SwiftUI
                @main struct EditorApp: App {
                    var body: some Scene {
                        WindowGroup {
                            KeyBridge {
                                ContentView()
                            }
                        }
                        .commands {
                            CommandMenu("Run") {
                                Button("Run") { print("run") }.keyboardShortcut("r", modifiers: [.command, .shift])
                            }
                        }
                    }
                }
                struct ContentView: View {
                    @State var text = ""
                    var body: some View { TextField("Name", text: $text) }
                }
                struct KeyBridge<Content: View>: UIViewControllerRepresentable {
                    let content: () -> Content
                    init(@ViewBuilder content: @escaping () -> Content) { self.content = content }
                    func makeUIViewController(context: Context) -> KeyController { KeyController() }
                    func updateUIViewController(_ controller: KeyController, context: Context) {}
                }
                class KeyController: UIViewController {
                    override var canBecomeFirstResponder: Bool { true }
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "p", modifierFlags: .command, action: #selector(quickOpen))] }
                    @objc func quickOpen() {}
                }
                """,
        ])
        #expect(result.report.keyWindow.decidedBy == "WindowGroup")
        #expect(result.report.responderPaths["KeyController"] == "window/UIHostingController/KeyController")
        let runtime = try SceneRuntime(definition: SceneDefinition(json: result.scene, file: "scene"), file: "scene")
        let field = try runtime.responderPath(for: "UITextField")
        #expect(field.hasPrefix("window/UIHostingController/KeyController/"))
        // The window's hosting controller performs the menu's closure, wrapper or not.
        let dispatcher = try runtime.makeDispatcher(policy: .uikit, clock: nil)
        try runtime.focus(runtime.responderPath(for: "KeyController"))
        let run = dispatcher.dispatch(try KeyPress(notation: "shift+cmd+r", layout: runtime.application.keyboardLayout))
        #expect(run.target?.path == "window/UIHostingController")
    }

    /// A window group's content built under an idiom test builds the device's side only, and a
    /// view an action modifier's closure makes (`.onAppear { … }`, `.onOpenURL { … }`) is no
    /// content: the iPad's `ContentView` is the root, not the phone's view or the settings card
    /// the closure prepares.
    @Test func aWindowGroupsIdiomBranchAndActionClosuresDoNotChooseItsRoot() throws {
        let sources = [
            "App.swift": """
                import SwiftUI
                @main struct TimerApp: App {
                    var body: some Scene {
                        WindowGroup {
                            Group {
                                if UIDevice.current.userInterfaceIdiom == .pad {
                                    ContentView()
                                } else {
                                    PhoneView()
                                }
                            }
                            .onAppear { prepare() }
                            .onOpenURL { _ in _ = SettingsCard() }
                        }
                    }
                    func prepare() { _ = SettingsCard() }
                }
                struct ContentView: View {
                    var body: some View { Button("Start") {}.keyboardShortcut("s", modifiers: .command) }
                }
                struct PhoneView: View {
                    var body: some View { Button("Go") {}.keyboardShortcut("g", modifiers: .command) }
                }
                struct SettingsCard: View {
                    var body: some View {
                        Button("A") {}.keyboardShortcut("a", modifiers: .command)
                        Button("B") {}.keyboardShortcut("b", modifiers: .command)
                    }
                }
                """,
        ]
        #expect(try importing(sources).report.keyWindow.root == "ContentView")
        #expect(try importing(sources, idiom: .phone).report.keyWindow.root == "PhoneView")
    }

    @Test func anAppWithNoControllerHasAKeyWindowWithNoRoot() throws {
        let result = try importing(["Empty.swift": "import UIKit\n"])
        #expect(result.report.keyWindow.root == nil)
        #expect(result.report.text.hasPrefix("Key window: no root"))
    }

    /// The unconditional path runs as Swift runs it: a `defer` body last, the statements after
    /// a `guard` on a run-time value only when it holds (a binding guard and one ruling out a
    /// test run pass on every launch), and an assignment on a branch that returns does not set
    /// the property a later line reads.
    @Test func theUnconditionalPathFollowsDeferGuardAndEarlyReturn() throws {
        let result = try importing([
            "SceneDelegate.swift": """
                import UIKit
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    var offerWindow: UIWindow?
                    private var main = Main()
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        guard let windowScene = scene as? UIWindowScene else { return }
                        guard !AppConstants.isRunningUnitTest else { return }
                        defer { showOfferIfNeeded() }
                        if session.role == .windowExternalDisplayNonInteractive {
                            main = Mirror.shared.main
                            return
                        }
                        let window = UIWindow(windowScene: windowScene)
                        self.window = window
                        window.rootViewController = main
                        window.makeKeyAndVisible()
                    }
                    func showOfferIfNeeded() {
                        guard Store.shared.showsOffer else { return }
                        offerWindow = UIWindow()
                        offerWindow?.rootViewController = Offer()
                        offerWindow?.makeKeyAndVisible()
                    }
                }
                """,
            "Controllers.swift": "import UIKit\n" + SourceApp.controller("Main", key: "1") + "\n" + SourceApp.controller("Offer", key: "2"),
        ])
        #expect(result.report.keyWindow.root == "Main")
        #expect(result.report.keyWindow.decidedBy == "entry point")
        #expect(result.report.keyWindow.line == 16)
        #expect(result.report.conditionalWindows.map(\.type) == ["Offer"])
    }

    @Test func theFirstResponderIsWhatTheScreenFocuses() throws {
        let result = try importing([
            "SceneDelegate.swift": """
                import UIKit
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        window?.rootViewController = UINavigationController(rootViewController: Search())
                    }
                }
                """,
            "Search.swift": """
                import UIKit
                class Search: UIViewController {
                    let field = UITextField()
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "f", modifierFlags: .command, action: #selector(find))] }
                    @objc func find() {}
                    override func viewDidAppear(_ animated: Bool) {
                        super.viewDidAppear(animated)
                        focusField()
                    }
                    func focusField() { field.becomeFirstResponder() }
                }
                """,
        ])
        #expect(result.report.keyWindow.firstResponder == "window/UINavigationController/Search/UITextField")
        #expect(result.report.keyWindow.firstResponderReason.hasPrefix("Search.field.becomeFirstResponder() in Search.viewDidAppear (Search.swift:10)"))
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let runtime = try SceneRuntime(definition: definition, file: "scene")
        #expect(runtime.application.firstResponder?.path == "window/UINavigationController/Search/UITextField")
    }

    /// A splash screen the entry point shows, whose own code sets the app's screen as the
    /// window's root once it is done, hands the key window over to that screen; a login screen
    /// that does the same waits for the user, so it keeps the window.
    @Test func aSplashScreenHandsTheKeyWindowOverToTheScreenItSets() throws {
        func app(_ first: String) -> [String: String] {
            [
                "SceneDelegate.swift": """
                    import UIKit
                    class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                        var window: UIWindow?
                        func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                            window?.rootViewController = \(first)()
                        }
                    }
                    """,
                "Start.swift": """
                    import UIKit
                    class \(first): UIViewController {
                        func showApp() {
                            view.window?.rootViewController = MainTabs()
                        }
                    }
                    """,
                "Controllers.swift": "import UIKit\n" + SourceApp.controller("MainTabs", key: "1"),
            ]
        }
        let splash = try importing(app("SplashViewController"))
        #expect(splash.report.keyWindow.root == "MainTabs")
        #expect(splash.report.keyWindow.decidedBy == "entry point")
        #expect(splash.report.keyWindow.file == "Start.swift")
        #expect(splash.report.keyWindow.line == 4)
        #expect(try importing(app("LoginViewController")).report.keyWindow.root == "LoginViewController")
    }
}
