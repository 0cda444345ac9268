import KeyTraceCore
import ResponderEngine
import Scenes
import Testing

@testable import SceneImport

/// A search controller a screen installs in its navigation item shows its bar in the navigation
/// bar, which the navigation controller's view holds: the search field's chain passes the
/// navigation controller, not the screen that installed it.
@Suite struct NavigationBarSearchTests {
    static let app = [
        "SceneDelegate.swift": """
            import UIKit
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    window?.rootViewController = Shell()
                }
            }
            """,
        "Shell.swift": """
            import UIKit
            class Shell: UISplitViewController {
                let timeline = TimelineViewController()
                init() {
                    super.init(style: .doubleColumn)
                    setViewController(timeline, for: .primary)
                }
            }
            """,
        "Timeline.swift": """
            import UIKit
            class ListViewController: UIViewController {
                let searchController = UISearchController(searchResultsController: nil)
                func installSearch() {
                    navigationItem.searchController = searchController
                }
                override func viewDidLoad() {
                    super.viewDidLoad()
                    installSearch()
                }
            }
            class TimelineViewController: ListViewController {
                override var canBecomeFirstResponder: Bool { true }
                override var keyCommands: [UIKeyCommand]? {
                    [UIKeyCommand(input: "r", modifierFlags: .command, action: #selector(refresh))]
                }
                @objc func refresh() {}
            }
            """,
    ]

    static func importing(_ app: [String: String]) throws -> ImportResult {
        try SceneImporter().importSources(app.sorted { $0.key < $1.key }.map {
            (SourceFiles.File(path: $0.key, displayPath: $0.key), $0.value)
        })
    }

    /// The app with `old` in the timeline's source replaced by `new`.
    static func app(replacing old: String, with new: String) -> [String: String] {
        var app = Self.app
        app["Timeline.swift"] = app["Timeline.swift"]?.replacingOccurrences(of: old, with: new)
        return app
    }

    func imported() throws -> (result: ImportResult, runtime: SceneRuntime) {
        let result = try Self.importing(Self.app)
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        return (result, try SceneRuntime(definition: definition, file: "scene"))
    }

    @Test func aSearchControllerInTheNavigationItemSitsInTheNavigationBarBesideTheScreen() throws {
        let (_, runtime) = try imported()
        // Installed by a superclass's method: the subclass shown inherits it.
        #expect(try runtime.responderPath(for: "UISearchTextField") == "window/Shell/UINavigationBar/UISearchBar/UISearchTextField")
        #expect(try runtime.responderPath(for: "TimelineViewController") == "window/Shell/TimelineViewController")
    }

    @Test func theScreenThatInstalledTheSearchIsNotOnTheSearchFieldsChain() throws {
        let (_, runtime) = try imported()
        let dispatcher = try runtime.makeDispatcher(policy: .cached, clock: nil)
        try runtime.focus("window/Shell/UINavigationBar/UISearchBar/UISearchTextField")
        let refresh = dispatcher.explain(try KeyPress(notation: "cmd+r", layout: runtime.application.keyboardLayout))
        #expect(refresh.winner == nil)
        // With the timeline focused, its ⌘R fires.
        try runtime.focus("window/Shell/TimelineViewController")
        let focused = dispatcher.explain(try KeyPress(notation: "cmd+r", layout: runtime.application.keyboardLayout))
        #expect(focused.winner?.command.action?.name == "refresh")
    }

    /// A search bar set as the navigation item's title view sits in the navigation bar the same way.
    @Test func aSearchBarAsTheTitleViewSitsInTheNavigationBar() throws {
        let install = "navigationItem.searchController = searchController"
        let result = try Self.importing(Self.app(replacing: install, with: "self.navigationItem.titleView = searchController.searchBar"))
        let runtime = try SceneRuntime(definition: SceneDefinition(json: result.scene, file: "scene"), file: "scene")
        #expect(try runtime.responderPath(for: "UISearchTextField") == "window/Shell/UINavigationBar/UISearchBar/UISearchTextField")
        // Any other title view is no search.
        let plain = try Self.importing(Self.app(replacing: install, with: "self.navigationItem.titleView = UILabel()"))
        #expect(!plain.scene.contains("UINavigationBar"))
    }

    @Test func aScreenThatClearsTheSearchControllerInstallsNone() throws {
        let result = try Self.importing(Self.app(replacing: "navigationItem.searchController = searchController",
                                                 with: "navigationItem.searchController = nil"))
        #expect(!result.scene.contains("UINavigationBar"))
    }

    /// A screen the timeline pushes installs a search of its own: its bar is the navigation
    /// controller's, so the timeline's view holds no navigation bar. The pushed screen is a state:
    /// the split view's column shows no navigation controller to push it onto, so the state shows
    /// it in one of its own, whose bar holds the search.
    @Test func aScreenAPlainControllerPushesPutsNoNavigationBarInThePushersView() throws {
        var app = Self.app
        app["Timeline.swift"] = (app["Timeline.swift"] ?? "").replacingOccurrences(of: "@objc func refresh() {}", with: """
            @objc func refresh() { navigationController?.pushViewController(DetailList(), animated: true) }
            }
            class DetailList: ListViewController {
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "d", modifierFlags: .command, action: #selector(done))] }
                @objc func done() {}
            """)
        let result = try Self.importing(app)
        #expect(result.report.responderPaths["DetailList"] == "(presented)/DetailList-navigation/DetailList")
        #expect(!result.scene.contains("TimelineViewController/UINavigationBar"))
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        #expect(definition.controllers.map(\.name) == ["DetailList-navigation"])
        #expect(definition.controllers.first?.views.map(\.name) == ["UINavigationBar"])
    }

    /// A screen the app shows later (a state) that installs a search sits in a navigation
    /// controller of its own in the scene, whose bar holds the search field: the screen is not
    /// on the field's chain.
    @Test func aShownScreenThatInstallsASearchIsShownInANavigationController() throws {
        var app = Self.app
        app["Timeline.swift"] = (app["Timeline.swift"] ?? "").replacingOccurrences(of: "@objc func refresh() {}", with: """
            @objc func refresh() { present(Finder(), animated: true) }
            }
            class Finder: ListViewController {
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "g", modifierFlags: .command, action: #selector(again))] }
                @objc func again() {}
            """)
        let result = try Self.importing(app)
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let finder = try #require(definition.states.first { $0.name == "Finder" })
        #expect(finder.steps.map(\.effect) == [.present("Finder-navigation")])
        let runtime = try SceneRuntime(definition: definition, file: "scene")
        try runtime.enter(finder)
        let field = try #require(runtime.allResponders.map(\.path).first { $0.hasSuffix("Finder-navigation/UINavigationBar/UISearchBar/UISearchTextField") })
        let dispatcher = try runtime.makeDispatcher(policy: .cached, clock: nil)
        try runtime.focus(field)
        #expect(dispatcher.explain(try KeyPress(notation: "cmd+g", layout: runtime.application.keyboardLayout)).winner == nil)
    }

    /// A coordinator pushes a screen that installs a search onto the key window's navigation
    /// controller: the state pushes the screen itself, which the scene declares.
    @Test func aPushedScreenThatInstallsASearchIsPushedAsItself() throws {
        let result = try SceneImporter().importSources([
            ("SceneDelegate.swift", """
                import UIKit
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        let navigation = UINavigationController(rootViewController: Home())
                        window?.rootViewController = navigation
                    }
                }
                final class Router {
                    let navigationController: UINavigationController
                    init(navigationController: UINavigationController) { self.navigationController = navigationController }
                    func showFinder() { navigationController.pushViewController(Finder(), animated: true) }
                }
                class Home: UIViewController {
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "h", modifierFlags: .command, action: #selector(home))] }
                    @objc func home() {}
                }
                class Finder: UIViewController {
                    let search = UISearchController(searchResultsController: nil)
                    override func viewDidLoad() { navigationItem.searchController = search }
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "g", modifierFlags: .command, action: #selector(again))] }
                    @objc func again() {}
                }
                """),
        ].map { (SourceFiles.File(path: $0.0, displayPath: $0.0), $0.1) })
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let finder = try #require(definition.states.first { $0.name == "Finder" })
        #expect(finder.steps.map(\.effect) == [.push("Finder")])
        #expect(definition.controllers.contains { $0.name == "Finder" })
        let runtime = try SceneRuntime(definition: definition, file: "scene")
        try runtime.enter(finder)
        #expect(runtime.allResponders.contains { $0.path.hasSuffix("/Finder") })
    }

    /// A plain `UINavigationController` the entry point wraps the screen in shows the screen's
    /// search bar in its bar, as an app navigation controller does.
    @Test func aPlainNavigationControllerTheEntryPointMakesHoldsTheSearchBar() throws {
        var app = Self.app
        app["SceneDelegate.swift"] = app["SceneDelegate.swift"]?.replacingOccurrences(
            of: "window?.rootViewController = Shell()",
            with: "window?.rootViewController = UINavigationController(rootViewController: TimelineViewController())")
        let result = try Self.importing(app)
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let runtime = try SceneRuntime(definition: definition, file: "scene")
        #expect(try runtime.responderPath(for: "UISearchTextField")
            == "window/UINavigationController/UINavigationBar/UISearchBar/UISearchTextField")
        #expect(try runtime.responderPath(for: "TimelineViewController") == "window/UINavigationController/TimelineViewController")
    }

    /// A search controller installed in a screen's navigation item by the code that makes the
    /// screen (`list.navigationItem.searchController = …` in the entry point), or by a child in
    /// its parent's (`parent?.navigationItem.searchController = …`), sits in the bar of the
    /// navigation controller showing that screen; one a screen adds to a stack view sits in the
    /// screen's own view.
    @Test func aSearchBarInstalledFromElsewhereOrInAStackViewIsPlaced() throws {
        let result = try Self.importing([
            "SceneDelegate.swift": """
                import UIKit
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        let tabs = UITabBarController()
                        let list = ListController()
                        list.navigationItem.searchController = UISearchController(searchResultsController: nil)
                        tabs.viewControllers = [UINavigationController(rootViewController: list),
                                                UINavigationController(rootViewController: ParentController()),
                                                StackController()]
                        window?.rootViewController = tabs
                    }
                }
                """,
            "Screens.swift": """
                import UIKit
                class Screen: UIViewController {
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "r", modifierFlags: .command, action: #selector(refresh))] }
                    @objc func refresh() {}
                }
                final class ListController: Screen {}
                final class ParentController: Screen {
                    let results = ResultsController()
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        addChild(results)
                        view.addSubview(results.view)
                    }
                }
                final class ResultsController: UIViewController {
                    let search = UISearchController(searchResultsController: nil)
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        parent?.navigationItem.searchController = search
                    }
                }
                final class StackController: Screen {
                    let searchController = UISearchController(searchResultsController: nil)
                    let stack = UIStackView()
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        view.addSubview(stack)
                        stack.addArrangedSubview(searchController.searchBar)
                    }
                }
                """,
        ])
        let scene = try SceneDefinition(json: result.scene, file: "scene")
        var paths: [String] = []
        func walk(_ node: NodeDefinition, _ prefix: String) {
            let path = prefix + "/" + node.name
            if node.name == "UISearchTextField" { paths.append(path) }
            for child in node.children + node.views { walk(child, path) }
        }
        for root in scene.windows.first?.children ?? [] { walk(root, "window") }
        #expect(paths == [
            "window/UITabBarController/UINavigationController/UINavigationBar/UISearchBar/UISearchTextField",
            "window/UITabBarController/UINavigationController-2/UINavigationBar/UISearchBar/UISearchTextField",
            "window/UITabBarController/StackController/UISearchBar/UISearchTextField",
        ])
    }
}
