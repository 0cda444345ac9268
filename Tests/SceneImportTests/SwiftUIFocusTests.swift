import KeyTraceCore
import SceneImportTestSupport
import Scenes
import Testing

@testable import SceneImport

/// A SwiftUI text control bound to a focus state that its view sets as it appears is first
/// responder when that view shows: the window's own view at launch, a sheet's view when its
/// state is entered. A view the window's view builds may be under a condition, so it does not
/// decide the launch's first responder. The sources are written for these tests.
@Suite struct SwiftUIFocusTests {
    static let app = """
        import SwiftUI
        @main
        struct NotesApp: App {
            var body: some Scene { WindowGroup { SearchView() } }
        }
        struct SearchView: View {
            enum Field { case query, tag }
            @FocusState private var field: Field?
            @State private var query = ""
            @State private var tag = ""
            @State private var composing = false
            @State private var selected: Int?
            var body: some View {
                VStack {
                    SecureField("Tag", text: $tag).focused($field, equals: .tag)
                    TextField("Search", text: $query).focused($field, equals: .query)
                    if selected != nil { DetailView() }
                }
                .onAppear { field = .query }
                .sheet(isPresented: $composing) { ComposeView() }
                .toolbar { Button("Compose") { composing = true }.keyboardShortcut("n") }
            }
        }
        struct ComposeView: View {
            @FocusState private var editing: Bool
            @State private var text = ""
            var body: some View {
                TextEditor(text: $text)
                    .focused($editing)
                    .task { editing = true }
                    .toolbar { Button("Send") {}.keyboardShortcut(.return, modifiers: .command) }
            }
        }
        struct DetailView: View {
            @FocusState private var focused: Bool
            @State private var note = ""
            var body: some View {
                TextField("Note", text: $note).focused($focused).onAppear { focused = true }
            }
        }
        """

    @Test func theWindowsViewFocusesItsControlAtLaunch() throws {
        let result = try SourceApp.importing(["App.swift": Self.app])
        let focused = try #require(result.report.keyWindow.firstResponder)
        #expect(focused.hasPrefix("window/UIHostingController/SearchView/"), "\(focused)")
        #expect(result.report.keyWindow.firstResponderReason.contains("SearchView.onAppear"))
        // The control the appearance picks, not the other field; not the detail's, built under a condition.
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let runtime = try SceneRuntime(definition: definition, file: "scene")
        #expect(runtime.application.firstResponder?.path == focused)
        #expect(!focused.contains("DetailView"))
        #expect(focused.hasSuffix("/UITextField-2"), "the search field, the second field the view builds")
    }

    @Test func aSheetsViewFocusesItsControlWhenItsStateIsEntered() throws {
        let result = try SourceApp.importing(["App.swift": Self.app])
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let state = try #require(definition.states.first { $0.name == "ComposeView" })
        let runtime = try SceneRuntime(definition: definition, file: "scene")
        try runtime.enter(state)
        #expect(runtime.application.firstResponder?.path.hasSuffix("/ComposeView/UITextView") == true,
                "\(runtime.application.firstResponder?.path ?? "none")")
    }
}
