import ResponderEngine
import KeyTraceCore
import Testing
import SceneImportTestSupport
@testable import SceneImport
import Scenes

/// How the importer builds the app's scene: the key window from the entry point, a
/// responder's own `isFirstResponder`, the writing direction, what is left out and why, and
/// the overlay. Every source is written for these tests.
@Suite struct SceneConstructionTests {
    func importing(_ sources: [String: String], overlay: ImportOverlay? = nil) throws -> ImportResult {
        let importer = SceneImporter(options: .init(overlay: overlay))
        return try importer.importSources(sources.sorted { $0.key < $1.key }.map { (SourceFiles.File(path: $0.key, displayPath: $0.key), $0.value) })
    }

    /// A scene delegate whose entry point makes `root` the window's root view controller.
    static func sceneDelegate(root: String) -> String {
        """
        import UIKit
        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                window?.rootViewController = \(root)()
            }
        }
        """
    }

    static let lockScreenApp = [
        "SceneDelegate.swift": sceneDelegate(root: "LibraryViewController"),
        "Lock.swift": """
            import UIKit
            class LockManager {
                var lockWindow: UIWindow?
                func showLock() {
                    if needsPasscode {
                        lockWindow?.rootViewController = PasscodeViewController()
                    }
                }
                var needsPasscode: Bool { true }
            }
            class PasscodeViewController: UIViewController {
                override var keyCommands: [UIKeyCommand]? {
                    (0...9).map { UIKeyCommand(input: "\\($0)", modifierFlags: [], action: #selector(digit(_:))) }
                }
                @objc func digit(_ sender: UIKeyCommand) {}
            }
            """,
        "Library.swift": """
            import UIKit
            class LibraryViewController: UIViewController {
                override var keyCommands: [UIKeyCommand]? {
                    [UIKeyCommand(input: "f", modifierFlags: .command, action: #selector(search))]
                }
                @objc func search() {}
            }
            extension UIView {
                @objc func flashBorder() {}
            }
            class BadgeView: UIView {}
            """,
    ]

    /// An app delegate whose window shows a `LibraryViewController`, with `members` added to it.
    static func libraryAppDelegate(_ members: String = "") -> String {
        """
        import UIKit
        @main
        class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                window?.rootViewController = LibraryViewController()
                return true
            }
        \(members)
        }
        class LibraryViewController: UIViewController {}
        """
    }

    @Test func aResponderAppDelegatesCommandsEndEveryChain() throws {
        let result = try importing([
            "AppDelegate.swift": Self.libraryAppDelegate("""
                    override var keyCommands: [UIKeyCommand]? {
                        [UIKeyCommand(input: " ", modifierFlags: [], action: #selector(togglePlayback))]
                    }
                    @objc func togglePlayback() {}
                """),
        ])
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let delegate = try #require(definition.appDelegate)
        #expect(delegate.commands.map { $0.command.action?.name } == ["togglePlayback"])
        #expect(result.report.unresolved.isEmpty)
    }

    /// An app delegate that performs its main menu's actions without key commands of its own
    /// ends every chain all the same (R11, R14): with nothing focused, ⌘N reaches it; an action
    /// its `canPerformAction` refuses on every path is disabled.
    @Test func anAppDelegatePerformingMenuActionsEndsEveryChain() throws {
        let result = try importing([
            "AppDelegate.swift": Self.libraryAppDelegate("""
                    override func buildMenu(with builder: UIMenuBuilder) {
                        builder.insertChild(UIMenu(title: "", options: .displayInline, children: [
                            UIKeyCommand(title: "New Outline", action: #selector(createOutline), input: "n", modifierFlags: .command),
                            UIKeyCommand(title: "Export", action: #selector(export), input: "e", modifierFlags: .command),
                        ]), atStartOfMenu: .file)
                    }
                    @objc func createOutline() {}
                    @objc func export() {}
                    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
                        if action == #selector(export) { return false }
                        return super.canPerformAction(action, withSender: sender)
                    }
                """),
        ])
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        #expect(definition.appDelegate?.actions.map(\.action).contains("createOutline") == true)
        let runtime = try SceneRuntime(definition: definition, file: "scene")
        let dispatcher = try runtime.makeDispatcher(policy: .uikit, clock: nil)
        let layout = runtime.application.keyboardLayout
        let create = dispatcher.explain(try KeyPress(notation: "cmd+n", layout: layout))
        #expect(create.winner?.command.action?.name == "createOutline")
        #expect(create.winner?.target?.path == "AppDelegate")
        let export = dispatcher.explain(try KeyPress(notation: "cmd+e", layout: layout))
        #expect(export.winner == nil)
    }

    /// An app's `UIApplication` subclass with key commands is the scene's application node:
    /// its commands are in the scene, after the key window's chain.
    @Test func aUIApplicationSubclassesCommandsAreTheApplicationsOwn() throws {
        let result = try importing([
            "AppDelegate.swift": Self.libraryAppDelegate(),
            "Application.swift": """
                import UIKit
                class KeyboardApplication: UIApplication {
                    override var keyCommands: [UIKeyCommand]? {
                        [UIKeyCommand(input: "k", modifierFlags: [.command, .shift], action: #selector(showShortcuts))]
                    }
                    @objc func showShortcuts() {}
                }
                """,
        ])
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let application = try #require(definition.application)
        #expect(application.name == "application")
        #expect(application.commands.map { $0.command.action?.name } == ["showShortcuts"])
        #expect(result.report.unresolved.isEmpty)
        let runtime = try SceneRuntime(definition: definition, file: "scene")
        #expect(runtime.application.keyCommands?.map { $0.action?.name } == ["showShortcuts"])
    }

    /// A controller whose superclass the import does not read (a pod's side-menu controller)
    /// and that returns commands from `keyCommands` is a controller in the scene; a window's own
    /// commands are the key window's own.
    @Test func commandProvidersWithUnreadSuperclassesAreResponders() throws {
        let result = try importing([
            "AppDelegate.swift": """
                import UIKit
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    var window: UIWindow?
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        let keyboardWindow = KeyboardWindow()
                        keyboardWindow.rootViewController = MainViewController()
                        keyboardWindow.makeKeyAndVisible()
                        let privacy = UIWindow()
                        privacy.rootViewController = UIViewController()
                        privacy.makeKeyAndVisible()
                        window = privacy
                        return true
                    }
                }
                class MainViewController: LGSideMenuController {
                    override var keyCommands: [UIKeyCommand]? {
                        [UIKeyCommand(input: "1", modifierFlags: .command, action: #selector(showList))]
                    }
                    @objc func showList() {}
                }
                class KeyboardWindow: UIWindow {
                    override var keyCommands: [UIKeyCommand]? {
                        [UIKeyCommand(input: UIKeyCommand.inputEscape, modifierFlags: [], action: #selector(escape))]
                    }
                    @objc func escape() {}
                }
                """,
        ])
        _ = try SceneDefinition(json: result.scene, file: "scene")
        #expect(result.scene.contains("MainViewController"))
        #expect(!result.report.unresolved.contains { $0.command.declaredIn == "MainViewController" })
        // The app's one window class with commands is the key window's: R11 walks through it.
        #expect(result.report.unresolved.isEmpty)
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        #expect(definition.windows.first?.commands.map { $0.command.action?.name } == ["escape"])
    }

    /// An app whose only commands are an `extension UIWindow`'s, with no controller the source
    /// places: the window class is still the key window, and its commands are in the scene.
    @Test func aLoneWindowExtensionIsTheKeyWindow() throws {
        let result = try importing([
            "UIWindow+Keys.swift": """
                import UIKit
                extension UIWindow {
                    open override var keyCommands: [UIKeyCommand]? {
                        [UIKeyCommand(input: "w", modifierFlags: .command, action: #selector(closeTab))]
                    }
                    @objc func closeTab() {}
                }
                """,
        ])
        #expect(result.report.unresolved.isEmpty)
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        #expect(definition.windows.first?.commands.map { $0.command.action?.name } == ["closeTab"])
    }

    /// `UIKeyCommand(title:action:input: "")` is a menu item no key triggers: it stays in the
    /// main menu, is not a duplicate of another keyless item, and takes no system shortcut over.
    @Test func menuItemsWithoutAKeyStayInTheScene() throws {
        let result = try importing([
            "AppDelegate.swift": """
                import UIKit
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    override func buildMenu(with builder: UIMenuBuilder) {
                        let about = UIKeyCommand(title: "About", action: #selector(about), input: "", modifierFlags: [])
                        let help = UIKeyCommand(title: "Help", action: #selector(help), input: "", modifierFlags: [])
                        let refresh = UIKeyCommand(title: "Refresh", action: #selector(refresh), input: "r", modifierFlags: .command)
                        builder.insertChild(UIMenu(title: "", options: .displayInline, children: [about, help, refresh]), atStartOfMenu: .file)
                    }
                    @objc func about() {}
                    @objc func help() {}
                    @objc func refresh() {}
                }
                """,
        ])
        #expect(result.report.unresolved.isEmpty)
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let actions = definition.menus.flatMap { $0.commands.map { $0.command.action?.name } }
        #expect(actions == ["about", "help", "refresh"])
    }

    @Test func theKeyWindowIsTheOneTheEntryPointSetsNotAConditionalLockScreen() throws {
        let result = try importing(Self.lockScreenApp)
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        #expect(definition.windows.first?.name == "window")
        #expect(definition.windows.count == 1)
        #expect(result.report.responderPaths["LibraryViewController"] == "window/LibraryViewController")
        #expect(result.report.keyWindow.decidedBy == "entry point")
        // The lock screen's window is not key: it is listed, and its commands are declared but
        // not reachable in the scene.
        #expect(result.report.responderPaths["PasscodeViewController"] == nil)
        #expect(result.report.conditionalWindows.map(\.type) == ["PasscodeViewController"])
        #expect(result.report.unplaced.first { $0.type == "PasscodeViewController" }?.file == "Lock.swift")
        #expect(result.report.unresolved.allSatisfy { $0.command.declaredIn == "PasscodeViewController" && $0.reason.hasPrefix("declared but not reachable") })
        // Nothing makes a responder first responder at launch.
        #expect(definition.firstResponder == nil)
    }

    /// A tab controller whose only containment call is `setViewControllers(_:animated:)` (its
    /// file names no other containment word) still has its tabs as children.
    @Test func tabsGivenBySetViewControllersAreTheControllersChildren() throws {
        let result = try importing([
            "SceneDelegate.swift": Self.sceneDelegate(root: "Tabs"),
            "Tabs.swift": """
                import UIKit
                final class Tabs: UITabBarController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        setViewControllers([Library()], animated: false)
                    }
                }
                final class Library: UIViewController {
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "f", modifierFlags: .command, action: #selector(find))] }
                    @objc func find() {}
                }
                """,
        ])
        #expect(result.report.responderPaths["Library"] == "window/Tabs/Library")
    }

    @Test func helpersInUIKitExtensionsDoNotMakeEveryViewAFirstResponderCandidate() throws {
        let result = try importing(Self.lockScreenApp)
        #expect(result.report.responderPaths["BadgeView"] == nil)
        #expect(!result.scene.contains("flashBorder"))
    }

    @Test func isFirstResponderIsAConditionOfItsOwnResponder() throws {
        let result = try importing(["A.swift": """
            import UIKit
            class Root: UIViewController {
                override func viewDidLoad() { addChild(Editor()); addChild(Sidebar()) }
            }
            class Editor: UIViewController {
                override func viewDidAppear(_ animated: Bool) {
                    super.viewDidAppear(animated)
                    becomeFirstResponder()
                }
                override var keyCommands: [UIKeyCommand]? {
                    guard isFirstResponder else { return [] }
                    return [UIKeyCommand(input: "b", modifierFlags: .command, action: #selector(bold)),
                            UIKeyCommand(input: "i", modifierFlags: .command, action: #selector(italic)),
                            UIKeyCommand(input: "u", modifierFlags: .command, action: #selector(underline))]
                }
                @objc func bold() {}
                @objc func italic() {}
                @objc func underline() {}
            }
            class Sidebar: UIViewController {
                override var canBecomeFirstResponder: Bool { true }
                override var keyCommands: [UIKeyCommand]? {
                    guard isFirstResponder else { return [] }
                    return [UIKeyCommand(input: "n", modifierFlags: .command, action: #selector(newFolder))]
                }
                @objc func newFolder() {}
            }
            """])
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        // No state flag stands for it: the commands follow the first responder as it moves.
        #expect(result.report.stateFlags["Editor isFirstResponder"] == nil)
        #expect(definition.state.isEmpty)
        #expect(definition.firstResponder?.hasSuffix("/Editor") == true)
        let runtime = try SceneRuntime(definition: definition, file: "scene")
        let dispatcher = try runtime.makeDispatcher(policy: .cached, clock: nil)
        func action(_ shortcut: String) throws -> String? {
            try dispatcher.dispatch(KeyPress(notation: shortcut, layout: runtime.application.keyboardLayout)).action?.name
        }
        #expect(try action("cmd+b") == "bold")
        #expect(try action("cmd+n") == nil)
        try runtime.focus(try #require(result.report.responderPaths["Sidebar"]))
        #expect(try action("cmd+n") == "newFolder")
        #expect(try action("cmd+b") == nil)
    }

    /// An action the app adds to `UIResponder` is every responder's, also a controller whose
    /// superclass comes from a package the import does not read (its role says it is a controller).
    @Test func anActionAddedToUIResponderIsAControllersWhoseSuperclassIsOutsideTheSource() throws {
        let result = try importing(SourceApp.sceneDelegate(root: "RunViewController()").merging(["A.swift": """
            import UIKit
            extension UIResponder {
                @objc func openNewWindow(_ sender: Any) {}
            }
            class RunViewController: PackageSplitViewController {
                override var canBecomeFirstResponder: Bool { true }
                override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); becomeFirstResponder() }
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "r", modifierFlags: .command, action: #selector(run))] }
                @objc func run() {}
            }
            class AppDelegate: UIResponder, UIApplicationDelegate {
                override func buildMenu(with builder: UIMenuBuilder) {
                    builder.insertChild(UIMenu(title: "", options: .displayInline, children: [
                        UIKeyCommand(title: "New Window", action: #selector(openNewWindow(_:)), input: "n", modifierFlags: [.command, .shift]),
                    ]), atStartOfMenu: .file)
                }
            }
            """]) { $1 })
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let run = try #require(definition.windows.first?.children.first)
        #expect(run.name == "RunViewController")
        #expect(run.actions.map(\.action).contains("openNewWindow:"))
    }

    @Test func rightToLeftBranchesFollowTheScenesDirection() throws {
        let result = try importing(["A.swift": """
            import UIKit
            class Reader: UIViewController {
                override var keyCommands: [UIKeyCommand]? {
                    let isRTL = UIApplication.shared.userInterfaceLayoutDirection == .rightToLeft
                    return [UIKeyCommand(input: isRTL ? UIKeyCommand.inputLeftArrow : UIKeyCommand.inputRightArrow,
                                         modifierFlags: [], action: #selector(nextPage))]
                }
                @objc func nextPage() {}
            }
            """])
        #expect(result.inventory.count == 2)
        #expect(result.report.unresolved.map(\.reason) == ["it is provided only in right-to-left layout; the scene is left-to-right"])
        #expect(result.report.unresolved.first?.command.input == "UIKeyInputLeftArrow")
        #expect(result.report.stateFlags.isEmpty)
    }

    @Test func everyRowIsInTheSceneOrLeftOutWithAReason() throws {
        let result = try importing(["A.swift": """
            import UIKit
            extension LegacyPlayerController {
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: " ", modifierFlags: [], action: #selector(togglePlay))] }
            }
            extension NSObject {
                func helperCommands() -> [UIKeyCommand] { [UIKeyCommand(input: "x", modifierFlags: .command, action: #selector(UIResponder.cut(_:)))] }
            }
            """])
        // The Objective-C controller Swift extends is a controller of the scene.
        #expect(result.report.responderPaths["LegacyPlayerController"] != nil)
        let placed = Set(result.report.responderPaths.keys)
        let leftOut = Set(result.report.unresolved.map(\.command))
        for command in result.inventory where command.mechanism != .menu {
            #expect(placed.contains(command.declaredIn) || leftOut.contains(command), "\(command.declaredIn) \(command.displayShortcut)")
        }
    }

    /// SwiftUI toolbar content holds shortcuts like a view does: its commands are in the scene.
    @Test func toolbarContentShortcutsReachTheScene() throws {
        let result = try importing(["T.swift": """
            import SwiftUI
            struct CloseToolbarItem: ToolbarContent {
                @Environment(\\.dismiss) private var dismiss
                var body: some ToolbarContent {
                    ToolbarItem(placement: .cancellationAction) {
                        Button("Close") { dismiss() }.keyboardShortcut(.cancelAction)
                    }
                }
            }
            """])
        #expect(result.inventory.map(\.declaredIn) == ["CloseToolbarItem"])
        #expect(result.report.unresolved.isEmpty)
        #expect(result.report.responderPaths["CloseToolbarItem"] != nil)
    }

    /// Subclasses of classes from frameworks the import does not read are placed by UIKit's
    /// naming: a `…ViewController` is a controller, a `…View` a view.
    @Test func subclassesOfFrameworkControllersAndViewsReachTheScene() throws {
        let result = try importing(["P.swift": """
            import UIKit
            import Pageboy
            import MapKit
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    window?.rootViewController = PagesController()
                }
            }
            class PagesController: PageboyViewController {
                let atlas = AtlasView()
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "]", modifierFlags: .command, action: #selector(next))] }
                @objc func next() {}
            }
            class AtlasView: MKMapView {
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "+", modifierFlags: .command, action: #selector(zoomIn))] }
                @objc func zoomIn() {}
            }
            """])
        #expect(result.report.unresolved.isEmpty, "\(result.report.unresolved.map(\.reason))")
        #expect(result.report.responderPaths["PagesController"] != nil)
        #expect(result.report.responderPaths["AtlasView"] != nil)
    }

    /// A view modifier that keeps its own shortcut (a helper in `extension View` applies it with
    /// a value only known at run time) is a view of the scene, like the views it modifies.
    @Test func aViewModifiersOwnShortcutReachesTheScene() throws {
        let result = try importing(["Selection.swift": """
            import SwiftUI
            @Observable final class SelectionModel { var selecting = false }
            struct SelectionCommands: ViewModifier {
                let selection: SelectionModel
                func body(content: Content) -> some View {
                    content.toolbar {
                        if selection.selecting {
                            Button("Done") { selection.selecting = false }.keyboardShortcut(.cancelAction)
                        }
                    }
                }
            }
            extension View {
                func selectionCommands(_ selection: SelectionModel) -> some View { modifier(SelectionCommands(selection: selection)) }
            }
            struct FileList: View {
                let model: SelectionModel
                var body: some View { List { Text("a") }.selectionCommands(model) }
            }
            """])
        #expect(result.inventory.map(\.declaredIn) == ["SelectionCommands"])
        #expect(result.report.unresolved.isEmpty, "\(result.report.unresolved.map(\.reason))")
        #expect(result.report.responderPaths["SelectionCommands"] != nil)
    }

    @Test func anOverlaySetsTheKeyWindowContainmentResponderKindsAndState() throws {
        let overlay = try ImportOverlay(json: """
            {
              "format": "keytrace-import-overlay", "version": 1,
              "keyWindow": "PasscodeViewController",
              "responders": { "PlayerDisplay": "controller" },
              "containment": [ { "parent": "LibraryViewController", "child": "PlayerDisplay", "kind": "child" } ],
              "firstResponder": "LibraryViewController"
            }
            """, file: "app.overlay.json")
        var app = Self.lockScreenApp
        app["Player.swift"] = """
            import UIKit
            extension PlayerDisplay {
                @objc func togglePlay() {}
                func commands() -> [UIKeyCommand] { [] }
            }
            """
        let result = try importing(app, overlay: overlay)
        #expect(result.report.responderPaths["PasscodeViewController"] == "window/PasscodeViewController")
        #expect(result.report.keyWindow.decidedBy == "overlay")
        // The entry point's root is a window that is not key now; what it holds is not placed.
        #expect(result.report.conditionalWindows.map(\.type) == ["LibraryViewController"])
        #expect(result.report.responderPaths["PlayerDisplay"] == nil)
        #expect(result.report.unplaced.map(\.type) == ["LibraryViewController"])
        #expect(result.report.unplaced.first?.contains == ["PlayerDisplay"])
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        // The overlay's first responder is not in the scene: the scene has none.
        #expect(definition.firstResponder == nil)
    }

    @Test func aBadOverlayNamesFileLineAndPath() throws {
        #expect {
            _ = try ImportOverlay(json: """
                {
                  "format": "keytrace-import-overlay", "version": 1,
                  "containment": [ { "parent": "A", "child": "B", "kind": "sibling" } ]
                }
                """, file: "app.overlay.json")
        } throws: { error in
            String(describing: error).hasPrefix("app.overlay.json:3:") && String(describing: error).contains("containment[0].kind")
        }
        let unknown = try ImportOverlay(json: """
            { "format": "keytrace-import-overlay", "version": 1, "keyWindow": "NoSuchController" }
            """, file: "app.overlay.json")
        #expect {
            _ = try importing(Self.lockScreenApp, overlay: unknown)
        } throws: { error in
            String(describing: error).contains("keyWindow: \"NoSuchController\" is not a type of the imported source")
        }
    }
}

/// What each `keyCommands` getter costs a call, in the report and the scene.
@Suite struct GetterCostTests {
    @Test func aGetterThatBuildsItsArrayIsComputedAndAStoredOneIsNot() throws {
        let result = try SceneImporter().importSources([(SourceFiles.File(path: "A.swift", displayPath: "A.swift"), """
            import UIKit
            class List: UIViewController {
                override var keyCommands: [UIKeyCommand]? {
                    let title = NSLocalizedString("Delete", comment: "")
                    return (1...3).map { UIKeyCommand(title: title, action: #selector(pick(_:)), input: "\\($0)", modifierFlags: .command) }
                }
                @objc func pick(_ sender: UIKeyCommand) {}
            }
            class Editor: UIViewController {
                let save = UIKeyCommand(input: "s", modifierFlags: .command, action: #selector(saveDocument))
                lazy var close: UIKeyCommand = UIKeyCommand(input: "w", modifierFlags: .command, action: #selector(closeDocument))
                override var keyCommands: [UIKeyCommand]? { [save, close] }
                @objc func saveDocument() {}
                @objc func closeDocument() {}
            }
            """)])
        let list = result.report.getterCosts.first { $0.type == "List" }
        #expect(list?.computed == true)
        #expect(list?.commandsBuiltPerCall == 3)
        #expect(list?.costly == ["localization"])
        let editor = result.report.getterCosts.first { $0.type == "Editor" }
        #expect(editor?.computed == false)
        #expect(editor?.commandsBuiltPerCall == 0)
        #expect(editor?.storedCommands == 2)
        #expect(result.report.jsonText.contains("\"commands_built_per_call\": 3"))
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        func getter(_ name: String, in node: NodeDefinition) -> KeyCommandsGetter? {
            if node.name == name { return node.keyCommandsGetter }
            for child in node.children + node.views { if let found = getter(name, in: child) { return found } }
            return nil
        }
        let builtByList = definition.windows.lazy.compactMap { getter("List", in: $0) }.first
        #expect(builtByList?.builds == 3)
        #expect(builtByList?.computed == true)
    }
}

/// A SwiftUI shortcut's action in the scene is named after the shortcut, not its line, so moving
/// code does not change the scene (and `scene diff` reports nothing).
@Suite struct SwiftUIActionIdentityTests {
    static func app(blankLines: Int) -> [String: String] {
        ["App.swift": """
            import SwiftUI
            \(String(repeating: "\n", count: blankLines))
            struct EditorView: View {
                var body: some View {
                    VStack {
                        Button("New Folder") {}.keyboardShortcut("n", modifiers: [.command, .shift])
                        Button("Close") {}.keyboardShortcut("w")
                    }
                }
            }
            """]
    }

    @Test func aSwiftUIShortcutKeepsItsActionWhenItsLineMoves() throws {
        let importer = SceneImporter(options: .init())
        func scene(_ blankLines: Int) throws -> String {
            try importer.importSources(Self.app(blankLines: blankLines).map { (SourceFiles.File(path: $0.key, displayPath: $0.key), $0.value) }).scene
        }
        let before = try scene(0)
        #expect(before.contains("keyboardShortcut(shift+cmd+n):"), "\(before)")
        #expect(before.contains("keyboardShortcut(cmd+w):"))
        #expect(try scene(7) == before)
    }
}
