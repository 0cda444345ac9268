import Testing
@testable import SceneImport
import Scenes

/// One test per construct real apps use to declare key commands. Each source is written for
/// this test; none is copied from an app.
@Suite struct ConstructTests {
    func importing(_ sources: [String: String], platform: CompilationConditions.Platform = .iOS) throws -> ImportResult {
        let importer = SceneImporter(options: .init(conditions: .init(platform: platform)))
        return try importer.importSources(sources.sorted { $0.key < $1.key }.map { (SourceFiles.File(path: $0.key, displayPath: $0.key), $0.value) })
    }

    /// (declared_in, input, modifiers, action) of every command, sorted.
    func keys(_ result: ImportResult) -> [String] {
        result.inventory.map { "\($0.declaredIn) \($0.mechanism.rawValue) \($0.displayShortcut) \($0.action ?? "nil")" }.sorted()
    }

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
        #expect(result.inventory.first { $0.input == "s" }?.condition?.contains("isEditing") == true)
    }

    /// A function declared inside a getter runs in the getter's context: what it appends to
    /// the getter's list stays appended. `continue` ends a pass of an unrolled loop, a scalar
    /// built from a code (`String(UnicodeScalar(code))`) is that character, and iOS 13.4's
    /// `UIKeyCommand.f1` is F1.
    @Test func aLocalFunctionAppendsToTheGettersListAndContinueSkipsAPass() throws {
        let result = try importing([
            "Game.swift": """
                import UIKit
                class Board: UIViewController {
                    override var keyCommands: [UIKeyCommand]? {
                        var list = [UIKeyCommand(input: "\\r", modifierFlags: [], action: #selector(confirm(_:)))]
                        func bind(_ key: String, _ flags: UIKeyModifierFlags = []) {
                            list.append(UIKeyCommand(input: key, modifierFlags: flags, action: #selector(press(_:))))
                        }
                        bind(UIKeyCommand.f1)
                        bind(UIKeyCommand.inputHome, .command)
                        for code in 0x3D ..< (0x41 as UInt8) {
                            if code == 0x3F { continue }
                            bind(String(UnicodeScalar(code)))
                        }
                        return list
                    }
                    @objc func confirm(_ sender: Any) {}
                    @objc func press(_ sender: Any) {}
                }
                """,
        ])
        #expect(keys(result) == ["Board keyCommands = press:", "Board keyCommands > press:", "Board keyCommands @ press:",
                                 "Board keyCommands cmd+home press:", "Board keyCommands f1 press:", "Board keyCommands return confirm:"])
    }

    /// A closure written in a call of the app's own method on another type
    /// (`letters.each { letter in … }` with `extension String { func each(_:) }`) runs, when the
    /// method calls it, in the caller's context: what it appends to the caller's field stays
    /// appended. Swift 3's `characters` and `self.list! += […]` are read.
    @Test func aClosurePassedToAnotherTypesMethodRunsInItsCallersContext() throws {
        let result = try importing([
            "Each.swift": """
                extension String {
                    func each(_ body: (String) -> Void) {
                        for character in self.characters { body(String(character)) }
                    }
                }
                """,
            "Console.swift": """
                import UIKit
                let letters = "ab"
                class Console: UIViewController {
                    var list: [UIKeyCommand]?
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        list = []
                        letters.each { letter in
                            [[], [.control]].map({ self.list! += [UIKeyCommand(input: letter, modifierFlags: $0, action: #selector(Console.send(_:)))] })
                        }
                    }
                    override var keyCommands: [UIKeyCommand]? { return list! }
                    @objc func send(_ sender: UIKeyCommand) {}
                }
                """,
        ])
        #expect(keys(result) == ["Console keyCommands a send:", "Console keyCommands b send:", "Console keyCommands ctrl+a send:",
                                 "Console keyCommands ctrl+b send:"])
    }

    /// An implicit member without a usable context (`identifier: .game` in a `UIMenu` the
    /// evaluator does not model) is the app's own static of that name, not a preview's: the
    /// sample game a `PreviewProvider` deals is not run to build the menu.
    @Test func anImplicitMemberIsNotAPreviewsSample() throws {
        let result = try importing([
            "Menu.swift": """
                import UIKit
                extension UIMenu.Identifier {
                    static let game = UIMenu.Identifier("Game")
                }
                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    override func buildMenu(with builder: UIMenuBuilder) {
                        let newGame = UIKeyCommand(title: "New Game", action: #selector(AppDelegate.newGame), input: "n", modifierFlags: .command)
                        let menu = UIMenu(title: "Game", image: nil, identifier: .game, options: [], children: [newGame])
                        builder.insertSibling(menu, afterMenu: .application)
                    }
                    @objc func newGame() {}
                }
                """,
            "GameView.swift": """
                import SwiftUI
                final class Game {
                    var cards: [Int] = []
                    init() { for suit in 0..<4 { for rank in 0..<13 { cards.append(suit * 13 + rank) } } }
                }
                struct GameView: View {
                    var body: some View { Text("Freecell") }
                }
                struct GameView_Previews: PreviewProvider {
                    static let game: Game = {
                        let g = Game()
                        g.cards.append(0)
                        return g
                    }()
                    static var previews: some View { GameView() }
                }
                """,
        ])
        #expect(keys(result) == ["AppDelegate menu cmd+n newGame"])
        #expect(result.report.evaluationSteps < 100, "\(result.report.evaluationSteps) steps")
    }

    /// Inside a view's helper, a local no shortcut depends on is not computed, and reading a
    /// field runs only the methods that assign it: the model a board view reads (a deck built
    /// card by card) is not run to find the view's Escape button.
    @Test func aHelperDoesNotRunTheModelItsShortcutDoesNotNeed() throws {
        let result = try importing([
            "Board.swift": """
                import SwiftUI
                struct Card { var rank: Int; var suit: Int }
                final class Game {
                    var cards: [Card] = []
                    init() { deal() }
                    func deal() {
                        cards = []
                        for suit in 0..<4 { for rank in 0..<13 { cards.append(Card(rank: rank, suit: suit)) } }
                    }
                    func score() -> Int { cards.reduce(0) { $0 + $1.rank } }
                }
                struct Board: View {
                    @State private var game = Game()
                    var body: some View { table(width: 3) }
                    private func table(width: Int) -> some View {
                        let score = game.score()
                        let columns = game.cards.count / width
                        return VStack {
                            Text("\\(score) in \\(columns)")
                            Button("Cancel") { }
                                .keyboardShortcut(.cancelAction)
                        }
                    }
                }
                """,
        ])
        #expect(keys(result) == ["Board swiftui esc nil"])
        #expect(result.report.evaluationSteps < 200, "\(result.report.evaluationSteps) steps")
    }

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

    /// A protocol extension's method that adds a command to `self` (`self as? UIViewController &
    /// Presentable`, then `addKeyCommand`) adds it to each adopter; a subclass of an adopter
    /// inherits it and does not repeat it.
    @Test func aProtocolExtensionsAddedCommandGoesToEachAdopter() throws {
        let result = try importing([
            "Present.swift": """
                import UIKit
                protocol Presentable { func didShow() }
                extension Presentable {
                    func present(from host: UIViewController) {
                        if let controller = self as? UIViewController & Presentable {
                            controller.addKeyCommand(UIKeyCommand(input: UIKeyCommand.inputEscape, modifierFlags: [], action: #selector(UIViewController.dismissSheet)))
                            host.present(controller, animated: true)
                        }
                    }
                }
                extension UIViewController { @objc func dismissSheet() {} }
                class Sheet: UIViewController, Presentable { func didShow() {} }
                class Picker: UIViewController, Presentable { func didShow() {} }
                class ColorPicker: Picker {}
                """,
        ])
        #expect(keys(result) == ["Picker addKeyCommand esc dismissSheet", "Sheet addKeyCommand esc dismissSheet"])
    }

    /// A requirement called on a field declared of the app's protocol type, whose instance is
    /// set at run time, runs each adopter's implementation with the caller's arguments; the
    /// commands are the caller's, each under the condition that the field holds that adopter.
    @Test func aProtocolRequirementOnAProtocolTypedFieldRunsEachAdoptersImplementation() throws {
        let result = try importing([
            "Games.swift": """
                import UIKit
                final class GameController: UIViewController {
                    protocol GameInput: AnyObject {
                        func makeKeyCommands(target: Any, action: Selector) -> [UIKeyCommand]
                    }
                    final class Snake: UIView, GameInput {
                        func makeKeyCommands(target: Any, action: Selector) -> [UIKeyCommand] {
                            ["w", "s"].map { UIKeyCommand(input: $0, modifierFlags: [], action: action) }
                        }
                    }
                    final class Pong: UIView, GameInput {
                        func makeKeyCommands(target: Any, action: Selector) -> [UIKeyCommand] {
                            [UIKeyCommand(input: UIKeyCommand.inputUpArrow, modifierFlags: [], action: action)]
                        }
                    }
                    private weak var activeGame: GameInput?
                    func start(_ game: GameInput) { activeGame = game }
                    override var keyCommands: [UIKeyCommand]? {
                        activeGame?.makeKeyCommands(target: self, action: #selector(handle(_:))) ?? []
                    }
                    @objc private func handle(_ command: UIKeyCommand) {}
                }
                """,
        ])
        #expect(keys(result) == [
            "GameController keyCommands s handle:", "GameController keyCommands up handle:", "GameController keyCommands w handle:",
        ])
        #expect(result.inventory.allSatisfy { $0.conditional })
    }

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

    /// An `if let` around a view's shortcut is run only when the shortcut reads what it binds;
    /// otherwise it is a run-time condition of the shortcut.
    @Test func anOptionalBindingTheShortcutDoesNotReadIsAConditionOnly() throws {
        let result = try importing([
            "Sessions.swift": """
                import SwiftUI
                final class Store { func activeSession() -> String? { nil } }
                struct Keys { static let close: Character? = "w" }
                struct SessionView: View {
                    let store: Store
                    var body: some View {
                        if let session = store.activeSession() {
                            Button("Close \\(session)") {}.keyboardShortcut("k")
                        }
                        if let close = Keys.close {
                            Button("Close") {}.keyboardShortcut(KeyEquivalent(close))
                        }
                    }
                }
                """,
        ])
        #expect(keys(result) == ["SessionView swiftui cmd+k nil", "SessionView swiftui cmd+w nil"])
        #expect(result.inventory.first { $0.input == "k" }?.conditional == true)
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

    /// A user setting (`@AppStorage`) holds what the user chose, so a shortcut parsed from it
    /// has neither a fixed key nor fixed modifiers: a loop over the setting's parts leaves the
    /// values it changes unfixed, and the setting's default is not taken for its value.
    @Test func aShortcutParsedFromAUserSettingIsNotFixed() throws {
        let result = try importing([
            "Shortcuts.swift": """
                import SwiftUI
                class Shortcuts: ObservableObject {
                    @AppStorage("toggleSidebar") var toggleSidebar = "⌘, s"
                    func parse(_ text: String) -> KeyboardShortcut {
                        var modifiers = EventModifiers()
                        var key = ""
                        for part in text.components(separatedBy: ", ") {
                            if part == "⌘" { modifiers.insert(.command) } else if part == "⇧" { modifiers.insert(.shift) } else { key = part }
                        }
                        return KeyboardShortcut(KeyEquivalent(Character(key)), modifiers: modifiers)
                    }
                }
                struct Browser: View {
                    @StateObject var shortcuts = Shortcuts()
                    var body: some View {
                        Button("Sidebar") {}.keyboardShortcut(shortcuts.parse(shortcuts.toggleSidebar))
                    }
                }
                """,
        ])
        let row = try #require(result.inventory.first)
        #expect(result.inventory.count == 1)
        #expect(row.declaredIn == "Browser" && row.input == nil && row.modifiers == nil)
    }

    /// A view modifier that only an `extension View` method applies is built only when a view
    /// that calls the method is: a macOS-only view's modifier contributes nothing to iOS.
    @Test func aModifierAppliedByAViewHelperIsBuiltOnlyForTheViewsThatCallIt() throws {
        let result = try importing([
            "App.swift": """
                import SwiftUI
                @main struct NotesApp: App {
                    var body: some Scene {
                        WindowGroup {
                            #if os(iOS)
                            PhoneRoot()
                            #else
                            DesktopRoot()
                            #endif
                        }
                    }
                }
                struct PhoneRoot: View { var body: some View { Text("Notes") } }
                struct DesktopRoot: View { var body: some View { Text("Notes").desktopShortcuts() } }
                struct DesktopShortcuts: ViewModifier {
                    func body(content: Content) -> some View {
                        content.background { Button("New") {}.keyboardShortcut("n") }
                    }
                }
                extension View {
                    func desktopShortcuts() -> some View { modifier(DesktopShortcuts()) }
                }
                """,
        ])
        #expect(result.inventory.isEmpty, "\(keys(result))")
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

    /// An initialiser that stores an enum case with the key as payload (`self.input =
    /// .key(input: input, …)`, the parameter named like the field) gives the field that case,
    /// and a `switch` over the instance's field takes it.
    @Test func aStructsStoredEnumCaseCarriesItsKeyToTheCommand() throws {
        let result = try importing([
            "Menu.swift": """
                import UIKit
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    private struct Context {
                        enum Input {
                            case none
                            case key(input: String, modifierFlags: UIKeyModifierFlags)
                        }
                        let action: Selector
                        let input: Input
                        init(action: Selector, input: String = "", modifierFlags: UIKeyModifierFlags = []) {
                            self.action = action
                            if input.isEmpty {
                                self.input = .none
                            } else {
                                self.input = .key(input: input, modifierFlags: modifierFlags)
                            }
                        }
                    }
                    private func command(_ context: Context) -> UICommand {
                        switch context.input {
                        case let .key(input, modifierFlags):
                            return UIKeyCommand(title: "Open", action: context.action, input: input, modifierFlags: modifierFlags)
                        case .none:
                            return UICommand(title: "Demo", action: context.action)
                        }
                    }
                    override func buildMenu(with builder: UIMenuBuilder) {
                        let open = command(Context(action: #selector(openFile), input: "o", modifierFlags: .command))
                        let demo = command(Context(action: #selector(runDemo)))
                        builder.insertChild(UIMenu(title: "", options: .displayInline, children: [open, demo]), atStartOfMenu: .file)
                    }
                    @objc func openFile() {}
                    @objc func runDemo() {}
                }
                """,
        ])
        #expect(keys(result) == ["AppDelegate menu cmd+o openFile"])
    }

    @Test func aBuildMenuAnotherMenuCallsIsItsHelper() throws {
        let result = try importing([
            "Menus.swift": """
                import UIKit
                final class ActionsManager: UIResponder {
                    override func buildMenu(with builder: UIMenuBuilder) {
                        let lock = UIKeyCommand(title: "Lock", action: #selector(lock), input: "l", modifierFlags: .command)
                        builder.insertChild(UIMenu(children: [lock]), atStartOfMenu: .file)
                    }
                    @objc func lock() {}
                }
                class Coordinator: UIResponder {
                    let actions = ActionsManager()
                    override func buildMenu(with builder: UIMenuBuilder) {
                        super.buildMenu(with: builder)
                        actions.buildMenu(with: builder)
                    }
                }
                """,
        ])
        #expect(keys(result) == ["Coordinator menu cmd+l lock"])
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

    @Test func swiftUIForEachGivesOneShortcutPerElement() throws {
        let result = try importing([
            "Tabs.swift": """
                import SwiftUI
                enum Mode: CaseIterable { case rooms, messages, files }
                struct Tabs: View {
                    @State var mode = Mode.rooms
                    var body: some View {
                        ForEach(Array(Mode.allCases.enumerated()), id: \\.element) { index, mode in
                            Button("") { self.mode = mode }
                                .keyboardShortcut(KeyEquivalent(Character("\\(index + 1)")), modifiers: .command)
                        }
                    }
                }
                """,
        ])
        #expect(keys(result) == ["Tabs swiftui cmd+1 nil", "Tabs swiftui cmd+2 nil", "Tabs swiftui cmd+3 nil"])
    }

    /// A `let` the view's code declares before the `ForEach` (and one inside its closure) is
    /// bound while the loop is unrolled: one shortcut per element of the local list.
    @Test func swiftUIForEachOverALocalListUnrollsIt() throws {
        let result = try importing([
            "Picker.swift": """
                import SwiftUI
                enum Heading { case one, two, three }
                struct Picker: View {
                    var body: some View {
                        let layouts: [(Int, String)] = [(1, "Single"), (2, "Two Up")]
                        ForEach(Array(layouts.enumerated()), id: \\.element.1) { index, layout in
                            Button(layout.1) {}
                                .keyboardShortcut(KeyEquivalent(Character("\\(index + 1)")), modifiers: [.command, .option])
                        }
                        ForEach(1...2, id: \\.self) { level in
                            let heading = [Heading.one, .two][level - 1]
                            Button("H") {}.keyboardShortcut(heading == .one ? "1" : "2")
                        }
                    }
                }
                """,
        ])
        #expect(keys(result) == ["Picker swiftui cmd+1 nil", "Picker swiftui cmd+2 nil",
                                 "Picker swiftui opt+cmd+1 nil", "Picker swiftui opt+cmd+2 nil"])
        #expect(result.inventory.allSatisfy { !$0.conditional })
    }

    /// A `let` the view declares in an `#if` block is the active clause's: the iOS branch's
    /// list (`reversed()`) is the one the loop unrolls.
    @Test func swiftUIForEachOverALocalListDeclaredUnderIfUsesTheActiveClause() throws {
        let result = try importing([
            "Routes.swift": """
                import SwiftUI
                enum Route: CaseIterable { case map, gallery, search }
                struct Routes: View {
                    var body: some View {
                        #if os(macOS)
                            let items = Route.allCases.enumerated().dropFirst()
                        #else
                            let items = Route.allCases.enumerated().reversed()
                        #endif
                        ForEach(Array(items), id: \\.element) { (index, route) in
                            let character = Character("\\(index + 1)")
                            Button("") {}.keyboardShortcut(KeyEquivalent(character), modifiers: .command)
                        }
                    }
                }
                """,
        ])
        #expect(keys(result) == ["Routes swiftui cmd+1 nil", "Routes swiftui cmd+2 nil", "Routes swiftui cmd+3 nil"])
    }

    /// `allCases.prefix(9)` and `suffix(n)` take what the standard library takes: ⌘1…⌘3 from
    /// the first three cases, and the last two of the other list.
    @Test func swiftUIForEachOverAPrefixOrSuffixTakesThoseElements() throws {
        let result = try importing([
            "Tabs.swift": """
                import SwiftUI
                enum Tab: String, CaseIterable { case home = "h", search = "s", library = "l", queue = "q", radio = "r" }
                struct Tabs: View {
                    @State private var selection: Tab = .home
                    var body: some View {
                        ForEach(Array(Tab.allCases.prefix(3).enumerated()), id: \\.offset) { idx, item in
                            Button("") { selection = item }
                                .keyboardShortcut(KeyEquivalent(Character("\\(idx + 1)")), modifiers: .command)
                        }
                        ForEach(Tab.allCases.suffix(2), id: \\.self) { tab in
                            Button("") { selection = tab }.keyboardShortcut(KeyEquivalent(Character(tab.rawValue)), modifiers: .control)
                        }
                    }
                }
                """,
        ])
        #expect(keys(result) == ["Tabs swiftui cmd+1 nil", "Tabs swiftui cmd+2 nil", "Tabs swiftui cmd+3 nil",
                                 "Tabs swiftui ctrl+q nil", "Tabs swiftui ctrl+r nil"])
    }

    /// `isWarning ? nil : .defaultAction` attaches Return only when the condition fails.
    @Test func swiftUIShortcutWithANilBranchIsConditional() throws {
        let result = try importing([
            "Prompt.swift": """
                import SwiftUI
                struct Prompt: View {
                    @State private var isWarning = false
                    var body: some View {
                        Button("OK") {}.keyboardShortcut(isWarning ? nil : .defaultAction)
                    }
                }
                """,
        ])
        #expect(result.inventory.count == 1)
        let row = try #require(result.inventory.first)
        #expect(row.input == "\r" && row.conditional && row.condition == "!(isWarning)")
    }

    /// An `extension View` helper that applies `keyboardShortcut(…)` to `self` without `self.`,
    /// in a `switch` over its argument, called from a view's own method and inside `ForEach`:
    /// each call site gets the key its argument picks.
    @Test func viewHelperCallingKeyboardShortcutBareGivesEachCallersKey() throws {
        let result = try importing([
            "Toolbar.swift": """
                import SwiftUI
                enum Format { case bold, italic, heading1, heading2 }
                struct Toolbar: View {
                    var body: some View {
                        HStack {
                            formatButton("B", action: .bold)
                            ForEach(1...2, id: \\.self) { level in
                                let action = [Format.heading1, .heading2][level - 1]
                                Button("H") {}.formatShortcut(action)
                            }
                        }
                    }
                    private func formatButton(_ icon: String, action: Format) -> some View {
                        Button(icon) {}.formatShortcut(action)
                    }
                }
                private extension View {
                    @ViewBuilder
                    func formatShortcut(_ action: Format) -> some View {
                        switch action {
                        case .bold: keyboardShortcut("b", modifiers: .command)
                        case .italic: keyboardShortcut("i", modifiers: .command)
                        case .heading1: keyboardShortcut("1", modifiers: .command)
                        case .heading2: keyboardShortcut("2", modifiers: .command)
                        }
                    }
                }
                """,
        ])
        #expect(keys(result) == ["Toolbar swiftui cmd+1 nil", "Toolbar swiftui cmd+2 nil", "Toolbar swiftui cmd+b nil"])
    }

    /// A bare `keyboardShortcut(…)` outside `extension View` is the type's own member (here a
    /// stored closure), not SwiftUI's modifier.
    @Test func bareKeyboardShortcutInAViewIsItsOwnMember() throws {
        let result = try importing([
            "Tabs.swift": """
                import SwiftUI
                struct Tabs: View {
                    let keyboardShortcut: (Int) -> String?
                    var body: some View { Text(keyboardShortcut(1) ?? "") }
                }
                """,
        ])
        #expect(result.inventory.isEmpty)
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

    @Test func tabBarItemsAreOnePerAssignedViewController() throws {
        let result = try importing([
            "Tabs.swift": """
                import UIKit
                extension UIKeyModifierFlags {
                    static var deviceCommand: Self {
                #if targetEnvironment(simulator)
                        .shift
                #else
                        .command
                #endif
                    }
                }
                class Tabs: UITabBarController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        viewControllers = [UIViewController(), UIViewController(), UIViewController()]
                    }
                    override var keyCommands: [UIKeyCommand]? {
                        tabBar.items?.enumerated().map { index, item in
                            UIKeyCommand(input: "\\(index + 1)", modifierFlags: .deviceCommand, action: #selector(selectTab))
                        }
                    }
                    @objc func selectTab(_ sender: UIKeyCommand) {}
                }
                """,
        ])
        #expect(keys(result) == ["Tabs keyCommands cmd+1 selectTab:", "Tabs keyCommands cmd+2 selectTab:", "Tabs keyCommands cmd+3 selectTab:"])
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
            "List keyCommands cmd+\\u{8} remove:",
            "List keyCommands return done",
        ])
        let done = result.inventory.first { $0.action == "done" }
        #expect(done?.conditional == true)
        #expect(done?.condition == "isEditingRows")
        #expect(result.inventory.first { $0.action == "remove:" }?.conditional == false)
        #expect(result.inventory.first { $0.input == "2" }?.condition == "traitCollection.horizontalSizeClass == .regular")
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

    @Test func mainMenuFromStoredPropertiesAndSelectorConstants() throws {
        let result = try importing([
            "AppDelegate.swift": """
            import UIKit
            extension Selector { static let toggleSidebar = #selector(Split.toggleSidebar(_:)) }
            class AppDelegate: UIResponder, UIApplicationDelegate {
                let sidebarCommand = UIKeyCommand(title: "Toggle Sidebar", action: .toggleSidebar, input: "s", modifierFlags: [.control, .command])
                override func buildMenu(with builder: UIMenuBuilder) {
                    guard builder.system == .main else { return }
                    let view = UIMenu(title: "", options: .displayInline, children: [sidebarCommand])
                    builder.insertChild(view, atStartOfMenu: .view)
                    switch builder.system {
                    case .main: builder.insertSibling(UIMenu(children: [UIKeyCommand(title: "Print", action: #selector(Split.printDocument(_:)), input: "p", modifierFlags: .command)]), afterMenu: .close)
                    case .context: builder.insertChild(UIMenu(children: [UIKeyCommand(input: "k", modifierFlags: .command, action: #selector(Split.printDocument(_:)))]), atStartOfMenu: .root)
                    default: break
                    }
                }
            }
            """,
            "Split.swift": """
            import UIKit
            class Split: UISplitViewController {
                @objc func toggleSidebar(_ sender: Any?) {}
                @objc func printDocument(_ sender: Any?) {}
            }
            """,
        ])
        #expect(keys(result) == ["AppDelegate menu cmd+p printDocument:", "AppDelegate menu ctrl+cmd+s toggleSidebar:"])
        #expect(result.inventory.allSatisfy { !$0.conditional })
        #expect(result.report.sceneError == nil)
        #expect(result.scene.contains("\"imported-AppDelegate\""))
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

    /// `.keyboardShortcut(nil)` removes a shortcut (one a container would give): no row.
    @Test func swiftUIShortcuts() throws {
        let result = try importing(["E.swift": """
            import SwiftUI
            extension KeyboardShortcut { enum App { static let refresh = KeyboardShortcut("r") } }
            struct Toolbar: View {
                var showClose: Bool
                var body: some View {
                    HStack {
                        Button("Save") {}.keyboardShortcut("s", modifiers: [.command, .shift])
                        Button(action: {}) { Image(systemName: "arrow") }.keyboardShortcut(.App.refresh)
                        if showClose { Button("Close") {}.keyboardShortcut(.cancelAction) }
                        Button("OK") {}.keyboardShortcut(.defaultAction)
                        Menu("Filter") { Button("All") {}.keyboardShortcut(nil) }
                        #if os(macOS)
                        Button("Mac") {}.keyboardShortcut("m")
                        #endif
                    }
                }
            }
            struct AppCommands: Commands {
                var body: some Commands {
                    CommandGroup(after: .newItem) { Button("Open Recent") {}.keyboardShortcut("o", modifiers: [.option, .command]) }
                }
            }
            """])
        #expect(keys(result) == [
            "AppCommands swiftui opt+cmd+o nil",
            "Toolbar swiftui cmd+r nil",
            "Toolbar swiftui esc nil",
            "Toolbar swiftui return nil",
            "Toolbar swiftui shift+cmd+s nil",
        ])
        #expect(result.inventory.first { $0.input == "s" }?.title == "Save")
        #expect(result.inventory.first { $0.input == "UIKeyInputEscape" }?.condition == "showClose")
    }

    /// `ForEach(1...min(Agent.allCases.count, 9))` runs over the numbers the enum fixes: the
    /// standard library's `min` and `max` of integers are evaluated.
    @Test func aRangeBoundedByMinOfACaseCountGivesOneShortcutPerNumber() throws {
        let result = try importing(["G.swift": """
            import SwiftUI
            enum Agent: String, CaseIterable { case one, two, three }
            struct Root: View {
                var body: some View {
                    Color.clear.background {
                        ForEach(1...min(Agent.allCases.count, 9), id: \\.self) { n in
                            Button("") {}.keyboardShortcut(KeyEquivalent(Character("\\(n)")), modifiers: .command)
                        }
                        ForEach(0..<max(2, 1), id: \\.self) { n in Button("") {}.keyboardShortcut(KeyEquivalent(Character("\\(n)"))) }
                    }
                }
            }
            """])
        // SwiftUI's modifiers default to ⌘.
        #expect(keys(result) == ["Root swiftui cmd+0 nil", "Root swiftui cmd+1 nil", "Root swiftui cmd+1 nil",
                                 "Root swiftui cmd+2 nil", "Root swiftui cmd+3 nil"])
    }

    @Test func protocolDefaultAndSharedHelper() throws {
        let result = try importing(["F.swift": """
            import UIKit
            protocol Refreshable {}
            extension Refreshable {
                var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "r", modifierFlags: .command, action: #selector(UIViewController.refresh))] }
            }
            enum SharedCommands {
                static func navigation() -> [UIKeyCommand] { [UIKeyCommand(input: "[", modifierFlags: .command, action: #selector(UIViewController.goBack))] }
            }
            class One: UIViewController, Refreshable {
                override var keyCommands: [UIKeyCommand]? { SharedCommands.navigation() }
            }
            class Two: UIViewController, Refreshable {
                override var keyCommands: [UIKeyCommand]? { SharedCommands.navigation() }
                @objc func refresh() {}
                @objc func goBack() {}
            }
            """])
        #expect(keys(result) == [
            "One keyCommands cmd+[ goBack", "One keyCommands cmd+r refresh",
            "Two keyCommands cmd+[ goBack", "Two keyCommands cmd+r refresh",
        ])
    }

    /// A helper property a protocol requires and a constrained extension implements, adopted
    /// through a composition alias (`typealias Navigable = Core & Relay`) and through a protocol
    /// that inherits it; the extension is in another file than the requirement.
    @Test func protocolHelpersThroughAliasesAndInheritedProtocols() throws {
        let result = try importing([
            "A.swift": """
                import UIKit
                typealias Navigable = NavigableCore & NavigableRelay
                protocol NavigableCore: AnyObject {
                    var navigationCommands: [UIKeyCommand] { get }
                }
                @objc protocol NavigableRelay: AnyObject {
                    func navigateRelay(_ sender: UIKeyCommand)
                }
                protocol StatusNavigable: NavigableCore {}
                final class Timeline: UIViewController {
                    override var keyCommands: [UIKeyCommand]? { navigationCommands }
                }
                extension Timeline: Navigable {
                    @objc func navigateRelay(_ sender: UIKeyCommand) {}
                }
                final class Thread: UIViewController, StatusNavigable {
                    override var keyCommands: [UIKeyCommand]? { navigationCommands }
                    @objc func navigateRelay(_ sender: UIKeyCommand) {}
                }
                """,
            "B.swift": """
                import UIKit
                extension NavigableCore where Self: NavigableRelay {
                    var navigationCommands: [UIKeyCommand] {
                        ["j", "k"].map { UIKeyCommand(input: $0, modifierFlags: [], action: #selector(Self.navigateRelay(_:))) }
                    }
                }
                """,
        ])
        #expect(keys(result) == [
            "Thread keyCommands j navigateRelay:", "Thread keyCommands k navigateRelay:",
            "Timeline keyCommands j navigateRelay:", "Timeline keyCommands k navigateRelay:",
        ])
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
        // ⌃N on a text field: text input uses it first (R17).
        #expect(result.report.findings.contains { $0.kind == .textInput && $0.message.contains("ctrl+n") })
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

    /// A multiplatform app: the settings scene exists only on macOS, so its view (and the view
    /// only it shows) is never created on iOS; a view only a preview shows is not the app's.
    @Test func swiftUITypesTheBuildNeverCreatesProvideNoShortcuts() throws {
        let result = try importing(["App.swift": """
            import SwiftUI
            @main struct NotesApp: App {
                var body: some Scene {
                    WindowGroup { ContentView() }
                    #if os(macOS)
                    Settings { SettingsView() }
                    #endif
                }
            }
            struct ContentView: View {
                var body: some View { Button("New") {}.keyboardShortcut("n") }
            }
            struct SettingsView: View {
                var body: some View { RulesEditor() }
            }
            struct RulesEditor: View {
                var body: some View { Button("Delete") {}.keyboardShortcut(.delete) }
            }
            struct PreviewOnly: View {
                var body: some View { Button("X") {}.keyboardShortcut("x") }
            }
            #Preview { PreviewOnly() }
            """])
        #expect(keys(result) == ["ContentView swiftui cmd+n nil"])
        let mac = try importing(["App.swift": """
            import SwiftUI
            @main struct NotesApp: App {
                var body: some Scene {
                    #if os(macOS)
                    Settings { RulesEditor() }
                    #endif
                }
            }
            struct RulesEditor: View {
                var body: some View { Button("Delete") {}.keyboardShortcut(.delete) }
            }
            """], platform: .macCatalyst)
        #expect(keys(mac).isEmpty)
    }

    /// A `Commands` struct nested in the `App` gives its shortcuts only when something names
    /// it (`.commands { Attached() }`): the `App` being built does not build what it declares.
    /// A view nested in another, whose key a computed property switches over a `let` it is built
    /// with (`tabShortcut` over `tab`), gives each construction's key: one per tab of the
    /// `ForEach` that builds it.
    @Test func aNestedViewKeyedBySwitchingOverWhatItIsBuiltWithGivesEachConstructionsKey() throws {
        let result = try importing(["Chips.swift": """
            import SwiftUI
            enum Tab: CaseIterable, Identifiable { case all, unread, flagged; var id: Self { self } }
            struct ChipsView: View {
                @Binding var selected: Tab
                var body: some View {
                    HStack {
                        ForEach(Tab.allCases) { tab in
                            Chip(tab: tab, isSelected: selected == tab) { selected = tab }
                        }
                    }
                }
                private struct Chip: View {
                    let tab: Tab
                    let isSelected: Bool
                    let action: () -> Void
                    var body: some View {
                        Button(action: action) { Text("Tab") }.keyboardShortcut(tabShortcut ?? "0", modifiers: [.command, .shift])
                    }
                    private var tabShortcut: KeyEquivalent? {
                        switch tab {
                        case .all: return "1"
                        case .unread: return "2"
                        case .flagged: return "3"
                        }
                    }
                }
            }
            struct Root: View {
                @State var tab = Tab.all
                var body: some View { ChipsView(selected: $tab) }
            }
            """])
        #expect(keys(result) == ["ChipsView.Chip swiftui shift+cmd+1 nil", "ChipsView.Chip swiftui shift+cmd+2 nil", "ChipsView.Chip swiftui shift+cmd+3 nil"])
    }

    /// A key a computed property returns on several paths, over state that changes (`@State
    /// var tab`), is every path's key, each under its path's condition: the initial value is only
    /// where the view starts.
    @Test func aKeyReturnedOnSeveralPathsOverChangingStateIsEveryPathsKey() throws {
        let result = try importing(["Tabs.swift": """
            import SwiftUI
            enum Tab { case all, unread, flagged }
            struct TabsView: View {
                @State var tab: Tab = .all
                @State var compact = false
                var body: some View {
                    VStack {
                        Button("Next") {}.keyboardShortcut(nextKey, modifiers: .command)
                        Button("Mode") {}.keyboardShortcut(modeKey)
                    }
                }
                private var nextKey: KeyEquivalent {
                    switch tab {
                    case .all: return "1"
                    case .unread: return "2"
                    case .flagged: return "3"
                    }
                }
                private var modeKey: KeyEquivalent {
                    if compact { return "c" }
                    return "w"
                }
            }
            """])
        #expect(keys(result) == [
            "TabsView swiftui cmd+1 nil", "TabsView swiftui cmd+2 nil", "TabsView swiftui cmd+3 nil",
            "TabsView swiftui cmd+c nil", "TabsView swiftui cmd+w nil",
        ])
        #expect(result.inventory.first { $0.input == "2" }?.condition == "tab == .unread")
        #expect(result.inventory.first { $0.input == "w" }?.condition == "!(compact)")
    }

    /// A fallback only an older OS returns (`guard #available(…) else { return … }`, `if
    /// #unavailable(…) { return … }`) is left out of a key chosen on several paths: the scene is
    /// the app on the newest iOS.
    @Test func aKeyOnlyAnOlderOSReturnsIsLeftOut() throws {
        let result = try importing(["Keys.swift": """
            import SwiftUI
            struct Editor: View {
                var body: some View {
                    VStack {
                        Button("Find") {}.keyboardShortcut(findKey, modifiers: .command)
                        Button("Fold") {}.keyboardShortcut(foldKey, modifiers: .command)
                    }
                }
                private var findKey: KeyEquivalent {
                    guard #available(iOS 99, *) else { return "g" }
                    return "f"
                }
                private var foldKey: KeyEquivalent {
                    if #unavailable(iOS 99) { return "o" }
                    return "k"
                }
            }
            """])
        #expect(keys(result) == ["Editor swiftui cmd+f nil", "Editor swiftui cmd+k nil"])
    }

    /// `ForEach` over a list the view is built with runs over the list each construction passes.
    @Test func aForEachOverTheListAViewIsBuiltWithRunsOverWhatItsConstructionsPass() throws {
        let result = try importing(["Rail.swift": """
            import SwiftUI
            struct RailItem: Identifiable { let id: String }
            enum RailCatalog {
                static let primary: [RailItem] = [RailItem(id: "home"), RailItem(id: "inbox"), RailItem(id: "settings")]
            }
            struct RailSidebarView: View {
                private let items: [RailItem]
                init(items: [RailItem]) { self.items = items }
                var body: some View {
                    VStack {
                        ForEach(Array(items.enumerated()), id: \\.element.id) { index, item in
                            Button(item.id) {}.keyboardShortcut(keyEquivalent(for: index), modifiers: .command)
                        }
                    }
                }
                private func keyEquivalent(for index: Int) -> KeyEquivalent {
                    let chars: [Character] = ["1", "2", "3", "4"]
                    return KeyEquivalent(chars[index])
                }
            }
            struct Shell: View {
                var body: some View { RailSidebarView(items: RailCatalog.primary) }
            }
            """])
        #expect(keys(result) == ["RailSidebarView swiftui cmd+1 nil", "RailSidebarView swiftui cmd+2 nil", "RailSidebarView swiftui cmd+3 nil"])
    }

    @Test func aCommandSetNestedInTheAppAndNeverAttachedGivesNothing() throws {
        let result = try importing(["App.swift": """
            import SwiftUI
            @main struct TimerApp: App {
                var body: some Scene {
                    WindowGroup { Text("Timer") }
                        .commands { Attached() }
                }
                struct Attached: Commands {
                    var body: some Commands {
                        CommandMenu("Timer") { Button("Start") {}.keyboardShortcut("s", modifiers: [.command, .option]) }
                    }
                }
                struct MiniWindowCommands: Commands {
                    var body: some Commands {
                        CommandGroup(after: .windowArrangement) { Button("Mini") {}.keyboardShortcut("m", modifiers: [.command, .shift]) }
                    }
                }
            }
            """])
        #expect(keys(result) == ["TimerApp.Attached swiftui opt+cmd+s nil"])
    }

    /// An app with a `@main` SwiftUI `App` and a second `App` nothing runs: the second one's
    /// commands, the view only it shows and the modifier only that view applies are not the
    /// app's. Without a `@main` `App` (an app started from `main.swift`), every `App` counts.
    @Test func aSecondAppWithoutMainIsNotTheEntryPoint() throws {
        let sources = ["App.swift": """
            import SwiftUI
            @main struct InventoryApp: App {
                var body: some Scene { WindowGroup { Text("Home").keyboardShortcut("h") } }
            }
            struct TabletApp: App {
                var body: some Scene {
                    WindowGroup { TabletRoot() }
                        .commands { CommandMenu("Items") { Button("Import") {}.keyboardShortcut("i") } }
                }
            }
            struct TabletRoot: View {
                var body: some View { Text("Tablet").tabletShortcuts() }
            }
            struct TabletShortcuts: ViewModifier {
                func body(content: Content) -> some View { content.background(Button("Find") {}.keyboardShortcut("f")) }
            }
            extension View {
                func tabletShortcuts() -> some View { modifier(TabletShortcuts()) }
            }
            """]
        #expect(keys(try importing(sources)) == ["InventoryApp swiftui cmd+h nil"])
        let started = try importing(["App.swift": sources["App.swift", default: ""].replacingOccurrences(of: "@main ", with: "")])
        #expect(keys(started).count == 3)
    }

    /// A controller whose `keyCommands` returns a stored array that a setter fills, called by
    /// another type with commands a manager builds: the commands are the controller's. A setter
    /// nobody calls leaves the array empty.
    @Test func aSetterFilledByAnotherTypeGivesTheCommandsItsCallersPass() throws {
        let result = try importing(["Shortcuts.swift": """
            import UIKit
            final class ShortcutHost: UIViewController {
                private var custom: [UIKeyCommand] = []
                override var keyCommands: [UIKeyCommand]? { custom }
                func setKeyCommands(_ commands: [UIKeyCommand]) { custom = commands }
            }
            final class Unused: UIViewController {
                private var custom: [UIKeyCommand] = []
                override var keyCommands: [UIKeyCommand]? { custom }
                func install(commands: [UIKeyCommand]) { custom = commands }
            }
            final class CommandManager {
                static let shared = CommandManager()
                func build() -> [UIKeyCommand] {
                    [UIKeyCommand(title: "New", action: #selector(Responder.newItem), input: "n", modifierFlags: .command),
                     UIKeyCommand(title: "Reload", action: #selector(Responder.reload), input: "r", modifierFlags: .command)]
                }
            }
            @objc final class Responder: NSObject {
                @objc static func newItem() {}
                @objc static func reload() {}
            }
            struct Installer {
                func install(on host: ShortcutHost) { host.setKeyCommands(CommandManager.shared.build()) }
            }
            """])
        #expect(keys(result).filter { $0.hasPrefix("ShortcutHost") } == [
            "ShortcutHost keyCommands cmd+n newItem", "ShortcutHost keyCommands cmd+r reload",
        ])
        #expect(!keys(result).contains { $0.hasPrefix("Unused") })
    }

    /// A SwiftUI representable hands its `UIView` the shortcuts to offer: the view's stored
    /// `var` starts empty, `makeUIView` and `updateUIView` assign what the representable was
    /// built with, and the views that build it pass their own lists. The commands are the
    /// `UIView`'s, each under the condition its list adds it under. A view that nothing fills
    /// still gives its commands, with what the source leaves open unknown.
    @Test func aRepresentableHandsItsViewTheShortcutsItsBuildersPass() throws {
        let result = try importing(["Reader.swift": """
            import SwiftUI
            import UIKit
            struct Shortcut {
                let title: String
                let input: String
                let flags: UIKeyModifierFlags
            }
            struct KeyCatcher: UIViewRepresentable {
                let shortcuts: [Shortcut]
                let onKey: (Shortcut) -> Void
                init(shortcuts: [Shortcut] = [], onKey: @escaping (Shortcut) -> Void) {
                    self.shortcuts = shortcuts
                    self.onKey = onKey
                }
                func makeUIView(context: Context) -> CatcherView {
                    let view = CatcherView()
                    view.shortcuts = shortcuts
                    return view
                }
                func updateUIView(_ uiView: CatcherView, context: Context) { uiView.shortcuts = shortcuts }
            }
            final class CatcherView: UIView {
                var shortcuts: [Shortcut] = []
                override var canBecomeFirstResponder: Bool { true }
                override var keyCommands: [UIKeyCommand]? { shortcuts.compactMap(makeCommand) }
                private func makeCommand(_ shortcut: Shortcut) -> UIKeyCommand? {
                    let command = UIKeyCommand(input: shortcut.input, modifierFlags: shortcut.flags, action: #selector(fire(_:)))
                    command.discoverabilityTitle = shortcut.title
                    return command
                }
                @objc private func fire(_ sender: UIKeyCommand) {}
            }
            struct PageReader: View {
                var hasPages = false
                private var shortcuts: [Shortcut] {
                    var list = [Shortcut(title: "Help", input: "/", flags: .command)]
                    if hasPages { list.append(Shortcut(title: "Jump", input: "j", flags: .command)) }
                    return list
                }
                var body: some View { Text("Pages").background(KeyCatcher(shortcuts: shortcuts) { _ in }) }
            }
            struct BookReader: View {
                var body: some View {
                    Text("Book").background(KeyCatcher(shortcuts: [Shortcut(title: "Contents", input: "t", flags: [.command, .shift])]) { _ in })
                }
            }
            final class LooseView: UIView {
                var shortcuts: [Shortcut] = []
                override var keyCommands: [UIKeyCommand]? { shortcuts.map(makeCommand) }
                private func makeCommand(_ shortcut: Shortcut) -> UIKeyCommand {
                    UIKeyCommand(input: shortcut.input, modifierFlags: .command, action: #selector(fire(_:)))
                }
                @objc private func fire(_ sender: UIKeyCommand) {}
            }
            """])
        #expect(keys(result).filter { $0.hasPrefix("CatcherView") } == [
            "CatcherView keyCommands cmd+/ fire:", "CatcherView keyCommands cmd+j fire:", "CatcherView keyCommands shift+cmd+t fire:",
        ])
        #expect(result.inventory.first { $0.input == "j" }?.conditional == true)
        #expect(result.inventory.first { $0.input == "/" }?.conditional == false)
        #expect(keys(result).filter { $0.hasPrefix("LooseView") } == ["LooseView keyCommands cmd+? fire:"])
    }

    /// An `if let` around a shortcut whose value only the control reads (a retry closure the
    /// button calls), or that unwraps a view model's member, is read for constants only: the
    /// shortcut stays under its condition, and one the source fixes to `nil` still drops it.
    @Test func anIfLetOnlyTheControlReadsIsAConditionUnlessTheSourceFixesNil() throws {
        let result = try importing(["Views.swift": """
            import SwiftUI
            enum LoadState {
                case idle
                case failed(String)
                var error: String? { if case .failed(let message) = self { return message } else { return nil } }
            }
            final class Model: ObservableObject {
                @Published var state: LoadState = .idle
                func load() { state = .failed("offline") }
            }
            struct Failure: View {
                private let retry: (() -> Void)?
                private let hint: String? = nil
                init(_ retry: (() -> Void)? = nil) { self.retry = retry }
                var body: some View {
                    if let retry {
                        Button { retry() } label: { Text("Retry") }.keyboardShortcut("r", modifiers: .command)
                    }
                    if let hint {
                        Button(hint) {}.keyboardShortcut("h", modifiers: .command)
                    }
                }
            }
            struct Screen: View {
                @StateObject var model = Model()
                var body: some View {
                    if let error = model.state.error {
                        Text(error)
                        Button("Reload") { model.load() }.keyboardShortcut("l", modifiers: .command)
                    }
                    Failure { model.load() }
                }
            }
            """])
        #expect(keys(result) == ["Failure swiftui cmd+r nil", "Screen swiftui cmd+l nil"])
        let unconditional = result.inventory.filter { !$0.conditional }
        #expect(unconditional.isEmpty)
        #expect(result.inventory.first { $0.input == "r" }?.title == "Retry")
    }

    /// A view controller's optional list, declared without a value, that a representable fills
    /// from user settings on one path and sets to `nil` on the other holds run-time data: its
    /// `compactMap` runs the element type's own factory once, on an element whose fields are
    /// unknown, and the command keeps the action the factory is given.
    @Test func anOptionalListFilledFromOutsideRunsItsElementsFactory() throws {
        let result = try importing(["Keys.swift": """
            import SwiftUI
            import UIKit
            struct Shortcut: Codable {
                var key: String?
                var flags: Int
                func command(action: Selector) -> UIKeyCommand? {
                    guard let key = self.key else { return nil }
                    return UIKeyCommand(input: key, modifierFlags: UIKeyModifierFlags(rawValue: flags), action: action)
                }
            }
            struct Container: UIViewControllerRepresentable {
                let shortcuts: [Shortcut]
                let enabled: Bool
                func makeUIViewController(context: Context) -> PressController {
                    let controller = PressController()
                    if enabled {
                        controller.shortcuts = shortcuts
                    } else {
                        controller.shortcuts = nil
                    }
                    return controller
                }
                func updateUIViewController(_ controller: PressController, context: Context) {}
            }
            final class PressController: UIViewController {
                var shortcuts: [Shortcut]?
                override var keyCommands: [UIKeyCommand]? {
                    shortcuts?.compactMap { shortcut in shortcut.command(action: #selector(press(_:))) }
                }
                @objc func press(_ sender: UIKeyCommand) {}
            }
            @propertyWrapper struct SavedShortcuts: DynamicProperty {
                @AppStorage("shortcuts") private var data = Data()
                var wrappedValue: [Shortcut] { (try? JSONDecoder().decode([Shortcut].self, from: data)) ?? [] }
            }
            struct Remote: View {
                @SavedShortcuts private var saved: [Shortcut]
                var body: some View { Container(shortcuts: saved, enabled: true) }
            }
            """])
        let rows = result.inventory.filter { $0.declaredIn == "PressController" }
        #expect(rows.count == 1)
        #expect(rows.first?.action == "press:")
        #expect(rows.first?.input == nil)
        #expect(rows.first?.conditional == true)
        #expect(rows.first?.notFollowed == nil)
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
        #expect(rows.filter { $0.input == "t" }.map(\.modifiers) == [["command"]])
        #expect(rows.filter { $0.input == "n" }.map(\.modifiers) == [["command", "shift"]])
        #expect(rows.filter { $0.input != "w" }.allSatisfy { !$0.conditional })
        #expect(rows.first { $0.input == "w" }?.conditional == true)
        // A view another view builds is no plain value: its state stays a run-time condition.
        #expect(result.inventory.first { $0.input == "o" }?.conditional == true)
        // Nor is a view another view holds: a getter run on it reads its state as run-time state.
        let toggles = result.inventory.filter { $0.declaredIn == "Toolbar" }
        #expect(Set(toggles.compactMap(\.input)) == ["x", "y"])
        #expect(toggles.allSatisfy { $0.conditional })
    }

    /// `if let key = spec.chord.keyEquivalent` around a SwiftUI shortcut, over a catalog the
    /// source fixes, always unwraps: no run-time condition. The button's title is the entry's.
    /// An `if let` of the view's own `@State` stays a condition, and a shortcut made from that
    /// state does not make the view one that carries the key its constructions give.
    @Test func anIfLetOfFixedDataAroundASwiftUIShortcutIsNoCondition() throws {
        let result = try importing(["Keys.swift": """
            import SwiftUI
            struct Chord {
                let input: String
                var keyEquivalent: KeyEquivalent? {
                    guard input.count == 1, let ch = input.first else { return nil }
                    return KeyEquivalent(ch)
                }
            }
            struct Spec { let title: String; let chord: Chord }
            enum Catalog {
                static let all: [Spec] = [
                    Spec(title: "Next Tab", chord: Chord(input: "]")),
                    Spec(title: "Previous Tab", chord: Chord(input: "[")),
                ]
            }
            struct KeysView: View {
                @State private var pending: KeyEquivalent? = "p"
                var body: some View {
                    ForEach(Array(Catalog.all.enumerated()), id: \\.offset) { _, spec in
                        if let key = spec.chord.keyEquivalent {
                            Button(spec.title) {}.keyboardShortcut(key, modifiers: .command)
                        }
                    }
                    if let pending {
                        Button("Pending") {}.keyboardShortcut(pending, modifiers: .command)
                    }
                }
            }
            """])
        let rows = result.inventory.filter { $0.declaredIn == "KeysView" }
        #expect(rows.filter { $0.input == "]" || $0.input == "[" }.map(\.conditional) == [false, false])
        #expect(rows.first { $0.input == "]" }?.title == "Next Tab")
        #expect(rows.first { $0.input == "[" }?.title == "Previous Tab")
        #expect(rows.first { $0.input == "p" }?.conditional == true)
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

    /// A multiplatform view's computed subview that only its macOS branch shows is never built
    /// on iOS; another view's subview of the same name that iOS shows keeps its shortcut.
    @Test func aSubviewOnlyALeftOutBranchShowsProvidesNoShortcut() throws {
        let result = try importing(["Sheets.swift": """
            import SwiftUI
            @main struct SheetsApp: App {
                var body: some Scene { WindowGroup { EditSheet(); AddSheet() } }
            }
            struct EditSheet: View {
                var body: some View {
                    #if os(macOS)
                    saveButton
                    #else
                    Text("Edit")
                    #endif
                }
                private var saveButton: some View { Button("Save") {}.keyboardShortcut(.defaultAction) }
            }
            struct AddSheet: View {
                var body: some View { saveButton }
                private var saveButton: some View { Button("Add") {}.keyboardShortcut("a") }
            }
            """])
        #expect(keys(result) == ["AddSheet swiftui cmd+a nil"])
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

    /// Shortcut helpers: a method in `extension View` that maps its arguments to a
    /// `KeyEquivalent` and `EventModifiers` before calling `.keyboardShortcut`, and a free
    /// function returning a button, reached through another free function. Each view that calls
    /// one gets the shortcuts the helper attaches for its arguments; the helpers get none.
    @Test func shortcutHelpersGiveTheirShortcutsToTheViewsThatCallThem() throws {
        let result = try importing(["Helpers.swift": """
            import SwiftUI
            import UIKit
            extension View {
                func keyCommand(_ key: String, modifiers: UIKeyModifierFlags = .command) -> some View {
                    var eventModifiers: EventModifiers = []
                    if modifiers.contains(.command) { eventModifiers.insert(.command) }
                    if modifiers.contains(.shift) { eventModifiers.insert(.shift) }
                    if modifiers.contains(.alternate) { eventModifiers.insert(.option) }
                    let equivalent: KeyEquivalent
                    switch key {
                    case UIKeyCommand.inputUpArrow: equivalent = .upArrow
                    case UIKeyCommand.inputEscape: equivalent = .escape
                    default: equivalent = KeyEquivalent(key.first!)
                    }
                    return self.keyboardShortcut(equivalent, modifiers: eventModifiers)
                }
            }
            func ComposeButton(action: @escaping () -> Void) -> some View {
                Button(action: action) { Text("Compose") }.keyboardShortcut("n", modifiers: [.command, .shift])
            }
            func ComposeContainer(action: @escaping () -> Void) -> some View {
                VStack { ComposeButton(action: action) }
            }
            struct EditorView: View {
                var body: some View {
                    VStack {
                        Button("Indent") {}.keyCommand("]")
                        Button("Older") {}.keyCommand(UIKeyCommand.inputUpArrow, modifiers: [.command, .alternate])
                        Button("Close") {}.keyCommand(UIKeyCommand.inputEscape, modifiers: [])
                        ComposeContainer {}
                    }
                }
            }
            struct TimelineView: View {
                var body: some View { ComposeButton {} }
            }
            """])
        #expect(keys(result) == [
            "EditorView swiftui cmd+] nil", "EditorView swiftui esc nil", "EditorView swiftui opt+cmd+up nil",
            "EditorView swiftui shift+cmd+n nil", "TimelineView swiftui shift+cmd+n nil",
        ])
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

    /// An initialiser that fills a stored property's nested array through `self.method()`
    /// leaves it filled: the stored property starts from its initial value, and a method called
    /// on `self` sets this instance's fields.
    @Test func initialiserFillsNestedFieldsThroughSelfMethods() throws {
        let result = try importing(["Navigation.swift": """
            import UIKit
            struct Section { var title: String; var elements: [Element] }
            struct Element {
                var title: String
                static func link(title: String) -> Element { Element(title: title) }
            }
            class NavigationManager {
                private var main: Section = Section(title: "Main", elements: [])
                init() { self.addMain() }
                private func addMain() {
                    main.elements.append(Element(title: "One"))
                    self.main.elements.append(Element.link(title: "Two"))
                }
                func keyCommands(selector: Selector) -> [UIKeyCommand] {
                    var commands: [UIKeyCommand] = []
                    var i = 1
                    for element in self.main.elements {
                        commands.append(UIKeyCommand(title: element.title, action: selector, input: "\\(i)", modifierFlags: .command))
                        i += 1
                    }
                    return commands
                }
            }
            class AppDelegate: UIResponder, UIApplicationDelegate {
                let navigationManager = NavigationManager()
            }
            class TabController: UITabBarController {
                override var keyCommands: [UIKeyCommand]? {
                    let appDelegate = UIApplication.shared.delegate as! AppDelegate
                    return appDelegate.navigationManager.keyCommands(selector: #selector(selectTab(_:)))
                }
                @objc func selectTab(_ sender: UIKeyCommand) {}
            }
            """])
        #expect(keys(result) == ["TabController keyCommands cmd+1 selectTab:", "TabController keyCommands cmd+2 selectTab:"])
    }

    /// A SwiftUI command set nested in the `App` type is built, and so is every view the `App`
    /// names.
    @Test func typesNestedInTheAppAreBuilt() throws {
        let result = try importing(["HarbourApp.swift": """
            import SwiftUI
            @main
            struct HarbourApp: App {
                var body: some Scene {
                    WindowGroup { ContentView() }
                        .commands { PortainerCommands() }
                }
            }
            extension HarbourApp {
                struct PortainerCommands: Commands {
                    var body: some Commands {
                        CommandMenu("Portainer") {
                            Button("Refresh") {}.keyboardShortcut("r", modifiers: .command)
                        }
                    }
                }
            }
            struct ContentView: View {
                var body: some View {
                    Button("Settings") {}.keyboardShortcut(",", modifiers: .command)
                }
            }
            """])
        #expect(keys(result).count == 2)
        #expect(result.inventory.contains { $0.declaredIn == "ContentView" && $0.input == "," })
        #expect(result.inventory.contains { $0.declaredIn.hasSuffix("PortainerCommands") && $0.input == "r" })
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

    /// A function taking a `UIMenuBuilder` that no menu code the importer runs calls (code in
    /// `main.swift` or a notification calls it) builds menus of its own; one that a
    /// `buildMenu(with:)` calls is its caller's helper, listed once, under the caller.
    @Test func menuBuildingFunctionsOutsideBuildMenu() throws {
        let result = try importing(["Menus.swift": """
            import UIKit
            enum ApplicationMenuBuilder {
                static func build(with builder: UIMenuBuilder) {
                    guard builder.system == UIMenuSystem.main else { return }
                    let tabs = (1...3).map { number in
                        UIKeyCommand(title: "Tab \\(number)", action: #selector(BrowserViewController.selectTab(_:)), input: String(number), modifierFlags: .command)
                    }
                    builder.insertChild(UIMenu(title: "", options: .displayInline, children: tabs), atEndOfMenu: .view)
                }
            }
            enum FileMenu {
                static func add(to builder: UIMenuBuilder) {
                    builder.insertChild(UIMenu(title: "", options: .displayInline, children: [
                        UIKeyCommand(title: "New", action: #selector(BrowserViewController.newTab(_:)), input: "t", modifierFlags: .command),
                    ]), atEndOfMenu: .file)
                }
            }
            class AppDelegate: UIResponder, UIApplicationDelegate {
                override func buildMenu(with builder: UIMenuBuilder) {
                    super.buildMenu(with: builder)
                    FileMenu.add(to: builder)
                }
            }
            class BrowserViewController: UIViewController {
                @objc func selectTab(_ sender: UIKeyCommand) {}
                @objc func newTab(_ sender: UIKeyCommand) {}
            }
            """])
        #expect(keys(result) == [
            "AppDelegate menu cmd+t newTab:",
            "ApplicationMenuBuilder menu cmd+1 selectTab:", "ApplicationMenuBuilder menu cmd+2 selectTab:",
            "ApplicationMenuBuilder menu cmd+3 selectTab:",
        ])
    }

    /// `.modifier(OptionalShortcut(key: tab.key))` for a `ViewModifier` whose `body(content:)`
    /// attaches a shortcut gives the applying type one shortcut per element, at the call; the
    /// modifier lists none of its own.
    @Test func viewModifiersAttachTheirShortcutsWhereApplied() throws {
        let result = try importing(["AppCommands.swift": """
            import SwiftUI
            enum Tab: CaseIterable {
                case home, search, settings
                var key: String? {
                    switch self {
                    case .home: return "1"
                    case .search: return "f"
                    case .settings: return nil
                    }
                }
            }
            struct AppCommands: Commands {
                var body: some Commands {
                    CommandGroup(before: .toolbar) {
                        ForEach(Tab.allCases, id: \\.self) { tab in
                            Button("Go") {}
                                .modifier(OptionalShortcut(key: tab.key))
                        }
                    }
                }
            }
            private struct OptionalShortcut: ViewModifier {
                let key: String?
                func body(content: Content) -> some View {
                    if let key, let character = key.first {
                        content.keyboardShortcut(KeyEquivalent(character), modifiers: [.command])
                    } else {
                        content
                    }
                }
            }
            @main
            struct TubeApp: App {
                var body: some Scene {
                    WindowGroup { Text("") }.commands { AppCommands() }
                }
            }
            """])
        // `.settings` has no key: the modifier's `let key` holds `nil`, so `if let key` never
        // binds and it attaches nothing.
        #expect(keys(result) == ["AppCommands swiftui cmd+1 nil", "AppCommands swiftui cmd+f nil"])
        #expect(result.inventory.allSatisfy { $0.line == 17 })
        #expect(result.inventory.filter { !$0.conditional }.compactMap(\.input).sorted() == ["1", "f"])
    }

    /// `ForEach(actions)` over a list the app picks at run time, declared `[Action]`, where the
    /// app declares its actions as static constants: one shortcut per constant whose `if let`
    /// unwraps (a constant with no shortcut gives none); `.keyboardShortcut(shortcut)` with a
    /// value the source does not fix has unknown modifiers, not ⌘; `settings.keyboardShortcut()`
    /// (no argument) is the app's own method, not SwiftUI's modifier.
    @Test func aRunTimeListOfStaticConstantsGivesEachConstant() throws {
        let result = try importing(["Actions.swift": """
            import SwiftUI
            struct Action: Identifiable {
                let id: String
                var keyboardShortcut: KeyboardShortcut?
                init(id: String, keyboardShortcut: KeyboardShortcut? = nil) {
                    self.id = id
                    self.keyboardShortcut = keyboardShortcut
                }
            }
            extension Action {
                static let delete = Action(id: "delete", keyboardShortcut: KeyboardShortcut(.delete, modifiers: []))
                static let refresh = Action(id: "refresh", keyboardShortcut: KeyboardShortcut("n", modifiers: [.shift, .command]))
                static let archive = Action(id: "archive")
            }
            struct MailCommands: View {
                let provider: ActionsProvider
                let settings: KeySettings
                private var actions: [Action] { provider.actions(for: .shortcut) }
                var body: some View {
                    ForEach(actions) { action in
                        if let shortcut = action.keyboardShortcut {
                            Button(action.id) {}
                                .keyboardShortcut(shortcut.key, modifiers: shortcut.modifiers)
                        }
                    }
                    if let custom = settings.keyboardShortcut() {
                        Button("Custom") {}
                            .keyboardShortcut(custom)
                    }
                }
            }
            @main
            struct MailApp: App {
                var body: some Scene {
                    WindowGroup { MailCommands(provider: .shared, settings: .shared) }
                }
            }
            """])
        let rows = result.inventory.map { [$0.declaredIn, $0.input ?? "nil", $0.modifiers?.joined(separator: "+") ?? "nil", "\($0.line)"] }
        #expect(rows.sorted { $0.lexicographicallyPrecedes($1) } == [
            ["MailCommands", "\u{8}", "", "23"], ["MailCommands", "n", "command+shift", "23"], ["MailCommands", "nil", "nil", "28"],
        ])
    }

    /// A view's own method that takes arguments (`actionButton(.promote)`) and applies a view
    /// modifier attaching a shortcut gives the view one shortcut per call, as the argument fixes
    /// it; a `let` property built with `nil` never binds its `if let`.
    @Test func aViewsOwnHelperMethodAttachesPerCall() throws {
        let result = try importing(["Menu.swift": """
            import SwiftUI
            enum DeploymentAction {
                case promote, redeploy, redeployWithCache
                var keyboardShortcut: KeyboardShortcut? {
                    switch self {
                    case .promote: KeyboardShortcut("p", modifiers: [.command, .shift])
                    case .redeploy: KeyboardShortcut("r", modifiers: [.command, .shift])
                    case .redeployWithCache: nil
                    }
                }
            }
            struct MenuContent: View {
                var body: some View {
                    actionButton(.promote)
                    Menu("Redeploy") {
                        actionButton(.redeploy)
                        actionButton(.redeployWithCache)
                    }
                }
                @ViewBuilder
                private func actionButton(_ action: DeploymentAction) -> some View {
                    Button("Run") {}
                        .modifier(ShortcutModifier(shortcut: action.keyboardShortcut))
                }
            }
            private struct ShortcutModifier: ViewModifier {
                let shortcut: KeyboardShortcut?
                func body(content: Content) -> some View {
                    if let shortcut {
                        content.keyboardShortcut(shortcut)
                    } else {
                        content
                    }
                }
            }
            @main
            struct DeployApp: App {
                var body: some Scene { WindowGroup { MenuContent() } }
            }
            """])
        #expect(keys(result) == ["MenuContent swiftui shift+cmd+p nil", "MenuContent swiftui shift+cmd+r nil"])
        #expect(result.inventory.map(\.line).sorted() == [14, 16])
    }

    /// `private typealias Controller = PagingController` then `extension Controller`: the
    /// extension is of `PagingController`, whichever line of the file the alias is on.
    @Test func anExtensionOfATypeAliasExtendsItsType() throws {
        let result = try importing([
            "PagingController.swift": "import UIKit\nclass PagingController: UIViewController {}\nclass WebtoonController: UIViewController {}\n",
            "Paging+Keyboard.swift": """
                import UIKit
                private typealias Controller = PagingController
                extension Controller {
                    override var keyCommands: [UIKeyCommand]? {
                        [UIKeyCommand(input: UIKeyCommand.inputLeftArrow, modifierFlags: [], action: #selector(previous))]
                    }
                    @objc func previous() {}
                }
                """,
            "Webtoon+Keyboard.swift": """
                import UIKit
                extension Controller {
                    override var keyCommands: [UIKeyCommand]? {
                        [UIKeyCommand(input: " ", modifierFlags: [], action: #selector(scroll))]
                    }
                    @objc func scroll() {}
                }
                private typealias Controller = WebtoonController
                """,
        ])
        #expect(keys(result) == ["PagingController keyCommands left previous", "WebtoonController keyCommands space scroll"])
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

    /// A preview (`PreviewProvider`, `#Preview`) is never the app's: its shortcuts and its
    /// `.init(input:…)` calls give no rows.
    @Test func previewsGiveNoRows() throws {
        let result = try importing(["Card.swift": """
            import SwiftUI
            struct Card: View {
                let holder: Holder
                var body: some View { Button("Copy") {}.keyboardShortcut("c") }
            }
            struct Card_Previews: PreviewProvider {
                static var previews: some View {
                    Card(holder: .init(input: 42, output: .hieroglyph))
                        .keyboardShortcut("p")
                }
            }
            #Preview {
                Card(holder: .init(input: 7, output: .roman))
            }
            @main
            struct CardApp: App {
                var body: some Scene { WindowGroup { Card(holder: Holder()) } }
            }
            """])
        #expect(keys(result) == ["Card swiftui cmd+c nil"])
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

    /// A view made to carry a shortcut (`ShortcutView(title:key:eventModifiers:)`, its `body`
    /// attaching the `key` it is given) attaches it where it is constructed, for the
    /// constructing type; a view whose key is its own literal keeps its shortcut.
    @Test func aViewMadeToCarryAShortcutAttachesItWhereConstructed() throws {
        let result = try importing(["Commands.swift": """
            import SwiftUI
            let NEW_PROJECT_SHORTCUT: KeyEquivalent = "n"
            struct ShortcutView: View {
                var title: String = ""
                let key: KeyEquivalent
                var eventModifiers: EventModifiers = [.command]
                let action: () -> Void
                var body: some View {
                    Button(title) { action() }
                        .keyboardShortcut(key, modifiers: eventModifiers)
                }
            }
            struct StackMenu: View {
                let isOn: Bool
                var body: some View {
                    Button(isOn ? "Stop" : "Start") {}.keyboardShortcut("s", modifiers: .command)
                }
            }
            struct ProjectCommands: Commands {
                var body: some Commands {
                    CommandGroup(replacing: .newItem) {
                        ShortcutView(title: "New Project", key: NEW_PROJECT_SHORTCUT) {}
                        ShortcutView(title: "New from Sample", key: NEW_PROJECT_SHORTCUT, eventModifiers: [.command, .shift]) {}
                        StackMenu(isOn: true)
                    }
                }
            }
            @main
            struct ProjectApp: App {
                var body: some Scene { WindowGroup { Text("") }.commands { ProjectCommands() } }
            }
            """])
        #expect(keys(result) == [
            "ProjectCommands swiftui cmd+n nil", "ProjectCommands swiftui shift+cmd+n nil",
            "StackMenu swiftui cmd+s nil",
        ])
    }

    /// A view that shows one action and makes its key from it (`KeyEquivalent(action.hotkey)`
    /// on a stored `action`) gives one shortcut per construction, each the view's own: here one
    /// per element of the list a `ForEach` constructs it for.
    @Test func aViewMakingItsKeyFromWhatItIsGivenGivesOneShortcutPerConstruction() throws {
        let result = try importing(["Actions.swift": """
            import SwiftUI
            enum Move: String { case hit, stand }
            extension Move {
                var hotkey: Character {
                    switch self {
                    case .hit: "h"
                    case .stand: "s"
                    }
                }
            }
            let moveOrder: [Move] = [.hit, .stand]
            @main struct CardsApp: App { var body: some Scene { WindowGroup { MovesView() } } }
            struct MovesView: View {
                var body: some View {
                    ForEach(moveOrder, id: \\.self) { move in MoveButton(move: move) }
                }
            }
            private struct MoveButton: View {
                let move: Move
                var body: some View { Button(move.rawValue) {}.keyboardShortcut(KeyEquivalent(move.hotkey), modifiers: []) }
            }
            """])
        #expect(keys(result) == ["MoveButton swiftui h nil", "MoveButton swiftui s nil"])
    }

    /// `PlayerShortcut.refresh.render()`: an instance method of an app enum that attaches a
    /// shortcut runs on the case it is called on, and its shortcut is the calling type's; a
    /// ternary on a parameter the call fixes (`isAlt`) picks its branch; the button's action
    /// (which calls into the app) is not run.
    @Test func anEnumCaseMethodAttachesItsShortcutWhereCalled() throws {
        let result = try importing(["Commands.swift": """
            import SwiftUI
            enum PlayerShortcut: CaseIterable {
                case playPause, refresh
                var keyboardShortcuts: [(key: KeyEquivalent, modifier: EventModifiers)] {
                    switch self {
                    case .playPause: return [(.space, []), ("k", [])]
                    case .refresh: return [("r", [.command])]
                    }
                }
                @ViewBuilder
                func render(isAlt: Bool = false) -> some View {
                    if let shortcut = isAlt ? self.keyboardShortcuts.last : self.keyboardShortcuts.first {
                        Button("Go") { self.trigger() }
                            .keyboardShortcut(shortcut.key, modifiers: shortcut.modifier)
                    }
                }
                func trigger() { PlayerManager.shared.handle(self) }
            }
            struct PlayerCommands: Commands {
                @AppStorage("fullscreen") var fullscreen = false
                var body: some Commands {
                    CommandMenu("Playback") {
                        PlayerShortcut.playPause.render()
                        PlayerShortcut.playPause.render(isAlt: true)
                        PlayerShortcut.refresh.render()
                        Button("Full Screen") {}
                            .keyboardShortcut(fullscreen ? .escape : "f", modifiers: [])
                    }
                }
            }
            @main
            struct PlayerApp: App {
                var body: some Scene {
                    WindowGroup { Text("") }.commands { PlayerCommands() }
                }
            }
            """])
        #expect(keys(result) == [
            "PlayerCommands swiftui cmd+r nil", "PlayerCommands swiftui esc nil", "PlayerCommands swiftui f nil",
            "PlayerCommands swiftui k nil", "PlayerCommands swiftui space nil",
        ])
        #expect(result.inventory.filter(\.conditional).compactMap(\.condition).sorted() == ["!(fullscreen)", "fullscreen"])
    }

    /// `.keyboardShortcut(shortcut(for: action))` over actions the source does not fix gives
    /// every case of the function's `switch`, each under its case.
    @Test func aShortcutChosenByASwitchGivesEveryCase() throws {
        let result = try importing(["Menu.swift": """
            import SwiftUI
            import PortainerKit
            struct ContainerMenu: View {
                let actions: [ContainerAction]
                var body: some View {
                    ForEach(actions, id: \\.rawValue) { action in
                        Button("Run") {}
                            .keyboardShortcut(shortcut(for: action))
                    }
                }
                func shortcut(for action: ContainerAction) -> KeyboardShortcut {
                    switch action {
                    case .start: KeyboardShortcut("s", modifiers: .command)
                    case .stop: KeyboardShortcut("s", modifiers: [.command, .shift])
                    }
                }
            }
            @main
            struct ContainersApp: App {
                var body: some Scene { WindowGroup { ContainerMenu(actions: []) } }
            }
            """])
        #expect(keys(result) == ["ContainerMenu swiftui cmd+s nil", "ContainerMenu swiftui shift+cmd+s nil"])
        #expect(result.inventory.compactMap(\.condition).sorted() == ["action == .start", "action == .stop"])
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
        #expect(result.inventory.first { $0.input == "e" }?.condition == "mode == 0")
        #expect(result.inventory.first { $0.input == "[" }?.condition == "compact")
        #expect(result.inventory.first { $0.input == "\u{1b}" }?.condition == "!(compact)")
        #expect(result.report.sceneError == nil)
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
        #expect(result.inventory.first { $0.modifiers == ["command"] }?.conditional == true)
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
        // Left out of the scene with its reason; the scene loads with the controller as first responder.
        #expect(result.report.unresolved.first?.reason == "its input is not fixed in the source")
        #expect(result.report.sceneError == nil)
        #expect(result.scene.contains("\"firstResponder\": \"window/Terminal\""))
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

    /// A helper object's empty `var` list that its own methods fill (a command store), read
    /// through the instance a controller holds, gives what those methods append: the commands
    /// are the controller's.
    @Test func aHelperObjectsListFilledByItsMethodsGivesTheirCommandsToItsHolder() throws {
        let result = try importing(["Store.swift": """
            import UIKit
            final class CommandStore {
                private var commands = [UIKeyCommand]()
                func add(_ input: String, title: String) {
                    commands.append(UIKeyCommand(title: title, action: #selector(EditorController.run(_:)), input: input, modifierFlags: .command))
                }
                func all() -> [UIKeyCommand] { commands }
            }
            class EditorController: UIViewController {
                let store = CommandStore()
                override var keyCommands: [UIKeyCommand]? { store.all() }
                @objc func run(_ sender: UIKeyCommand) {}
            }
            """])
        #expect(result.inventory.count == 1)
        #expect(result.inventory.first?.declaredIn == "EditorController")
        #expect(result.inventory.first?.modifiers == ["command"])
        #expect(result.inventory.first?.action == "run:")
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

    /// A nested type the app declares (`ShortcutBinding.Key`) is what its bare name means where
    /// the app's code has no closer one, also when the app extends another module's type of the same
    /// last name (`extension NSAttributedString.Key`).
    @Test func anExtensionOfAnotherModulesNestedTypeDoesNotHideTheAppsOwn() throws {
        let result = try importing(["Binding.swift": """
            import SwiftUI
            struct ShortcutBinding {
                enum Key {
                    case character(Character)
                    case escape
                    var keyEquivalent: KeyEquivalent {
                        switch self {
                        case .character(let value): return KeyEquivalent(value)
                        case .escape: return .escape
                        }
                    }
                }
                let key: Key
            }
            extension NSAttributedString.Key {
                static let pageIndex = NSAttributedString.Key("pageIndex")
            }
            struct Reader: View {
                let jump = ShortcutBinding(key: .character("j"))
                var body: some View {
                    Button("Jump") {}.keyboardShortcut(jump.key.keyEquivalent, modifiers: .command)
                }
            }
            """])
        #expect(keys(result) == ["Reader swiftui cmd+j nil"])
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
        #expect(result.inventory.map { "\($0.input ?? "nil") \($0.modifiers ?? ["nil"])" }.sorted() == [
            "nil [\"nil\"]", "r [\"alternate\", \"command\"]", "w [\"command\"]",
        ])
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
        #expect(result.inventory.map { "\($0.input ?? "nil") \($0.modifiers ?? [])" }.sorted() == ["nil [\"command\"]", "nil [\"command\"]"])
    }

    /// A type another module declares that the app extends (`private extension SearchScope`):
    /// `.title` passed where one is expected is its case of that name, so the app's own
    /// computed property switching over `self` gives each construction's key.
    @Test func aCaseOfAnotherModulesTypeSelectsTheAppsOwnSwitch() throws {
        let result = try importing(["Search.swift": """
            import SwiftUI
            import NotesKit
            private extension SearchScope {
                var shortcutKey: KeyEquivalent {
                    switch self {
                    case .titleAndContent: "1"
                    case .title: "2"
                    }
                }
            }
            struct SearchSheet: View {
                var body: some View {
                    HStack {
                        segment(for: .titleAndContent)
                        segment(for: .title)
                    }
                }
                private func segment(for candidate: SearchScope) -> some View {
                    Button("Scope") {}.keyboardShortcut(candidate.shortcutKey, modifiers: [.command])
                }
            }
            @main struct NotesApp: App {
                var body: some Scene { WindowGroup { SearchSheet() } }
            }
            """])
        #expect(keys(result) == ["SearchSheet swiftui cmd+1 nil", "SearchSheet swiftui cmd+2 nil"])
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
        #expect(found.first { $0.input == "d" }?.condition == "canEdit()")
    }
    /// A view modifier whose `body(content:)` attaches keys of its own (not a key it is
    /// constructed with) declares them itself, wherever `.modifier(M())` applies it; a ternary
    /// in `modifiers:` gives one shortcut per branch.
    @Test func aViewModifierWithKeysOfItsOwnDeclaresThem() throws {
        let result = try importing(["Search.swift": """
            import SwiftUI
            final class Files: ObservableObject { @Published var current: String? }
            struct SearchShortcuts: ViewModifier {
                @EnvironmentObject private var files: Files
                @State private var isPresented = false
                func body(content: Content) -> some View {
                    content.background {
                        Button {} label: {}.keyboardShortcut("f", modifiers: [.command, .shift])
                        Button {} label: {}.keyboardShortcut("g", modifiers: files.current == nil ? [.command] : [.command, .shift])
                    }
                }
            }
            struct Root: View {
                var body: some View { Text("Files").modifier(SearchShortcuts()) }
            }
            @main
            struct FilesApp: App {
                var body: some Scene { WindowGroup { Root() } }
            }
            """])
        #expect(keys(result) == ["SearchShortcuts swiftui cmd+g nil", "SearchShortcuts swiftui shift+cmd+f nil",
                                 "SearchShortcuts swiftui shift+cmd+g nil"])
        #expect(result.inventory.filter { $0.input == "g" }.allSatisfy { $0.conditional })
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

    /// `if #available(macOS 14, *) {} else { … }`: on iOS the check always holds (`*`), so the
    /// `else` branch never runs and its shortcut is no shortcut.
    @Test func anAvailabilityBranchTheBuildNeverTakesGivesNoShortcut() throws {
        let result = try importing(["Sheet.swift": """
            import SwiftUI
            struct Sheet: View {
                var body: some View {
                    VStack {
                        if #available(macOS 14.0, *) {
                            Button("Close") {}.keyboardShortcut("w")
                        } else {
                            Button("Dismiss") {}.keyboardShortcut(.escape)
                        }
                    }
                }
            }
            @main
            struct SheetApp: App {
                var body: some Scene { WindowGroup { Sheet() } }
            }
            """])
        #expect(keys(result) == ["Sheet swiftui cmd+w nil"])
    }

    /// A view's private method that only a macOS branch calls is never built on iOS, even when
    /// another file reads a member of the same name; one that compiled code calls is.
    @Test func aPrivateMethodOnlyExcludedCodeCallsGivesNoShortcut() throws {
        let result = try importing([
            "Conflict.swift": """
                import SwiftUI
                struct Conflict: View {
                    var body: some View {
                        VStack {
                            #if os(macOS)
                            actions()
                            #endif
                            footer()
                        }
                    }
                    private func actions() -> some View { Button("Cancel") {}.keyboardShortcut(.cancelAction) }
                    private func footer() -> some View { Button("Keep") {}.keyboardShortcut(.defaultAction) }
                }
                @main
                struct ConflictApp: App {
                    var body: some Scene { WindowGroup { Conflict() } }
                }
                """,
            "Model.swift": "struct Menu { var actions: [String] = [] }\nfunc count(_ menu: Menu) -> Int { menu.actions.count }\n",
        ])
        #expect(keys(result) == ["Conflict swiftui return nil"])
    }

    /// Only functions that reach `.keyboardShortcut` are helpers: applying an unrelated view
    /// modifier, or calling another type's method that shares a view builder's name, does not
    /// make a function one (else every function of a large app joins, and each view's
    /// evaluation runs into its model code).
    @Test func onlyFunctionsThatReachAShortcutAreHelpers() throws {
        var index = SourceIndex(conditions: .init(platform: .iOS))
        index.add(source: """
            import SwiftUI
            struct KeyModifier: ViewModifier {
                let key: KeyEquivalent
                func body(content: Content) -> some View { content.keyboardShortcut(key) }
            }
            struct Card: ViewModifier {
                func body(content: Content) -> some View { content.padding() }
            }
            struct Row: View {
                var body: some View { content("Open") }
                private func content(_ title: String) -> some View {
                    Button(title) {}.modifier(KeyModifier(key: "o"))
                }
                private func decorated() -> some View { Text("x").modifier(Card()) }
            }
            final class Store {
                func load() { _ = Cache().content(1) }
            }
            struct Cache { func content(_ id: Int) -> Int { id } }
            """, file: .init(path: "App.swift", displayPath: "App.swift"))
        let helpers = ShortcutHelpers(index: index)
        #expect(helpers.names == ["KeyModifier", "content", "modifier"])
    }
    /// A menu-building type whose only caller is a `#if targetEnvironment(macCatalyst)` branch of
    /// `buildMenu(with:)` builds nothing on iOS: neither its commands nor its creation sites are
    /// listed, those of a private helper only it calls included. A Catalyst import takes them,
    /// as the caller's.
    @Test func menuCodeOnlyACatalystBranchCallsBuildsNothingOnIOS() throws {
        let sources = ["AppDelegate.swift": """
            import UIKit
            enum CatalystMenus {
                static func augment(with builder: UIMenuBuilder) {
                    builder.insertChild(UIMenu(title: "Go", children: [key("a")] + elements()), atStartOfMenu: .file)
                    more(with: builder)
                }
                private static func elements() -> [UIMenuElement] {
                    [UIKeyCommand(input: "l", modifierFlags: .command, action: #selector(UIResponder.cut(_:)))]
                }
                private static func more(with builder: UIMenuBuilder) {
                    builder.insertChild(UIMenu(title: "More", children: [
                        UIKeyCommand(input: "m", modifierFlags: .command, action: #selector(UIResponder.copy(_:)))]), atEndOfMenu: .file)
                }
                private static func key(_ input: String) -> UIKeyCommand {
                    UIKeyCommand(input: input, modifierFlags: .command, action: #selector(UIResponder.paste(_:)))
                }
            }
            @main
            class AppDelegate: UIResponder, UIApplicationDelegate {
                override func buildMenu(with builder: UIMenuBuilder) {
                    super.buildMenu(with: builder)
                    #if targetEnvironment(macCatalyst)
                    CatalystMenus.augment(with: builder)
                    #endif
                    builder.insertChild(UIMenu(title: "Edit", children: [
                        UIKeyCommand(input: "e", modifierFlags: .command, action: #selector(edit))]), atStartOfMenu: .edit)
                }
                @objc func edit() {}
            }
            """]
        #expect(keys(try importing(sources)) == ["AppDelegate menu cmd+e edit"])
        #expect(keys(try importing(sources, platform: .macCatalyst))
                    == ["AppDelegate menu cmd+a paste:", "AppDelegate menu cmd+e edit", "AppDelegate menu cmd+l cut:",
                        "AppDelegate menu cmd+m copy:"])
    }

    /// A type nested in another (`Reference.Group`) is not what a bare `Group { … }` names
    /// outside it: in an `extension View` helper it is SwiftUI's `Group`, whose buttons carry the
    /// shortcuts. A helper applying that helper through a modifier chain with an `#if` in it
    /// reaches them too.
    @Test func aNestedTypeIsNotVisibleByItsLastNameOutsideItsType() throws {
        let sources = ["Views.swift": """
            import SwiftUI
            struct Reference: Hashable {
                var symbol: String
                struct Group: Hashable { var title: String }
                static let groups = [Group(title: "Undo")]
            }
            extension View {
                func undoShortcuts(onUndo: @escaping () -> Void) -> some View {
                    background {
                        Group {
                            Button("") { onUndo() }
                                .keyboardShortcut("z", modifiers: .command)
                        }
                        .hidden()
                    }
                }
                func canvasLifecycle(title: String) -> some View {
                    undoShortcuts { }
                        .navigationTitle(title)
                        #if os(iOS)
                        .navigationBarTitleDisplayMode(.inline)
                        #endif
                        .onDisappear { }
                }
            }
            struct CanvasView: View {
                var body: some View {
                    Text("canvas").undoShortcuts { }
                }
            }
            struct DiagramView: View {
                var body: some View {
                    Text("diagram").canvasLifecycle(title: "Diagram")
                }
            }
            @main
            struct CanvasApp: App {
                var body: some Scene { WindowGroup { CanvasView(); DiagramView() } }
            }
            """]
        #expect(keys(try importing(sources)) == ["CanvasView swiftui cmd+z nil", "DiagramView swiftui cmd+z nil"])
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
