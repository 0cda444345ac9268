import KeyTraceCore
import ResponderEngine
import Scenes
import Surfaces
import Testing

/// The ⌘-hold overlay (`scene overlay`) of the fixture scenes: categories as iPadOS 15 and
/// later group them (R22).
@Suite struct OverlayTests {
    @Test func R22_theOverlayListsMenuCategoriesThenTheRespondersOwnCommands() throws {
        let shown = try overlay("keycommands-only")
        #expect(shown.categories.map(\.title) == ["Edit", "Format", "Feed", "feed"])
        #expect(shown.categories.map(\.kind) == [.menu("edit"), .menu("format"), .menu("com.example.feed"), .responder("window/feed")])
        // Submenus are sections of their top-level menu's category.
        let edit = shown.categories[0]
        #expect(edit.sections.map(\.title) == [nil, "Find"])
        #expect(edit.sections.map { $0.commands.map(\.title) } == [["Copy"], ["Find…"]])
        #expect(shown.categories[1].sections.map(\.title) == ["Font"])
        #expect(shown.categories[1].sections.first?.commands.map(\.shortcut.description) == ["⌘B"])
        // The responder's own commands, with their discoverability titles; not in any menu.
        #expect(shown.categories[3].sections.first?.commands.map(\.title) == ["Refresh Feed", "Next Item"])
    }

    @Test func R22_theOverlayLeavesOutDisabledHiddenAndUntitledCommands() throws {
        let disabled = try overlay("validation-disabled")
        #expect(disabled.categories.flatMap { $0.sections.flatMap(\.commands) }.map(\.title) == ["Flag"])
        let untitled = try overlay("untitled")
        #expect(untitled.categories.map(\.title) == ["Go"])
        #expect(untitled.categories[0].sections.first?.commands.map(\.action) == ["goHome:"])
    }

    @Test func R22_anInlineGroupsCommandsAreTheirMenusOwnInTheOverlay() throws {
        let shown = try overlay("inline-group")
        #expect(shown.categories.map(\.title) == ["Sort"])
        #expect(shown.categories[0].sections.map(\.title) == [nil])
        #expect(shown.categories[0].sections[0].commands.map(\.title) == ["Sort by Name", "Ascending", "Descending"])
    }

    @Test func theOverlayIsWrittenAsTextJSONAndHTML() throws {
        let shown = try overlay("keycommands-only")
        #expect(shown.text.hasPrefix("⌘-hold overlay of keycommands-only on iPadOS 27.0, first responder window/feed\n"))
        #expect(shown.text.contains("\nEdit\n  Copy     ⌘C\n  Find\n    Find…  ⌘F\n"))
        #expect(shown.json.contains(#"{"title":"feed","kind":"responder","responder":"window/feed","sections":[{"title":null,"commands":[{"title":"Refresh Feed","shortcut":"⌘R""#))
        #expect(shown.html.contains(#"<section class="category" data-kind="responder" data-name="window/feed">"#))
        #expect(!shown.html.contains("<script"))
    }
}
