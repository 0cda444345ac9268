import Testing
@testable import SceneImport
import SceneImportTestSupport
import Scenes

/// Strings, characters and numbers: `String(format:)` (`LocalizedStringModel`), code points and
/// character sets (`UnicodeModel`), integer arithmetic.
extension ConstructTests {
    /// `String(format:)` is read for the conversions Foundation writes plainly (`%d`, `%@`); a
    /// `%c` keeps only a number's low byte, so its input is not fixed.
    @Test func stringFormatGivesPlainConversionsAndLeavesOthersUnfixed() throws {
        let result = try importing([
            "Pages.swift": """
                import UIKit
                class PagesController: UIViewController {
                    override var keyCommands: [UIKeyCommand]? {
                        var commands: [UIKeyCommand] = []
                        for page in 1...2 {
                            commands.append(UIKeyCommand(input: String(format: "%d", page), modifierFlags: .command, action: #selector(show)))
                        }
                        commands.append(UIKeyCommand(input: String(format: "%@", "k"), modifierFlags: .command, action: #selector(show)))
                        commands.append(UIKeyCommand(input: String(format: "%c", 0xF704), modifierFlags: [], action: #selector(show)))
                        return commands
                    }
                    @objc func show() {}
                }
                """,
        ])
        #expect(keys(result) == [
            "PagesController keyCommands ? show", "PagesController keyCommands cmd+1 show", "PagesController keyCommands cmd+2 show",
            "PagesController keyCommands cmd+k show",
        ])
    }

    /// A localized string whose key no strings table holds is the development language's text
    /// the call gives, as Foundation returns it: `NSLocalizedString`'s `value:`,
    /// `String(localized:defaultValue:)`'s default (Objective-C's
    /// `NSLocalizedStringWithDefaultValue`: `ObjectiveCImportTests`); without one, the key.
    @Test func aLocalizedStringMissingFromTheTablesIsItsDefaultValue() throws {
        let result = try importing([
            "Menu.swift": """
                import UIKit
                class MenuController: UIViewController {
                    override var keyCommands: [UIKeyCommand]? {
                        [UIKeyCommand(title: NSLocalizedString("[Database/Open]", bundle: .main, value: "Open Database", comment: ""),
                                      action: #selector(open), input: "o", modifierFlags: .command),
                         UIKeyCommand(title: String(localized: "menu.find", defaultValue: "Find"), action: #selector(find), input: "f", modifierFlags: .command),
                         UIKeyCommand(title: NSLocalizedString("Save", comment: ""), action: #selector(save), input: "s", modifierFlags: .command)]
                    }
                    @objc func open() {}
                    @objc func find() {}
                    @objc func save() {}
                }
                """,
        ])
        let titles = Dictionary(uniqueKeysWithValues: result.inventory.map { ($0.action ?? "nil", $0.title ?? "nil") })
        #expect(titles == ["open": "Open Database", "find": "Find", "save": "Save"])
    }

    /// A title whose key a String Catalog (`Localizable.xcstrings`) holds is its English text.
    @Test func aStringCatalogGivesTitlesTheirEnglishText() throws {
        let result = try TemporaryApp.importing([
            "App/EditorController.swift": """
                import UIKit
                class EditorController: UIViewController {
                    override var keyCommands: [UIKeyCommand]? {
                        [UIKeyCommand(title: String(localized: "button.text.bold", comment: "Bold"), action: #selector(bold), input: "b", modifierFlags: .command)]
                    }
                    @objc func bold() {}
                }
                """,
            "App/Resources/Localizable.xcstrings": #"""
                {"sourceLanguage": "en", "version": "1.0", "strings": {
                  "button.text.bold": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Bold"}},
                                                         "de": {"stringUnit": {"state": "translated", "value": "Fett"}}}}}}
                """#,
        ], folder: "App")
        #expect(result.inventory.map(\.title) == ["Bold"])
    }

    /// SwiftGen's generated strings: a static `L10n.Menu.share` calling a helper with a
    /// variadic parameter left empty (`tr(_ table:, _ key:, _ args: CVarArg...)`), which looks the
    /// key up with `NSLocalizedString(_:tableName:bundle:comment:)` or
    /// `Bundle.localizedString(forKey:value:table:)` and formats it with
    /// `String(format:locale:arguments:)`; a format without conversions is its own text.
    @Test func swiftGenStringsGiveTitlesTheirText() throws {
        let result = try TemporaryApp.importing([
            "App/Strings.swift": """
                import Foundation
                internal enum L10n {
                  internal enum Menu {
                    internal static let share = L10n.tr("Localizable", "menu.share")
                    internal static let notes = L10n.bundled("Localizable", "menu.releaseNotes")
                    internal static func count(_ p1: Int) -> String { L10n.tr("Localizable", "menu.count", p1) }
                  }
                }
                extension L10n {
                  private static func tr(_ table: String, _ key: String, _ args: CVarArg...) -> String {
                    let format = NSLocalizedString(key, tableName: table, bundle: Bundle(for: BundleToken.self), comment: "")
                    return String(format: format, locale: Locale.current, arguments: args)
                  }
                  private static func bundled(_ table: String, _ key: String, _ args: CVarArg...) -> String {
                    let format = BundleToken.bundle.localizedString(forKey: key, value: nil, table: table)
                    return String(format: format, locale: Locale.current, arguments: args)
                  }
                }
                private final class BundleToken { static let bundle = Bundle(for: BundleToken.self) }
                """,
            "App/MenuController.swift": """
                import UIKit
                class MenuController: UIViewController {
                    override var keyCommands: [UIKeyCommand]? {
                        [UIKeyCommand(title: L10n.Menu.share, action: #selector(share), input: "s", modifierFlags: .command),
                         UIKeyCommand(title: L10n.Menu.notes, action: #selector(notes), input: "n", modifierFlags: .command),
                         UIKeyCommand(title: L10n.Menu.count(3), action: #selector(count), input: "c", modifierFlags: .command)]
                    }
                    @objc func share() {}
                    @objc func notes() {}
                    @objc func count() {}
                }
                """,
            "App/en.lproj/Localizable.strings": #"""
                "menu.share" = "Share…";
                "menu.releaseNotes" = "Release Notes";
                "menu.count" = "%d Items";
                """#,
        ], folder: "App")
        let titles = Dictionary(uniqueKeysWithValues: result.inventory.map { ($0.action ?? "nil", $0.title ?? "nil") })
        // A format with a conversion takes its value from the `CVarArg` array, which is not read.
        #expect(titles == ["share": "Share…", "notes": "Release Notes", "count": "nil"])
    }

    @Test func remainderAndQuotientOfIntegersAreComputed() throws {
        let result = try importing([
            "Tabs.swift": """
                import UIKit
                class Tabs: UIViewController {
                    override var keyCommands: [UIKeyCommand]? {
                        var commands: [UIKeyCommand] = []
                        for i in 9 ... 10 {
                            commands.append(UIKeyCommand(input: String(i % 10), modifierFlags: .command, action: #selector(go)))
                        }
                        commands.append(UIKeyCommand(input: String(17 / 5), modifierFlags: .command, action: #selector(go)))
                        return commands
                    }
                    @objc func go() {}
                }
                """,
        ])
        #expect(keys(result) == ["Tabs keyCommands cmd+0 go", "Tabs keyCommands cmd+3 go", "Tabs keyCommands cmd+9 go"])
    }

    /// Loops over code points: hexadecimal ranges, `Unicode.Scalar(n)` interpolated into the
    /// input, and a character set's membership test decided with Foundation's tables.
    @Test func codePointLoopsAndCharacterSetMembership() throws {
        let result = try importing(["U.swift": """
            import UIKit
            final class Terminal: UIViewController {
                override var keyCommands: [UIKeyCommand]? {
                    var commands: [UIKeyCommand] = []
                    for code in 0x030...0x032 {
                        let scalar = Unicode.Scalar(code)!
                        commands.append(UIKeyCommand(input: "\\(scalar)", modifierFlags: .control, action: #selector(typeKey)))
                    }
                    for code in 0x0DE...0x0E1 {
                        if CharacterSet.lowercaseLetters.contains(Unicode.Scalar(code)!) {
                            commands.append(UIKeyCommand(input: String(Unicode.Scalar(code)!), modifierFlags: [], action: #selector(typeKey)))
                        }
                    }
                    return commands
                }
                @objc func typeKey(_ sender: UIKeyCommand) {}
            }
            """])
        // U+00DE (Þ) is upper case; U+00DF (ß), U+00E0 (à), U+00E1 (á) are lower case.
        #expect(result.inventory.map { $0.input ?? "nil" } == ["0", "1", "2", "ß", "à", "á"])
        #expect(result.inventory.allSatisfy { !$0.conditional })
    }

    /// `index.description` is the number's text, and a test on a value the source does not fix
    /// (`item?.isEnabled ?? false`) stays a run-time condition instead of taking its fallback.
    @Test func numberDescriptionsAndUnknownOptionalTests() throws {
        let result = try importing(["Game.swift": """
            import UIKit
            class GameViewController: UIViewController {
                override var keyCommands: [UIKeyCommand]? {
                    var commands = (1..<4).map { index in
                        UIKeyCommand(title: "Section \\(index)", action: #selector(toggle(_:)), input: index.description, modifierFlags: .command)
                    }
                    if navigationItem.rightBarButtonItem?.isEnabled ?? false {
                        commands.append(UIKeyCommand(title: "Quit", action: #selector(quit), input: "q", modifierFlags: .command))
                    }
                    return commands
                }
                @objc func toggle(_ sender: UIKeyCommand) {}
                @objc func quit() {}
            }
            """])
        #expect(keys(result) == [
            "GameViewController keyCommands cmd+1 toggle:", "GameViewController keyCommands cmd+2 toggle:",
            "GameViewController keyCommands cmd+3 toggle:", "GameViewController keyCommands cmd+q quit",
        ])
        #expect(result.inventory.first { $0.action == "quit" }?.conditional == true)
    }

    /// `UnicodeScalar("a").value` is the letter's code point, so a range between two such
    /// values maps back to the letters.
    @Test func scalarValuesBoundLetterRanges() throws {
        let result = try importing(["Keys.swift": """
            import UIKit
            private let keys: [UIKeyCommand] = {
                let lower = (UnicodeScalar("a").value...UnicodeScalar("c").value).map { String(UnicodeScalar($0)!) }
                let upper = (Unicode.Scalar("X").value...Unicode.Scalar("Y").value).map { String(UnicodeScalar($0)!) }
                return (lower + upper).map { UIKeyCommand(input: $0, modifierFlags: [], action: #selector(GameController.key(_:))) }
            }()
            class GameController: UIViewController {
                override var keyCommands: [UIKeyCommand]? { keys }
                @objc func key(_ sender: UIKeyCommand) {}
            }
            """])
        #expect(result.inventory.map { $0.input ?? "?" }.sorted() == ["X", "Y", "a", "b", "c"])
        #expect(Set(result.inventory.map(\.declaredIn)) == ["GameController"])
    }
}
