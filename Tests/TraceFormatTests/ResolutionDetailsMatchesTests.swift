import Testing
import KeyTraceCore
import TraceFormat

@Suite struct ResolutionDetailsMatchesTests {
    static func record(target: String = "window/viewer/page") -> ResolutionRecord {
        ResolutionRecord(timestamp: 5, pressSequence: 2, outcome: .performedCommand,
                         command: KeyShortcut(input: .character("d"), modifiers: .command),
                         title: "Bookmark", action: Action("addBookmark:"),
                         providerPath: "window/viewer", targetPath: target)
    }

    @Test func recordsBuiltApartWithEqualFieldsMatchAgainAndAgain() {
        var matches = ResolutionDetailsMatches()
        let a = Self.record(), b = Self.record()
        for _ in 0..<3 {
            let same = matches.haveSameDetails(a, b)
            #expect(same)
        }
    }

    @Test func differentFieldsNeverMatch() {
        var matches = ResolutionDetailsMatches()
        let same = matches.haveSameDetails(Self.record(), Self.record(target: "window/viewer/search"))
        #expect(!same)
    }

    @Test func aRecordChangedAfterMatchingNoLongerMatches() {
        var matches = ResolutionDetailsMatches()
        let a = Self.record()
        var b = Self.record()
        let before = matches.haveSameDetails(a, b)
        b.targetPath = "window/viewer/search"  // copies its details: the remembered pair is not reused
        let changed = matches.haveSameDetails(a, b)
        b.targetPath = "window/viewer/page"
        let restored = matches.haveSameDetails(a, b)
        #expect(before && !changed && restored)
    }

    @Test func agreesWithComparingEveryField() {
        var matches = ResolutionDetailsMatches()
        let targets = ["window/a", "window/b", "window/c"]
        let records = (0..<60).map { Self.record(target: targets[$0 % 3]) }
        var disagreements = 0
        for x in records { for y in records where matches.haveSameDetails(x, y) != x.hasSameDetails(as: y) { disagreements += 1 } }
        #expect(disagreements == 0)
    }
}
