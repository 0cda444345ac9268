import KeyTraceCore
import Testing
@testable import SceneImport
import Scenes

/// Arrays and key tables: the standard library's collections and transforms (`CollectionModel`),
/// dictionary literals and look-ups (`ResourceModel`).
extension ConstructTests {
    /// A key table in a dictionary literal keyed by an enum (`[Action: String]`, its `.bold`
    /// read as the enum's case even when another type has a static `bold`), taken apart with
    /// `components(separatedBy:)`, `dropLast()`, `last` and a `reduce` into a modifier set; a
    /// `filter` whose test the source decides keeps only the cases it passes; a call of another
    /// type's `create { … }` is no creation site of the app's `create(for:)` factory.
    @Test func aKeyTableInADictionaryGivesEachCasesShortcut() throws {
        let result = try importing([
            "Keys.swift": """
                import UIKit
                struct ImageAsset { let name: String }
                enum Symbols { static let bold = ImageAsset(name: "bold") }
                enum Action: String, CaseIterable {
                    case save, bold, escape, hidden
                    var isHidden: Bool { self == .hidden }
                }
                struct Binding {
                    let table: [Action: String] = [
                        .save: "cmd`s",
                        .bold: "ctl`cmd`b",
                        .escape: UIKeyCommand.inputEscape,
                        .hidden: "cmd`h",
                    ]
                    let flags: [String: UIKeyModifierFlags] = ["ctl": .control, "cmd": .command]
                    private func modifiers(for action: Action) -> UIKeyModifierFlags {
                        let keys = self.table[action]!.components(separatedBy: "`")
                        if keys.count < 2 { return [] }
                        let empty: UIKeyModifierFlags = []
                        return keys.dropLast().map { self.flags[$0]! }.reduce(empty) { result, next in [result, next] }
                    }
                    private func input(for action: Action) -> String {
                        self.table[action]!.components(separatedBy: "`").last!
                    }
                    func create(for action: Action) -> UIKeyCommand {
                        UIKeyCommand(title: action.rawValue, action: #selector(Editor.perform(_:)), input: input(for: action), modifierFlags: modifiers(for: action))
                    }
                }
                struct Stream { static func create(_ body: () -> Void) -> Stream { Stream() } }
                class Editor: UIViewController {
                    override var keyCommands: [UIKeyCommand]? {
                        let binding = Binding()
                        _ = Stream.create { }
                        return Action.allCases.filter { !$0.isHidden }.map { binding.create(for: $0) }
                    }
                    @objc func perform(_ sender: Any) {}
                }
                """,
        ])
        #expect(keys(result) == ["Editor keyCommands cmd+s perform:", "Editor keyCommands ctrl+cmd+b perform:", "Editor keyCommands esc perform:"])
        #expect(result.inventory.allSatisfy { $0.notFollowed == nil && !$0.conditional })
    }

    @Test func tupleTypeElements() {
        func elements(_ type: String) -> [String] {
            Evaluator.tupleElements(type).map { "\($0.label ?? "_") \($0.type ?? "nil")" }
        }
        #expect(elements(" (modifiers: UIKeyModifierFlags, input: String) ") == ["modifiers UIKeyModifierFlags", "input String"])
        #expect(elements("(UIKeyModifierFlags, [String: (Int, Int)])") == ["_ UIKeyModifierFlags", "_ [String: (Int, Int)]"])
        #expect(elements("()") == ["_ nil"])
        #expect(elements("String").isEmpty)
        #expect(elements("(").isEmpty)
    }

    /// Nested `map`s flattened with `.reduce([], +)` or `.joined()` give every combination.
    @Test func nestedMapsFlattenedByReduceOrJoinedGiveEveryCombination() throws {
        let result = try importing(["Crop.swift": """
            import UIKit
            class CropView: UIView {
                override var keyCommands: [UIKeyCommand]? {
                    let keys = [UIKeyCommand.inputUpArrow, UIKeyCommand.inputDownArrow]
                    let modifiers: [UIKeyModifierFlags] = [UIKeyModifierFlags(), .shift]
                    return keys.map { key in
                        modifiers.map { modifier -> UIKeyCommand in
                            UIKeyCommand(input: key, modifierFlags: modifier, action: #selector(arrow(_:)))
                        }
                    }.reduce([], +) + Array([[UIKeyCommand(input: "a", modifierFlags: .command, action: #selector(arrow(_:)))]].joined())
                }
                @objc func arrow(_ command: UIKeyCommand) {}
            }
            """])
        #expect(keys(result) == [
            "CropView keyCommands cmd+a arrow:", "CropView keyCommands down arrow:", "CropView keyCommands shift+down arrow:",
            "CropView keyCommands shift+up arrow:", "CropView keyCommands up arrow:",
        ])
    }

    /// `for (i, tab) in tabs.enumerated() where i < 3` over tabs the app loads at run time: one
    /// command per index the bound allows (⌘1–⌘3), each under the list having that many; a
    /// first `guard i < 2 … else { continue }` bounds it the same way.
    @Test func anIndexBoundOnARunTimeListGivesOneCommandPerIndex() throws {
        let result = try importing(["Tabs.swift": """
            import UIKit
            class TabsController: UITabBarController {
                var tabs: [Tab] { store.tabs }
                let selectors = [#selector(first), #selector(second)]
                override var keyCommands: [UIKeyCommand]? {
                    var commands: [UIKeyCommand] = []
                    for (i, _) in tabs.enumerated() where i < 3 {
                        commands.append(UIKeyCommand(input: "\\(i + 1)", modifierFlags: .command, action: #selector(select(_:))))
                    }
                    for (i, tab) in tabs.enumerated() {
                        guard i < 2, let name = tab.name else { continue }
                        commands.append(UIKeyCommand(title: name, action: selectors[i], input: "\\(i + 1)", modifierFlags: .alternate))
                    }
                    return commands
                }
                @objc func select(_ sender: UIKeyCommand) {}
                @objc func first() {}
                @objc func second() {}
            }
            """])
        #expect(keys(result) == [
            "TabsController keyCommands cmd+1 select:", "TabsController keyCommands cmd+2 select:", "TabsController keyCommands cmd+3 select:",
            "TabsController keyCommands opt+1 first", "TabsController keyCommands opt+2 second",
        ])
        #expect(result.inventory.allSatisfy { $0.conditional })
    }

    @Test func helpersThatFillAnInOutArrayGiveEveryCommand() throws {
        let result = try importing(["Keys.swift": """
            import UIKit
            private let letters = "xy"
            private let arrows = [UIKeyCommand.inputUpArrow, UIKeyCommand.inputDownArrow]
            class Terminal: UIViewController {}
            extension Terminal {
                override var keyCommands: [UIKeyCommand]? { Terminal.all }
                private static let all: [UIKeyCommand] =
                    Terminal.commands(inputs: arrows, flags: [[], .shift]) + Terminal.commands(keys: letters, flags: [.control])
                private static func commands(inputs: [String], flags: [UIKeyModifierFlags]) -> [UIKeyCommand] {
                    var list = [UIKeyCommand]()
                    for input in inputs { self.add(input: input, flags: flags, to: &list) }
                    return list
                }
                private static func commands(keys: String, flags: [UIKeyModifierFlags]) -> [UIKeyCommand] {
                    var list = [UIKeyCommand]()
                    for key in keys { add(input: String(key), flags: flags, to: &list) }
                    return list
                }
                private static func add(input: String, flags: [UIKeyModifierFlags], to list: inout [UIKeyCommand]) {
                    for flag in flags { list.append(UIKeyCommand(input: input, modifierFlags: flag, action: #selector(self.send(_:)))) }
                }
                @objc func send(_ sender: UIKeyCommand) {}
            }
            """])
        #expect(keys(result) == [
            "Terminal keyCommands ctrl+x send:",
            "Terminal keyCommands ctrl+y send:",
            "Terminal keyCommands down send:",
            "Terminal keyCommands shift+down send:",
            "Terminal keyCommands shift+up send:",
            "Terminal keyCommands up send:",
        ])
        #expect(result.inventory.allSatisfy { $0.notFollowed == nil })
    }

    /// A static list built on another in one branch (`more = base + […]`) after the other
    /// branch read `base`: every command of both lists is provided under its branch.
    @Test func aListBuiltOnAnotherInALaterBranchKeepsItsOwnCommands() throws {
        let result = try importing(["Keys.swift": """
            import UIKit
            class Pad: UIViewController {
                var remapped = false
                override var keyCommands: [UIKeyCommand]? {
                    var keys = [UIKeyCommand]()
                    if remapped { keys.append(contentsOf: Pad.base) } else { keys.append(contentsOf: Pad.more) }
                    return keys
                }
                private static let base: [UIKeyCommand] = [UIKeyCommand(input: "a", modifierFlags: .command, action: #selector(go))]
                private static let more: [UIKeyCommand] = Pad.base + [UIKeyCommand(input: "b", modifierFlags: .command, action: #selector(go))]
                @objc func go() {}
            }
            """])
        #expect(keys(result) == ["Pad keyCommands cmd+a go", "Pad keyCommands cmd+b go"])
        #expect(result.inventory.allSatisfy { $0.notFollowed == nil })
    }

    @Test func anEmptyArrayMadeByItsTypeCollectsEveryBranch() throws {
        let result = try importing(["A.swift": """
            import UIKit
            class Viewer: UIViewController {
                var zoomed = false
                override var keyCommands: [UIKeyCommand]? {
                    var keys = [UIKeyCommand]()
                    var more = Array<UIKeyCommand>()
                    if zoomed {
                        keys.append(UIKeyCommand(input: "a", modifierFlags: .command, action: #selector(go)))
                    } else {
                        keys.append(UIKeyCommand(input: "b", modifierFlags: .command, action: #selector(go)))
                        more.append(UIKeyCommand(input: "c", modifierFlags: .command, action: #selector(go)))
                    }
                    return keys + more
                }
                @objc func go() {}
            }
            """])
        #expect(keys(result) == ["Viewer keyCommands cmd+a go", "Viewer keyCommands cmd+b go", "Viewer keyCommands cmd+c go"])
        #expect(result.inventory.allSatisfy { $0.notFollowed == nil && $0.conditional })
    }

    /// A catalog looked up through `Dictionary(uniqueKeysWithValues: entries.map { … })` gives
    /// each action's key and modifiers to the view that applies it.
    @Test func aTableBuiltFromKeyValuePairsIsLookedUpByKey() throws {
        let result = try importing(["Catalog.swift": """
            import SwiftUI
            enum Action { case previous, jump }
            struct Entry { let action: Action; let key: KeyEquivalent; let modifiers: EventModifiers }
            enum Catalog {
                static let entries: [Entry] = [
                    Entry(action: .previous, key: .leftArrow, modifiers: []),
                    Entry(action: .jump, key: "j", modifiers: [.command]),
                ]
                private static let byAction: [Action: Entry] = {
                    Dictionary(uniqueKeysWithValues: entries.map { ($0.action, $0) })
                }()
                static func entry(for action: Action) -> Entry {
                    guard let entry = byAction[action] else { preconditionFailure("no entry for \\(action)") }
                    return entry
                }
            }
            extension View {
                func shortcut(_ action: Action) -> some View {
                    let entry = Catalog.entry(for: action)
                    return keyboardShortcut(entry.key, modifiers: entry.modifiers)
                }
            }
            struct Reader: View {
                var body: some View {
                    HStack {
                        Button("Previous") {}.shortcut(.previous)
                        Button("Jump") {}.shortcut(.jump)
                    }
                }
            }
            """])
        #expect(keys(result) == ["Reader swiftui cmd+j nil", "Reader swiftui left nil"])
    }

    /// A key table a closure builds (`builder[letter.rawValue.lowercased()] = …` in loops) and
    /// a `Commands` struct walks with `ForEach(table.sorted(by: …))` gives one shortcut per
    /// entry.
    @Test func aTableFilledInLoopsAndWalkedInPairsGivesEveryEntry() throws {
        let result = try importing(["Keys.swift": """
            import SwiftUI
            enum FaceLetter: String, CaseIterable { case A, B }
            let FaceLetters = Array(FaceLetter.allCases)
            struct KeyboardCommands: Commands {
                let table: [String: KeyEquivalent] = {
                    var builder: [String: KeyEquivalent] = ["delete": .delete]
                    for letter in FaceLetters {
                        builder[letter.rawValue] = KeyEquivalent(letter.rawValue.first!)
                        builder[letter.rawValue.lowercased()] = KeyEquivalent(letter.rawValue.lowercased().first!)
                    }
                    return builder
                }()
                var completion: ((String) -> ())?
                var body: some Commands {
                    CommandMenu("Inputs") {
                        ForEach(table.sorted(by: { $0.key > $1.key }), id: \\.key) { (key, value) in
                            Button { completion?(key) } label: { Text("") }
                                .keyboardShortcut(value, modifiers: EventModifiers())
                        }
                    }
                }
            }
            @main struct DiceApp: App {
                var body: some Scene { WindowGroup { Text("") }.commands { KeyboardCommands { _ in } } }
            }
            """])
        #expect(result.inventory.map { $0.input ?? "nil" }.sorted() == ["\u{8}", "A", "B", "a", "b"])
        #expect(result.inventory.allSatisfy { $0.modifiers == [] && $0.declaredIn == "KeyboardCommands" })
    }

    /// A fixed table of the app's own shortcut values, converted on the way to
    /// `.keyboardShortcut`: an option set of its own that mirrors the modifier flags (one member
    /// written alone, or several), a list made by `compactMap { … return .init(…) }` with the
    /// row type from the list's declared type, and a helper that returns an optional labelled
    /// tuple. A modifier added to a set the user's settings give stays unknown.
    @Test func aFixedTableOfTheAppsOwnShortcutValuesGivesEveryRow() throws {
        let result = try importing(["Commands.swift": """
            import SwiftUI
            struct PadModifiers: OptionSet {
                let rawValue: UInt8
                static let command = PadModifiers(rawValue: 1 << 0)
                static let option = PadModifiers(rawValue: 1 << 1)
                static let shift = PadModifiers(rawValue: 1 << 3)
            }
            struct PadShortcut {
                var input: String
                var modifiers: PadModifiers
                init(_ input: String, modifiers: PadModifiers) { self.input = input; self.modifiers = modifiers }
            }
            struct FixedShortcut {
                let id: String
                let shortcut: PadShortcut
                static let all: [FixedShortcut] = [
                    .init(id: "close", shortcut: .init("w", modifiers: .command)),
                    .init(id: "reload", shortcut: .init("r", modifiers: [.command, .option])),
                    .init(id: "retired", shortcut: .init("x", modifiers: .command)),
                ]
            }
            enum PadCommand { case close, reload }
            private struct ResolvedShortcut: Identifiable {
                let id: String
                let command: PadCommand
                let shortcut: PadShortcut
            }
            final class PadSettings { var lockShortcut: PadShortcut? }
            struct PadCommands: Commands {
                let settings: PadSettings
                var body: some Commands {
                    CommandMenu("Pad") {
                        ForEach(Self.fixedShortcuts) { item in commandButton(item) }
                        ForEach(lockShortcuts) { item in commandButton(item) }
                    }
                }
                @ViewBuilder
                private func commandButton(_ item: ResolvedShortcut) -> some View {
                    if let shortcut = keyboardShortcut(from: item.shortcut) {
                        Button(item.id) {}.keyboardShortcut(shortcut.key, modifiers: shortcut.modifiers)
                    } else {
                        Button(item.id) {}
                    }
                }
                private var lockShortcuts: [ResolvedShortcut] {
                    guard let shortcut = settings.lockShortcut else { return [] }
                    var modifiers = shortcut.modifiers
                    modifiers.insert(.shift)
                    return [ResolvedShortcut(id: "lock-all", command: .close, shortcut: PadShortcut(shortcut.input, modifiers: modifiers))]
                }
                private func keyboardShortcut(from shortcut: PadShortcut) -> (key: KeyEquivalent, modifiers: EventModifiers)? {
                    guard shortcut.input.count == 1, let character = shortcut.input.first else { return nil }
                    return (KeyEquivalent(character), EventModifiers(shortcut.modifiers))
                }
                private static let fixedShortcuts: [ResolvedShortcut] = FixedShortcut.all.compactMap { item in
                    guard let command = fixedCommand(id: item.id) else { return nil }
                    return .init(id: item.id, command: command, shortcut: item.shortcut)
                }
                private static func fixedCommand(id: String) -> PadCommand? {
                    switch id {
                    case "close": .close
                    case "reload": .reload
                    default: nil
                    }
                }
            }
            private extension EventModifiers {
                init(_ modifiers: PadModifiers) {
                    self = []
                    if modifiers.contains(.command) { insert(.command) }
                    if modifiers.contains(.option) { insert(.option) }
                    if modifiers.contains(.shift) { insert(.shift) }
                }
            }
            @main struct PadApp: App {
                var body: some Scene { WindowGroup { Text("") }.commands { PadCommands(settings: PadSettings()) } }
            }
            """])
        #expect(result.inventory.map { "\($0.input ?? "nil") \($0.modifierNames ?? ["nil"])" }.sorted() == [
            "nil [\"nil\"]", "r [\"alternate\", \"command\"]", "w [\"command\"]",
        ])
    }

    /// A number or string the run time looks up, with a fallback (`firstIndex { … } ?? 0`,
    /// `defaults.string(forKey:) ?? "s"`), is not the fallback: the key it makes is unknown.
    @Test func aLookUpWithAFallbackIsTheRunTimesValue() throws {
        let result = try importing(["Tabs.swift": """
            import SwiftUI
            struct TabStrip: View {
                let titles: [String]
                let current: String
                var body: some View {
                    let index = titles.firstIndex { $0 == current } ?? 0
                    let saved = UserDefaults.standard.string(forKey: "saveKey") ?? "s"
                    VStack {
                        Button("Tab") {}.keyboardShortcut(KeyEquivalent(Character(String(index + 1))), modifiers: .command)
                        Button("Save") {}.keyboardShortcut(KeyEquivalent(Character(saved)), modifiers: .command)
                    }
                }
            }
            @main struct TabsApp: App {
                var body: some Scene { WindowGroup { TabStrip(titles: [], current: "") } }
            }
            """])
        #expect(result.inventory.map { "\($0.input ?? "nil") \($0.modifierNames ?? [])" }.sorted() == ["nil [\"command\"]", "nil [\"command\"]"])
    }

    /// `map(\.rawValue)` over an enum's cases reads each case's raw value, as a closure
    /// `{ $0.rawValue }` does.
    @Test func aKeyPathInMapReadsEachElementsProperty() throws {
        let sources = ["Keys.swift": """
            import UIKit
            enum Shortcut: String, CaseIterable {
                case left = "l"
                case right = "r"
            }
            final class BoardController: UIViewController {
                override var keyCommands: [UIKeyCommand]? {
                    let inputs = Shortcut.allCases.map(\\.rawValue)
                    return inputs.map { UIKeyCommand(action: #selector(move(_:)), input: $0) }
                }
                @objc func move(_ sender: UIKeyCommand) {}
            }
            """]
        #expect(keys(try importing(sources)) == ["BoardController keyCommands l move:", "BoardController keyCommands r move:"])
    }

    /// A global optional array filled through optional chaining (`keys?.append(…)`) once and
    /// returned holds what was appended; `extension ZWindow` of `typealias ZWindow = UIWindow`
    /// is `UIWindow`'s.
    @Test func anOptionalArrayFilledThroughOptionalChainingHoldsItsCommands() throws {
        let sources = ["Window.swift": """
            import UIKit
            public typealias ZWindow = UIWindow
            var windowKeys: [UIKeyCommand]?
            extension ZWindow {
                override open var keyCommands: [UIKeyCommand]? {
                    if windowKeys == nil {
                        windowKeys = [UIKeyCommand] ()
                        let mods: [String: UIKeyModifierFlags] = ["": UIKeyModifierFlags(rawValue: 0), "command ": .command]
                        for (prefix, flags) in mods {
                            windowKeys?.append(UIKeyCommand(input: "k", modifierFlags: flags, action: #selector(handleKey), discoverabilityTitle: prefix + "k"))
                        }
                    }
                    return windowKeys
                }
                @objc func handleKey(command: UIKeyCommand) {}
            }
            """]
        #expect(keys(try importing(sources)) == ["UIWindow keyCommands cmd+k handleKeyWithCommand:", "UIWindow keyCommands k handleKeyWithCommand:"])
    }
}
