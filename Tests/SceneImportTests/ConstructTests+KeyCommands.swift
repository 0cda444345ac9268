import KeyTraceCore
import Testing
@testable import SceneImport
import Scenes

/// UIKit's key commands: `UIKeyCommand`'s initialisers, properties and key-input constants
/// (`KeyCommandModel`, `KeyInputModel`), `keyCommands` and `addKeyCommand(_:)` (`ResponderModel`), and
/// the creation sites the sweep lists or leaves alone (`CreationSiteSweep`).
extension ConstructTests {
    @Test func selfCallInAStaticMemberConstructsTheType() throws {
        let result = try importing([
            "Hotkey.swift": """
                import UIKit
                struct Hotkey {
                    fileprivate let input: String
                    fileprivate let modifiers: UIKeyModifierFlags
                    static let edit = Self(input: "e", modifiers: [.command])
                    static let group = Self(input: "n", modifiers: [.command, .control])
                }
                extension UIKeyCommand {
                    convenience init(action: Selector, hotkey: Hotkey) {
                        self.init(input: hotkey.input, modifierFlags: hotkey.modifiers, action: action)
                    }
                }
                class Viewer: UIViewController {
                    override var keyCommands: [UIKeyCommand]? {
                        [UIKeyCommand(action: #selector(edit), hotkey: .edit), UIKeyCommand(action: #selector(group), hotkey: .group)]
                    }
                    @objc func edit() {}
                    @objc func group() {}
                }
                """,
        ])
        #expect(keys(result) == ["Viewer keyCommands cmd+e edit", "Viewer keyCommands ctrl+cmd+n group"])
    }

    /// A static stored command is built once, whoever reads it: a getter that picks among
    /// static tables under a `switch` gets each table's commands under each case that reads it,
    /// and a condition that reads the command first (in constants-only mode, running no app
    /// code) does not stand in for the read that returns it.
    /// `list.forEach { $0.wantsPriorityOverSystemBehavior = true }` and `for command in list {
    /// command.title = … }` change the commands the array holds, as `UIKeyCommand` is a class.
    @Test func propertiesSetOnEachCommandOfAnArrayAreTheCommands() throws {
        let result = try importing([
            "Browser.swift": """
                import UIKit
                class Browser: UIViewController {
                    override var keyCommands: [UIKeyCommand]? {
                        let search = [
                            UIKeyCommand(action: #selector(move), input: UIKeyCommand.inputDownArrow),
                            UIKeyCommand(action: #selector(move), input: UIKeyCommand.inputUpArrow),
                        ]
                        let window = [UIKeyCommand(action: #selector(nextTab), input: "]", modifierFlags: [.command, .shift])]
                        search.forEach { $0.wantsPriorityOverSystemBehavior = true }
                        for command in window {
                            command.wantsPriorityOverSystemBehavior = true
                            command.discoverabilityTitle = "Next Tab"
                        }
                        return search + window
                    }
                    @objc func move() {}
                    @objc func nextTab() {}
                }
                """,
        ])
        #expect(result.inventory.map(\.wantsPriority) == [true, true, true])
        #expect(result.inventory.last?.title == "Next Tab")
    }

    @Test func aStaticCommandTableIsBuiltOnceAndReadUnderEachCondition() throws {
        let result = try importing([
            "Editor.swift": """
                import UIKit
                class Editor: UIViewController {
                    enum Mode { case plain, vim }
                    var mode = Mode.plain
                    private static let arrows: [UIKeyCommand] = ["h", "l"].map { UIKeyCommand(input: $0, modifierFlags: .control, action: #selector(move)) }
                    private static let vimKeys: [UIKeyCommand] = arrows + [UIKeyCommand(input: "i", modifierFlags: [], action: #selector(insert))]
                    static let save = UIKeyCommand(input: "s", modifierFlags: .command, action: #selector(save))
                    override var keyCommands: [UIKeyCommand]? {
                        var keys = [UIKeyCommand]()
                        switch mode {
                        case .plain: keys.append(contentsOf: Self.arrows)
                        case .vim: keys.append(contentsOf: Self.vimKeys)
                        }
                        if Self.save.title != nil || isEditing {
                            keys.append(Self.save)
                        }
                        return keys
                    }
                    @objc func move() {}
                    @objc func insert() {}
                    @objc func save() {}
                }
                """,
        ])
        #expect(keys(result) == ["Editor keyCommands cmd+s save", "Editor keyCommands ctrl+h move", "Editor keyCommands ctrl+l move",
                                 "Editor keyCommands i insert"])
        let arrows = result.inventory.filter { $0.action == "move:" || $0.action == "move" }
        #expect(arrows.allSatisfy { $0.conditional })
        #expect(result.inventory.first { $0.input == "s" }?.condition?.text.contains("isEditing") == true)
    }

    /// A context menu's commands act only while that menu is open: they are no shortcuts of the
    /// responder chain, and the sweep does not list them as found but not followed.
    @Test func aContextMenusCommandsAreNoShortcuts() throws {
        let result = try importing([
            "List.swift": """
                import UIKit
                class ArchiveController: UITableViewController {
                    override func tableView(_ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: CGPoint) -> UIContextMenuConfiguration? {
                        UIContextMenuConfiguration(actionProvider: { _ in
                            UIMenu(children: [UIKeyCommand(title: "Restore", action: #selector(self.restore(_:)), input: "r", propertyList: indexPath.row)])
                        })
                    }
                    @objc func restore(_ sender: UICommand) {}
                }
                """,
        ])
        #expect(result.inventory.isEmpty)
    }

    /// `UIKeyCommand()` without arguments has no input and can get none: passed as a sender
    /// (`onExit(UIKeyCommand())`), it is no shortcut, and the sweep does not list it.
    @Test func aKeyCommandWithoutArgumentsIsNoShortcut() throws {
        let result = try importing([
            "Player.swift": """
                import UIKit
                class PlayerController: UIViewController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        addKeyCommand(UIKeyCommand(input: "e", modifierFlags: .command, action: #selector(onExit)))
                    }
                    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
                        if presses.first?.key?.charactersIgnoringModifiers == UIKeyCommand.inputEscape { onExit(UIKeyCommand()) }
                    }
                    @objc func onExit(_ sender: Any) {}
                }
                """,
        ])
        #expect(keys(result) == ["PlayerController addKeyCommand cmd+e onExit:"])
    }

    /// `.init(input:…)` in a list or table declared as the app's own type builds that type, not
    /// a command, and so does one looked up in such a table: the sweep lists no
    /// found-but-not-followed rows for them.
    @Test func initWithInputInAListOfAnAppTypeIsNoCreationSite() throws {
        let result = try importing([
            "Editor.swift": """
                import UIKit
                final class Editor: UITextView {
                    private struct Shortcut { let input: String; let modifierFlags: UIKeyModifierFlags }
                    private struct Signature: Hashable { let input: String; let flags: Int }
                    private static let shortcuts: [Shortcut] = [
                        .init(input: "b", modifierFlags: .command),
                        .init(input: "i", modifierFlags: .command),
                    ]
                    private static let table: [Signature: String] = [.init(input: "b", flags: 1): "bold"]
                    static func name(of input: String) -> String? { table[.init(input: input, flags: 1)] }
                    override var keyCommands: [UIKeyCommand]? {
                        Self.shortcuts.map { UIKeyCommand(input: $0.input, modifierFlags: $0.modifierFlags, action: #selector(format(_:))) }
                    }
                    @objc func format(_ sender: UIKeyCommand) {}
                }
                """,
        ])
        #expect(keys(result) == ["Editor keyCommands cmd+b format:", "Editor keyCommands cmd+i format:"])
        #expect(result.inventory.allSatisfy { $0.notFollowed == nil })
    }

    @Test func keyCommandsOverrideWithEveryInitialiserForm() throws {
        let result = try importing(["A.swift": """
            import UIKit
            class Editor: UIViewController {
                override var keyCommands: [UIKeyCommand]? {
                    return [
                        UIKeyCommand(title: "Find", action: #selector(find(_:)), input: "f", modifierFlags: .command),
                        UIKeyCommand(input: "g", modifierFlags: [.command, .shift], action: #selector(Editor.findPrevious)),
                        UIKeyCommand(input: UIKeyCommand.inputUpArrow, modifierFlags: [], action: #selector(up), discoverabilityTitle: "Up"),
                        .init(action: #selector(handle(sender:)), input: "\\t"),
                        UIKeyCommand(input: UIKeyInputEscape, modifierFlags: UIKeyModifierFlags(rawValue: 1 << 18), action: Selector(("dismiss:"))),
                    ]
                }
                @objc func find(_ sender: Any?) {}
                @objc func findPrevious() {}
                @objc func up() {}
                @objc func handle(sender: UIKeyCommand) {}
            }
            """])
        #expect(keys(result) == [
            "Editor keyCommands cmd+f find:",
            "Editor keyCommands ctrl+esc dismiss:",
            "Editor keyCommands shift+cmd+g findPrevious",
            "Editor keyCommands tab handleWithSender:",
            "Editor keyCommands up up",
        ])
        let find = result.inventory.first { $0.action == "find:" }
        #expect(find?.title == "Find")
        #expect(find?.line == 5)
        #expect(find?.conditional == false)
        #expect(result.inventory.first { $0.action == "up" }?.input == "UIKeyInputUpArrow")
    }

    @Test func superPlusExtrasConditionsAndHelpers() throws {
        let result = try importing(["B.swift": """
            import UIKit
            class Base: UIViewController {
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "r", modifierFlags: .command, action: #selector(reload))] }
                @objc func reload() {}
            }
            class List: Base {
                var isEditingRows = false
                override var keyCommands: [UIKeyCommand]? {
                    var commands = super.keyCommands ?? []
                    commands.append(deleteCommand)
                    if isEditingRows {
                        commands += [UIKeyCommand(input: "\\r", modifierFlags: [], action: #selector(done))]
                    }
                    guard traitCollection.horizontalSizeClass == .regular else { return commands }
                    commands.append(contentsOf: makeTabCommands())
                    return commands
                }
                var deleteCommand: UIKeyCommand { UIKeyCommand(input: "\\u{8}", modifierFlags: .command, action: #selector(remove(_:))) }
                func makeTabCommands() -> [UIKeyCommand] {
                    (1...3).map { UIKeyCommand(input: "\\($0)", modifierFlags: .command, action: #selector(selectTab(_:))) }
                }
                @objc func done() {}
                @objc func remove(_ sender: Any) {}
                @objc func selectTab(_ sender: UIKeyCommand) {}
            }
            class Sub: List {}
            """])
        #expect(keys(result) == [
            "Base keyCommands cmd+r reload",
            "List keyCommands cmd+1 selectTab:",
            "List keyCommands cmd+2 selectTab:",
            "List keyCommands cmd+3 selectTab:",
            "List keyCommands cmd+backspace remove:",
            "List keyCommands return done",
        ])
        let done = result.inventory.first { $0.action == "done" }
        #expect(done?.conditional == true)
        #expect(done?.condition?.text == "isEditingRows")
        #expect(result.inventory.first { $0.action == "remove:" }?.conditional == false)
        #expect(result.inventory.first { $0.input == "2" }?.condition?.text == "traitCollection.horizontalSizeClass == .regular")
    }

    @Test func addKeyCommandInLifecycleMethodsWithALoop() throws {
        let result = try importing(["C.swift": """
            import UIKit
            class Root: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    addKeyCommand(UIKeyCommand(title: "New Tab", action: #selector(newTab), input: "t", modifierFlags: .command))
                    let digits = (Array(1...2) + [0]).map { "\\($0)" }
                    for digit in digits {
                        addKeyCommand(UIKeyCommand(action: #selector(self.select), input: digit, modifierFlags: .command))
                    }
                    #if targetEnvironment(macCatalyst)
                    addKeyCommand(UIKeyCommand(input: "m", modifierFlags: .command, action: #selector(newTab)))
                    #endif
                }
                @objc func newTab() {}
                @objc private func select(_ command: UIKeyCommand) {}
            }
            """])
        #expect(keys(result) == [
            "Root addKeyCommand cmd+0 select:", "Root addKeyCommand cmd+1 select:", "Root addKeyCommand cmd+2 select:",
            "Root addKeyCommand cmd+t newTab",
        ])
        let catalyst = try importing(["C.swift": """
            import UIKit
            class Root: UIViewController {
                override func viewDidLoad() {
                    #if targetEnvironment(macCatalyst)
                    addKeyCommand(UIKeyCommand(input: "m", modifierFlags: .command, action: #selector(newTab)))
                    #endif
                }
                @objc func newTab() {}
            }
            """], platform: .macCatalyst)
        #expect(keys(catalyst) == ["Root addKeyCommand cmd+m newTab"])
    }

    @Test func convenienceInitialiserTupleAndInputTable() throws {
        let result = try importing(["D.swift": """
            import UIKit
            extension String { static let escape = UIKeyCommand.inputEscape }
            struct KeyInput {
                let flags: UIKeyModifierFlags
                let character: String
                init(_ flags: UIKeyModifierFlags, _ character: String) { self.flags = flags; self.character = character }
                static let close = KeyInput(.command, "w")
                static let cancel = KeyInput([], .escape)
            }
            extension UIKeyCommand {
                convenience init(_ keys: (modifierFlags: UIKeyModifierFlags, input: String), action: Selector, title: String? = nil) {
                    if let title {
                        self.init(title: title, action: action, input: keys.input, modifierFlags: keys.modifierFlags)
                    } else {
                        self.init(input: keys.input, modifierFlags: keys.modifierFlags, action: action)
                    }
                }
                convenience init(keyInput: KeyInput, action: Selector, title: String? = nil) {
                    self.init((keyInput.flags, keyInput.character), action: action, title: title)
                }
            }
            class DiscoverableCommand: UIKeyCommand {}
            class Modal: UIViewController {
                static let closeCommand = DiscoverableCommand(([.command, .shift], "W"), action: #selector(closeAll), title: "Close All")
                override var keyCommands: [UIKeyCommand]? {
                    [UIKeyCommand(keyInput: .close, action: #selector(close)), UIKeyCommand(keyInput: .cancel, action: #selector(close)), Modal.closeCommand]
                }
                @objc func close() {}
                @objc func closeAll() {}
            }
            """])
        #expect(keys(result) == ["Modal keyCommands cmd+w close", "Modal keyCommands esc close", "Modal keyCommands shift+cmd+w closeAll"])
        #expect(result.inventory.first { $0.action == "closeAll" }?.title == "Close All")
        // The site is where the app asks for the command, not inside the initialiser.
        #expect(result.inventory.first { $0.input == "w" }?.line == 26)
    }

    @Test func storedPropertyFilledInAnInitialiser() throws {
        let result = try importing(["G.swift": """
            import UIKit
            class Search: UITextField {
                override var keyCommands: [UIKeyCommand]? { _keyCommands }
                var _keyCommands: [UIKeyCommand] = []
                override init(frame: CGRect) {
                    let escape = UIKeyCommand(input: UIKeyCommand.inputEscape, modifierFlags: [], action: #selector(Search.close))
                    let next = UIKeyCommand(input: "n", modifierFlags: .control, action: #selector(Search.next))
                    super.init(frame: frame)
                    _keyCommands = [escape, next]
                    for command in _keyCommands { command.wantsPriorityOverSystemBehavior = true }
                }
                @objc func close() {}
                @objc func next() {}
            }
            """])
        #expect(keys(result) == ["Search keyCommands ctrl+n next", "Search keyCommands esc close"])
        // The loop marks both commands to come before text input (R17): ⌃N is the command's
        // on the text field, not text input's.
        #expect(result.inventory.map(\.wantsPriority) == [true, true])
        #expect(!result.report.findings.contains { $0.kind == .textInput && $0.message.contains("ctrl+n") })
    }

    /// `keys[0].title = "Play/Pause"` in the getter sets the title of the command the stored
    /// array holds at that position; a position past the end changes nothing.
    @Test func aTitleSetOnAnArrayElementReachesThatCommand() throws {
        let result = try importing(["Host.swift": """
            import UIKit
            final class HostController: UIViewController {
                private let keys = [
                    UIKeyCommand(input: " ", modifierFlags: [], action: #selector(play)),
                    UIKeyCommand(input: "+", modifierFlags: .command, action: #selector(faster)),
                ]
                override var keyCommands: [UIKeyCommand]? {
                    keys[0].title = "Play/Pause"
                    keys[1].discoverabilityTitle = "Faster"
                    keys[5].title = "Nothing"
                    return keys
                }
                @objc func play() {}
                @objc func faster() {}
            }
            """])
        let rows = result.inventory.filter { $0.declaredIn == "HostController" }
        #expect(rows.count == 2)
        #expect(rows.first { $0.input == " " }?.title == "Play/Pause")
        #expect(rows.first { $0.input == "+" }?.discoverabilityTitle == "Faster")
    }

    /// `.init(input: …)` that a function declared to return another type returns is that
    /// type's initialiser, not a command's; inside a closure it may still make a command.
    @Test func anInitReturnedAsAnotherTypeIsNoCreationSite() throws {
        let result = try importing(["Output.swift": """
            import UIKit
            struct Output { var input: String; var ok: Bool }
            final class Runner: UIViewController {
                func run(_ text: String) -> Output { return .init(input: text, ok: true) }
                func echo(_ text: String) -> Output { .init(input: text, ok: false) }
                func build(_ keys: [String]) -> Output {
                    let commands: [UIKeyCommand] = keys.map { key in return .init(input: key, modifierFlags: .command, action: #selector(go)) }
                    _ = commands
                    return Output(input: "", ok: true)
                }
                @objc func go() {}
            }
            """])
        #expect(result.inventory.map(\.line) == [7])
    }

    @Test func objectiveCKeyInputHelpersAndAvailability() throws {
        let result = try importing(["J.swift": """
            import UIKit
            extension String {
                static let escape = _ABCKeyInputEscape()
                static let delete: String = { if #available(iOS 15.0, *) { return _ABCKeyInputDelete() } else { return "\u{8}" } }()
            }
            class Sheet: UIViewController {
                override var keyCommands: [UIKeyCommand]? {
                    var commands = [UIKeyCommand(input: .escape, modifierFlags: [], action: #selector(dismissSheet))]
                    if #available(iOS 16.0, *) {
                        commands.append(UIKeyCommand(input: .delete, modifierFlags: .command, action: #selector(dismissSheet)))
                    }
                    return commands
                }
                @objc func dismissSheet() {}
            }
            """])
        // Deployment target 13: `#available(iOS 16)` is a run-time condition; `delete`'s
        // fallback is what only an older OS returns, so the newest iOS's value is used.
        #expect(keys(result) == ["Sheet keyCommands cmd+delete dismissSheet", "Sheet keyCommands esc dismissSheet"])
        #expect(result.inventory.first { $0.modifierNames == ["command"] }?.conditional == true)
        var modern = CompilationConditions()
        modern.deploymentTarget = [16, 0]
        let later = try SceneImporter(options: .init(conditions: modern)).importSources(
            [(SourceFiles.File(path: "K.swift", displayPath: "K.swift"), """
            import UIKit
            class Sheet: UIViewController {
                override var keyCommands: [UIKeyCommand]? {
                    if #available(iOS 16.0, *) { return [UIKeyCommand(input: "w", modifierFlags: .command, action: #selector(close))] }
                    return [UIKeyCommand(input: "q", modifierFlags: .command, action: #selector(close))]
                }
                @objc func close() {}
            }
            """)])
        #expect(keys(later) == ["Sheet keyCommands cmd+w close"])
        #expect(later.inventory.first?.conditional == false)
    }

    @Test func commandsFromRunTimeDataHaveNullKeysAndTheSceneStillLoads() throws {
        let result = try importing(["L.swift": """
            import UIKit
            class Terminal: UIViewController {
                var bindings: [(String, UIKeyModifierFlags)] = []
                override var keyCommands: [UIKeyCommand]? {
                    bindings.map { UIKeyCommand(input: $0.0, modifierFlags: $0.1, action: #selector(run(_:))) }
                }
                @objc func run(_ sender: UIKeyCommand) {}
            }
            """])
        #expect(result.inventory.count == 1)
        #expect(result.inventory.first?.input == nil)
        #expect(result.inventory.first?.modifiers == nil)
        #expect(result.inventory.first?.action == "run:")
        // Left out of the scene with its reason; the scene loads with the controller as the key
        // window's root and, since nothing makes it first responder, no first responder.
        #expect(result.report.unresolved.first?.reason == "its input is not fixed in the source")
        #expect(result.report.sceneError == nil)
        #expect(result.report.keyWindow.root == "Terminal")
        #expect(!result.scene.contains("\"firstResponder\""))
    }
}
