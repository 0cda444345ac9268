import SwiftSyntax

extension SyntaxProtocol {
    /// The node's source text without its leading and trailing trivia: what
    /// `trimmedDescription` gives, written straight from the tokens instead of through a
    /// trimmed copy of the tree (which the evaluator, asking for condition and value texts
    /// all the time, cannot afford).
    var sourceText: String {
        var text = ""
        var iterator = tokens(viewMode: .sourceAccurate).makeIterator()
        guard var token = iterator.next() else { return text }
        var isFirst = true
        while true {
            let next = iterator.next()
            if !isFirst { token.leadingTrivia.write(to: &text) }
            text += token.text
            guard let following = next else { break }
            token.trailingTrivia.write(to: &text)
            token = following
            isFirst = false
        }
        return text
    }
}

extension StringProtocol {
    /// A type name without its optionality marks: `UIKeyCommand?` and `String!` give
    /// `UIKeyCommand` and `String`.
    var withoutOptionality: String {
        contains { $0 == "?" || $0 == "!" } ? String(filter { $0 != "?" && $0 != "!" }) : String(self)
    }

    /// The text with its spaces dropped (`UIKeyCommand ` → `UIKeyCommand`), without building a
    /// Foundation character set.
    var withoutSpaces: String {
        utf8.contains(UInt8(ascii: " ")) ? String(filter { $0 != " " }) : String(self)
    }
}
