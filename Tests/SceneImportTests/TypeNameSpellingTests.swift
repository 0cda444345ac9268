import Testing

@testable import SceneImport

/// Names code writes that may name a type, told by their spelling where no declaration says.
@Suite struct TypeNameSpellingTests {
    @Test(arguments: ["HomeView", "iOSContentView", "iPadSidebar", "X"])
    func typeNamesAreUpperCamelCaseOrOneLetterBeforeACapital(name: String) {
        #expect(TypeNameSpelling.mayNameType(name))
    }

    @Test(arguments: ["makeView", "body", "rootView", "i", "", "_Private"])
    func functionAndPropertyNamesAreNot(name: String) {
        #expect(!TypeNameSpelling.mayNameType(name))
    }
}
