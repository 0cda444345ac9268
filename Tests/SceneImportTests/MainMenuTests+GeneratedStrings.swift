import Testing
@testable import SceneImport
import SceneImportTestSupport

/// Titles read through accessors a build step generates from the strings tables
/// (``GeneratedStringsModel``) when the generated file is not among the imported sources, and
/// SwiftUI menu titles looked up as `LocalizedStringKey`s.
extension MainMenuTests {
    static let strings = """
        "menu.help.title" = "Show Help";
        "menu.about" = "About %@";
        "messageMenuTitle" = "Message";
        "settings_title" = "Settings…";
        "tab.timeline" = "Timeline";
        "entities.title" = "Entities";
        "entities.refresh" = "Refresh Entities";
        """

    func importingCatalyst(_ files: [String: String]) throws -> ImportResult {
        var all = files
        all["App/en.lproj/Localizable.strings"] = Self.strings
        return try TemporaryApp.importing(all, folder: "App", with: SceneImporter(options: .init(conditions: .init(platform: .macCatalyst))))
    }

    /// SwiftGen's `L10n.Menu.Help.title` (one enum per part of `menu.help.title`), Tuist's
    /// `<Target>Strings.Localizable.messageMenuTitle` (the table's enum first), R.swift's
    /// `R.string.localizable.settingsTitle()` and a SwiftGen function that formats its argument.
    @Test func generatedAccessorsOutsideTheSourcesGiveTheirKeysText() throws {
        let result = try importingCatalyst([
            "App/HelpController.swift": """
                import UIKit
                class HelpController: UIViewController {
                    override var keyCommands: [UIKeyCommand]? {
                        [UIKeyCommand(title: L10n.Menu.Help.title, action: #selector(help), input: "?", modifierFlags: .command),
                         UIKeyCommand(title: MailStrings.Localizable.messageMenuTitle, action: #selector(message), input: "m", modifierFlags: [.command, .shift]),
                         UIKeyCommand(title: R.string.localizable.settingsTitle(), action: #selector(settings), input: ";", modifierFlags: .command),
                         UIKeyCommand(title: L10n.Menu.about("Notes"), action: #selector(about), input: "i", modifierFlags: .command),
                         UIKeyCommand(title: L10n.Menu.unknownKey, action: #selector(other), input: "u", modifierFlags: .command)]
                    }
                    @objc func help() {}
                    @objc func message() {}
                    @objc func settings() {}
                    @objc func about() {}
                    @objc func other() {}
                }
                """,
        ])
        let titles = Dictionary(uniqueKeysWithValues: result.inventory.map { ($0.action ?? "nil", $0.title ?? "nil") })
        #expect(titles == ["help": "Show Help", "message": "Message", "settings": "Settings…", "about": "About Notes", "other": "nil"])
    }

    /// An app that declares the accessor's type is read as its own code: the generated file's
    /// lookup is what runs, not the name matching.
    @Test func aDeclaredAccessorTypeIsTheAppsOwnCode() throws {
        let result = try importingCatalyst([
            "App/Strings.swift": """
                enum L10n {
                    enum Menu { enum Help { static let title = "Help Me" } }
                }
                """,
            "App/HelpController.swift": """
                import UIKit
                class HelpController: UIViewController {
                    override var keyCommands: [UIKeyCommand]? {
                        [UIKeyCommand(title: L10n.Menu.Help.title, action: #selector(help), input: "?", modifierFlags: .command)]
                    }
                    @objc func help() {}
                }
                """,
        ])
        #expect(result.inventory.map(\.title) == ["Help Me"])
    }

    /// A type alias for one of the app's types (`typealias L = L10n.Localizable`) names that
    /// type: `L.Menu.operation` reads the generated file's `L10n.Localizable.Menu.operation`,
    /// whose key no table holds, so its fallback is the title.
    @Test func aTypeAliasNamesTheTypeItStandsFor() throws {
        let result = try importingCatalyst([
            "App/Strings.swift": """
                import Foundation
                typealias L = L10n.Localizable
                enum L10n {
                    enum Localizable {
                        enum Menu { static let operation = L10n.tr("Localizable", "menu.operation", fallback: "Operation") }
                    }
                    private static func tr(_ table: String, _ key: String, _ args: CVarArg..., fallback value: String) -> String {
                        let format = Bundle.main.localizedString(forKey: key, value: value, table: table)
                        return String(format: format, locale: Locale.current, arguments: args)
                    }
                }
                """,
            "App/MenuController.swift": """
                import UIKit
                class MenuController: UIViewController {
                    override var keyCommands: [UIKeyCommand]? {
                        [UIKeyCommand(title: L.Menu.operation, action: #selector(operate), input: "o", modifierFlags: .command)]
                    }
                    @objc func operate() {}
                }
                """,
        ])
        #expect(result.inventory.map(\.title) == ["Operation"])
    }

    /// A `CommandMenu`'s title and a keyless button's are `LocalizedStringKey`s: a literal is
    /// looked up in the strings tables, and a generated accessor gives its key's text.
    @Test func swiftUIMenuTitlesAreLookedUpInTheStrings() throws {
        let result = try importingCatalyst([
            "App/FeedApp.swift": """
                import SwiftUI
                @main
                struct FeedApp: App {
                    var body: some Scene {
                        WindowGroup { Text("Feed") }
                            .commands {
                                CommandMenu("tab.timeline") {
                                    Button("Refresh") { }.keyboardShortcut("r")
                                }
                                CommandMenu(L10n.Entities.title) {
                                    Button(L10n.Entities.refresh) { }
                                    Button("Reload") { }.keyboardShortcut("r", modifiers: [.command, .shift])
                                }
                            }
                    }
                }
                """,
        ])
        let bar = try menuBar(result)
        #expect(titles(bar) == ["App", "File", "Edit", "Format", "View", "Timeline", "Entities", "Window", "Help"])
        #expect(outline(bar.menus[6]) == ["Refresh Entities", "Reload"])
    }

    /// A SwiftUI menu item whose title only the running app knows (an interpolation of the
    /// bundle's name, a generated accessor formatting it) is still an item, titled as the code
    /// writes it: replacing `.appInfo` with it takes the standard About item away. A title the
    /// evaluator reads in the `Commands` type (`"Check \(product)…"`) is the item's.
    @Test func aMenuItemTitledByTheRunningAppIsStillAnItem() throws {
        let result = try importingCatalyst([
            "App/NotesApp.swift": #"""
                import SwiftUI
                @main
                struct NotesApp: App {
                    var body: some Scene {
                        WindowGroup { Text("Notes") }
                            .commands { AppMenuCommands() }
                    }
                }
                struct AppMenuCommands: Commands {
                    private let product = "Updates"
                    private var appName: String {
                        Bundle.main.object(forInfoDictionaryKey: "CFBundleDisplayName") as? String ?? "Notes"
                    }
                    var body: some Commands {
                        CommandGroup(replacing: .appInfo) {
                            Button("About \(appName)") { }
                        }
                        CommandGroup(after: .appInfo) {
                            Button("Check \(product)…") { }
                        }
                        CommandGroup(replacing: .help) {
                            Button(L10n.Menu.about(appName)) { }
                        }
                    }
                }
                """#,
        ])
        let bar = try menuBar(result)
        #expect(Array(outline(bar.menus[0], appOnly: false).filter { $0 != "--" }.prefix(2)) == [#"About \(appName)"#, "Check Updates…"])
        #expect(outline(bar.menus[0], appOnly: false).filter { $0.hasPrefix("About") }.count == 1)
        #expect(outline(bar.menus.last, appOnly: false) == ["[Search]", "L10n.Menu.about(appName)"])
    }
}
