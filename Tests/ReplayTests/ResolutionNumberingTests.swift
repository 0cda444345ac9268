import KeyTraceCore
@testable import Replay
import Testing
import TraceFormat

/// How a replay numbers its resolutions, so that `--verify` compares numbers, not records.
@Suite struct ResolutionNumberingTests {
    private func resolution(_ outcome: DispatchOutcome = .performedCommand, title: String? = "Find",
                            target: String? = "window/viewer", at time: UInt64 = 0) -> ResolutionRecord {
        ResolutionRecord(timestamp: time, pressSequence: time, outcome: outcome,
                         command: KeyShortcut(input: .character("f"), modifiers: .command), title: title,
                         action: Action("find:"), providerPath: "window", targetPath: target)
    }

    @Test func resolutionsAlikeButForTheirPressShareANumberAndOthersDoNot() {
        var table = ResolutionTable()
        let first = table.number(of: resolution(at: 10))
        #expect(table.number(of: resolution(at: 99)) == first)
        let others = [resolution(.disabled), resolution(title: "Search"), resolution(target: nil),
                      resolution(target: "window/viewer/page")].map { table.number(of: $0) }
        #expect(Set(others + [first]).count == 5)
        #expect(table.count == 5)
        let back = table.record(first, timestamp: 42, pressSequence: 7)
        #expect(back == ResolutionRecord(timestamp: 42, pressSequence: 7, outcome: .performedCommand,
                                         command: KeyShortcut(input: .character("f"), modifiers: .command), title: "Find",
                                         action: Action("find:"), providerPath: "window", targetPath: "window/viewer"))
    }

    @Test func commandsBuiltAnewWithTheSameFieldsShareANumber() {
        var numbers = CommandNumbers()
        let make = { (title: String, input: String) in
            KeyCommand(title: title, input: .character(input), modifierFlags: .command, action: "selectTab:")
        }
        #expect(numbers.number(of: nil) == 0)
        let first = numbers.number(of: make("Tab 1", "1"))
        #expect(first != 0)
        #expect(numbers.number(of: make("Tab 1", "1")) == first)  // another instance, the same fields
        // ⌘1…⌘9 share action and modifiers: each still gets its own number, again and again.
        let tabs = (1...9).map { numbers.number(of: make("Tab \($0)", "\($0)")) }
        #expect(Set(tabs).count == 9)
        #expect((1...9).map { numbers.number(of: make("Tab \($0)", "\($0)")) } == tabs)
        #expect(numbers.number(of: make("Other", "1")) != first)  // another title
        #expect(numbers.count == 10)
    }

    @Test func aDefinitionMatchesOnlyWithinItsChunk() {
        var matches = DefinitionMatches()
        let reference = ResolutionReference(pressSequence: 5, chunk: 3, definition: 2)
        #expect(matches.number(matching: reference) == nil)
        matches.remember(11, for: reference)
        #expect(matches.number(matching: ResolutionReference(pressSequence: 9, chunk: 3, definition: 2)) == 11)
        #expect(matches.number(matching: ResolutionReference(pressSequence: 9, chunk: 3, definition: 1)) == nil)
        #expect(matches.number(matching: ResolutionReference(pressSequence: 9, chunk: 4, definition: 2)) == nil)
        matches.remember(12, for: ResolutionReference(pressSequence: 9, chunk: 4, definition: 0))
        #expect(matches.number(matching: reference) == nil)  // the next chunk's definitions replace them
        matches.removeAll()
        #expect(matches.number(matching: ResolutionReference(pressSequence: 9, chunk: 4, definition: 0)) == nil)
    }
}
