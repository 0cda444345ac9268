import Testing
import KeyTraceCore

@Suite struct PathTableTests {
    @Test func equalPathsShareANumberAndNumbersAreDense() {
        var table = PathTable()
        let window = table.intern("UIWindow")
        let editor = table.intern("UIWindow/Editor")
        let again = table.intern("UIWindow")
        #expect(window == (0, true) && editor == (1, true) && again == (0, false))
        #expect(table.count == 2)
        #expect(table[0] == "UIWindow" && table[1] == "UIWindow/Editor")
        #expect(table[2] == nil && table[-1] == nil)
    }

    /// Strings that are canonically equivalent but differ in bytes are different paths.
    @Test func pathsAreTheirExactText() {
        var table = PathTable()
        let composed = table.intern("caf\u{E9}").number
        let decomposed = table.intern("cafe\u{301}").number
        #expect(composed != decomposed)
        #expect(table[decomposed].map { Array($0.utf8) } == Array("cafe\u{301}".utf8))
    }

    @Test func aMirrorBuiltFromDefinitionsAnswersLikeTheOriginal() {
        var original = PathTable()
        var mirror = PathTable()
        for path in ["A", "A/B", "A", "A/C", "A/B/D", "A/C"] {
            let (number, isNew) = original.intern(path)
            if isNew {
                let redefined = mirror.define(path, as: number)
                #expect(!redefined)
            }
        }
        for number in Int32(0)..<Int32(original.count) { #expect(mirror[number] == original[number]) }
        let gap = mirror.define("Z", as: 17)
        #expect(!gap && mirror[17] == nil, "a gap is ignored")
        let redefined = mirror.define("A/E", as: 1)
        #expect(redefined, "a number redefined with another path")
        let found = mirror.intern("A/E")
        #expect(mirror[1] == "A/E" && found == (1, false))
        let same = mirror.define("A/E", as: 1)
        #expect(!same, "the same path again changes nothing")
    }

    @Test func removeAllStartsNumberingAgain() {
        var table = PathTable()
        _ = table.intern("A")
        _ = table.intern("B")
        table.removeAll()
        #expect(table.count == 0 && table[0] == nil)
        let first = table.intern("B")
        #expect(first == (0, true))
    }
}
