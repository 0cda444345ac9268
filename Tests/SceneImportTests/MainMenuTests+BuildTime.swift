import Testing
@testable import SceneImport

/// What menu code decides as it builds the main menu: code an availability check leaves to older
/// systems changes nothing (the scene is the app on the newest OS), an item's action picked by
/// such a check is the newest OS's, and an app's own menu is not there before the build inserts it.
extension MainMenuTests {
    @Test func menuCodeOnlyAnOlderOSRunsChangesNothing() throws {
        let result = try importing(["AppDelegate.swift": """
            import UIKit
            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                override func buildMenu(with builder: UIMenuBuilder) {
                    super.buildMenu(with: builder)
                    guard builder.system == .main else { return }
                    let aboutAction: Selector
                    if #available(macCatalyst 26.0, *) {
                        aboutAction = #selector(showAbout(_:))
                    } else {
                        aboutAction = #selector(legacyAbout(_:))
                    }
                    builder.replaceChildren(ofMenu: .about) { _ in [UICommand(title: "About Probe", action: aboutAction)] }
                    if #available(macCatalyst 26.0, *) {
                        return
                    }
                    let legacy = UIMenu(title: "Legacy", children: [
                        UIKeyCommand(title: "Old", action: #selector(old), input: "o", modifierFlags: .command),
                    ])
                    builder.insertSibling(legacy, afterMenu: .view)
                }
                @objc func showAbout(_ sender: Any?) {}
                @objc func legacyAbout(_ sender: Any?) {}
                @objc func old() {}
            }
            """])
        #expect(try menus(result) == ["about removed", "imported-AppDelegate-group parent=application at=start inline [About Probe]"])
        let bar = try menuBar(result)
        #expect(!titles(bar).contains("Legacy"))
        #expect(outline(bar.menus.first).first == "About Probe")
        // The legacy menu's command is in the inventory, left out of the scene for the OS it needs.
        #expect(result.inventory.contains { $0.title == "Old" && $0.condition?.text == "!(#available(macCatalyst 26.0, *))" })
    }


    /// The app's identifiers as `UIMenu.Identifier("…")`, `Self(rawValue:)` and a computed
    /// `.init(rawValue:)` are read alike.
    @Test func anAppsOwnMenuIsNotThereBeforeTheBuildInsertsIt() throws {
        let result = try importing(["AppDelegate.swift": """
            import UIKit
            extension UIMenu.Identifier {
                static let appActions = UIMenu.Identifier("com.example.actions")
                static let appFile = Self(rawValue: "com.example.file")
                static var appTools: Self { .init(rawValue: "com.example.tools") }
            }
            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                override func buildMenu(with builder: UIMenuBuilder) {
                    super.buildMenu(with: builder)
                    if builder.menu(for: .appActions) == nil {
                        builder.insertSibling(actionsMenu(), beforeMenu: .fullscreen)
                    } else {
                        builder.replace(menu: .appActions, with: actionsMenu())
                    }
                    if builder.menu(for: .appFile) == nil {
                        builder.insertChild(UIMenu(title: "", identifier: .appFile, options: .displayInline, children: [
                            UIKeyCommand(title: "Export", action: #selector(export), input: "e", modifierFlags: .command),
                        ]), atStartOfMenu: .file)
                    }
                    guard builder.menu(for: .appTools) == nil else { return }
                    builder.insertSibling(UIMenu(title: "Tools", identifier: .appTools, children: [
                        UICommand(title: "Measure", action: #selector(measure)),
                    ]), beforeMenu: .window)
                }
                @objc func export() {}
                @objc func measure() {}
                private func actionsMenu() -> UIMenu {
                    UIMenu(title: "", identifier: .appActions, options: .displayInline, children: [
                        UIKeyCommand(title: "Reload", action: #selector(reload), input: "r", modifierFlags: .command),
                        UICommand(title: "Customize", action: #selector(customize)),
                    ])
                }
                @objc func reload() {}
                @objc func customize() {}
            }
            """])
        // Inserted once, on every build: no run-time flag, no second copy from the `else`.
        #expect(try menus(result) == [
            "com.example.actions before=fullscreen inline [Reload, Customize]",
            "com.example.file parent=file at=start inline [Export]",
            "com.example.tools before=window [Measure]",
        ])
        #expect(!result.scene.contains("builderMenuFor"))
    }

    /// A menu the build's code made and then replaces (its menu code runs twice in one build:
    /// inserted the first time, replaced the second) holds the replacement's items where it was,
    /// under its own identifier, its shortcuts not taken by the menu it replaced.
    @Test func aMenuTheBuildMadeAndReplacesHoldsTheReplacement() throws {
        let result = try importing(["AppDelegate.swift": """
            import UIKit
            extension UIMenu.Identifier {
                static var appActions: Self { .init(rawValue: "com.example.actions") }
            }
            final class MenuManager {
                let builder: UIMenuBuilder
                init(builder: UIMenuBuilder) {
                    self.builder = builder
                    update()
                }
                func update() {
                    if builder.menu(for: .appActions) == nil {
                        builder.insertSibling(actionsMenu(), beforeMenu: .fullscreen)
                    } else {
                        builder.replace(menu: .appActions, with: actionsMenu())
                    }
                }
                private func actionsMenu() -> UIMenu {
                    UIMenu(title: "", identifier: .appActions, options: .displayInline, children: [
                        UIKeyCommand(title: "Reload", action: #selector(AppDelegate.reload), input: "r", modifierFlags: .command),
                    ])
                }
            }
            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                override func buildMenu(with builder: UIMenuBuilder) {
                    guard builder.system == .main else { return }
                    let manager = MenuManager(builder: builder)
                    manager.update()
                }
                @objc func reload() {}
            }
            """])
        let written = try menus(result)
        #expect(written.filter { $0.contains("Reload") } == ["com.example.actions after=sidebar inline [Reload]"], "\(written)")
        #expect(!result.scene.contains("\"removed\""))
    }
}
