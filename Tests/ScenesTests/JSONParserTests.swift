import Testing
@testable import Scenes

/// The scene loader's JSON strings: plain ones decoded in one piece, escaped ones scalar by
/// scalar, and the errors of both.
@Suite struct JSONParserTests {
    private func string(_ json: String) throws -> String? {
        guard case .string(let value) = try JSONParser.parse(json) else { return nil }
        return value
    }

    @Test func plainStringsDecodeAsWritten() throws {
        #expect(try string(#""""#) == "")
        #expect(try string(#""window/viewer/reader""#) == "window/viewer/reader")
        #expect(try string(#""Größe ⌘ 🎹""#) == "Größe ⌘ 🎹")
        #expect(try JSONParser.parse(#"{"a": "b", "c": ["d", "e"]}"#)
            == .object([("a", .string("b")), ("c", .array([.string("d"), .string("e")]))]))
    }

    @Test func escapesAnywhereInAStringDecode() throws {
        #expect(try string(#""a long plain prefix then \"quoted\" text""#) == #"a long plain prefix then "quoted" text"#)
        #expect(try string(#""tab\tnewline\nslash\/backslash\\""#) == "tab\tnewline\nslash/backslash\\")
        #expect(try string(#""\u00e9t\u00E9 \ud83c\udfb9""#) == "été 🎹")
        #expect(try string(#""ends with an escape\n""#) == "ends with an escape\n")
    }

    @Test func malformedStringsNameTheirPosition() throws {
        for (json, reason) in [("\"a\u{01}b\"", "control character"), (#""never closed"#, "unterminated"),
                               (#""bad \q escape""#, "invalid escape"), (#""\ud83c alone""#, "unpaired surrogate")] {
            do {
                _ = try JSONParser.parse(json)
                Issue.record("\(json) parsed")
            } catch {
                #expect(error.reason.contains(reason), "\(json): \(error)")
                #expect(error.line == 1)
            }
        }
    }

    @Test func canonicalTextSortsKeysAndDropsInsignificantSpace() throws {
        let value = try JSONParser.parse(#"{ "b": [1, 2.5, true, null, {"z": "\"q\"", "a": -3}], "a": {}, "é": [] }"#)
        #expect(value.canonicalText == #"{"a":{},"b":[1,2.5,true,null,{"a":-3,"z":"\"q\""}],"é":[]}"#)
    }
}
