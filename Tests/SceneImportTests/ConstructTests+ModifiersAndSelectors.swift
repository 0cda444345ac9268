import Testing
@testable import SceneImport
import Scenes

/// Modifier sets (`ModifierFlagsModel`) and selector names (`SelectorModel`, `SelectorName`).
extension ConstructTests {
    /// `UIKeyModifierFlags(arrayLiteral:)` with the flags as arguments is their set.
    @Test func modifierFlagsFromAnArrayLiteralInitialiser() throws {
        let result = try importing([
            "Tasks.swift": """
                import UIKit
                class TasksController: UITableViewController {
                    override var keyCommands: [UIKeyCommand]? {
                        [UIKeyCommand(title: "Edit", action: #selector(edit), input: "e", modifierFlags: .init(arrayLiteral: .shift, .command))]
                    }
                    @objc func edit() {}
                }
                """,
        ])
        #expect(keys(result) == ["TasksController keyCommands shift+cmd+e edit"])
    }

    /// A set declared with an array literal is one set: inserting into it grows the set. A
    /// loop over tokens the run time gives (a user's setting) leaves it unknown, never the union
    /// of what each token would add.
    @Test func aModifierSetDeclaredWithAnArrayLiteralGrowsAndALoopOverRunTimeTokensLeavesItUnknown() throws {
        let result = try importing([
            "Shortcuts.swift": """
                import UIKit
                class ShortcutView: UIView {
                    var tokens: [String] = []
                    override var keyCommands: [UIKeyCommand]? {
                        var fixed: UIKeyModifierFlags = []
                        fixed.insert(.command)
                        fixed.insert(.shift)
                        var parsed: UIKeyModifierFlags = []
                        for token in tokens {
                            switch token {
                            case "cmd": parsed.insert(.command)
                            case "shift": parsed.insert(.shift)
                            default: break
                            }
                        }
                        return [UIKeyCommand(input: "f", modifierFlags: fixed, action: #selector(find)),
                                UIKeyCommand(input: "k", modifierFlags: parsed, action: #selector(custom))]
                    }
                    @objc func find() {}
                    @objc func custom() {}
                }
                """,
        ])
        #expect(result.inventory.first { $0.action == "find" }?.displayShortcut == "shift+cmd+f")
        #expect(result.inventory.first { $0.action == "custom" }?.modifiers == nil)
    }

    @Test func aBareSelectorSeesOnlyItsOwnFilesPrivateMethods() throws {
        let result = try importing([
            "Editor.swift": """
                import UIKit
                class Editor: UIViewController {
                    override var keyCommands: [UIKeyCommand]? {
                        [UIKeyCommand(input: "c", modifierFlags: .command, action: #selector(copyText))]
                    }
                    @objc private func copyText() {}
                }
                """,
            "Editor+Toolbar.swift": """
                import UIKit
                extension Editor {
                    @objc private func copyText(_ sender: UIBarButtonItem) {}
                }
                """,
        ])
        #expect(keys(result) == ["Editor keyCommands cmd+c copyText"])
    }

    @Test func aSelectorCoercedToAFunctionTypePicksTheOverloadOfThatArity() throws {
        let result = try importing(["Finder.swift": """
            import UIKit
            class Finder: UIViewController {
                override var keyCommands: [UIKeyCommand]? {
                    [UIKeyCommand(input: "i", modifierFlags: [], action: #selector(Finder.save as (Finder) -> () -> Void)),
                     UIKeyCommand(input: "s", modifierFlags: .command, action: #selector(save as (URL, Bool) -> Void))]
                }
                @objc func save() {}
                @objc func save(_ link: URL, opml: Bool) {}
            }
            """])
        #expect(keys(result) == ["Finder keyCommands cmd+s save:opml:", "Finder keyCommands i save"])
        #expect(SelectorName.coercion(in: "save as (Finder) -> () -> Void")?.arity == 0)
        #expect(SelectorName.coercion(in: "Finder.open as (Finder) -> ((Int) -> Void, Bool) -> Void")?.arity == 2)
        #expect(SelectorName.coercion(in: "save") == nil)
    }

    @Test func selectorNames() throws {
        #expect(SelectorName.objectiveC(base: "find", labels: [nil]) == "find:")
        #expect(SelectorName.objectiveC(base: "refresh", labels: []) == "refresh")
        #expect(SelectorName.objectiveC(base: "handleKeyCommand", labels: ["sender"]) == "handleKeyCommandWithSender:")
        #expect(SelectorName.objectiveC(base: "move", labels: [nil, "animated"]) == "move:animated:")
        // No `With` after a preposition, at the label's start or the base name's end (Swift's rule).
        #expect(SelectorName.objectiveC(base: "write", labels: ["fromCommand"]) == "writeFromCommand:")
        #expect(SelectorName.objectiveC(base: "scroll", labels: ["to", "animated"]) == "scrollTo:animated:")
        #expect(SelectorName.objectiveC(base: "moveTo", labels: ["point"]) == "moveToPoint:")
        #expect(SelectorName.objectiveC(base: "handle", labels: ["withSender"]) == "handleWithSender:")
        #expect(SelectorName.objectiveC(base: "open", labels: ["tab"]) == "openWithTab:")
        #expect(SelectorName.objectiveC(base: "jump", labels: ["forwardBy"]) == "jumpWithForwardBy:")
        let parsed = SelectorName.parse("Type.method(_:with:)")
        #expect(parsed.type == "Type" && parsed.base == "method" && parsed.labels! == [nil, "with"])
    }

    /// `modifierFlags: isOn ? [.command] : [.command, .shift]`, or a helper returning one set
    /// under `if isOn` and another (an array or a single flag) in its `else`: one command per
    /// branch, each under its condition, not the union of both. A helper returning `[]` in one branch and flags it
    /// builds from unrelated conditions in the other still gives those flags.
    @Test func modifierSetsChosenByAConditionGiveOneCommandPerBranch() throws {
        let result = try importing(["Editor.swift": """
            import UIKit
            class Editor: UIViewController {
                var isRaw = false
                var isWide = false
                override var keyCommands: [UIKeyCommand]? {
                    [UIKeyCommand(input: "p", modifierFlags: isRaw ? [.command] : [.command, .alternate], action: #selector(preview)),
                     UIKeyCommand(input: "q", modifierFlags: quitFlags(), action: #selector(preview))]
                }
                private func quitFlags() -> UIKeyModifierFlags {
                    if isWide {
                        return [.command, .shift]
                    } else {
                        return .command
                    }
                }
                @objc func preview() {}
            }
            """])
        #expect(keys(result) == ["Editor keyCommands cmd+p preview", "Editor keyCommands cmd+q preview",
                                 "Editor keyCommands opt+cmd+p preview", "Editor keyCommands shift+cmd+q preview"])
    }
}
