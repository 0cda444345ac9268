import KeyTraceCore
import SceneImportTestSupport
import Scenes
import Testing

@testable import SceneImport

/// A SwiftUI `TabView` shows its first tab at launch; the views of its other tabs show once the
/// user selects them, so their shortcuts are states the user enters, not the launch's. Their
/// labels are in the tab bar at launch. A view an app's `extension View` helper builds
/// (`.inboxToolbar()` applying `modifier(InboxToolbar())`) is built by each view calling it. The
/// sources are written for these tests.
@Suite struct SwiftUITabViewTests {
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
            var body: some View { Button("Play") {}.keyboardShortcut("p") }
        }
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
}
