import Testing
@testable import SceneImport
import Scenes

/// SwiftUI shortcut helpers (`ShortcutHelpers`): functions, views and view modifiers that attach
/// a shortcut to the views that call or apply them.
extension ConstructTests {
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
        #expect(result.inventory.filter(\.conditional).compactMap(\.condition?.text).sorted() == ["!(fullscreen)", "fullscreen"])
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
}
