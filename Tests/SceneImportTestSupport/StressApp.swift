import SceneImport

/// A generated app whose shortcut code is built to make an evaluator without memoisation or a
/// work budget run for minutes; benchmarks and tests import it at growing sizes to show that
/// import time grows linearly with it.
///
/// Each unit of ``sources(units:)`` holds:
/// - a chain of ten helper functions, each calling the next three times and adding a command
///   of its own to what the next returns (3¹⁰ calls when every call site is run again);
/// - a `keyCommands` getter built from a chain of ten closures, each calling the one before it
///   twice (2¹⁰ calls);
/// - two view controllers adopting a protocol whose extension provides their commands (so
///   100 units give 200 adopters);
/// - a `keyCommands` getter with thirty nested `if` conditions, a command under each.
public enum StressApp {
    /// Levels of each helper chain and closure chain.
    public static let chainLength = 10
    /// Nesting depth of each unit's conditions.
    public static let nestedConditions = 30

    /// Key commands one unit declares: one per helper level, per closure level, two adopters
    /// of the protocol's two commands, and one per nested condition.
    public static let commandsPerUnit = chainLength + chainLength + 2 * 2 + nestedConditions

    /// The app's sources, one file per unit plus the protocol's.
    public static func sources(units: Int) -> [(file: SourceFiles.File, text: String)] {
        var files: [(file: SourceFiles.File, text: String)] = [(file("Shared.swift"), sharedSource)]
        for unit in 0..<max(0, units) {
            files.append((file("Unit\(unit).swift"), unitSource(unit)))
        }
        return files
    }

    private static func file(_ name: String) -> SourceFiles.File {
        SourceFiles.File(path: "StressApp/" + name, displayPath: "StressApp/" + name)
    }

    private static let sharedSource = """
        import UIKit

        protocol SharedShortcuts {}

        extension SharedShortcuts {
            var sharedCommands: [UIKeyCommand] {
                [
                    UIKeyCommand(input: "s", modifierFlags: [.command, .alternate], action: #selector(UIResponder.sharedSave(_:))),
                    UIKeyCommand(input: "o", modifierFlags: [.command, .alternate], action: #selector(UIResponder.sharedOpen(_:))),
                ]
            }
        }

        extension UIResponder {
            @objc func sharedSave(_ sender: Any?) {}
            @objc func sharedOpen(_ sender: Any?) {}
        }

        """

    private static func unitSource(_ unit: Int) -> String {
        let u = "U\(unit)"
        var text = "import UIKit\n\nclass \(u)Helpers: UIViewController {\n"
        text += "    override var keyCommands: [UIKeyCommand]? { level0() }\n"
        for level in 0..<chainLength {
            let own = "UIKeyCommand(input: \"\(level)\", modifierFlags: [.command, .control], action: #selector(helper\(level)(_:)))"
            if level + 1 < chainLength {
                text += "    func level\(level)() -> [UIKeyCommand] {\n"
                text += "        guard level\(level + 1)().count >= 0, level\(level + 1)().count >= 0 else { return [] }\n"
                text += "        return level\(level + 1)() + [\(own)]\n    }\n"
            } else {
                text += "    func level\(level)() -> [UIKeyCommand] { [\(own)] }\n"
            }
            text += "    @objc func helper\(level)(_ sender: Any?) {}\n"
        }
        text += "}\n\nclass \(u)Closures: UIViewController {\n    override var keyCommands: [UIKeyCommand]? {\n"
        text += "        let step0: () -> [UIKeyCommand] = { [UIKeyCommand(input: \"a\", modifierFlags: .control, action: #selector(self.closure0(_:)))] }\n"
        for level in 1..<chainLength {
            let letter = String(UnicodeScalar(UInt8(ascii: "a") + UInt8(level)))
            text += "        let step\(level): () -> [UIKeyCommand] = { step\(level - 1)().isEmpty ? [] : step\(level - 1)() + [UIKeyCommand(input: \"\(letter)\", modifierFlags: .control, action: #selector(self.closure\(level)(_:)))] }\n"
        }
        text += "        return step\(chainLength - 1)()\n    }\n"
        for level in 0..<chainLength { text += "    @objc func closure\(level)(_ sender: Any?) {}\n" }
        text += "}\n\n"
        for adopter in 0..<2 {
            text += "class \(u)Adopter\(adopter): UIViewController, SharedShortcuts {\n"
            text += "    override var keyCommands: [UIKeyCommand]? { sharedCommands }\n}\n\n"
        }
        text += "class \(u)Nested: UIViewController {\n"
        for level in 0..<nestedConditions { text += "    var flag\(level) = false\n" }
        text += "    override var keyCommands: [UIKeyCommand]? {\n        var commands: [UIKeyCommand] = []\n"
        var indent = "        "
        for level in 0..<nestedConditions {
            text += "\(indent)if flag\(level) {\n"
            indent += "    "
            text += "\(indent)commands.append(UIKeyCommand(input: UIKeyCommand.inputF\(level % 12 + 1), modifierFlags: \(modifierCombination(level)), action: #selector(nested\(level)(_:))))\n"
        }
        for _ in 0..<nestedConditions {
            indent.removeLast(4)
            text += "\(indent)}\n"
        }
        text += "        return commands\n    }\n"
        for level in 0..<nestedConditions { text += "    @objc func nested\(level)(_ sender: Any?) {}\n" }
        text += "}\n"
        return text
    }

    /// A distinct modifier set for each of the first 30 levels (F1–F12 repeat).
    private static func modifierCombination(_ level: Int) -> String {
        let names = [".command", ".shift", ".alternate", ".control"]
        let mask = level / 12 + 1
        let chosen = names.enumerated().filter { mask & (1 << $0.offset) != 0 }.map(\.element)
        return "[" + chosen.joined(separator: ", ") + "]"
    }
}
