/// A file's tokens with their bracket pairs, and the source text of token ranges.
///
/// Every opening `(`, `[` or `{` knows the index of its closing partner; an unclosed opener's
/// partner is ``count`` (the end), and a closer with no opener is ignored. Skipping a bracketed
/// group is therefore one step, and every index a scanner moves to lies after the one it left.
package struct ObjectiveCTokenStream {
    let tokens: [ObjectiveCToken]
    private let bytes: [UInt8]
    /// For an opening bracket, the index of its partner; `-1` for every other token.
    private let partners: [Int]

    var count: Int { tokens.count }

    /// How many unclosed brackets a mismatched closer looks through for its opener.
    private static let recoveryDepth = 8

    init(tokens: [ObjectiveCToken], bytes: [UInt8]) {
        self.tokens = tokens
        self.bytes = bytes
        var partners = [Int](repeating: -1, count: tokens.count)
        var open: [Int] = []
        for (index, token) in tokens.enumerated() where token.kind == .punctuation {
            switch token.value {
            case "(", "[", "{":
                open.append(index)
            case ")", "]", "}":
                let opener = token.value == ")" ? "(" : token.value == "]" ? "[" : "{"
                // A stray closer looks a few levels down only, which keeps the pass linear.
                let searched = open.suffix(Self.recoveryDepth)
                guard let found = searched.lastIndex(where: { tokens[$0].value == opener }) else { continue }
                // Openers left unclosed inside this pair end where the pair ends.
                for unclosed in open[found...] { partners[unclosed] = index }
                open.removeSubrange(found...)
            default:
                continue
            }
        }
        for unclosed in open { partners[unclosed] = tokens.count }
        self.partners = partners
    }

    /// The index of the bracket closing the one at `index` (`count` when unclosed); `index`
    /// itself for a token that opens nothing.
    func partner(of index: Int) -> Int {
        guard index >= 0, index < partners.count, partners[index] > index else { return index }
        return partners[index]
    }

    /// The index after the token at `index`, or after its bracketed group (at most ``count``
    /// for an index inside the file).
    func skip(_ index: Int) -> Int { min(partner(of: index) + 1, max(tokens.count, index + 1)) }

    func isPunctuation(_ index: Int, _ text: String) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].isPunctuation(text)
    }

    func isIdentifier(_ index: Int, _ text: String) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].isIdentifier(text)
    }

    func isAtKeyword(_ index: Int, _ text: String) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].isAtKeyword(text)
    }

    func kind(_ index: Int) -> ObjectiveCToken.Kind? {
        index >= 0 && index < tokens.count ? tokens[index].kind : nil
    }

    func value(_ index: Int) -> String? {
        index >= 0 && index < tokens.count ? tokens[index].value : nil
    }

    /// The line of the token at `index` (the last token's line past the end).
    func line(_ index: Int) -> Int {
        if index >= 0 && index < tokens.count { return tokens[index].line }
        return tokens.last?.line ?? 1
    }

    /// The source text of the tokens in `range`, as written, with each run of whitespace and
    /// comments between two tokens reduced to one space.
    func text(_ range: Range<Int>) -> String {
        let lower = max(range.lowerBound, 0)
        let upper = min(range.upperBound, tokens.count)
        guard lower < upper else { return "" }
        var result: [UInt8] = []
        var previousEnd = -1
        for token in tokens[lower..<upper] {
            if previousEnd >= 0 && token.start > previousEnd { result.append(UInt8(ascii: " ")) }
            if token.start < token.end, token.end <= bytes.count { result.append(contentsOf: bytes[token.start..<token.end]) }
            previousEnd = token.end
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The first index in `range` at bracket depth 0 whose token satisfies `predicate`.
    func firstTopLevel(in range: Range<Int>, where predicate: (ObjectiveCToken) -> Bool) -> Int? {
        var index = range.lowerBound
        while index < range.upperBound && index < tokens.count {
            if predicate(tokens[index]) { return index }
            index = skip(index)
        }
        return nil
    }

    /// The ranges between top-level commas in `range`.
    func splitTopLevel(_ range: Range<Int>, separator: String = ",") -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound && index < tokens.count {
            if tokens[index].isPunctuation(separator) {
                parts.append(start..<index)
                start = index + 1
            }
            index = skip(index)
        }
        if start < range.upperBound { parts.append(start..<min(range.upperBound, max(start, tokens.count))) }
        return parts
    }
}
