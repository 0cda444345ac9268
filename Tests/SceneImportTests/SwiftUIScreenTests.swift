import KeyTraceCore
import SceneImportTestSupport
import Scenes
import Testing

@testable import SceneImport

/// The screens a SwiftUI app moves between. A `TabView` shows its first tab at launch; the views
/// of its other tabs show once the user selects them, and a navigation link's destination once
/// the user follows it, so their shortcuts are states the user enters, not the launch's. Tab
/// labels are in the tab bar at launch. A view an app's `extension View` helper builds
/// (`.inboxToolbar()` applying `modifier(InboxToolbar())`) is built by each view calling it. The
/// sources are written for these tests.
@Suite struct SwiftUIScreenTests {
    static let app = """
        import SwiftUI
        @main
        struct PodcastApp: App {
            var body: some Scene { WindowGroup { MenuView() } }
        }
        struct MenuView: View {
            var body: some View {
                TabView {
                    QueueView().tabItem { QueueLabel() }
                    InboxView().tabItem { InboxLabel() }
                    Tab("Search", systemImage: "magnifyingglass") { SearchView() } label: { SearchLabel() }
                }
            }
        }
        struct QueueView: View {
            var body: some View {
                NavigationStack {
                    Button("Play") {}.keyboardShortcut("p")
                    NavigationLink("Settings", destination: SettingsView())
                    NavigationLink { EpisodeView() } label: { EpisodeRow() }
                }
                .navigationDestination(for: Int.self) { _ in ChapterView() }
            }
        }
        struct SettingsView: View { var body: some View { Button("Reset") {}.keyboardShortcut("r") } }
        struct EpisodeView: View { var body: some View { Button("Share") {}.keyboardShortcut("s") } }
        struct ChapterView: View { var body: some View { Button("Next") {}.keyboardShortcut("n") } }
        struct EpisodeRow: View { var body: some View { Button("Download") {}.keyboardShortcut("d") } }
        struct InboxView: View {
            var body: some View { Text("Inbox").inboxToolbar() }
        }
        struct InboxToolbar: ViewModifier {
            func body(content: Content) -> some View {
                content.toolbar { Button("Undo") {}.keyboardShortcut("z") }
            }
        }
        extension View {
            func inboxToolbar() -> some View { modifier(InboxToolbar()) }
        }
        struct SearchView: View {
            var body: some View { Button("Clear") {}.keyboardShortcut("k") }
        }
        struct QueueLabel: View { var body: some View { Text("Queue") } }
        struct InboxLabel: View { var body: some View { Text("Inbox") } }
        struct SearchLabel: View { var body: some View { Text("Search") } }
        """

    func resolve(_ notation: String, in runtime: SceneRuntime) throws -> String? {
        let dispatcher = try runtime.makeDispatcher(policy: .uikit, clock: nil)
        return dispatcher.dispatch(try KeyPress(notation: notation, layout: runtime.application.keyboardLayout)).action?.name
    }

    @Test func onlyTheFirstTabsShortcutsFireAtLaunch() throws {
        let result = try SourceApp.importing(["App.swift": Self.app])
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let runtime = try SceneRuntime(definition: definition, file: "scene")
        #expect(try resolve("cmd+p", in: runtime) != nil)
        #expect(try resolve("cmd+z", in: runtime) == nil)
        #expect(try resolve("cmd+k", in: runtime) == nil)
        // The tab bar's labels are built at launch, not as states.
        #expect(!definition.states.contains { $0.name.hasSuffix("Label") })
    }

    @Test func eachLaterTabIsAStateWithItsShortcuts() throws {
        let result = try SourceApp.importing(["App.swift": Self.app])
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let inbox = try #require(definition.states.first { $0.name == "InboxView" })
        #expect(inbox.summary.hasPrefix("InboxView shown in tab 2 by MenuView (App.swift:"))
        let search = try #require(definition.states.first { $0.name == "SearchView" })
        #expect(search.summary.hasPrefix("SearchView shown in tab 3 by MenuView"))
        let runtime = try SceneRuntime(definition: definition, file: "scene")
        try runtime.enter(inbox)
        // The helper's modifier is the inbox's: its ⌘Z fires on the inbox tab.
        #expect(try resolve("cmd+z", in: runtime) != nil)
    }

    @Test func aNavigationLinksDestinationIsAStatePushedByItsView() throws {
        let result = try SourceApp.importing(["App.swift": Self.app])
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let runtime = try SceneRuntime(definition: definition, file: "scene")
        // The link's label is on screen; the destinations are not.
        #expect(try resolve("cmd+d", in: runtime) != nil)
        for key in ["cmd+r", "cmd+s", "cmd+n"] { #expect(try resolve(key, in: runtime) == nil, "\(key)") }
        for name in ["SettingsView", "EpisodeView", "ChapterView"] {
            let state = try #require(definition.states.first { $0.name == name })
            #expect(state.summary.hasPrefix("\(name) pushed by QueueView (App.swift:"))
        }
        #expect(!definition.states.contains { $0.name == "EpisodeRow" })
        let settings = try SceneRuntime(definition: definition, file: "scene")
        try settings.enter(try #require(definition.states.first { $0.name == "SettingsView" }))
        #expect(try resolve("cmd+r", in: settings) != nil)
    }
}
