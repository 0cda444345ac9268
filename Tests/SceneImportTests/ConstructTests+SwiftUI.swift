import KeyTraceCore
import Testing
@testable import SceneImport
import Scenes

/// SwiftUI's shortcuts (`SwiftUIShortcutModel`): `.keyboardShortcut(…)`, `KeyboardShortcut` and
/// `KeyEquivalent` values, and `ForEach` over what the source fixes.
extension ConstructTests {
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
        #expect(row.input == "\r" && row.conditional && row.condition?.text == "!(isWarning)")
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
        #expect(result.inventory.first { $0.input == "UIKeyInputEscape" }?.condition?.text == "showClose")
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
        #expect(result.inventory.first { $0.input == "2" }?.condition?.text == "tab == .unread")
        #expect(result.inventory.first { $0.input == "w" }?.condition?.text == "!(compact)")
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
        let rows = result.inventory.map { [$0.declaredIn, $0.input ?? "nil", $0.modifierNames?.joined(separator: "+") ?? "nil", "\($0.line)"] }
        #expect(rows.sorted { $0.lexicographicallyPrecedes($1) } == [
            ["MailCommands", "\u{8}", "", "23"], ["MailCommands", "n", "command+shift", "23"], ["MailCommands", "nil", "nil", "28"],
        ])
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
        #expect(result.inventory.compactMap(\.condition?.text).sorted() == ["action == .start", "action == .stop"])
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
}
