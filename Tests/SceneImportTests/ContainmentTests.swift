import Foundation
import SceneImportTestSupport
import Scenes
import Testing

@testable import SceneImport

/// Containment written in the shapes apps use beyond UIKit's plain calls: tabs wrapped in
/// navigation controllers by a `map`, and a container given its child by whoever builds it.
/// The sources are written for these tests.
@Suite struct ContainmentTests {
    static let sceneDelegate = """
        import UIKit
        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                window?.rootViewController = ROOT
            }
        }
        """

    @Test func tabsAMapWrapsInNavigationControllersAreTheTabBarsChildren() throws {
        let result = try SourceApp.importing([
            "SceneDelegate.swift": Self.sceneDelegate.replacingOccurrences(of: "ROOT", with: "Tabs()"),
            "Tabs.swift": """
                import UIKit
                final class StackNavigation: UINavigationController {}
                final class Tabs: UITabBarController {
                    let home = Home()
                    let profile: Profile
                    init() {
                        profile = Profile()
                        super.init(nibName: nil, bundle: nil)
                        viewControllers = [home, profile].map { StackNavigation(rootViewController: $0) }
                    }
                }
                """ + "\n" + SourceApp.controller("Home", key: "1") + "\n" + SourceApp.controller("Profile", key: "2"),
        ])
        #expect(result.report.responderPaths["Home"] == "window/Tabs/Home")
        #expect(result.report.responderPaths["Profile"] == "window/Tabs/Profile")
        #expect(result.report.unplaced.isEmpty)
    }

    /// `Wrapper(content: Editor())`: the wrapper stores what its initialiser is given in a
    /// `let` of a system type and adds it as its child; the child is what the constructions
    /// pass, read where each is written (a local there included).
    @Test func aContainerGivenItsChildByItsInitialiserHoldsWhatItsBuildersPass() throws {
        let result = try SourceApp.importing([
            "SceneDelegate.swift": Self.sceneDelegate.replacingOccurrences(of: "ROOT", with: "Wrapper(content: Editor())"),
            "Wrapper.swift": """
                import UIKit
                final class Wrapper: UIViewController {
                    let content: UIViewController
                    init(content: UIViewController) {
                        self.content = content
                        super.init(nibName: nil, bundle: nil)
                    }
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        addChild(content)
                        view.addSubview(content.view)
                    }
                }
                final class Opener {
                    func open() -> UIViewController {
                        let browser = Browser()
                        return Wrapper(content: browser)
                    }
                }
                """ + "\n" + SourceApp.controller("Editor", key: "e") + "\n" + SourceApp.controller("Browser", key: "b"),
        ])
        #expect(result.report.keyWindow.root == "Wrapper")
        #expect(result.report.responderPaths["Editor"] == "window/Wrapper/Editor")
        #expect(result.report.responderPaths["Browser"] == "window/Wrapper/Browser")
    }

    /// `addChildViewControllerAndChildView(meta)` and `root.embed(editor)`: the app's own
    /// methods that pass the controller they are given to `addChild` contain it in their
    /// receiver, wherever the call is written; a method of another name that only adds a
    /// subview contains nothing.
    @Test func anAppMethodThatPassesItsArgumentToAddChildContainsIt() throws {
        let result = try SourceApp.importing([
            "SceneDelegate.swift": Self.sceneDelegate.replacingOccurrences(of: "ROOT", with: "Root()"),
            "Root.swift": """
                import UIKit
                final class Root: UIViewController {
                    private var meta: Meta?
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        let meta = Meta()
                        addChildViewControllerAndChildView(meta)
                        self.meta = meta
                        overlay(Banner())
                    }
                    func embed(_ newChild: UIViewController, in container: UIView? = nil) {
                        addChild(newChild)
                        (container ?? view).addSubview(newChild.view)
                        newChild.didMove(toParent: self)
                    }
                    private func addChildViewControllerAndChildView(_ vc: UIViewController) {
                        self.addChild(vc)
                        view.addSubview(vc.view)
                    }
                    private func overlay(_ vc: UIViewController) {
                        view.addSubview(vc.view)
                    }
                }
                final class Coordinator {
                    let root: Root
                    init(root: Root) { self.root = root }
                    func start() { root.embed(Editor()) }
                }
                """ + "\n" + SourceApp.controller("Meta", key: "m") + "\n" + SourceApp.controller("Editor", key: "e")
                + "\n" + SourceApp.controller("Banner", key: "b"),
        ])
        #expect(result.report.responderPaths["Meta"] == "window/Root/Meta")
        #expect(result.report.responderPaths["Editor"] == "window/Root/Editor")
        #expect(result.report.responderPaths["Banner"] == nil)
        #expect(result.report.unplaced.map(\.type) == ["Banner"])
    }

    /// A stored `var` declared as a navigation controller holds the roots the type's methods
    /// wrap in the ones they assign to it, as well as the navigation controller.
    @Test func aVarHoldsTheControllersTheTypesMethodsAssignToIt() throws {
        let result = try SourceApp.importing([
            "SceneDelegate.swift": Self.sceneDelegate.replacingOccurrences(of: "ROOT", with: "Sidebar()"),
            "Sidebar.swift": """
                import UIKit
                final class Navigation: UINavigationController {}
                final class Sidebar: UIViewController {
                    var console: Navigation?
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        if console == nil {
                            console = Navigation(rootViewController: Console())
                        }
                        addChild(console!)
                    }
                }
                """ + "\n" + SourceApp.controller("Console", key: "k"),
        ])
        #expect(result.report.responderPaths["Console"] == "window/Sidebar/Console")
    }

    /// A container adds the child a method of its own gives (`editor(for: url)`), which returns
    /// an element of a stored list: the class the method is declared to return.
    @Test func aChildAMethodReturnsFromAStoredListIsTheClassTheMethodDeclares() throws {
        let result = try SourceApp.importing([
            "SceneDelegate.swift": Self.sceneDelegate.replacingOccurrences(of: "ROOT", with: "Tabs()"),
            "Tabs.swift": """
                import UIKit
                final class Tabs: UIViewController {
                    private var open: [(String, Editor)] = []
                    func openNotes() { open.append(("notes", Editor())) }
                    private func editor(for name: String) -> Editor? {
                        for pair in open where pair.0 == name { return pair.1 }
                        return nil
                    }
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        if let editor = editor(for: "notes") { addChild(editor) }
                    }
                }
                """ + "\n" + SourceApp.controller("Editor", key: "e"),
        ])
        #expect(result.report.responderPaths["Editor"] == "window/Tabs/Editor")
    }

    /// A controller with commands that no containment the source shows places, held in a
    /// strong property of one controller (a pager library adds it as a child), sits under that
    /// controller; one held by two controllers stays unplaced, and so does one a `weak`
    /// property points at.
    @Test func aControllerOneControllerHoldsAndNoContainmentPlacesIsItsChild() throws {
        let result = try SourceApp.importing([
            "SceneDelegate.swift": Self.sceneDelegate.replacingOccurrences(of: "ROOT", with: "Profile()"),
            "Profile.swift": """
                import UIKit
                final class Profile: UIViewController {
                    private(set) var paging: Paging?
                    var shared: Shared?
                    weak var settings: Settings?
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        paging = makePaging()
                        pager.dataSource = self
                    }
                    private func makePaging() -> Paging { Paging() }
                }
                final class Other: UIViewController {
                    var shared = Shared()
                }
                """ + "\n" + SourceApp.controller("Paging", key: "p") + "\n" + SourceApp.controller("Shared", key: "s")
                + "\n" + SourceApp.controller("Settings", key: ","),
        ])
        #expect(result.report.responderPaths["Paging"] == "window/Profile/Paging")
        #expect(result.report.responderPaths["Shared"] == nil)
        #expect(result.report.responderPaths["Settings"] == nil)
        #expect(Set(result.report.unplaced.map(\.type)) == ["Shared", "Settings"])
    }

    /// A `UIHostingController<View>` subclass hosts its view however it is made (a static
    /// factory passing a local as `rootView` here), so the view's text field sits under it; and
    /// the controller a type's static factory returns (`try? Snippets.create()`) is what a
    /// local holding its result holds.
    @Test func aHostingControllerSubclassHostsTheViewItsSuperclassNames() throws {
        let result = try SourceApp.importing([
            "SceneDelegate.swift": Self.sceneDelegate.replacingOccurrences(of: "ROOT", with: "Space()"),
            "Space.swift": """
                import UIKit
                import SwiftUI
                final class Space: UIViewController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        if let snippets = try? Snippets.create() { addChild(snippets) }
                    }
                }
                struct SnippetsView: View {
                    @State var query = ""
                    var body: some View { TextField("Search", text: $query) }
                }
                struct Plain: View { var body: some View { Text("") } }
                final class Snippets: UIHostingController<SnippetsView> {
                    static func create() throws -> Snippets {
                        let root = SnippetsView()
                        return Snippets(rootView: root)
                    }
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "n", modifierFlags: .command, action: #selector(add))] }
                    @objc func add() {}
                }
                final class Erased: UIHostingController<AnyView> {}
                """,
        ])
        #expect(result.report.responderPaths["Snippets"] == "window/Space/Snippets")
        #expect(result.report.responderPaths["SnippetsView"] == "window/Space/Snippets/SnippetsView")
        #expect(result.report.containment.contains { $0.hasPrefix("Snippets → SnippetsView (hosted)") })
        #expect(!result.report.containment.contains { $0.hasPrefix("Erased → ") })
    }

    /// Cells a controller registers, dequeues or makes with a cell registration sit under it,
    /// with the text views they hold: a user editing a row types into one of them.
    @Test func theCellsAControllerRegistersOrDequeuesSitUnderItWithTheirTextViews() throws {
        let result = try SourceApp.importing([
            "SceneDelegate.swift": Self.sceneDelegate.replacingOccurrences(of: "ROOT", with: "Outline()"),
            "Outline.swift": """
                import UIKit
                final class Outline: UIViewController {
                    var collectionView: UICollectionView!
                    var tableView: UITableView!
                    private var rows: UICollectionView.CellRegistration<RowCell, String>?
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        rows = UICollectionView.CellRegistration<RowCell, String> { cell, _, _ in cell.configure() }
                        tableView.register(NoteCell.self, forCellReuseIdentifier: "note")
                        Plugins.shared.register(Badge.self)
                    }
                    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                        guard let cell = tableView.dequeueReusableCell(withIdentifier: "tag", for: indexPath) as? TagCell else { return UITableViewCell() }
                        return cell
                    }
                }
                final class RowCell: UICollectionViewCell {
                    let topic = TopicTextView()
                    func configure() {}
                }
                final class NoteCell: UITableViewCell {}
                final class Badge: UIView {
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "b", modifierFlags: .command, action: #selector(badge))] }
                    @objc func badge() {}
                }
                final class TagCell: UITableViewCell {}
                final class TopicTextView: UITextView {
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "\\t", modifierFlags: [], action: #selector(indent))] }
                    @objc func indent() {}
                }
                """,
            "Cells.swift": "import UIKit"
                + "\nextension NoteCell { override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: \"d\", modifierFlags: .command, action: #selector(remove))] }\n @objc func remove() {} }"
                + "\nextension TagCell { override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: \"t\", modifierFlags: .command, action: #selector(tag))] }\n @objc func tag() {} }",
        ])
        #expect(result.report.responderPaths["TopicTextView"] == "window/Outline/RowCell/TopicTextView")
        #expect(result.report.responderPaths["NoteCell"] == "window/Outline/NoteCell")
        #expect(result.report.responderPaths["TagCell"] == "window/Outline/TagCell")
        // `register(_:)` without a reuse identifier registers no cell.
        #expect(result.report.responderPaths["Badge"] == nil)
    }

    @Test func objectiveCCellClassesATableRegistersSitUnderTheController() throws {
        let result = try TemporaryApp.importing([
            "App/AppDelegate.m": """
                #import <UIKit/UIKit.h>
                @interface AppDelegate : UIResponder <UIApplicationDelegate>
                @property (strong, nonatomic) UIWindow *window;
                @end
                @interface NotesViewController : UITableViewController
                @end
                @interface NoteCell : UITableViewCell
                @end
                @implementation AppDelegate
                - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                    self.window.rootViewController = [[NotesViewController alloc] init];
                    return YES;
                }
                @end
                @implementation NotesViewController
                - (void)viewDidLoad {
                    [super viewDidLoad];
                    [self.tableView registerClass:[NoteCell class] forCellReuseIdentifier:@"note"];
                }
                @end
                @implementation NoteCell
                - (NSArray *)keyCommands { return @[[UIKeyCommand keyCommandWithInput:@"d" modifierFlags:UIKeyModifierCommand action:@selector(remove:)]]; }
                - (void)remove:(id)sender {}
                @end
                """,
        ], folder: "App")
        #expect(result.report.responderPaths["NoteCell"] == "window/NotesViewController/NoteCell")
    }

    /// An alert given a text field and presented by a controller of the key window is a state:
    /// its first text field is first responder when it appears, and the standard edit commands
    /// reach it; an alert without a text field makes none.
    @Test func anAlertWithATextFieldIsAStateWhoseFieldIsFirstResponder() throws {
        let app = [
            "SceneDelegate.swift": Self.sceneDelegate.replacingOccurrences(of: "ROOT", with: "Hosts()"),
            "Hosts.swift": """
                import UIKit
                final class Hosts: UIViewController {
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "n", modifierFlags: .command, action: #selector(addHost))] }
                    @objc func addHost() {
                        let alert = UIAlertController(title: "Add", message: nil, preferredStyle: .alert)
                        alert.addTextField { field in field.placeholder = "Host" }
                        alert.addAction(UIAlertAction(title: "Add", style: .default))
                        present(alert, animated: true)
                    }
                    func confirm() {
                        let question = UIAlertController(title: "Sure?", message: nil, preferredStyle: .alert)
                        present(question, animated: true)
                    }
                }
                """,
        ]
        let result = try SourceApp.importing(app)
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let alert = try #require(definition.states.first { $0.name == "UIAlertController" })
        #expect(alert.summary.hasPrefix("UIAlertController with a text field presented by Hosts (Hosts.swift:"))
        let runtime = try SceneRuntime(definition: definition, file: "scene")
        try runtime.enter(alert)
        #expect(runtime.application.firstResponder?.path == "window/Hosts/UIAlertController/UITextField")

        var without = app
        without["Hosts.swift"] = app["Hosts.swift"]?.replacingOccurrences(of: "alert.addTextField { field in field.placeholder = \"Host\" }", with: "")
        let plain = try SceneDefinition(json: try SourceApp.importing(without).scene, file: "scene")
        #expect(!plain.states.contains { $0.name == "UIAlertController" })
    }

    /// An app's tab bar controller: its tabs in the order the source lists them, the
    /// controllers its navigation controllers wrap standing for their tabs; UIKit shows the
    /// first at launch, so a screen in another tab that focuses itself when it appears is not
    /// the launch first responder. One declaring commands of its own keeps them instead of the
    /// tab bar's ⌘1…⌘9.
    @Test func aTabBarSubclassesTabsAreInSourceOrderAndOnlyTheFirstIsShownAtLaunch() throws {
        func app(ownCommands: Bool, focusFirst: Bool) -> [String: String] {
            [
                "SceneDelegate.swift": Self.sceneDelegate.replacingOccurrences(of: "ROOT", with: "Tabs()"),
                "Tabs.swift": """
                    import UIKit
                    final class StackNavigation: UINavigationController {
                        override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "[", modifierFlags: .command, action: #selector(back))] }
                        @objc func back() {}
                    }
                    final class Tabs: UITabBarController {
                        \(ownCommands ? "override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: \"1\", modifierFlags: .command, action: #selector(home))] }\n@objc func home() {}" : "")
                        override func viewDidLoad() {
                            super.viewDidLoad()
                            viewControllers = [Zebra(), Apple()].map { StackNavigation(rootViewController: $0) }
                        }
                    }
                    final class Zebra: UIViewController {
                        override var canBecomeFirstResponder: Bool { true }
                        override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); \(focusFirst ? "becomeFirstResponder()" : "") }
                    }
                    final class Apple: UIViewController {
                        override var canBecomeFirstResponder: Bool { true }
                        override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); becomeFirstResponder() }
                    }
                    """ + "\nextension Zebra { override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: \"z\", modifierFlags: .command, action: #selector(zz))] }\n @objc func zz() {} }"
                    + "\nextension Apple { override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: \"a\", modifierFlags: .command, action: #selector(aa))] }\n @objc func aa() {} }",
            ]
        }
        let plain = try SceneDefinition(json: try SourceApp.importing(app(ownCommands: false, focusFirst: false)).scene, file: "scene")
        let tabs = try #require(plain.windows.first?.children.first)
        #expect(tabs.kind == .tabBarController)
        #expect(tabs.children.map(\.name) == ["Zebra", "Apple"])
        // Apple focuses itself when it appears, but its tab is not shown at launch.
        #expect(plain.firstResponder == nil)

        let focusing = try SceneDefinition(json: try SourceApp.importing(app(ownCommands: false, focusFirst: true)).scene, file: "scene")
        #expect(focusing.firstResponder == "window/Tabs/Zebra")

        let own = try SceneDefinition(json: try SourceApp.importing(app(ownCommands: true, focusFirst: false)).scene, file: "scene")
        #expect(own.windows.first?.children.first?.kind == .viewController)
        #expect(own.windows.first?.children.first?.children.map(\.name) == ["Zebra", "Apple"])
    }
}
