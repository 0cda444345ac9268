import Testing
import KeyTraceCore
import TraceFormat

@Suite struct ResolutionRecordTests {
    static let base = ResolutionRecord(timestamp: 5, pressSequence: 2, outcome: .performedCommand,
                                       command: KeyShortcut(input: .character("d"), modifiers: .command),
                                       title: "Bookmark", action: Action("addBookmark:"),
                                       providerPath: "window/viewer", targetPath: "window/viewer/page")

    @Test func aCopyChangedLeavesTheOriginalAsItWas() {
        var copy = Self.base
        #expect(copy == Self.base)
        copy.targetPath = "window/other"
        copy.action = nil
        #expect(Self.base.targetPath == "window/viewer/page" && Self.base.action == Action("addBookmark:"))
        #expect(copy.targetPath == "window/other" && copy.action == nil)
        #expect(copy != Self.base)
        copy.targetPath = "window/viewer/page"
        copy.action = Action("addBookmark:")
        #expect(copy == Self.base && copy.hashValue == Self.base.hashValue)
    }

    @Test func recordsWithEqualFieldsAreEqualWhateverTheirStorage() {
        let twin = ResolutionRecord(timestamp: 5, pressSequence: 2, outcome: .performedCommand,
                                    command: KeyShortcut(input: .character("d"), modifiers: .command),
                                    title: "Bookmark", action: Action("addBookmark:"),
                                    providerPath: "window/viewer", targetPath: "window/viewer/page")
        #expect(twin == Self.base && twin.hashValue == Self.base.hashValue)
        var other = twin
        other.title = "Add Bookmark"
        #expect(other != Self.base)
        other = twin
        other.isUpAction = true
        #expect(other != Self.base)
    }
}
