import KeyTraceCore
import Testing
@testable import SceneImport

/// An inventory row is a value: copies share storage only until one of them changes.
@Suite struct ImportedCommandTests {
    static let row = ImportedCommand(declaredIn: "EditorViewController", mechanism: .keyCommands, input: "f",
                                     modifiers: .command, action: "find:", title: "Find",
                                     attributes: [], wantsPriority: false, alternates: [], file: "Editor.swift", line: 12)

    @Test func changingACopyLeavesTheOriginalAlone() {
        var copy = Self.row
        copy.input = "g"
        copy.modifiers = [.command, .shift]
        copy.line = 13
        #expect(Self.row.input == "f")
        #expect(Self.row.modifiers == .command)
        #expect(copy.modifierNames == ["command", "shift"])
        #expect(Self.row.line == 12)
        #expect(copy.input == "g")
        #expect(copy.line == 13)
        #expect(copy.declaredIn == "EditorViewController")
    }

    @Test func equalityAndHashFollowTheFieldsNotTheStorage() {
        var rebuilt = Self.row
        rebuilt.title = "Find"  // written, so no longer sharing storage, but equal
        #expect(rebuilt == Self.row)
        #expect(Set([rebuilt, Self.row]).count == 1)
        rebuilt.title = nil
        #expect(rebuilt != Self.row)
        #expect(Set([rebuilt, Self.row]).count == 2)
    }

    @Test func theInventoryLineListsTheFieldsInTheDocumentedOrder() {
        #expect(Self.row.jsonLine == #"{"declared_in":"EditorViewController","mechanism":"keyCommands","input":"f","modifiers":["command"],"action":"find:","title":"Find","conditional":false,"attributes":[],"wants_priority":false,"file":"Editor.swift","line":12}"#)
    }
}
