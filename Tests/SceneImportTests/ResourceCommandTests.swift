import CLITestSupport
import Foundation
import Testing
@testable import SceneImport

/// Commands built from data the app bundles: a property list or JSON file the code loads by
/// name and turns into commands with `NSSelectorFromString`. Each source and resource is
/// written for this test.
@Suite struct ResourceCommandTests {
    /// Writes `files` (path → contents) into a new folder and imports it.
    func importing(_ files: [String: String]) throws -> ImportResult {
        let root = ScratchDirectory.make()
        for (path, text) in files {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return try SceneImporter().importApp(at: [root])
    }

    func keys(_ result: ImportResult) -> [String] {
        result.inventory.map { "\($0.declaredIn) \($0.displayShortcut) \($0.action ?? "nil") \($0.title ?? "nil")" }.sorted()
    }

    static let plistController = """
        import UIKit
        final class LibraryViewController: UIViewController {
            private lazy var dataCommands: [UIKeyCommand] = {
                guard let url = Bundle.main.url(forResource: "Shortcuts", withExtension: "plist"),
                      let entries = NSArray(contentsOf: url) as? [[String: Any]] else { return [] }
                return entries.compactMap { entry in
                    guard let input = entry["input"] as? String, let action = entry["action"] as? String else { return nil }
                    let flags = UIKeyModifierFlags(rawValue: entry["modifiers"] as? Int ?? 0)
                    return UIKeyCommand(title: entry["title"] as? String ?? "", action: NSSelectorFromString(action),
                                        input: input, modifierFlags: flags)
                }
            }()
            override var keyCommands: [UIKeyCommand]? { dataCommands }
            @objc func openRecent(_ sender: Any?) {}
            @objc func showInfo(_ sender: Any?) {}
        }
        """

    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <array>
            <dict><key>input</key><string>o</string><key>modifiers</key><integer>1179648</integer>
                  <key>action</key><string>openRecent:</string><key>title</key><string>Open Recent</string></dict>
            <dict><key>input</key><string>i</string><key>modifiers</key><integer>1048576</integer>
                  <key>action</key><string>showInfo:</string><key>title</key><string>Info</string></dict>
        </array>
        </plist>
        """

    @Test func aPropertyListLoadedByNameGivesOneCommandPerEntry() throws {
        let result = try importing(["App/LibraryViewController.swift": Self.plistController, "App/Resources/Shortcuts.plist": Self.plist])
        #expect(keys(result) == [
            "LibraryViewController cmd+i showInfo: Info",
            "LibraryViewController shift+cmd+o openRecent: Open Recent",
        ])
        #expect(result.inventory.allSatisfy { $0.file.hasSuffix("LibraryViewController.swift") })
        // A bundled resource is always there: its commands are unconditional.
        #expect(result.inventory.allSatisfy { !$0.conditional })
        #expect(result.report.sceneError == nil)
    }

    /// Modifier names stored as Booleans per entry (`shiftModifier`, `commandModifier`) and
    /// turned into flags by `if entry[…] as? Bool ?? false { flags.insert(…) }`: each entry gets
    /// exactly its own modifiers, a missing key counting as false.
    @Test func modifierBooleansOfAnEntryGiveExactlyItsModifiers() throws {
        let controller = """
            import UIKit
            final class KeyboardManager: UIViewController {
                override var keyCommands: [UIKeyCommand]? {
                    guard let path = Bundle.main.path(forResource: "Keys", ofType: "plist"),
                          let entries = NSArray(contentsOfFile: path) as? [[String: Any]] else { return nil }
                    return entries.compactMap { Self.command(entry: $0) }
                }
                static func command(entry: [String: Any]) -> UIKeyCommand? {
                    guard let input = entry["key"] as? String else { return nil }
                    return UIKeyCommand(input: input, modifierFlags: flags(entry: entry), action: NSSelectorFromString(entry["action"] as! String))
                }
                static func flags(entry: [String: Any]) -> UIKeyModifierFlags {
                    var flags = UIKeyModifierFlags()
                    if entry["shiftModifier"] as? Bool ?? false { flags.insert(.shift) }
                    if entry["optionModifier"] as? Bool ?? false { flags.insert(.alternate) }
                    if entry["commandModifier"] as? Bool ?? false { flags.insert(.command) }
                    return flags
                }
                @objc func goBack(_ sender: Any?) {}
                @objc func next(_ sender: Any?) {}
            }
            """
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><array>
              <dict><key>key</key><string>b</string><key>action</key><string>goBack:</string><key>commandModifier</key><true/></dict>
              <dict><key>key</key><string>n</string><key>action</key><string>next:</string><key>shiftModifier</key><true/>
                    <key>commandModifier</key><false/></dict>
            </array></plist>
            """
        let result = try importing(["App/KeyboardManager.swift": controller, "App/Keys.plist": plist])
        #expect(keys(result) == ["KeyboardManager cmd+b goBack: nil", "KeyboardManager shift+n next: nil"])
        #expect(result.inventory.allSatisfy { !$0.conditional })
    }

    /// A condition on a constant is decided at import; one on a stored `var` stays a run-time
    /// condition, whatever the `var`'s initial value.
    @Test func conditionsOnConstantsAreDecidedAndConditionsOnStateAreKept() throws {
        let controller = """
            import UIKit
            let showsDebugCommands = false
            final class EditorViewController: UIViewController {
                var isEditingText = false
                static let saves = true
                override var keyCommands: [UIKeyCommand]? {
                    var keys: [UIKeyCommand] = []
                    if isEditingText { keys.append(UIKeyCommand(input: "s", modifierFlags: .command, action: #selector(save))) }
                    if !isEditingText { keys.append(UIKeyCommand(input: "e", modifierFlags: .command, action: #selector(edit))) }
                    if Self.saves { keys.append(UIKeyCommand(input: "s", modifierFlags: [.command, .shift], action: #selector(save))) }
                    if showsDebugCommands { keys.append(UIKeyCommand(input: "d", modifierFlags: .command, action: #selector(edit))) }
                    return keys
                }
                @objc func save() {}
                @objc func edit() {}
                func begin() { isEditingText = true }
            }
            """
        let result = try importing(["App/EditorViewController.swift": controller])
        let rows = result.inventory.map { "\($0.displayShortcut) \($0.conditional)" }.sorted()
        #expect(rows == ["cmd+e true", "cmd+s true", "shift+cmd+s false"])
    }

    @Test func aJSONFileDecodedIntoAnAppTypeGivesOneCommandPerElement() throws {
        let controller = """
            import UIKit
            struct Binding: Decodable {
                let key: String
                let action: String
                let modifiers: Int
            }
            final class EditorViewController: UIViewController {
                override var keyCommands: [UIKeyCommand]? {
                    guard let url = Bundle.main.url(forResource: "bindings.json", withExtension: nil),
                          let data = try? Data(contentsOf: url),
                          let bindings = try? JSONDecoder().decode([Binding].self, from: data) else { return [] }
                    var commands: [UIKeyCommand] = []
                    for binding in bindings {
                        commands.append(UIKeyCommand(input: binding.key, modifierFlags: UIKeyModifierFlags(rawValue: binding.modifiers),
                                                     action: NSSelectorFromString(binding.action)))
                    }
                    return commands
                }
                @objc func indent() {}
                @objc func outdent() {}
            }
            """
        let json = """
            [{"key": "]", "action": "indent", "modifiers": 1048576},
             {"key": "[", "action": "outdent", "modifiers": 1048576},
             {"key": "\\t", "action": "indent", "modifiers": 0}]
            """
        let result = try importing(["Editor/EditorViewController.swift": controller, "Editor/bindings.json": json])
        #expect(keys(result) == [
            "EditorViewController cmd+[ outdent nil",
            "EditorViewController cmd+] indent nil",
            "EditorViewController tab indent nil",
        ])
    }

    @Test func aResourceThatIsMissingOrUnreadableLeavesTheCommandUnresolved() throws {
        // No Shortcuts.plist: the command's input and modifiers are not static.
        let missing = try importing(["App/LibraryViewController.swift": Self.plistController])
        #expect(missing.inventory.count == 1)
        #expect(missing.inventory.first?.input == nil)
        #expect(missing.inventory.first?.conditional == true)
        #expect(missing.report.unresolved.count == 1)
        let broken = try importing(["App/LibraryViewController.swift": Self.plistController, "App/Shortcuts.plist": "<plist><array><dict>"])
        #expect(broken.inventory.count == 1)
        #expect(broken.inventory.first?.input == nil)
    }
}
