import SceneImportVocabulary
import Testing

/// The condition both source readers record: tests with their negation, written out in one place.
@Suite struct ConditionTests {
    let editing = Condition.Test("isEditing")
    let compact = Condition.Test("horizontalSizeClass == .compact")

    @Test func aConditionIsWrittenAsItsTestsJoinedWithAnd() {
        #expect(Condition.always.text == "")
        #expect(Condition([editing, compact.negated]).text == "isEditing && !(horizontalSizeClass == .compact)")
    }

    @Test func negatingTwiceGivesTheTestBack() {
        #expect(editing.negated.negated == editing)
        #expect(editing.negated.text == "!(isEditing)")
        #expect(editing.negated != editing)
    }

    @Test func nestingPutsTheOuterTestsFirstAndKeepsAnAlwaysSideAsItIs() {
        let outer = Condition(editing)
        let inner = Condition(compact)
        #expect(outer.nesting(inner).tests == [editing, compact])
        #expect(Condition.always.nesting(inner) == inner)
        #expect(outer.nesting(.always) == outer)
    }

    @Test func beyondDropsTheOutsideTestsOnlyWhenTheConditionStartsWithThem() {
        let both = Condition([editing, compact])
        #expect(both.beyond(Condition(editing)) == Condition(compact))
        #expect(both.beyond(Condition(compact)) == both)
    }

    @Test func mergingAddsOnlyTheTestsNotAlreadyThere() {
        let merged = Condition([editing, compact]).merging(Condition([compact, compact.negated]))
        #expect(merged.tests == [editing, compact, compact.negated])
        #expect(Condition([editing, editing, compact]).withoutRepeats.tests == [editing, compact])
    }

    @Test func partsSplitATestsOwnAndButNotANegatedOne() {
        let both = Condition.Test("isEditing && hasSelection")
        #expect(Condition(both).parts == [editing, Condition.Test("hasSelection")])
        #expect(Condition(both.negated).parts == [both.negated])
    }

    @Test func pathsThatShareTestsKeepThemAndJoinTheRestWithOr() {
        // A path with no test of its own runs whenever the shared tests hold.
        #expect(Condition.anyOf([Condition([editing, compact]), Condition(editing)]) == Condition(editing))
        // A test and its negation between them cover every case.
        #expect(Condition.anyOf([Condition([editing, compact]), Condition([editing, compact.negated])]) == Condition(editing))
        let either = Condition.anyOf([Condition(compact), Condition([Condition.Test("isPad"), editing])])
        #expect(either.text == "(horizontalSizeClass == .compact) || (isPad && isEditing)")
        #expect(Condition.anyOf([]) == .always)
        // `if a { return x } else if b { return x } else { return x }` returns x always.
        let overlay = Condition.Test("inOverlayMode"), typing = Condition.Test("isEditingText")
        #expect(Condition.anyOf([Condition(overlay), Condition([overlay.negated, typing]), Condition([overlay.negated, typing.negated])]) == .always)
        #expect(Condition.anyOf([Condition(overlay), Condition([overlay.negated, typing])]).tests.count == 1)
    }
}
