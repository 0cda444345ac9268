import KeyTraceCore
import Testing
@testable import SceneImport
import Scenes

/// Conditions and branches as the evaluator reads them (`Evaluator`): `switch` on known values,
/// run-time state against what the source fixes, and the build's `#if` (`CompilationConditions`).
extension ConstructTests {
    /// A run-time test and its negation share one state flag: of `if isPlaying { Pause } else {
    /// Play }` one side is offered at a time, the test's while the flag is 1. A flag starts at
    /// the launch value of the stored `Bool` it tests when the declaration gives a literal
    /// (`var isEditingQueue = false`); else at 1, or at 0 when only negated tests use it, so
    /// their commands show.
    @Test func aTestAndItsNegationShareOneFlagStartingAtItsLaunchValue() throws {
        let result = try importing([
            "Player.swift": """
                import UIKit
                class Player: UIViewController {
                    var rate = 0.0
                    var isPlaying: Bool { rate > 0 }
                    var isEditingQueue = false
                    var showsHints = true
                    var isLooping: Bool { rate < 0 }
                    override var keyCommands: [UIKeyCommand]? {
                        var commands = [UIKeyCommand(input: " ", modifierFlags: [], action: isPlaying ? #selector(pause) : #selector(play))]
                        if !isEditingQueue { commands.append(UIKeyCommand(input: "e", modifierFlags: .command, action: #selector(editQueue))) }
                        if self.showsHints == false { commands.append(UIKeyCommand(input: "h", modifierFlags: .command, action: #selector(hint))) }
                        if !isLooping { commands.append(UIKeyCommand(input: "l", modifierFlags: .command, action: #selector(loop))) }
                        return commands
                    }
                    @objc func pause() {}
                    @objc func play() {}
                    @objc func editQueue() {}
                    @objc func hint() {}
                    @objc func loop() {}
                }
                """,
        ])
        #expect(result.report.stateFlags == ["isPlaying": "isPlaying", "isEditingQueue": "isEditingQueue", "isLooping": "isLooping",
                                             "self.showsHints == false": "selfShowsHintsFalse"])
        let scene = try SceneDefinition(json: result.scene)
        #expect(scene.state.map { "\($0.name)=\($0.initial)" } == ["isEditingQueue=0", "isLooping=0", "isPlaying=1", "selfShowsHintsFalse=0"])
        let runtime = try SceneRuntime(definition: scene, file: "scene.json")
        let player = try #require(runtime.responder(at: "window/Player"))
        #expect((player.keyCommands ?? []).map { $0.action?.name } == ["pause", "editQueue", "loop"])
    }

    /// A user default read as a `Bool` is `false` on a fresh install, so a flag testing it, or
    /// testing it and something else with `&&` or `,`, starts at 0; a key the app registers a
    /// default for (`register(defaults:)`) stays a run-time test.
    @Test func aUserDefaultStartsFalseUnlessTheAppRegistersADefaultForIt() throws {
        let result = try importing([
            "Editor.swift": """
                import UIKit
                let vimKey = "VimInterception"
                class Editor: UIViewController {
                    var isInsertMode = false
                    override var keyCommands: [UIKeyCommand]? {
                        var commands: [UIKeyCommand] = []
                        if UserDefaults.standard.bool(forKey: vimKey), !isInsertMode {
                            commands.append(UIKeyCommand(input: "i", modifierFlags: [], action: #selector(insert)))
                        }
                        if !UserDefaults.standard.bool(forKey: "HidesRuler") {
                            commands.append(UIKeyCommand(input: "r", modifierFlags: .command, action: #selector(ruler)))
                        }
                        if UserDefaults.standard.bool(forKey: "ShowsMinimap") {
                            commands.append(UIKeyCommand(input: "m", modifierFlags: .command, action: #selector(minimap)))
                        }
                        return commands
                    }
                    @objc func insert() {}
                    @objc func ruler() {}
                    @objc func minimap() {}
                }
                """,
            "Defaults.swift": """
                import Foundation
                func registerDefaults() {
                    UserDefaults.standard.register(defaults: ["ShowsMinimap": true])
                }
                """,
        ])
        let scene = try SceneDefinition(json: result.scene)
        let flags = Dictionary(uniqueKeysWithValues: scene.state.map { ($0.name, $0.initial) })
        let flagOf = result.report.stateFlags
        #expect(flags[try #require(flagOf["UserDefaults.standard.bool(forKey: vimKey), !isInsertMode"])] == 0)
        #expect(flags[try #require(flagOf["UserDefaults.standard.bool(forKey: \"HidesRuler\")"])] == 0)
        #expect(flags[try #require(flagOf["UserDefaults.standard.bool(forKey: \"ShowsMinimap\")"])] == 1)
        let runtime = try SceneRuntime(definition: scene, file: "scene.json")
        let editor = try #require(runtime.responder(at: "window/Editor"))
        #expect((editor.keyCommands ?? []).map { $0.action?.name } == ["ruler", "minimap"])
    }

    /// A title chosen by the same test as the action is chosen with it: `title: isPlaying ?
    /// "Pause" : "Play"` beside `action: isPlaying ? #selector(pause) : #selector(play)` gives
    /// Pause and Play, not Pause twice; a title test the action does not decide takes its first
    /// branch.
    @Test func aTitleChosenByTheActionsTestFollowsTheAction() throws {
        let result = try importing([
            "Player.swift": """
                import UIKit
                class Player: UIViewController {
                    var isPlaying: Bool { rate > 0 }
                    var isRadio = false
                    var rate = 0.0
                    override var keyCommands: [UIKeyCommand]? {
                        [UIKeyCommand(title: isPlaying ? (isRadio ? "Stop Radio" : "Pause") : "Play",
                                      action: isPlaying ? #selector(pause) : #selector(play), input: " ", modifierFlags: [])]
                    }
                    @objc func pause() {}
                    @objc func play() {}
                }
                """,
        ])
        #expect(result.inventory.map { "\($0.title ?? "-") \($0.action ?? "-")" }.sorted() == ["Play play", "Stop Radio pause"])
    }

    /// `switch` on an enum value the code fixed picks its case and binds the case's payload
    /// (`case let .key(input, modifierFlags)`); a string's `isEmpty` is known.
    @Test func aSwitchOnAKnownEnumValueBindsItsPayload() throws {
        let result = try importing([
            "Key.swift": """
                import UIKit
                enum Key {
                    case none
                    case key(input: String, modifierFlags: UIKeyModifierFlags)
                }
                class Editor: UIViewController {
                    private func command(_ key: Key) -> UIKeyCommand? {
                        switch key {
                        case let .key(input, modifierFlags):
                            return UIKeyCommand(input: input, modifierFlags: modifierFlags, action: #selector(go))
                        case .none:
                            return nil
                        }
                    }
                    override var keyCommands: [UIKeyCommand]? {
                        let title = "Go"
                        return [command(.key(input: "o", modifierFlags: .command)), command(.none)].compactMap { $0 }
                            + (title.isEmpty ? [] : [UIKeyCommand(input: "g", modifierFlags: .command, action: #selector(go))])
                    }
                    @objc func go() {}
                }
                """,
        ])
        #expect(keys(result) == ["Editor keyCommands cmd+g go", "Editor keyCommands cmd+o go"])
        #expect(result.inventory.allSatisfy { !$0.conditional })
    }

    @Test func aMethodOfAnEnumCaseSwitchesOnThatCase() throws {
        let result = try importing([
            "Commands.swift": """
                import UIKit
                enum Shortcut: CaseIterable {
                    case play, search
                    var input: String {
                        switch self {
                        case .play: return " "
                        case .search: return "f"
                        }
                    }
                    func command(action: Selector) -> UIKeyCommand {
                        UIKeyCommand(input: input, modifierFlags: .command, action: action)
                    }
                }
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    override var keyCommands: [UIKeyCommand]? {
                        Shortcut.allCases.map { $0.command(action: #selector(handle)) }
                    }
                    @objc func handle() {}
                }
                """,
        ])
        #expect(keys(result) == ["AppDelegate keyCommands cmd+f handle", "AppDelegate keyCommands cmd+space handle"])
    }

    /// A getter run on a struct value the code holds (a catalog entry's chord) reads that
    /// value's own fields as fixed: each shortcut gets the modifiers its entry sets, with no
    /// condition. A view's own state flag stays a run-time condition: in the view itself, in a
    /// view another view builds, and in a getter run on a view another view holds.
    @Test func aGetterOnAHeldStructValueReadsItsFieldsAsFixed() throws {
        let result = try importing(["Catalog.swift": """
            import SwiftUI
            struct Chord {
                var input: String
                var command: Bool
                var shift: Bool
                init(input: String, command: Bool = false, shift: Bool = false) {
                    self.input = input
                    self.command = command
                    self.shift = shift
                }
            }
            extension Chord {
                var eventModifiers: EventModifiers {
                    var mods: EventModifiers = []
                    if command { mods.insert(.command) }
                    if shift { mods.insert(.shift) }
                    return mods
                }
            }
            struct Entry { let chord: Chord; let title: String }
            enum Catalog {
                static let all: [Entry] = [
                    Entry(chord: Chord(input: "t", command: true), title: "New Tab"),
                    Entry(chord: Chord(input: "n", command: true, shift: true), title: "New Connection"),
                ]
            }
            struct ShortcutsView: View {
                @State private var expanded = false
                var body: some View {
                    ForEach(Array(Catalog.all.enumerated()), id: \\.offset) { _, entry in
                        Button(entry.title) {}
                            .keyboardShortcut(KeyEquivalent(Character(entry.chord.input)), modifiers: entry.chord.eventModifiers)
                    }
                    if expanded { Button("Collapse") {}.keyboardShortcut("w") }
                    Panel(title: "Details")
                }
            }
            struct Panel: View {
                let title: String
                @State var open = false
                var toggleKey: KeyEquivalent { open ? "x" : "y" }
                var body: some View {
                    if open { Button(title) {}.keyboardShortcut("o") }
                }
            }
            struct Toolbar: View {
                let panel = Panel(title: "Details")
                var body: some View {
                    Button("Toggle") {}.keyboardShortcut(panel.toggleKey, modifiers: .command)
                }
            }
            """])
        let rows = result.inventory.filter { $0.declaredIn == "ShortcutsView" }
        #expect(rows.filter { $0.input == "t" }.map(\.modifierNames) == [["command"]])
        #expect(rows.filter { $0.input == "n" }.map(\.modifierNames) == [["command", "shift"]])
        #expect(rows.filter { $0.input != "w" }.allSatisfy { !$0.conditional })
        #expect(rows.first { $0.input == "w" }?.conditional == true)
        // A view another view builds is no plain value: its state stays a run-time condition.
        #expect(result.inventory.first { $0.input == "o" }?.conditional == true)
        // Nor is a view another view holds: a getter run on it reads its state as run-time state.
        let toggles = result.inventory.filter { $0.declaredIn == "Toolbar" }
        #expect(Set(toggles.compactMap(\.input)) == ["x", "y"])
        #expect(toggles.allSatisfy { $0.conditional })
    }

    /// A value read from a stored `var` stays run-time state when it is held in a local or
    /// passed as an argument: a condition on it is not decided from the `var`'s initial value
    /// (`false` would otherwise drop every command). The same code fed a constant is decided,
    /// and so is an `||` one of whose operands the source fixes as `true`.
    @Test func stateReadIntoALocalOrAnArgumentStaysARunTimeCondition() throws {
        let result = try importing(["Terminal.swift": """
            import UIKit
            private struct Definition { let input: String; let needsAll: Bool }
            enum Shortcuts {
                private static let all: [Definition] = [
                    Definition(input: "1", needsAll: true),
                    Definition(input: "2", needsAll: true),
                    Definition(input: "t", needsAll: false),
                ]
                static func commands(showsAll: Bool) -> [UIKeyCommand] {
                    all.compactMap { definition in
                        guard showsAll || !definition.needsAll else { return nil }
                        return UIKeyCommand(input: definition.input, modifierFlags: .command, action: #selector(TerminalView.jump(_:)))
                    }
                }
            }
            final class TerminalView: UIView {
                var showsAllTabs = false
                var showsHelp = false
                override var keyCommands: [UIKeyCommand]? {
                    var result = Shortcuts.commands(showsAll: showsAllTabs)
                    let help = showsHelp
                    if help { result.append(UIKeyCommand(input: "/", modifierFlags: .command, action: #selector(jump(_:)))) }
                    return result
                }
                @objc func jump(_ sender: UIKeyCommand) {}
            }
            final class FixedView: UIView {
                override var keyCommands: [UIKeyCommand]? { Shortcuts.commands(showsAll: false) }
            }
            """])
        let terminal = result.inventory.filter { $0.declaredIn == "TerminalView" }
        #expect(terminal.compactMap(\.input).sorted() == ["/", "1", "2", "t"])
        #expect(terminal.filter { $0.input != "t" }.allSatisfy { $0.conditional })
        // `showsAll || !definition.needsAll` holds for a definition that needs nothing more,
        // whatever `showsAll` holds.
        #expect(terminal.first { $0.input == "t" }?.conditional == false)
        // A constant `false` admits only what needs no more.
        let fixed = result.inventory.filter { $0.declaredIn == "FixedView" }
        #expect(fixed.compactMap(\.input) == ["t"])
        #expect(fixed.allSatisfy { !$0.conditional })
    }

    @Test func inactiveCodeDeclaresNothing() throws {
        let result = try importing(["H.swift": """
            import UIKit
            #if os(macOS)
            class MacOnly: NSViewController {}
            #else
            class Phone: UIViewController {
                #if DEBUG && !targetEnvironment(macCatalyst)
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "d", modifierFlags: [.command, .alternate], action: #selector(debugMenu))] }
                #endif
                @objc func debugMenu() {}
            }
            #endif
            """])
        #expect(keys(result) == ["Phone keyCommands opt+cmd+d debugMenu"])
    }

    @Test func enumTablesSwitchesTernariesAndCanImport() throws {
        let result = try importing(["I.swift": """
            import UIKit
            #if canImport(NotAModule)
            class Never: UIViewController { override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "z", modifierFlags: .command, action: #selector(x))] } }
            #endif
            enum Panel: String, CaseIterable {
                case files = "1", search = "2"
                var title: String { switch self { case .files: return "Files"; case .search: return "Search" } }
            }
            class Browser: UIViewController {
                var mode = 0
                var compact = false
                override var keyCommands: [UIKeyCommand]? {
                    var commands = Panel.allCases.map { UIKeyCommand(title: $0.title, action: #selector(show(_:)), input: $0.rawValue, modifierFlags: .command) }
                    switch mode {
                    case 0: commands.append(UIKeyCommand(input: "e", modifierFlags: .command, action: #selector(edit)))
                    default: break
                    }
                    commands.append(compact ? UIKeyCommand(input: "[", modifierFlags: .command, action: #selector(back)) : UIKeyCommand(input: "\u{1b}", modifierFlags: [], action: #selector(back)))
                    return commands
                }
                @objc func show(_ sender: UIKeyCommand) {}
                @objc func edit() {}
                @objc func back() {}
            }
            """])
        #expect(keys(result) == [
            "Browser keyCommands \\u{1b} back", "Browser keyCommands cmd+1 show:", "Browser keyCommands cmd+2 show:",
            "Browser keyCommands cmd+[ back", "Browser keyCommands cmd+e edit",
        ])
        #expect(result.inventory.first { $0.input == "2" }?.title == "Search")
        #expect(result.inventory.first { $0.input == "e" }?.condition?.text == "mode == 0")
        #expect(result.inventory.first { $0.input == "[" }?.condition?.text == "compact")
        #expect(result.inventory.first { $0.input == "\u{1b}" }?.condition?.text == "!(compact)")
        #expect(result.report.sceneError == nil)
    }

    /// A condition on a stored `static var` (`GameMenu.focusMenu != nil`) is the run time's,
    /// whatever its initial value: every branch's commands are listed, each under its condition.
    @Test func aConditionOnAStaticVarGivesEveryBranch() throws {
        let result = try importing(["Game.swift": """
            import UIKit
            class GameMenu { static var focusMenu: GameMenu? = nil }
            class GameController: UIViewController {
                override var keyCommands: [UIKeyCommand]? {
                    if GameMenu.focusMenu != nil {
                        return [UIKeyCommand(input: "c", modifierFlags: [], action: #selector(choose))]
                    } else {
                        return [UIKeyCommand(input: " ", modifierFlags: [], action: #selector(play))]
                    }
                }
                @objc func choose() {}
                @objc func play() {}
            }
            """])
        #expect(result.inventory.map { "\($0.input ?? "nil") \($0.conditional)" }.sorted() == ["  true", "c true"])
    }

    @Test func aConditionIsDecidedOnlyFromWhatTheSourceFixes() throws {
        let result = try importing(["A.swift": """
            import UIKit
            class Sheet: UIViewController {
                let modes = ["edit", "view"]
                let name = "sheet-editor"
                override var keyCommands: [UIKeyCommand]? {
                    var keys: [UIKeyCommand] = []
                    if modes.contains("edit") { keys.append(UIKeyCommand(input: "a", modifierFlags: .command, action: #selector(go))) }
                    if modes.contains("print") { keys.append(UIKeyCommand(input: "b", modifierFlags: .command, action: #selector(go))) }
                    if name.hasPrefix("sheet") { keys.append(UIKeyCommand(input: "c", modifierFlags: .command, action: #selector(go))) }
                    if canEdit() { keys.append(UIKeyCommand(input: "d", modifierFlags: .command, action: #selector(go))) }
                    return keys
                }
                func canEdit() -> Bool { true }
                @objc func go() {}
            }
            """])
        let found = result.inventory.filter { $0.notFollowed == nil }
        #expect(found.map(\.displayShortcut).sorted() == ["cmd+a", "cmd+c", "cmd+d"])
        // Fixed by the source: decided at import. The app's own function: its result is the run time's.
        #expect(found.first { $0.input == "a" }?.conditional == false)
        #expect(found.first { $0.input == "c" }?.conditional == false)
        #expect(found.first { $0.input == "d" }?.condition?.text == "canEdit()")
    }
}
