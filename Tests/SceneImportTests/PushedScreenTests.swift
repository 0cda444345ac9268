import KeyTraceCore
import ResponderEngine
import SceneImportTestSupport
import Scenes
import Testing

@testable import SceneImport

/// A screen one of the app's screens pushes (`navigationController?.pushViewController(Editor(),
/// animated: true)`) replaces the pusher on its navigation stack: it is a state the user enters,
/// not a controller the pusher holds, so the pusher's commands are not on its chain.
@Suite struct PushedScreenTests {
    static let editor = """
        class EditorViewController: UIViewController {
            let textView = UITextView()
            override func viewDidLoad() { super.viewDidLoad(); view.addSubview(textView) }
            override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); textView.becomeFirstResponder() }
            override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "s", modifierFlags: .command, action: #selector(save))] }
            @objc func save() {}
        }
        """

    static func list(_ name: String = "ListViewController") -> String {
        SourceApp.controller(name, key: "n", base: "UITableViewController", body: """
            override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                    navigationController?.pushViewController(EditorViewController(), animated: true)
                }
            """)
    }

    @Test func aScreenAListPushesIsAStateOnItsNavigationStack() throws {
        var app = SourceApp.sceneDelegate(root: "UINavigationController(rootViewController: ListViewController())")
        app["List.swift"] = "import UIKit\n" + Self.list() + "\n" + Self.editor
        let result = try SourceApp.importing(app)
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let list = "window/UINavigationController/ListViewController"
        // At launch the list is shown alone.
        #expect(definition.windows.first?.children.first?.children.map(\.name) == ["ListViewController"])
        #expect(definition.windows.first?.children.first?.children.first?.children.isEmpty == true)
        let state = try #require(definition.states.first { $0.name == "EditorViewController" })
        #expect(state.steps == [SceneState.Step(effect: .push("EditorViewController"), from: list)])
        #expect(state.summary.hasPrefix("EditorViewController pushed by ListViewController (List.swift:"))
        // The report's first lines say how many screens the scene reaches.
        #expect(result.report.text.split(separator: "\n").dropFirst(3).first
            == "States: 1 screen the user reaches from launch (keytrace scene states SCENE lists them; --state NAME enters one)")
        #expect(result.report.states == ["EditorViewController"])
        #expect(result.report.jsonText.contains("\"states\": [\"EditorViewController\"],"))
        let runtime = try SceneRuntime(definition: definition, file: "scene")
        try runtime.enter(state)
        #expect(runtime.application.firstResponder?.path == "window/UINavigationController/EditorViewController/UITextView")
        let dispatcher = try runtime.makeDispatcher(policy: .uikit, clock: nil)
        let layout = runtime.application.keyboardLayout
        #expect(dispatcher.dispatch(try KeyPress(notation: "cmd+s", layout: layout)).action?.name == "save")
        // The list's ⌘N is not on the editor's chain.
        #expect(dispatcher.dispatch(try KeyPress(notation: "cmd+n", layout: layout)).action == nil)
    }

    /// A list in a tab: the scene leaves out the navigation controller between a tab bar and
    /// its tab (it adds nothing to a chain), so the state presents the screen, whose chain
    /// passes the tab bar as the pushed one's does.
    @Test(arguments: ["LibraryNavigation", "UINavigationController"])
    func aPushInATabShowsTheScreenOverTheTabBar(navigation: String) throws {
        var app = SourceApp.sceneDelegate(root: "Tabs()")
        app["List.swift"] = "import UIKit\n" + Self.list("LibraryViewController") + "\n" + Self.editor + """

            class FeedViewController: UIViewController {}
            class LibraryNavigation: UINavigationController {}
            class Tabs: UITabBarController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    viewControllers = [UINavigationController(rootViewController: FeedViewController()),
                                       \(navigation)(rootViewController: LibraryViewController())]
                }
            }
            """
        let result = try SourceApp.importing(app)
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let state = try #require(definition.states.first { $0.name == "EditorViewController" })
        #expect(state.steps == [SceneState.Step(effect: .present("EditorViewController"))])
        let runtime = try SceneRuntime(definition: definition, file: "scene")
        try runtime.enter(state)
        #expect(runtime.application.firstResponder?.path == "window/Tabs/EditorViewController/UITextView")
        let dispatcher = try runtime.makeDispatcher(policy: .uikit, clock: nil)
        #expect(dispatcher.dispatch(try KeyPress(notation: "cmd+n", layout: runtime.application.keyboardLayout)).action == nil)
    }

    /// Where a push lands: the nearest navigation controller above the pusher, after selecting
    /// each tab above it that the tab bar does not show at launch, outermost first.
    @Test func aPushLandsInTheNearestNavigationAfterItsTabsAreSelected() {
        var containers = SceneBuilder.ContainerPaths()
        containers.navigations = ["window/Tabs", "window/Tabs/Library", "window/Tabs/Library/Split/Nav"]
        containers.tabBars = ["window/Tabs": (["Feed", "Library"], 0), "window/Tabs/Library/Split/Nav/Inner": (["A", "B", "C"], 2)]
        #expect(containers.navigation(above: "window/Tabs/Library/Split/Nav/List") == "window/Tabs/Library/Split/Nav")
        #expect(containers.navigation(above: "window/Other") == nil)
        #expect(containers.tabsToSelect(toShow: "window/Tabs/Library/Split/Nav/Inner/B/List") == [1, 1])
        #expect(containers.tabsToSelect(toShow: "window/Tabs/Feed/List").isEmpty)
    }

    /// A navigation controller of the app's that pushes its first screen itself holds it: that
    /// screen is on its stack at launch, not a state.
    @Test func aNavigationControllerPushingItsOwnFirstScreenHoldsIt() throws {
        var app = SourceApp.sceneDelegate(root: "MainNavigation()")
        app["Main.swift"] = "import UIKit\n" + SourceApp.controller("HomeViewController", key: "h") + """

            class MainNavigation: UINavigationController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    pushViewController(HomeViewController(), animated: false)
                }
            }
            """
        let result = try SourceApp.importing(app)
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        #expect(definition.states.isEmpty)
        #expect(result.report.responderPaths["HomeViewController"] == "window/MainNavigation/HomeViewController")
    }
}

extension PushedScreenTests {
    /// A view of the app's held by every screen (a terminal on the list and on a pushed screen)
    /// is built once per screen; a command of it the scene cannot hold is listed once.
    @Test func aCommandLeftOutOfAViewOnSeveralScreensIsListedOnce() throws {
        var app = SourceApp.sceneDelegate(root: "UINavigationController(rootViewController: ListViewController())")
        app["List.swift"] = "import UIKit\n" + Self.list() + """

            class TerminalView: UIView {
                override var keyCommands: [UIKeyCommand]? {
                    [UIKeyCommand(input: "c", modifierFlags: .alphaShift, action: #selector(caps)),
                     UIKeyCommand(input: "k", modifierFlags: .command, action: #selector(clear))]
                }
                @objc func caps() {}
                @objc func clear() {}
            }
            class EditorViewController: UIViewController {
                let terminal = TerminalView()
            }
            extension ListViewController {
                var terminal: TerminalView { TerminalView() }
            }
            """
        let result = try SourceApp.importing(app)
        #expect(result.report.unresolved.count { $0.command.declaredIn == "TerminalView" } == 1)
        #expect(result.report.unresolved.first { $0.command.declaredIn == "TerminalView" }?.reason == "scenes have no alphaShift or numericPad modifier")
    }
}
