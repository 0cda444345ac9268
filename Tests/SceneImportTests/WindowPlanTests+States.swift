import Foundation
import KeyTraceCore
import SceneImportTestSupport
import Scenes
import Testing

@testable import SceneImport

/// Screens a user reaches from the launch screen as scene states: presented controllers,
/// SwiftUI sheets, and the screens coordinators show, pushed onto the key window's navigation
/// controller when it has one.
extension WindowPlanTests {
    @Test func aPresentedControllerIsAStateTheUserCanEnter() throws {
        var app = Self.idiomApp
        app["Settings.swift"] = "import UIKit\n" + SourceApp.controller("SettingsViewController", key: ",")
            + "\nextension Detail { @objc func openSettings() { present(SettingsViewController(), animated: true) } }"
        let result = try importing(app)
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        #expect(definition.states.map(\.name) == ["SettingsViewController"])
        #expect(result.report.unplaced.map(\.type) == ["PhoneTabs"])
        let runtime = try SceneRuntime(definition: definition, file: "scene")
        let settings = try #require(definition.states.first)
        try runtime.enter(settings)
        #expect(runtime.responder(at: "window/UISplitViewController/SettingsViewController") != nil)
    }

    /// A composer whose `viewDidLoad` focuses its text view; `send` dismisses it only under a
    /// condition, `discard` always, `closePicker` what it presented, `closeAlert` no screen.
    static let composer = """
        import UIKit
        class ComposeViewController: UIViewController {
            let body = UITextView()
            let alert = Banner()
            override func viewDidLoad() {
                super.viewDidLoad()
                body.becomeFirstResponder()
                addKeyCommand(UIKeyCommand(title: "Send", action: #selector(send), input: "\r", modifierFlags: .command))
            }
            @objc func send() {
                guard !body.text.isEmpty else { return }
                dismiss(animated: true)
            }
            @objc func discard() { dismiss(animated: true) }
            @objc func closePicker() { presentedViewController?.dismiss(animated: true) }
            @objc func closeAlert() { alert.dismiss() }
        }
        """

    /// A presented screen whose `viewDidLoad` focuses the text view it holds
    /// (`body.becomeFirstResponder()`) leaves that view first responder in the state that shows
    /// it, so typing there is text input and the screen's commands are on its chain.
    @Test func thePresentedScreensFocusedViewIsFirstResponderInItsState() throws {
        var app = Self.idiomApp
        app["Compose.swift"] = Self.composer
            + "\nextension Detail { @objc func compose() { present(ComposeViewController(), animated: true) } }"
        let result = try importing(app)
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let runtime = try SceneRuntime(definition: definition, file: "scene")
        let compose = try #require(definition.states.first { $0.name == "ComposeViewController" })
        try runtime.enter(compose)
        #expect(runtime.application.firstResponder?.path == "window/UISplitViewController/ComposeViewController/UITextView")
    }

    /// An action whose method presents a screen the scene has a state for shows it as that
    /// state does, and one that always dismisses its screen dismisses it: pressing ⌘N moves
    /// the scene to the composer, its text view first responder.
    @Test func anActionThatPresentsAScreenShowsItsState() throws {
        var app = Self.idiomApp
        app["Compose.swift"] = Self.composer
        app["Controllers.swift"] = "import UIKit\n" + SourceApp.controller("Sidebar", key: "1") + "\n"
            + SourceApp.controller("PhoneTabs", key: "3", base: "UITabBarController") + "\n" + """
            class Detail: UIViewController {
                override var canBecomeFirstResponder: Bool { true }
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(title: "New", action: #selector(compose), input: "n", modifierFlags: .command)] }
                @objc func compose() {
                    let composer = ComposeViewController()
                    present(composer, animated: true)
                }
            }
            """
        let result = try importing(app)
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let actions = definition.controllers.first { $0.name == "ComposeViewController" }?.actions ?? []
        // `send` dismisses only under a condition; `discard` always does.
        #expect(actions.first { $0.action == "send" }?.effects == [])
        #expect(actions.first { $0.action == "discard" }?.effects == [.dismiss])
        // What the screen presented is the topmost modal; another object's `dismiss()` is no screen's.
        #expect(actions.first { $0.action == "closePicker" }?.effects == [.dismiss])
        #expect(actions.first { $0.action == "closeAlert" }?.effects == [])
        let runtime = try SceneRuntime(definition: definition, file: "scene")
        let dispatcher = try runtime.makeDispatcher(policy: .uikit, clock: nil)
        try runtime.focus(runtime.responderPath(for: "Detail"))
        _ = dispatcher.dispatch(try KeyPress(notation: "cmd+n", layout: runtime.application.keyboardLayout))
        #expect(runtime.application.firstResponder?.path == "window/UISplitViewController/ComposeViewController/UITextView")
    }

    /// A SwiftUI view a `.sheet` shows is a state too: SwiftUI presents it in a hosting
    /// controller of its own (`VIEW-host`), which offers the shortcuts of the views it hosts. A
    /// view helper (`extension View { func withSheets(…) }`) that presents views presents them
    /// for every view calling it, and a nested view (`Editor.MainView`) is read by its full name.
    @Test func aViewASwiftUISheetShowsIsAStateInAHostingControllerOfItsOwn() throws {
        let result = try importing([
            "App.swift": """
                import SwiftUI
                @main
                struct NotesApp: App {
                    var body: some Scene {
                        WindowGroup { Timeline() }
                    }
                }
                struct Timeline: View {
                    @State var sheet: Sheet?
                    var body: some View {
                        List { Text("Post") }
                            .keyboardShortcut("r", modifiers: .command)
                            .withSheets(item: $sheet)
                    }
                }
                extension View {
                    func withSheets(item: Binding<Sheet?>) -> some View {
                        sheet(item: item) { destination in
                            switch destination {
                            case .compose: Editor.MainView()
                            }
                        }
                    }
                }
                """,
            "Editor.swift": """
                import SwiftUI
                import UIKit
                enum Editor {
                    struct MainView: View {
                        var body: some View {
                            VStack {
                                Composer()
                                Button("Send") {}.keyboardShortcut(.return, modifiers: .command)
                            }
                        }
                    }
                }
                struct Composer: UIViewRepresentable {
                    func makeUIView(context: Context) -> ComposerTextView { ComposerTextView() }
                    func updateUIView(_ view: ComposerTextView, context: Context) {}
                }
                final class ComposerTextView: UITextView {}
                """,
        ])
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let compose = try #require(definition.states.first { $0.name == "Editor-MainView" })
        #expect(compose.summary.hasPrefix("Editor.MainView presented by Timeline (App.swift:"))
        #expect(definition.controllers.map(\.name) == ["Editor-MainView-host"])
        let runtime = try SceneRuntime(definition: definition, file: "scene")
        try runtime.enter(compose)
        let host = "window/UIHostingController/Editor-MainView-host"
        let field = host + "/Editor-MainView/ComposerTextView"
        try runtime.focus(field)
        let dispatcher = try runtime.makeDispatcher(policy: .uikit, clock: nil)
        let send = dispatcher.explain(try KeyPress(notation: "cmd+return", layout: runtime.application.keyboardLayout))
        #expect(send.winner?.target?.path == host)
        let letter = dispatcher.explain(try KeyPress(notation: "a", layout: runtime.application.keyboardLayout))
        #expect(letter.textInputActive && letter.textInputEdit != nil)
    }

    /// A coordinator is no responder: the controllers it pushes, presents or sets as a
    /// navigation stack are screens UIKit shows from the top controller, so each is a state,
    /// named as the coordinator's call shows it, and nothing is unplaced.
    @Test func aControllerACoordinatorShowsIsAStateTheUserCanEnter() throws {
        var app = Self.idiomApp
        app["Coordinator.swift"] = "import UIKit\n" + SourceApp.controller("EditorViewController", key: "e")
            + "\n" + SourceApp.controller("SearchViewController", key: "f")
            + """

            final class Router {
                let navigationController = UINavigationController()
                func push(_ viewController: UIViewController, animated: Bool) { navigationController.pushViewController(viewController, animated: animated) }
                func showBanner(_ banner: UIView) {}
            }
            final class DocumentCoordinator {
                let navigationController: UINavigationController
                let router = Router()
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() { navigationController.pushViewController(EditorViewController(), animated: true) }
                func showSearch() { navigationController.present(SearchViewController(), animated: true) }
                func showHistory() { router.push(HistoryViewController(), animated: true); router.showBanner(Banner()) }
            }
            final class Banner: UIView {}
            """ + "\n" + SourceApp.controller("HistoryViewController", key: "y")
        let result = try importing(app)
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        // The router's own `push` shows a controller as UIKit's does; `showBanner` shows a view,
        // which is no screen.
        #expect(definition.states.map(\.name) == ["EditorViewController", "HistoryViewController", "SearchViewController"])
        #expect(!result.report.containment.contains { $0.contains("Banner") })
        #expect(definition.states.map(\.summary).allSatisfy { $0.contains("by DocumentCoordinator (Coordinator.swift:") })
        #expect(definition.states.first?.summary.hasPrefix("EditorViewController pushed by") == true)
        #expect(result.report.unplaced.map(\.type) == ["PhoneTabs"])
        let runtime = try SceneRuntime(definition: definition, file: "scene")
        try runtime.enter(try #require(definition.states.first))
        #expect(runtime.responder(at: "window/UISplitViewController/EditorViewController") != nil)
    }

    /// When the key window's root is a navigation controller, a screen a coordinator pushes is a
    /// state that pushes it there: it is no modal, so Escape and ⌘W do not dismiss it. A screen
    /// the coordinator presents stays a presentation.
    @Test func aScreenACoordinatorPushesOntoTheRootNavigationControllerIsAPushedState() throws {
        let result = try importing([
            "SceneDelegate.swift": """
                import UIKit
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    var coordinator: AppCoordinator?
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        let navigation = UINavigationController()
                        window?.rootViewController = navigation
                        coordinator = AppCoordinator(navigationController: navigation)
                    }
                }
                final class AppCoordinator {
                    let navigationController: UINavigationController
                    init(navigationController: UINavigationController) { self.navigationController = navigationController }
                    func showBrowser() { navigationController.pushViewController(BrowserViewController(), animated: false) }
                    func showSettings() { navigationController.present(SettingsViewController(), animated: true) }
                }
                """,
            "Controllers.swift": "import UIKit\n" + SourceApp.controller("BrowserViewController", key: "l")
                + "\n" + SourceApp.controller("SettingsViewController", key: ","),
        ])
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let browser = try #require(definition.states.first { $0.name == "BrowserViewController" })
        #expect(browser.steps.map(\.effect) == [.push("BrowserViewController")])
        let settings = try #require(definition.states.first { $0.name == "SettingsViewController" })
        #expect(settings.steps.map(\.effect) == [.present("SettingsViewController")])
        let runtime = try SceneRuntime(definition: definition, file: "scene")
        try runtime.enter(browser)
        #expect(runtime.responder(at: "window/UINavigationController/BrowserViewController") != nil)
        let dispatcher = try runtime.makeDispatcher(policy: .uikit, clock: nil)
        let escape = dispatcher.explain(try KeyPress(notation: "esc", layout: runtime.application.keyboardLayout))
        #expect(escape.winner == nil)
    }

    /// An app subclass of `UINavigationController` behaves as the class it inherits: a
    /// navigation controller node, onto which a coordinator's pushed screen goes; one declaring
    /// commands of its own stays a plain controller node holding them.
    @Test func anAppNavigationControllerSubclassIsANavigationControllerUnlessItDeclaresCommands() throws {
        func importing(navigation: String) throws -> SceneDefinition {
            let result = try self.importing([
                "SceneDelegate.swift": """
                    import UIKit
                    class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                        var window: UIWindow?
                        func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                            let navigation = RootNavigationController()
                            window?.rootViewController = navigation
                            BrowserCoordinator(navigationController: navigation).start()
                        }
                    }
                    final class BrowserCoordinator {
                        let navigationController: UINavigationController
                        init(navigationController: UINavigationController) { self.navigationController = navigationController }
                        func start() { navigationController.pushViewController(BrowserViewController(), animated: false) }
                    }
                    """ + navigation,
                "Controllers.swift": "import UIKit\n" + SourceApp.controller("BrowserViewController", key: "l"),
            ])
            return try SceneDefinition(json: result.scene, file: "scene")
        }
        let plain = try importing(navigation: "\nclass RootNavigationController: UINavigationController {}")
        #expect(plain.windows.first?.children.first?.kind == .navigationController)
        #expect(plain.states.first?.steps.map(\.effect) == [.push("BrowserViewController")])
        let keyed = try importing(navigation: """

            class RootNavigationController: UINavigationController {
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "t", modifierFlags: .command, action: #selector(newTab))] }
                @objc func newTab() {}
            }
            """)
        #expect(keyed.windows.first?.children.first?.kind == .viewController)
        #expect(keyed.states.first?.steps.map(\.effect) == [.present("BrowserViewController")])
    }

    /// A coordinator that maps an enum of screens to controllers in a factory method and shows
    /// what it returns: each controller a `case` assigns to the factory's local (declared as
    /// `UIViewController`, a type the app extends) is a state.
    @Test func theControllersACoordinatorsFactoryReturnsAreStates() throws {
        var app = Self.idiomApp
        app["Scenes.swift"] = "import UIKit\n" + SourceApp.controller("ProfileViewController", key: "p")
            + "\n" + SourceApp.controller("ComposeViewController", key: "n")
            + """

            extension UIViewController { var topMost: UIViewController { self } }
            final class SceneCoordinator {
                enum Scene { case profile, compose }
                @discardableResult
                func present(scene: Scene, from sender: UIViewController) -> UIViewController? {
                    guard let viewController = get(scene: scene) else { return nil }
                    sender.topMost.show(viewController, sender: nil)
                    return viewController
                }
                private func get(scene: Scene) -> UIViewController? {
                    let viewController: UIViewController?
                    switch scene {
                    case .profile:
                        let _viewController = ProfileViewController()
                        viewController = _viewController
                    case .compose:
                        let _viewController = ComposeViewController()
                        viewController = _viewController
                    }
                    return viewController
                }
            }
            """
        let result = try importing(app)
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        #expect(definition.states.map(\.name) == ["ComposeViewController", "ProfileViewController"])
        #expect(result.report.containment.contains { $0.hasPrefix("SceneCoordinator → ProfileViewController (child) Scenes.swift:") })
    }
}
