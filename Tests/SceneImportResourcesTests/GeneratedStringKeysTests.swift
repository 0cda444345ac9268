import Foundation
import Testing
@testable import SceneImportResources

/// Keys of the strings tables by the names SwiftGen, Tuist and R.swift give their accessors.
@Suite struct GeneratedStringKeysTests {
    static func keys(_ text: String) -> GeneratedStringKeys {
        var table = StringsTable()
        table.add(Data(text.utf8))
        return GeneratedStringKeys(table)
    }

    @Test func anAccessorPathNamesTheKeyItWasGeneratedFrom() {
        let keys = Self.keys("""
            "main_window_group_commands.entities.title" = "Entities";
            "messageMenuTitle" = "Message";
            "settings-title" = "Settings";
            """)
        #expect(keys.key(forPath: ["MainWindowGroupCommands", "Entities", "title"]) == "main_window_group_commands.entities.title")
        #expect(keys.key(forPath: ["mainWindowGroupCommandsEntitiesTitle"]) == "main_window_group_commands.entities.title")
        #expect(keys.key(forPath: ["Localizable", "messageMenuTitle"]) == "messageMenuTitle")
        #expect(keys.key(forPath: ["settingsTitle"]) == "settings-title")
        #expect(keys.key(forPath: ["Entities", "subtitle"]) == nil)
    }

    /// Two keys that reduce to the same letters name no key for certain.
    @Test func keysThatReduceAlikeAreLeftOut() {
        let keys = Self.keys("""
            "menu.open" = "Open";
            "menu_open" = "Open…";
            "menu.close" = "Close";
            """)
        #expect(keys.key(forPath: ["Menu", "open"]) == nil)
        #expect(keys.key(forPath: ["Menu", "close"]) == "menu.close")
    }
}
