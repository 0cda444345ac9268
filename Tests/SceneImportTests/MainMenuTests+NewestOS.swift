import Testing
@testable import SceneImport

/// The main menu on the newest OS: menu code an availability check leaves to older systems
/// changes nothing, and an item's action picked by such a check is the newest OS's.
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
}
