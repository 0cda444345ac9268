import Foundation
import Testing
import KeyTraceSupport

/// JSON string quoting: plain strings pass through, everything JSON requires is escaped, and
/// the result always parses back to the original.
struct JSONStringTests {
    @Test(arguments: ["", "window/viewer/page", "⌘⇧Z", "é", "naïve 🎹 keys"])
    func stringsWithoutSpecialCharactersAreOnlyWrappedInQuotes(text: String) {
        #expect(JSONString.quote(text) == "\"" + text + "\"")
    }

    @Test func quotesBackslashesAndControlCharactersAreEscaped() {
        #expect(JSONString.quote("say \"hi\"") == #""say \"hi\"""#)
        #expect(JSONString.quote(#"a\b"#) == #""a\\b""#)
        #expect(JSONString.quote("line\nnext\r\ttab") == #""line\nnext\r\ttab""#)
        #expect(JSONString.quote("\u{1B}[A") == #""\u001b[A""#)
    }

    @Test func everyQuotedStringParsesBackToItself() throws {
        var generator = SeededGenerator(seed: 3)
        let alphabet = Array("ab\"\\\n\r\t\u{0}\u{1F} ,é⌘🎹")
        for _ in 0..<500 {
            let text = String((0..<Int(generator.next() % 12)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            let data = Data(("[" + JSONString.quote(text) + "]").utf8)
            let parsed = try JSONSerialization.jsonObject(with: data) as? [String]
            #expect(parsed == [text], "\(text.debugDescription)")
        }
    }
}
