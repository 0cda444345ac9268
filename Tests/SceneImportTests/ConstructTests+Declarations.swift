import Testing
@testable import SceneImport
import Scenes

/// Which declarations the build has and what names mean (`SourceIndex`, `CommandExtractor`):
/// SwiftUI types the build never creates, previews, extensions of aliases and other modules'
/// types, and nested types.
extension ConstructTests {
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
}
