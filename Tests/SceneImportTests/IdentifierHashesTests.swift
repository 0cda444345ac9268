import Testing
@testable import SceneImport

/// The identifier table that answers "does this file mention `name`?" for identifiers.
@Suite struct IdentifierHashesTests {
    @Test func findsWholeIdentifiersOnly() {
        let text = """
            override var keyCommands: [UIKeyCommand]? { $model.items + _cached }
            // see `default` and "quoted" — naïveName
            """
        let identifiers = IdentifierHashes(text)
        for name in ["keyCommands", "UIKeyCommand", "model", "items", "_cached", "default", "quoted", "naïveName", "see"] {
            #expect(identifiers.contains(name), "\(name)")
        }
        for name in ["keyCommand", "Commands", "cached", "mode", "naïve", "UIKey", "x"] {
            #expect(!identifiers.contains(name), "\(name)")
        }
    }

    @Test func keepsEveryIdentifierOfALargeText() {
        let names = (0..<5000).map { "name\($0)" }
        let identifiers = IdentifierHashes(names.joined(separator: " + "))
        #expect(names.allSatisfy(identifiers.contains))
        #expect(!identifiers.contains("name5000"))
        #expect(!IdentifierHashes("").contains("name"))
    }

    @Test func answersWhetherATextHasAnyOfManyNames() {
        let file = IdentifierHashes("struct Toolbar: View { var body: some View { SearchField() } }")
        #expect(file.containsAny(of: IdentifierHashes("Sidebar SearchField Inspector")))
        #expect(!file.containsAny(of: IdentifierHashes("Sidebar Search Inspector")))
        #expect(!file.containsAny(of: IdentifierHashes("")))
    }

    @Test func onlyOneIdentifierIsAnIdentifier() {
        #expect(IdentifierHashes.isIdentifier("keyboardShortcut"))
        #expect(!IdentifierHashes.isIdentifier("View.helper"))
        #expect(!IdentifierHashes.isIdentifier("a b"))
        #expect(!IdentifierHashes.isIdentifier(""))
    }
}
