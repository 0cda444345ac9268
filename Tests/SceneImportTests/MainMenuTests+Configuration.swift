import SceneImportBudget
import Testing
@testable import SceneImport

/// The main menu before and while the build runs: a `UIMainMenuSystem.Configuration` leaves
/// element groups out of the initial menu, a menu list built with `insert(_:at: 0)` keeps that
/// order, and a helper returning one of several same-titled menus still gives the menu.
extension MainMenuTests {
    static let configuredApp = """
        import UIKit
        @main
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            var isPlaying = false
            var hasTimer = false
            func configureMainMenu() {
                let config = UIMainMenuSystem.Configuration()
                config.printingPreference = .removed
                config.textFormattingPreference = .removed
                config.findingPreference = .included
                UIMainMenuSystem.shared.setBuildConfiguration(config) { builder in
                    self.buildMainMenu(with: builder)
                }
            }
            private func buildMainMenu(with builder: any UIMenuBuilder) {
                builder.insertSibling(UIMenu(title: "Controls", children: controls()), afterMenu: .view)
            }
            private func controls() -> [UIMenuElement] {
                var modes: [UIMenuElement] = [UIMenu(title: "Rate", children: [UIAction(title: "1x") { _ in }])]
                if isPlaying {
                    modes.insert(UIMenu(title: "Repeat", children: [UIAction(title: "All") { _ in }]), at: 0)
                }
                modes.insert(UIMenu(title: "Shuffle", children: [UIAction(title: "On") { _ in }]), at: 0)
                return [UIKeyCommand(title: "Stop", action: #selector(stop), input: ".", modifierFlags: .command)] + modes + [sleepTimer()]
            }
            private func sleepTimer() -> UIMenuElement {
                if hasTimer {
                    return UIMenu(title: "Sleep Timer", children: [UIAction(title: "Turn Off") { _ in }])
                } else {
                    return UIMenu(title: "Sleep Timer", children: [UIAction(title: "5 Minutes") { _ in }])
                }
            }
            @objc func stop() {}
        }
        """

    /// `.removed` takes the group's standard menus out before the build handler runs: Format,
    /// whose Font and Text submenus the text-formatting group is, holds nothing. `.included`
    /// keeps UIKit's own choice.
    @Test func aMainMenuConfigurationLeavesRemovedGroupsOut() throws {
        let result = try importing(["AppDelegate.swift": Self.configuredApp])
        let removed = try menus(result).filter { $0.hasSuffix("removed") }
        #expect(removed == ["print removed", "font removed", "text removed"])
        let bar = try menuBar(result)
        #expect(outline(bar.menus.first { $0.title == "Format" }, appOnly: false).isEmpty)
        #expect(outline(bar.menus.first { $0.title == "Edit" }, appOnly: false).contains("Find ▸"))
    }

    /// `insert(x, at: 0)` puts the menu first, also when a branch does it; and a helper whose
    /// branches each return a "Sleep Timer" menu gives one such submenu, holding each branch's
    /// items.
    @Test func menusPutFirstAndMenusChosenAtRunTimeKeepTheirPlaces() throws {
        let result = try importing(["AppDelegate.swift": Self.configuredApp])
        let bar = try menuBar(result)
        let controls = bar.menus.first { $0.title == "Controls" }
        #expect(outline(controls) == [
            "Stop", "Shuffle ▸", "  On", "Repeat ▸", "  All", "Rate ▸", "  1x", "Sleep Timer ▸", "  Turn Off", "  5 Minutes",
        ])
    }
}

extension MainMenuTests {
    /// A `UIAction`'s handler runs when the user picks the item, not while the menu is built:
    /// a handler that reloads the app's data does not spend the build's budget, and the menu
    /// holding the item stays.
    @Test func aMenuItemsHandlerDoesNotRunWhileTheMenuIsBuilt() throws {
        let importer = SceneImporter(options: .init(conditions: .init(platform: .macCatalyst),
                                                    budget: EvaluationBudget(stepsPerProvider: 2_000, totalSteps: 100_000, callFloor: 100)))
        let result = try importer.importSources([(SourceFiles.File(path: "AppDelegate.swift", displayPath: "AppDelegate.swift"), """
            import UIKit
            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                var rows: [String] = []
                override func buildMenu(with builder: UIMenuBuilder) {
                    builder.insertChild(sortMenu(), atEndOfMenu: .view)
                }
                private func sortMenu() -> UIMenu {
                    let byName = UIAction(title: "Name") { [weak self] _ in self?.reload() }
                    let byDate = UIAction(title: "Date") { [weak self] _ in self?.reload() }
                    return UIMenu(title: "Sort By", options: .singleSelection, children: [byName, byDate])
                }
                func reload() {
                    for row in 0..<2_000 { rows.append(String(row)); rows = rows.map { $0 + "!" } }
                }
            }
            """)])
        let view = try menuBar(result).menus.first { $0.title == "View" }
        #expect(outline(view) == ["Sort By ▸", "  Name", "  Date"])
        #expect(result.report.findings.allSatisfy { $0.kind != .cutShort })
    }
}

extension MainMenuTests {
    /// A SwiftUI `Commands` type adds its menus only when the app builds it in `.commands`: one
    /// that no compiled code builds (left over from an earlier design) changes no menu.
    @Test func aCommandsTypeTheAppNeverBuildsAddsNoMenu() throws {
        let result = try importing(["ProbeApp.swift": """
            import SwiftUI
            @main
            struct ProbeApp: App {
                var body: some Scene {
                    WindowGroup { Board() }
                        .commands { ToolCommands() }
                }
            }
            struct ToolCommands: Commands {
                var body: some Commands {
                    CommandMenu("Tools") { Button("Run") { }.keyboardShortcut("r") }
                }
            }
            struct LeftoverCommands: Commands {
                var body: some Commands {
                    CommandMenu("Window") { Button("Show Events") { }.keyboardShortcut("e") }
                }
            }
            struct Board: View { var body: some View { Text("Board") } }
            """])
        #expect(titles(try menuBar(result)) == ["App", "File", "Edit", "Format", "View", "Tools", "Window", "Help"])
    }
}

extension MainMenuTests {
    /// A view a `CommandMenu` builds by name stands where it is built; one whose body is a
    /// `Menu` is that submenu, titled with the run-time choices its interpolation reads
    /// (`"Insert \(kind) Node"`, `kind` a computed choice); and a button wrapper's items take
    /// their titles from the construction (`ShortcutButton(title: "Group", …)`).
    @Test func aBuiltViewsMenuIsASubmenuWhereItIsBuilt() throws {
        let result = try importing(["GraphApp.swift": """
            import SwiftUI
            @main
            struct GraphApp: App {
                var body: some Scene {
                    WindowGroup { Text("Graph") }
                        .commands { GraphCommands() }
                }
            }
            struct GraphCommands: Commands {
                var body: some Commands {
                    CommandMenu("Graph") {
                        ShortcutButton(title: "Insert...", key: .return) { }
                        InsertCommands()
                        ShortcutButton(title: "Group", key: "g") { }
                    }
                }
            }
            struct ShortcutButton: View {
                var title: String = ""
                let key: KeyEquivalent
                var modifiers: EventModifiers = [.command]
                let action: () -> Void
                var body: some View {
                    Button(title) { action() }
                        .keyboardShortcut(key, modifiers: modifiers)
                }
            }
            struct InsertCommands: View {
                var layersFocused = false
                var kind: String { layersFocused ? "Layer" : "Patch" }
                var body: some View {
                    Menu("Insert \\(kind) Node") {
                        if layersFocused { layers } else { patches }
                    }
                }
                @ViewBuilder var patches: some View {
                    ShortcutButton(title: "Add", key: "a", modifiers: [.option]) { }
                }
                @ViewBuilder var layers: some View {
                    ShortcutButton(title: "Oval", key: "o", modifiers: [.option]) { }
                }
            }
            """])
        let graph = try menuBar(result).menus.first { $0.title == "Graph" }
        #expect(outline(graph) == ["Insert...", "Insert Layer Node / Insert Patch Node ▸", "  Add", "  Oval", "Group"])
    }
}
