import Testing
@testable import SceneImport

/// The byte-wise text search project files and conditions are read with.
@Suite struct ByteSearchTests {
    @Test func findsTheFirstOccurrenceInStringsAndSubstrings() {
        let text = "a = 1; isa = PBXGroup; isa = PBXFileReference;"
        let found = text.firstByteRange(of: "isa = ")
        #expect(found.map { String(text[$0.upperBound...].prefix(8)) } == "PBXGroup")
        let rest = text[text.index(text.startIndex, offsetBy: 10)...]
        let again = rest.firstByteRange(of: "isa = ")
        #expect(again.map { String(rest[$0.upperBound...].prefix(16)) } == "PBXFileReference")
        #expect(text.firstByteRange(of: "absent") == nil)
        #expect(!"short".containsBytes(of: "longer than the text"))
    }

    @Test func findsShortAndLongNeedlesAfterNonASCIIText() {
        let text = "é.settings IPHONEOS_DEPLOYMENT_TARGET = 15.0"
        let dot = text.firstByteRange(of: ".")
        #expect(dot.map { String(text[$0.upperBound...].prefix(8)) } == "settings")
        let key = text.firstByteRange(of: "IPHONEOS_DEPLOYMENT_TARGET")
        #expect(key.map { String(text[$0]) } == "IPHONEOS_DEPLOYMENT_TARGET")
        #expect(key.map { String(text[$0.upperBound...]) } == " = 15.0")
        #expect("self.list".containsBytes(of: "."))
        #expect(!"list".containsBytes(of: "."))
        #expect(!"".containsBytes(of: "."))
    }

    @Test func findsEveryOccurrence() {
        var text = "save; saveButton; é save"
        #expect(ByteSearch.offsets(of: "save", in: &text) == [0, 6, 21])
        #expect(ByteSearch.offsets(of: "absent", in: &text).isEmpty)
        var overlapping = "aaa"
        #expect(ByteSearch.offsets(of: "aa", in: &overlapping) == [0, 1])
        var empty = ""
        #expect(ByteSearch.offsets(of: "a", in: &empty).isEmpty)
    }

    /// A needle is searched from its rarest byte (`_` of `in_ime`, `F` of `becomeFirstResponder`):
    /// matches at the very start and end of the text, and near misses, come out as from the first byte.
    @Test func findsNeedlesAnchoredOnTheirRarestByte() {
        var text = "in_ime = in_im; x.in_ime.becomeFirstResponder() in_ime"
        #expect(ByteSearch.offsets(of: "in_ime", in: &text) == [0, 18, 48])
        #expect(ByteSearch.offsets(of: "becomeFirstResponder", in: &text) == [25])
        #expect(ByteSearch.offsets(of: "ime_", in: &text).isEmpty)
        var short = "_x"
        #expect(ByteSearch.offsets(of: "a_x", in: &short).isEmpty)
        #expect(ByteSearch.offsets(of: "_x", in: &short) == [0])
    }

    @Test func findsWhetherSortedOffsetsFallInARange() {
        let offsets = [3, 10, 42]
        #expect(ByteSearch.contains(offsets, offsetIn: 0..<4))
        #expect(!ByteSearch.contains(offsets, offsetIn: 4..<10))
        #expect(ByteSearch.contains(offsets, offsetIn: 10..<11))
        #expect(ByteSearch.contains(offsets, offsetIn: 11..<100))
        #expect(!ByteSearch.contains(offsets, offsetIn: 43..<100))
        #expect(!ByteSearch.contains([], offsetIn: 0..<100))
    }

    @Test func namesTheCallsThatFollowAPrefix() {
        var text = """
            .modifier(Bold(size: 2)) .modifier(Style.Bold()) .modifier(bold) .modifier(Ünï())
            .modifier( Spaced()) .modifier(() .modifier(Trailing
            """
        #expect(ByteSearch.namesCalled(after: ".modifier(", in: &text) == ["Bold", "Style.Bold", "Ünï"])
        var none = "no modifier here"
        #expect(ByteSearch.namesCalled(after: ".modifier(", in: &none).isEmpty)
    }

    @Test func splitsOnASeparatorLikeFoundationDoes() {
        #expect("a && !(b) && c".components(separatedByBytes: " && ") == ["a", "!(b)", "c"])
        #expect("alone".components(separatedByBytes: " && ") == ["alone"])
        #expect(" && x && ".components(separatedByBytes: " && ") == ["", "x", ""])
        #expect("é && ü".components(separatedByBytes: " && ") == ["é", "ü"])
    }
}
