import KeyTraceCore
import ResponderEngine
import Surfaces
import Testing

/// The table of what macOS adds to the menu bar (`StandardMenuBarItems`) and the standard main
/// menu it is drawn in.
@Suite struct StandardMenuBarItemsTests {
    @Test func everyGroupOfTheTableIsAMenuOfTheStandardMainMenu() {
        let standard = MenuBuilder.standard().root
        for group in StandardMenuBarItems.groups {
            #expect(standard.menu(group.menu) != nil, "\(group.menu)")
            #expect(!group.items.isEmpty && group.source.hasPrefix("https://developer.apple.com/design/human-interface-guidelines/"))
        }
    }

    @Test func theStandardMenuBarShowsEachKeyEquivalentOnce() {
        var seen: [KeyShortcut: String] = [:]
        let tableShortcuts = StandardMenuBarItems.groups.flatMap(\.items).compactMap { item in item.shortcut.map { ($0, item.title) } }
        let standardShortcuts = MenuBuilder.standard().root.allKeyCommands.map { ($0.shortcut, $0.title) }
        for (shortcut, title) in tableShortcuts + standardShortcuts {
            #expect(seen[shortcut] == nil, "\(shortcut) on \(title) and \(seen[shortcut] ?? "")")
            seen[shortcut] = title
        }
    }

    /// The groups the main menu names after UIKit's identifiers: inline groups draw no title,
    /// submenus do; key commands in an inline group belong to its parent for discovery.
    @Test func theStandardMainMenuGroupsAsUIKitGroups() throws {
        let standard = MenuBuilder.standard().root
        for inline in [Menu.Identifier.about, .preferences, .hide, .quit, .undoRedo, .standardEdit, .textStyle, .textSize,
                       .toolbar, .sidebar, .fullscreen, .minimizeAndZoom, .bringAllToFront] {
            #expect(standard.menu(inline)?.isInline == true, "\(inline)")
        }
        for submenu in [Menu.Identifier.services, .find, .spelling, .substitutions, .transformations, .speech, .font, .text] {
            #expect(standard.menu(submenu)?.isInline == false && standard.menu(submenu)?.title.isEmpty == false, "\(submenu)")
        }
        let holders = Dictionary(standard.keyCommandsWithMenus.map { ($0.command.action ?? "", $0.menu) }, uniquingKeysWith: { a, _ in a })
        #expect(holders[.copy] == .edit && holders[.undo] == .edit && holders[.find] == .find)
        #expect(holders[.toggleBoldface] == .font && holders[.toggleSidebar] == .view)
    }
}
