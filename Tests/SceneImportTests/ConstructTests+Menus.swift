import Testing
@testable import SceneImport
import Scenes

/// Main menus built in code (`MenuModel`, `buildMenu(with:)`) and a tab bar's items
/// (`ContainmentModel`).
extension ConstructTests {
    /// An implicit member without a usable context (`identifier: .game` in a `UIMenu` the
    /// evaluator does not model) is the app's own static of that name, not a preview's: the
    /// sample game a `PreviewProvider` deals is not run to build the menu.
    @Test func anImplicitMemberIsNotAPreviewsSample() throws {
        let result = try importing([
            "Menu.swift": """
                import UIKit
                extension UIMenu.Identifier {
                    static let game = UIMenu.Identifier("Game")
                }
                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    override func buildMenu(with builder: UIMenuBuilder) {
                        let newGame = UIKeyCommand(title: "New Game", action: #selector(AppDelegate.newGame), input: "n", modifierFlags: .command)
                        let menu = UIMenu(title: "Game", image: nil, identifier: .game, options: [], children: [newGame])
                        builder.insertSibling(menu, afterMenu: .application)
                    }
                    @objc func newGame() {}
                }
                """,
            "GameView.swift": """
                import SwiftUI
                final class Game {
                    var cards: [Int] = []
                    init() { for suit in 0..<4 { for rank in 0..<13 { cards.append(suit * 13 + rank) } } }
                }
                struct GameView: View {
                    var body: some View { Text("Freecell") }
                }
                struct GameView_Previews: PreviewProvider {
                    static let game: Game = {
                        let g = Game()
                        g.cards.append(0)
                        return g
                    }()
                    static var previews: some View { GameView() }
                }
                """,
        ])
        #expect(keys(result) == ["AppDelegate menu cmd+n newGame"])
        #expect(result.report.evaluationSteps < 100, "\(result.report.evaluationSteps) steps")
    }

    /// An initialiser that stores an enum case with the key as payload (`self.input =
    /// .key(input: input, …)`, the parameter named like the field) gives the field that case,
    /// and a `switch` over the instance's field takes it.
    @Test func aStructsStoredEnumCaseCarriesItsKeyToTheCommand() throws {
        let result = try importing([
            "Menu.swift": """
                import UIKit
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    private struct Context {
                        enum Input {
                            case none
                            case key(input: String, modifierFlags: UIKeyModifierFlags)
                        }
                        let action: Selector
                        let input: Input
                        init(action: Selector, input: String = "", modifierFlags: UIKeyModifierFlags = []) {
                            self.action = action
                            if input.isEmpty {
                                self.input = .none
                            } else {
                                self.input = .key(input: input, modifierFlags: modifierFlags)
                            }
                        }
                    }
                    private func command(_ context: Context) -> UICommand {
                        switch context.input {
                        case let .key(input, modifierFlags):
                            return UIKeyCommand(title: "Open", action: context.action, input: input, modifierFlags: modifierFlags)
                        case .none:
                            return UICommand(title: "Demo", action: context.action)
                        }
                    }
                    override func buildMenu(with builder: UIMenuBuilder) {
                        let open = command(Context(action: #selector(openFile), input: "o", modifierFlags: .command))
                        let demo = command(Context(action: #selector(runDemo)))
                        builder.insertChild(UIMenu(title: "", options: .displayInline, children: [open, demo]), atStartOfMenu: .file)
                    }
                    @objc func openFile() {}
                    @objc func runDemo() {}
                }
                """,
        ])
        #expect(keys(result) == ["AppDelegate menu cmd+o openFile"])
    }

    @Test func aBuildMenuAnotherMenuCallsIsItsHelper() throws {
        let result = try importing([
            "Menus.swift": """
                import UIKit
                final class ActionsManager: UIResponder {
                    override func buildMenu(with builder: UIMenuBuilder) {
                        let lock = UIKeyCommand(title: "Lock", action: #selector(lock), input: "l", modifierFlags: .command)
                        builder.insertChild(UIMenu(children: [lock]), atStartOfMenu: .file)
                    }
                    @objc func lock() {}
                }
                class Coordinator: UIResponder {
                    let actions = ActionsManager()
                    override func buildMenu(with builder: UIMenuBuilder) {
                        super.buildMenu(with: builder)
                        actions.buildMenu(with: builder)
                    }
                }
                """,
        ])
        #expect(keys(result) == ["Coordinator menu cmd+l lock"])
    }

    @Test func tabBarItemsAreOnePerAssignedViewController() throws {
        let result = try importing([
            "Tabs.swift": """
                import UIKit
                extension UIKeyModifierFlags {
                    static var deviceCommand: Self {
                #if targetEnvironment(simulator)
                        .shift
                #else
                        .command
                #endif
                    }
                }
                class Tabs: UITabBarController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        viewControllers = [UIViewController(), UIViewController(), UIViewController()]
                    }
                    override var keyCommands: [UIKeyCommand]? {
                        tabBar.items?.enumerated().map { index, item in
                            UIKeyCommand(input: "\\(index + 1)", modifierFlags: .deviceCommand, action: #selector(selectTab))
                        }
                    }
                    @objc func selectTab(_ sender: UIKeyCommand) {}
                }
                """,
        ])
        #expect(keys(result) == ["Tabs keyCommands cmd+1 selectTab:", "Tabs keyCommands cmd+2 selectTab:", "Tabs keyCommands cmd+3 selectTab:"])
    }

    @Test func mainMenuFromStoredPropertiesAndSelectorConstants() throws {
        let result = try importing([
            "AppDelegate.swift": """
            import UIKit
            extension Selector { static let toggleSidebar = #selector(Split.toggleSidebar(_:)) }
            class AppDelegate: UIResponder, UIApplicationDelegate {
                let sidebarCommand = UIKeyCommand(title: "Toggle Sidebar", action: .toggleSidebar, input: "s", modifierFlags: [.control, .command])
                override func buildMenu(with builder: UIMenuBuilder) {
                    guard builder.system == .main else { return }
                    let view = UIMenu(title: "", options: .displayInline, children: [sidebarCommand])
                    builder.insertChild(view, atStartOfMenu: .view)
                    switch builder.system {
                    case .main: builder.insertSibling(UIMenu(children: [UIKeyCommand(title: "Print", action: #selector(Split.printDocument(_:)), input: "p", modifierFlags: .command)]), afterMenu: .close)
                    case .context: builder.insertChild(UIMenu(children: [UIKeyCommand(input: "k", modifierFlags: .command, action: #selector(Split.printDocument(_:)))]), atStartOfMenu: .root)
                    default: break
                    }
                }
            }
            """,
            "Split.swift": """
            import UIKit
            class Split: UISplitViewController {
                @objc func toggleSidebar(_ sender: Any?) {}
                @objc func printDocument(_ sender: Any?) {}
            }
            """,
        ])
        #expect(keys(result) == ["AppDelegate menu cmd+p printDocument:", "AppDelegate menu ctrl+cmd+s toggleSidebar:"])
        #expect(result.inventory.allSatisfy { !$0.conditional })
        #expect(result.report.sceneError == nil)
        // The sidebar group at the start of View; Print right after File's Close group.
        #expect(result.scene.contains("\"parent\": \"view\""))
        #expect(result.scene.contains("\"after\": \"close\""))
    }

    /// Tests of the builder's `system` are read from their syntax while the main menu is built:
    /// `!=`, a negation, the system on either side, and a `switch` whose `default` runs because
    /// no case before it names `.main`. A test that only mentions "system" stays a run-time one.
    @Test func mainMenuChecksAreReadFromTheBuilderSystemTest() throws {
        let result = try importing(["AppDelegate.swift": """
            import UIKit
            class AppDelegate: UIResponder, UIApplicationDelegate {
                var systemMenusShown = true
                override func buildMenu(with builder: UIMenuBuilder) {
                    if builder.system != .main { return }
                    if !(builder.system == .context) {
                        builder.insertChild(UIMenu(children: [UIKeyCommand(input: "1", modifierFlags: .command, action: #selector(Panel.one(_:)))]), atEndOfMenu: .view)
                    }
                    if UIMenuSystem.main == builder.system {
                        builder.insertChild(UIMenu(children: [UIKeyCommand(input: "2", modifierFlags: .command, action: #selector(Panel.two(_:)))]), atEndOfMenu: .view)
                    }
                    switch builder.system {
                    case .context: builder.insertChild(UIMenu(children: [UIKeyCommand(input: "3", modifierFlags: .command, action: #selector(Panel.three(_:)))]), atEndOfMenu: .view)
                    default: builder.insertChild(UIMenu(children: [UIKeyCommand(input: "4", modifierFlags: .command, action: #selector(Panel.four(_:)))]), atEndOfMenu: .view)
                    }
                    if systemMenusShown {
                        builder.insertChild(UIMenu(children: [UIKeyCommand(input: "5", modifierFlags: .command, action: #selector(Panel.five(_:)))]), atEndOfMenu: .view)
                    }
                }
            }
            class Panel: UIViewController {
                @objc func one(_ sender: Any?) {}
                @objc func two(_ sender: Any?) {}
                @objc func three(_ sender: Any?) {}
                @objc func four(_ sender: Any?) {}
                @objc func five(_ sender: Any?) {}
            }
            """])
        #expect(keys(result) == ["AppDelegate menu cmd+1 one:", "AppDelegate menu cmd+2 two:", "AppDelegate menu cmd+4 four:", "AppDelegate menu cmd+5 five:"])
        #expect(result.inventory.filter(\.conditional).map(\.input) == ["5"])
        #expect(result.inventory.first { $0.input == "5" }?.condition?.text == "systemMenusShown")
    }

    /// A function taking a `UIMenuBuilder` that no menu code the importer runs calls (code in
    /// `main.swift` or a notification calls it) builds menus of its own; one that a
    /// `buildMenu(with:)` calls is its caller's helper, listed once, under the caller.
    @Test func menuBuildingFunctionsOutsideBuildMenu() throws {
        let result = try importing(["Menus.swift": """
            import UIKit
            enum ApplicationMenuBuilder {
                static func build(with builder: UIMenuBuilder) {
                    guard builder.system == UIMenuSystem.main else { return }
                    let tabs = (1...3).map { number in
                        UIKeyCommand(title: "Tab \\(number)", action: #selector(BrowserViewController.selectTab(_:)), input: String(number), modifierFlags: .command)
                    }
                    builder.insertChild(UIMenu(title: "", options: .displayInline, children: tabs), atEndOfMenu: .view)
                }
            }
            enum FileMenu {
                static func add(to builder: UIMenuBuilder) {
                    builder.insertChild(UIMenu(title: "", options: .displayInline, children: [
                        UIKeyCommand(title: "New", action: #selector(BrowserViewController.newTab(_:)), input: "t", modifierFlags: .command),
                    ]), atEndOfMenu: .file)
                }
            }
            class AppDelegate: UIResponder, UIApplicationDelegate {
                override func buildMenu(with builder: UIMenuBuilder) {
                    super.buildMenu(with: builder)
                    FileMenu.add(to: builder)
                }
            }
            class BrowserViewController: UIViewController {
                @objc func selectTab(_ sender: UIKeyCommand) {}
                @objc func newTab(_ sender: UIKeyCommand) {}
            }
            """])
        #expect(keys(result) == [
            "AppDelegate menu cmd+t newTab:",
            "ApplicationMenuBuilder menu cmd+1 selectTab:", "ApplicationMenuBuilder menu cmd+2 selectTab:",
            "ApplicationMenuBuilder menu cmd+3 selectTab:",
        ])
    }

    /// A menu-building type whose only caller is a `#if targetEnvironment(macCatalyst)` branch of
    /// `buildMenu(with:)` builds nothing on iOS: neither its commands nor its creation sites are
    /// listed, those of a private helper only it calls included. A Catalyst import takes them,
    /// as the caller's.
    @Test func menuCodeOnlyACatalystBranchCallsBuildsNothingOnIOS() throws {
        let sources = ["AppDelegate.swift": """
            import UIKit
            enum CatalystMenus {
                static func augment(with builder: UIMenuBuilder) {
                    builder.insertChild(UIMenu(title: "Go", children: [key("a")] + elements()), atStartOfMenu: .file)
                    more(with: builder)
                }
                private static func elements() -> [UIMenuElement] {
                    [UIKeyCommand(input: "l", modifierFlags: .command, action: #selector(UIResponder.cut(_:)))]
                }
                private static func more(with builder: UIMenuBuilder) {
                    builder.insertChild(UIMenu(title: "More", children: [
                        UIKeyCommand(input: "m", modifierFlags: .command, action: #selector(UIResponder.copy(_:)))]), atEndOfMenu: .file)
                }
                private static func key(_ input: String) -> UIKeyCommand {
                    UIKeyCommand(input: input, modifierFlags: .command, action: #selector(UIResponder.paste(_:)))
                }
            }
            @main
            class AppDelegate: UIResponder, UIApplicationDelegate {
                override func buildMenu(with builder: UIMenuBuilder) {
                    super.buildMenu(with: builder)
                    #if targetEnvironment(macCatalyst)
                    CatalystMenus.augment(with: builder)
                    #endif
                    builder.insertChild(UIMenu(title: "Edit", children: [
                        UIKeyCommand(input: "e", modifierFlags: .command, action: #selector(edit))]), atStartOfMenu: .edit)
                }
                @objc func edit() {}
            }
            """]
        #expect(keys(try importing(sources)) == ["AppDelegate menu cmd+e edit"])
        #expect(keys(try importing(sources, platform: .macCatalyst))
                    == ["AppDelegate menu cmd+a paste:", "AppDelegate menu cmd+e edit", "AppDelegate menu cmd+l cut:",
                        "AppDelegate menu cmd+m copy:"])
    }
}
