import Testing
@testable import KeyTraceCore

@Suite struct KeyTextTests {
    /// Texts of every inline length and past it, in one-, two-, three- and four-byte scalars.
    static let samples: [String] = {
        var out = [""]
        for unit in ["a", "é", "⌘", "🎹"] {
            for count in 1...9 { out.append(String(repeating: unit, count: count)) }
        }
        out += ["👩‍👩‍👧‍👦", "e\u{301}", "\u{0}", "a\u{0}b", "fifteen bytes!!", "sixteen bytes!!!"]
        return out
    }()

    @Test(arguments: samples)
    func keepsEveryByteOfItsString(_ string: String) {
        let text = KeyText(string)
        #expect(Array(text.string.utf8) == Array(string.utf8))
        #expect(text.isEmpty == string.isEmpty)
        #expect(text.isLong == (string.utf8.count > KeyText.inlineCapacity))
        #expect(KeyText(string) == text)
        #expect(KeyText(string).hashValue == text.hashValue)
        #expect(String(text) == string && text.description == string)
    }

    @Test func comparesBytesNotCanonicalEquivalence() {
        // "é" precomposed and "e" + combining acute are equal Strings but different key text.
        #expect("\u{E9}" == "e\u{301}")
        #expect(KeyText("\u{E9}") != KeyText("e\u{301}"))
        let long = String(repeating: "\u{E9}", count: 9)
        let decomposed = String(repeating: "e\u{301}", count: 9)
        #expect(KeyText(long) != KeyText(decomposed))
        #expect(Array(KeyText(decomposed).string.utf8) == Array(decomposed.utf8))
    }

    @Test func differentTextsDiffer() {
        let texts = Self.samples.map { KeyText($0) }
        #expect(Set(texts).count == Set(Self.samples.map { Array($0.utf8) }).count)
    }

    @Test func aScalarEncodesAsItsString() {
        for scalar in ["a", "~", "é", "€", "⌘", "🎹", "\u{0}", "\u{7F}"] as [Unicode.Scalar] {
            #expect(KeyText(scalar) == KeyText(String(scalar)))
            #expect(KeyText(scalar).singleScalar == scalar)
        }
    }

    @Test func singleScalarIsNilForEmptyAndLongerTexts() {
        #expect(KeyText().singleScalar == nil)
        #expect(KeyText("ab").singleScalar == nil)
        #expect(KeyText("e\u{301}").singleScalar == nil)
        #expect(KeyText(String(repeating: "⌘", count: 6)).singleScalar == nil)
    }

    @Test func aPressIsAPlainValue() {
        #expect(_isPOD(KeyPress.self))
        #expect(MemoryLayout<KeyText>.size == 16)
    }

    @Test func longTextsAreNumberedOnceAcrossThreads() async {
        let string = String(repeating: "threads ", count: 4)
        let texts = await withTaskGroup(of: KeyText.self) { group in
            for _ in 0..<8 { group.addTask { KeyText(string) } }
            return await group.reduce(into: [KeyText]()) { $0.append($1) }
        }
        #expect(Set(texts).count == 1)
        #expect(texts.allSatisfy { $0.string == string })
    }
}
