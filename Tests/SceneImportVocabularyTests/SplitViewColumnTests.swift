import SceneImportVocabulary
import Testing

@Suite struct SplitViewColumnTests {
    @Test func columnsAreReadAsSwiftAndObjectiveCWriteThem() {
        #expect(SplitViewColumn(written: ".primary") == .primary)
        #expect(SplitViewColumn(written: "UISplitViewController.Column.secondary") == .secondary)
        #expect(SplitViewColumn(written: "UISplitViewControllerColumnSupplementary") == .supplementary)
        #expect(SplitViewColumn(written: "UISplitViewControllerColumnCompact") == .compact)
        #expect(SplitViewColumn(written: "column") == nil)
        #expect(SplitViewColumn(written: ".sidebar") == nil)
    }

    @Test func onlyTheCompactColumnIsAPhonesAndTheOrderIsUIKits() {
        #expect(SplitViewColumn.allCases.filter(\.isCompact) == [.compact])
        #expect(SplitViewColumn.allCases.map(\.order) == [0, 1, 2, 3])
    }
}
