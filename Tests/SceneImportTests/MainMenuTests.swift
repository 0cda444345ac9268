import Foundation
import KeyTraceCore
import ResponderEngine
import Scenes
import Surfaces
import Testing
@testable import SceneImport
import SceneImportTestSupport

/// The main menu as the app builds it (``MainMenuAssembly``): each change the menu code makes,
/// in order, in the scene's `menus`, and the Mac menu bar `Surfaces` draws from them. Each
/// source is written for its test.
@Suite struct MainMenuTests {
    func importing(_ sources: [String: String], platform: CompilationConditions.Platform = .macCatalyst) throws -> ImportResult {
        let importer = SceneImporter(options: .init(conditions: .init(platform: platform)))
        return try importer.importSources(sources.sorted { $0.key < $1.key }.map { (SourceFiles.File(path: $0.key, displayPath: $0.key), $0.value) })
    }

    /// The scene's `menus`, each entry as `id key=value…` with its commands' titles:
    /// `com.example.game after=view [New Game, Restart]`.
    func menus(_ result: ImportResult) throws -> [String] {
        let scene = try #require(try JSONSerialization.jsonObject(with: Data(result.scene.utf8)) as? [String: Any])
        let entries = scene["menus"] as? [[String: Any]] ?? []
        return entries.map { entry in
            var words = [entry["id"] as? String ?? "?"]
            for key in ["parent", "at", "after", "before"] {
                if let value = entry[key] as? String { words.append("\(key)=\(value)") }
            }
            if entry["inline"] as? Bool == true { words.append("inline") }
            if entry["removed"] as? Bool == true { words.append("removed") }
            if let commands = entry["commands"] as? [[String: Any]] {
                words.append("[" + commands.map { $0["title"] as? String ?? "?" }.joined(separator: ", ") + "]")
            }
            return words.joined(separator: " ")
        }
    }

    /// The Mac menu bar the imported scene draws.
    func menuBar(_ result: ImportResult) throws -> MenuBar {
        let runtime = try SceneRuntime(definition: try SceneDefinition(json: result.scene), file: "scene.json")
        runtime.application.platformVersion = PlatformVersion(.catalyst)
        let dispatcher = try runtime.makeDispatcher(policy: .uikit, clock: nil)
        return MenuBar(scene: "App", appName: "App", dispatcher: dispatcher)
    }

    /// The app's items of a drawn menu, with separators (`--`) and submenus (`Title ▸`, then
    /// their items indented).
    func outline(_ menu: MenuBarMenu?, appOnly: Bool = true) -> [String] {
        var lines: [String] = []
        for item in menu?.items ?? [] {
            switch item {
            case .command(let command) where !appOnly || command.origin == .app: lines.append(command.title)
            case .command: continue
            case .separator: lines.append("--")
            case .submenu(let submenu):
                let inner = outline(submenu, appOnly: appOnly)
                if !appOnly || !inner.filter({ $0 != "--" }).isEmpty { lines.append(submenu.title + " ▸") }
                lines += inner.filter { $0 != "--" }.map { "  " + $0 }
            case .searchField: lines.append("[Search]")
            }
        }
        // Separators only between the app's items.
        var kept: [String] = []
        for line in lines where !(line == "--" && (kept.last == nil || kept.last == "--")) { kept.append(line) }
        if kept.last == "--" { kept.removeLast() }
        return kept
    }

    func titles(_ bar: MenuBar) -> [String] { bar.menus.map(\.title) }
}

extension MainMenuTests {
    @Test func swiftBuilderCallsPutEachMenuWhereTheCallSays() throws {
        let result = try importing(["AppDelegate.swift": """
            import UIKit
            extension UIMenu.Identifier {
                static let game = UIMenu.Identifier("com.example.game")
            }
            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                override func buildMenu(with builder: UIMenuBuilder) {
                    super.buildMenu(with: builder)
                    guard builder.system == .main else { return }
                    let deal = UIKeyCommand(title: "Deal", action: #selector(deal), input: "d", modifierFlags: .command)
                    let game = UIMenu(title: "Game", image: nil, identifier: .game, options: [], children: [deal])
                    builder.insertSibling(game, afterMenu: .view)
                    builder.insertChild(UIMenu(title: "Scores", children: [UICommand(title: "Show Scores", action: #selector(scores))]),
                                        atEndOfMenu: .game)
                    let export = UIKeyCommand(title: "Export Game", action: #selector(exportGame), input: "e", modifierFlags: [.command, .shift])
                    builder.insertChild(UIMenu(title: "Export", children: [export]), atStartOfMenu: .file)
                    builder.insertSibling(UIMenu(title: "Tools", children: [
                        UIKeyCommand(title: "Shuffle", action: #selector(shuffle), input: "s", modifierFlags: [.command, .control]),
                    ]), beforeMenu: .window)
                }
                @objc func deal() {}
                @objc func scores() {}
                @objc func exportGame() {}
                @objc func shuffle() {}
            }
            """])
        #expect(try menus(result) == [
            "com.example.game after=view [Deal]",
            "imported-AppDelegate-Scores parent=com.example.game [Show Scores]",
            "imported-AppDelegate-Export parent=file at=start [Export Game]",
            "imported-AppDelegate-Tools before=window [Shuffle]",
        ])
        let bar = try menuBar(result)
        #expect(titles(bar) == ["App", "File", "Edit", "Format", "View", "Game", "Tools", "Window", "Help"])
        #expect(outline(bar.menus[5]) == ["Deal", "Scores ▸", "  Show Scores"])
        #expect(outline(bar.menus[1], appOnly: false).prefix(2) == ["Export ▸", "  Export Game"])
        #expect(outline(bar.menus[6]) == ["Shuffle"])
    }

    @Test func anInlineMenuIsAGroupBetweenSeparatorsInItsMenu() throws {
        let result = try importing(["AppDelegate.swift": """
            import UIKit
            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                override func buildMenu(with builder: UIMenuBuilder) {
                    let zoom = [
                        UIKeyCommand(title: "Zoom In", action: #selector(zoomIn), input: "+", modifierFlags: .command),
                        UIKeyCommand(title: "Zoom Out", action: #selector(zoomOut), input: "-", modifierFlags: [.command, .alternate]),
                    ]
                    builder.insertChild(UIMenu(title: "", image: nil, identifier: nil, options: .displayInline, children: zoom), atStartOfMenu: .view)
                    builder.insertChild(UIMenu(options: [.displayInline], children: [
                        UIKeyCommand(title: "Reload", action: #selector(reload), input: "r", modifierFlags: .command),
                    ]), atEndOfMenu: .view)
                }
                @objc func zoomIn() {}
                @objc func zoomOut() {}
                @objc func reload() {}
            }
            """])
        #expect(try menus(result) == [
            "imported-AppDelegate-group parent=view at=start inline [Zoom In, Zoom Out]",
            "imported-AppDelegate-group-2 parent=view inline [Reload]",
        ])
        let view = try #require(try menuBar(result).menus.first { $0.identifier == "view" })
        #expect(outline(view, appOnly: false) == [
            "Zoom In", "Zoom Out", "--", "Show Toolbar", "Customize Toolbar…", "--", "Show Sidebar", "--", "Enter Full Screen", "--", "Reload",
        ])
    }

    /// A helper class (no responder) whose initialiser takes the app delegate's builder and
    /// calls its own `buildMenu(with:)` builds the menu once, as the app delegate's: UIKit
    /// never calls the helper's method itself.
    @Test func aHelperGivenTheBuilderInItsInitialiserBuildsTheMenuOnce() throws {
        let result = try importing([
            "AppDelegate.swift": """
                import UIKit
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    var appMenu: AppMenu?
                    override func buildMenu(with builder: UIMenuBuilder) {
                        super.buildMenu(with: builder)
                        appMenu = AppMenu(builder: builder)
                    }
                }
                class AppMenu {
                    init(builder: UIMenuBuilder) { buildMenu(with: builder) }
                    private func buildMenu(with builder: UIMenuBuilder) {
                        builder.insertChild(UIMenu(title: "", options: .displayInline, children: [
                            UICommand(title: "Release Notes", action: #selector(AppDelegate.releaseNotes)),
                        ]), atStartOfMenu: .help)
                    }
                }
                """,
        ])
        let help = try #require(try menuBar(result).menus.first { $0.identifier == "help" })
        #expect(outline(help).filter { $0 == "Release Notes" }.count == 1)
    }

    /// Static members an app declares on `UIMenuElement` are found by implicit member
    /// expressions where a subclass is expected, as Swift looks static members up through the
    /// superclasses: `.navigate` where a `UIMenu` is, `.reload` where a `UIKeyCommand` is; an
    /// identifier of the same name (`UIMenu.Identifier.reload`) is no element.
    @Test func staticMembersOfAMenuElementExtensionAreFoundWhereASubclassIsExpected() throws {
        let result = try importing([
            "AppDelegate.swift": """
                import UIKit
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    override func buildMenu(with builder: UIMenuBuilder) {
                        super.buildMenu(with: builder)
                        builder.insertSibling(.navigate, afterMenu: .edit)
                    }
                    override var keyCommands: [UIKeyCommand]? { [.back, .reload] }
                    @objc func backAction(_ command: UIKeyCommand) {}
                    @objc func reloadAction(_ command: UIKeyCommand) {}
                }
                extension UIMenu.Identifier {
                    static var navigate: UIMenu.Identifier { UIMenu.Identifier("com.example.navigate") }
                    static var reload: UIMenu.Identifier { UIMenu.Identifier("com.example.reload") }
                }
                extension UIMenuElement {
                    static var navigate: UIMenu {
                        UIMenu(title: "Navigate", image: nil, identifier: .navigate, options: [], children: [.back, .reload])
                    }
                    static var back: UIKeyCommand {
                        let command = UIKeyCommand(input: "[", modifierFlags: [.command], action: #selector(AppDelegate.backAction(_:)))
                        command.title = "Back"
                        return command
                    }
                    static var reload: UIKeyCommand {
                        let command = UIKeyCommand(input: "R", modifierFlags: [.command], action: #selector(AppDelegate.reloadAction(_:)))
                        command.title = "Reload"
                        return command
                    }
                }
                """,
        ])
        #expect(try menus(result) == ["com.example.navigate after=edit [Back, Reload]"])
        let keyCommands = result.inventory.filter { $0.mechanism == .keyCommands }
        #expect(keyCommands.map(\.declaredIn) == ["AppDelegate", "AppDelegate"])
        #expect(keyCommands.map(\.title) == ["Back", "Reload"])
    }

    /// `CommandGroup(replacing: .textFormatting)` replaces Format's Font and Text submenus,
    /// the standard submenus the placement stands for, with its buttons, a `Menu` among them a
    /// submenu; `CommandGroup(after: .textEditing)` puts its buttons after the last of Edit's
    /// text-editing submenus (Speech).
    @Test func swiftUIPlacementsOfStandardSubmenusReplaceOrFollowThemAll() throws {
        let result = try importing(["ReaderApp.swift": """
            import SwiftUI
            @main
            struct ReaderApp: App {
                var body: some Scene {
                    WindowGroup { Timeline() }
                        .commands {
                            CommandGroup(replacing: .textFormatting) {
                                Menu("Text Size") {
                                    Button("Bigger") { }
                                    Button("Smaller") { }
                                }
                            }
                            CommandGroup(after: .textEditing) {
                                Button("Look Up") { }.keyboardShortcut("l", modifiers: [.command, .control])
                            }
                        }
                }
            }
            struct Timeline: View { var body: some View { Text("Posts") } }
            """])
        let bar = try menuBar(result)
        let format = try #require(bar.menus.first { $0.identifier == "format" })
        #expect(outline(format, appOnly: false) == ["Text Size ▸", "  Bigger", "  Smaller"])
        let edit = try #require(bar.menus.first { $0.identifier == "edit" })
        let outlined = outline(edit, appOnly: false)
        let speech = try #require(outlined.firstIndex(of: "Speech ▸"))
        #expect(outlined.firstIndex(of: "Look Up").map { $0 > speech } == true)
    }

    /// Builder calls in a branch that ends the menu code early under a run-time condition build
    /// the menu of that state (an app lock), not the normal one: the menu bar keeps View and
    /// Window and shows the app's menu the code goes on to insert.
    @Test func builderCallsInAnEarlyExitBranchAreLeftOut() throws {
        let result = try importing(["AppDelegate.swift": """
            import UIKit
            @main
            class AppDelegate: UIResponder, UIApplicationDelegate {
                var isAppLockVisible = false
                override func buildMenu(with builder: UIMenuBuilder) {
                    builder.remove(menu: .format)
                    if isAppLockVisible {
                        builder.remove(menu: .view)
                        builder.remove(menu: .window)
                        return
                    }
                    builder.insertSibling(UIMenu(title: "Tools", children: [
                        UIKeyCommand(title: "Generate Password", action: #selector(generate), input: "g", modifierFlags: [.command, .shift]),
                    ]), afterMenu: .view)
                }
                @objc func generate() {}
            }
            """])
        let titles = titles(try menuBar(result))
        #expect(!titles.contains("Format"))
        #expect(titles.contains("View") && titles.contains("Window"))
        #expect(titles.contains("Tools"))
    }

    /// A type a method declares in its body (an `enum` of menu identifiers inside the menu
    /// builder) is found where the method uses it, so menus placed relative to one another land.
    @Test func menuIdentifiersFromAnEnumDeclaredInTheBuildingMethodPlaceTheMenus() throws {
        let result = try importing(["AppDelegate.swift": """
            import UIKit
            @main
            class AppDelegate: UIResponder, UIApplicationDelegate {
                override func buildMenu(with builder: UIMenuBuilder) {
                    enum Menu: String {
                        case panel
                        case tabs
                        var identifier: UIMenu.Identifier { UIMenu.Identifier(self.rawValue) }
                    }
                    builder.insertSibling(UIMenu(title: "Panel", identifier: Menu.panel.identifier, children: [
                        UIKeyCommand(title: "Toggle Sidebar", action: #selector(toggle), input: "1", modifierFlags: [.command, .shift]),
                    ]), afterMenu: .application)
                    builder.insertChild(UIMenu(title: "Tabs", identifier: Menu.tabs.identifier, options: .displayInline, children: [
                        UIKeyCommand(title: "Agenda", action: #selector(agenda), input: "1", modifierFlags: [.command, .control]),
                    ]), atEndOfMenu: Menu.panel.identifier)
                }
                @objc func toggle() {}
                @objc func agenda() {}
            }
            """])
        let bar = try menuBar(result)
        #expect(titles(bar) == ["App", "Panel", "File", "Edit", "Format", "View", "Window", "Help"])
        #expect(outline(bar.menus[1]) == ["Toggle Sidebar", "--", "Agenda"])
    }

    @Test func aRemovedStandardMenuIsLeftOutOfTheBar() throws {
        let result = try importing(["AppDelegate.swift": """
            import UIKit
            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                override func buildMenu(with builder: UIMenuBuilder) {
                    builder.remove(menu: .format)
                    builder.remove(menu: .toolbar)
                    builder.remove(menu: .format)
                }
            }
            """])
        // Removing what is gone already is no change (UIKit ignores it).
        #expect(try menus(result) == ["format removed", "toolbar removed"])
        let bar = try menuBar(result)
        #expect(titles(bar) == ["App", "File", "Edit", "View", "Window", "Help"])
        #expect(!outline(bar.menus[3], appOnly: false).contains("Show Toolbar"))
    }

    @Test func aReplacedMenuTakesTheOldOnesPlaceAndReplacedChildrenTheirs() throws {
        let result = try importing(["AppDelegate.swift": """
            import UIKit
            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                override func buildMenu(with builder: UIMenuBuilder) {
                    builder.replace(menu: .help, with: UIMenu(title: "Help", children: [
                        UICommand(title: "How to Play", action: #selector(howToPlay)),
                    ]))
                    builder.replaceChildren(ofMenu: .file) { _ in
                        [UIKeyCommand(title: "New Game", action: #selector(newGame), input: "n", modifierFlags: .command)]
                    }
                    builder.replaceChildren(ofMenu: .window) { children in
                        children + [UIKeyCommand(title: "Scores", action: #selector(scores), input: "1", modifierFlags: [.command, .alternate])]
                    }
                }
                @objc func howToPlay() {}
                @objc func newGame() {}
                @objc func scores() {}
            }
            """])
        #expect(try menus(result) == ["help removed", "help after=window [How to Play]", "file removed", "file after=application [New Game]",
                                      "window [Scores]"])
        let bar = try menuBar(result)
        #expect(titles(bar) == ["App", "File", "Edit", "Format", "View", "Window", "Help"])
        #expect(outline(bar.menus[1], appOnly: false) == ["New Game"])
        #expect(outline(bar.menus[5], appOnly: false).last == "Scores")
        #expect(outline(bar.menus[6], appOnly: false) == ["[Search]", "How to Play"])
    }

    @Test func swiftUICommandMenusAndGroupsAreMenusOfTheBar() throws {
        let result = try importing(["GameApp.swift": """
            import SwiftUI
            @main
            struct GameApp: App {
                @AppStorage("tips") var showsTips = true
                var body: some Scene {
                    WindowGroup { Board() }
                        .commands {
                            CommandGroup(after: .newItem) {
                                Button("Open Saved Game…") { }.keyboardShortcut("o", modifiers: [.command, .shift])
                            }
                            CommandGroup(replacing: .help) {
                                Button("Rules") { }.keyboardShortcut("?", modifiers: .command)
                                Button("Visit the Website") { }
                                Menu("Share") { Button("Email") { } }
                                if showsTips { Button("Tips") { } }
                            }
                            CommandMenu("Game") {
                                Button("Deal") { }.keyboardShortcut("d")
                                HintCommands()
                            }
                        }
                }
            }
            struct HintCommands: View {
                var body: some View {
                    Button("Hint") { }.keyboardShortcut("h", modifiers: [.command, .option])
                }
            }
            struct Board: View { var body: some View { Text("Board") } }
            """])
        let written = try menus(result)
        #expect(written.first == "imported-GameApp-group after=newScene inline [Open Saved Game…]")
        #expect(written.contains("help removed"))
        #expect(written.contains("help after=window [Rules, Visit the Website]"))
        #expect(written.contains("imported-GameApp-Game before=window [Deal, Hint]"))
        let bar = try menuBar(result)
        #expect(titles(bar) == ["App", "File", "Edit", "Format", "View", "Game", "Window", "Help"])
        #expect(outline(bar.menus[1]) == ["Open Saved Game…"])
        #expect(outline(bar.menus[5]) == ["Deal", "Hint"])
        // A button without a key is an item without a shortcut; a `Menu` is a submenu of the
        // group holding its buttons, and a button shown under a condition is left out.
        #expect(outline(bar.menus[7], appOnly: false) == ["[Search]", "Rules", "Visit the Website", "Share ▸", "  Email"])
    }

    /// A SwiftUI button whose key a binding sets at run time (`.modifier(DynamicShortcut(…))`)
    /// is drawn in the menu bar under its title, without a key, where its group places it;
    /// replacing `.saveItem` with nothing takes File's Duplicate, Rename, Move and Export away.
    @Test func aMenuItemWhoseKeyIsSetAtRunTimeIsDrawnWithoutOne() throws {
        let result = try importing(["ShellApp.swift": """
            import SwiftUI
            @main
            struct ShellApp: App {
                var body: some Scene {
                    WindowGroup { Text("Shell") }
                        .commands { FileCommands(shortcuts: [:]) }
                }
            }
            struct FileCommands: Commands {
                let shortcuts: [String: KeyboardShortcut]
                var body: some Commands {
                    CommandGroup(replacing: .saveItem) { EmptyView() }
                    CommandGroup(replacing: .newItem) {
                        Button("New Local Shell") { }.modifier(DynamicShortcut(action: "newShell", shortcuts: shortcuts))
                        Button("New Window") { }.keyboardShortcut("n")
                    }
                }
            }
            struct DynamicShortcut: ViewModifier {
                let action: String
                let shortcuts: [String: KeyboardShortcut]
                func body(content: Content) -> some View {
                    if let shortcut = shortcuts[action] { content.keyboardShortcut(shortcut) } else { content }
                }
            }
            """])
        let bar = try menuBar(result)
        let file = try #require(bar.menus.first { $0.title == "File" })
        #expect(outline(file) == ["New Local Shell", "New Window"])
        let commands = file.items.compactMap { item -> MenuBarCommand? in
            if case .command(let command) = item { return command }
            return nil
        }
        #expect(commands.first { $0.title == "New Local Shell" }.map { $0.shortcut == nil } == true)
        #expect(!commands.contains { $0.title == "Duplicate" })
        #expect(result.report.unresolved.contains { $0.command.title == "New Local Shell" && $0.reason.hasPrefix("its key is not fixed in the source") })
    }

    @Test func catalystOnlyCodeCountsForTheCatalystBuildOnly() throws {
        let source = ["AppDelegate.swift": """
            import UIKit
            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                override func buildMenu(with builder: UIMenuBuilder) {
                    #if targetEnvironment(macCatalyst)
                    builder.remove(menu: .format)
                    #endif
                    if ProcessInfo.processInfo.isMacCatalystApp {
                        builder.insertChild(UIMenu(options: .displayInline, children: [
                            UIKeyCommand(title: "Mac Window", action: #selector(macWindow), input: "n", modifierFlags: [.command, .control]),
                        ]), atEndOfMenu: .window)
                    }
                    if UIDevice.current.userInterfaceIdiom != .mac {
                        builder.insertChild(UIMenu(options: .displayInline, children: [
                            UIKeyCommand(title: "iPad Only", action: #selector(iPadOnly), input: "i", modifierFlags: [.command, .control]),
                        ]), atEndOfMenu: .view)
                    }
                }
                @objc func macWindow() {}
                @objc func iPadOnly() {}
            }
            """]
        let catalyst = try importing(source)
        #expect(try menus(catalyst) == ["format removed", "imported-AppDelegate-group parent=window inline [Mac Window]"])
        #expect(catalyst.inventory.map(\.action) == ["macWindow"])
        #expect(catalyst.inventory.allSatisfy { !$0.conditional })
        let iOS = try importing(source, platform: .iOS)
        #expect(try menus(iOS) == ["imported-AppDelegate-group parent=view inline [iPad Only]"])
        #expect(iOS.inventory.map(\.action) == ["iPadOnly"])
        #expect(titles(try menuBar(catalyst)) == ["App", "File", "Edit", "View", "Window", "Help"])
    }

    @Test func commandsOfMenuCodeNotFollowedKeepAMenuOfTheirProvider() throws {
        let result = try importing(["AppDelegate.swift": """
            import UIKit
            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                override func buildMenu(with builder: UIMenuBuilder) {
                    let refresh = UIKeyCommand(title: "Refresh", action: #selector(refresh), input: "r", modifierFlags: .command)
                    builder.insertChild(UIMenu(options: .displayInline, children: [refresh]), atEndOfMenu: .sidebarExtras)
                }
                @objc func refresh() {}
            }
            """])
        // `.sidebarExtras` is no menu UIKit's standard main menu has: the change is left out.
        #expect(try menus(result) == ["imported-AppDelegate [Refresh]"])
    }
}

extension MainMenuTests {
    @Test func objectiveCBuilderCallsPlaceTheirMenus() throws {
        let delegate = """
            #import <UIKit/UIKit.h>
            @interface AppDelegate : UIResponder <UIApplicationDelegate>
            @end
            @implementation AppDelegate
            - (void)buildMenuWithBuilder:(id<UIMenuBuilder>)builder {
                [super buildMenuWithBuilder:builder];
                [builder removeMenuForIdentifier:UIMenuFormat];
                UIMenu *game = [UIMenu menuWithTitle:@"Game" image:nil identifier:@"com.example.game" options:0 children:@[
                    [UIKeyCommand commandWithTitle:@"Deal" image:nil action:@selector(deal) input:@"d" modifierFlags:UIKeyModifierCommand propertyList:nil],
                    [UICommand commandWithTitle:@"Scores" image:nil action:@selector(scores) propertyList:nil],
                ]];
                [builder insertSiblingMenu:game afterMenuForIdentifier:UIMenuView];
                [builder insertChildMenu:[UIMenu menuWithTitle:@"" image:nil identifier:nil options:UIMenuOptionsDisplayInline children:@[
                    [UIKeyCommand commandWithTitle:@"Open Deck" image:nil action:@selector(openDeck) input:@"o" modifierFlags:UIKeyModifierCommand | UIKeyModifierShift propertyList:nil],
                ]] atStartOfMenuForIdentifier:UIMenuFile];
            }
            - (void)deal {}
            - (void)scores {}
            - (void)openDeck {}
            @end
            """
        let result = try TemporaryApp.importing(
            ["AppDelegate.m": delegate], with: SceneImporter(options: .init(conditions: .init(platform: .macCatalyst))))
        #expect(try menus(result) == [
            "format removed",
            "com.example.game after=view [Deal, Scores]",
            "imported-AppDelegate-group parent=file at=start inline [Open Deck]",
        ])
        let bar = try menuBar(result)
        #expect(titles(bar) == ["App", "File", "Edit", "View", "Game", "Window", "Help"])
        #expect(outline(bar.menus[4]) == ["Deal", "Scores"])
        #expect(outline(bar.menus[1]) == ["Open Deck"])
    }
}

extension MainMenuTests {
    /// `forEach` runs its closure in the caller's scope: items it appends to a local are that
    /// local's, so the menu built from it holds them (a closure that may `return` is called per
    /// element as before).
    @Test func itemsAForEachAppendsToALocalAreTheMenusChildren() throws {
        let result = try importing(["AppDelegate.swift": """
            import UIKit
            enum SortOrder: CaseIterable {
                case name, date
                var command: UIKeyCommand {
                    switch self {
                    case .name: UIKeyCommand(title: "Name", action: #selector(AppDelegate.sortByName), input: "1", modifierFlags: [.command, .control])
                    case .date: UIKeyCommand(title: "Date", action: #selector(AppDelegate.sortByDate), input: "2", modifierFlags: [.command, .control])
                    }
                }
            }
            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                override func buildMenu(with builder: UIMenuBuilder) {
                    var items = [UIKeyCommand]()
                    SortOrder.allCases.forEach { order in
                        items.append(order.command)
                    }
                    builder.insertSibling(UIMenu(title: "Sort", children: items), afterMenu: .view)
                }
                @objc func sortByName() {}
                @objc func sortByDate() {}
            }
            """])
        #expect(try menus(result) == ["imported-AppDelegate-Sort after=view [Name, Date]"])
    }
}
