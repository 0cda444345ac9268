import Foundation
import Scenes
import Testing

@testable import SceneImport

/// iOS 18's tabs (`tabs = [UITab(…) { _ in Controller() }]`, `UISearchTab`): the closure each tab
/// calls for its view controller makes the tab bar's tab, in the order written.
@Suite struct TabImportTests {
    static let app = [
        "SceneDelegate.swift": """
            import UIKit
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    window?.rootViewController = MainTabs()
                }
            }
            """,
        "MainTabs.swift": """
            import UIKit
            final class MainTabs: UITabBarController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    var all = [UITab]()
                    let search = UISearchTab { _ in
                        UINavigationController(rootViewController: Screen.search.makeController())
                    }
                    all.append(search)
                    all.append(UITab(title: "Library", image: nil, identifier: "library") { _ in
                        return LibraryScreen()
                    })
                    tabs = all
                }
            }
            enum Screen {
                case search, library
                func makeController() -> UIViewController {
                    switch self {
                    case .search: return SearchScreen()
                    case .library: return LibraryScreen()
                    }
                }
            }
            class SearchScreen: UIViewController {
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "f", modifierFlags: .command, action: #selector(find))] }
                @objc func find() {}
            }
            class LibraryScreen: UIViewController {
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "l", modifierFlags: .command, action: #selector(list))] }
                @objc func list() {}
            }
            """,
    ]

    /// The first tab's controller comes from a method of an enum case (`Screen.search`): the
    /// `case .search` branch of its `switch self`, not every branch.
    @Test func eachTabsViewControllerProviderMakesATabOfTheTabBar() throws {
        let result = try SceneImporter().importSources(Self.app.sorted { $0.key < $1.key }.map {
            (SourceFiles.File(path: $0.key, displayPath: $0.key), $0.value)
        })
        #expect(result.report.responderPaths["SearchScreen"] == "window/MainTabs/SearchScreen")
        #expect(result.report.responderPaths["LibraryScreen"] == "window/MainTabs/LibraryScreen")
        #expect(result.report.unplaced.isEmpty)
        #expect(result.report.containment.filter { $0.hasPrefix("MainTabs → LibraryScreen") }.count == 1)
        #expect(result.report.containment.firstIndex { $0.hasPrefix("MainTabs → SearchScreen") }
            ?? 99 < result.report.containment.firstIndex { $0.hasPrefix("MainTabs → LibraryScreen") } ?? 0)
    }

    /// A coordinator that fills the app's tab bar (`tabBarController.viewControllers = controllers`)
    /// from a local array it appends lazy navigation controllers to, each made by a closure.
    static let coordinated = [
        "SceneDelegate.swift": """
            import UIKit
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                let tabs = MainTabs()
                lazy var coordinator = TabCoordinator(tabBarController: tabs)
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    window?.rootViewController = tabs
                    coordinator.start()
                }
            }
            """,
        "TabCoordinator.swift": """
            import UIKit
            final class MainTabs: UITabBarController {}
            final class TabCoordinator: NSObject {
                private var tabBarController: MainTabs
                private lazy var videos: UINavigationController = {
                    let root = VideoScreen()
                    return UINavigationController(rootViewController: root)
                }()
                private lazy var audio: UINavigationController = {
                    UINavigationController(rootViewController: AudioScreen())
                }()
                init(tabBarController: MainTabs) {
                    self.tabBarController = tabBarController
                }
                func start() {
                    var controllers: [UINavigationController] = [videos]
                    controllers.append(audio)
                    tabBarController.viewControllers = controllers
                }
            }
            class VideoScreen: UIViewController {
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "v", modifierFlags: .command, action: #selector(play))] }
                @objc func play() {}
            }
            class AudioScreen: UIViewController {
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "a", modifierFlags: .command, action: #selector(play))] }
                @objc func play() {}
            }
            """,
    ]

    @Test func aCoordinatorFillsTheTabBarItsPropertyHoldsFromALocalArray() throws {
        let result = try SceneImporter().importSources(Self.coordinated.sorted { $0.key < $1.key }.map {
            (SourceFiles.File(path: $0.key, displayPath: $0.key), $0.value)
        })
        // The tab bar the coordinator's property holds is the container, not the coordinator.
        #expect(result.report.responderPaths["VideoScreen"] == "window/MainTabs/VideoScreen")
        #expect(result.report.responderPaths["AudioScreen"] == "window/MainTabs/AudioScreen")
        #expect(result.report.containment.contains { $0.hasPrefix("MainTabs → VideoScreen (tab)") })
    }

    /// `selectedIndex = 1` in the tab bar's `viewDidLoad` shows the second tab at launch; one an
    /// action method sets is the user's, later.
    @Test func theTabTheCodeSelectsAtLaunchIsShownFirst() throws {
        func importing(_ selection: String) throws -> SceneDefinition {
            let result = try SceneImporter().importSources([
                ("SceneDelegate.swift", """
                    import UIKit
                    class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                        var window: UIWindow?
                        func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                            window?.rootViewController = MainTabs()
                        }
                    }
                    final class MainTabs: UITabBarController {
                        override func viewDidLoad() {
                            super.viewDidLoad()
                            viewControllers = [FeedScreen(), InboxScreen()]
                            \(selection)
                        }
                        @objc func showFeed() { selectedIndex = 0 }
                    }
                    class FeedScreen: UIViewController {
                        override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "r", modifierFlags: .command, action: #selector(refresh))] }
                        @objc func refresh() {}
                    }
                    class InboxScreen: UIViewController {
                        override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "n", modifierFlags: .command, action: #selector(compose))] }
                        @objc func compose() {}
                    }
                    """),
            ].map { (SourceFiles.File(path: $0.0, displayPath: $0.0), $0.1) })
            return try SceneDefinition(json: result.scene, file: "scene")
        }
        let selected = try importing("selectedIndex = 1")
        #expect(selected.windows.first?.children.first?.kind == .tabBarController)
        #expect(selected.windows.first?.children.first?.selectedTab == 1)
        let runtime = try SceneRuntime(definition: selected, file: "scene")
        #expect((runtime.responder(at: "window/MainTabs") as? TabBarController)?.selectedChild?.name == "InboxScreen")
        #expect(try importing("").windows.first?.children.first?.selectedTab == 0)
    }
}
