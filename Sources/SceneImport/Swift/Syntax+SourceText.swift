// `TokenSyntax.rawText` (the token's bytes in the parser's buffer) is swift-syntax's
// `RawSyntax` SPI; ``SyntaxProtocol/sourceText`` checks what it reads against the tree's own
// positions and writes the text token by token when they disagree.
@_spi(RawSyntax) import SwiftSyntax

extension SyntaxProtocol {
    /// The node's source text without its leading and trailing trivia: what
    /// `trimmedDescription` gives, without building a trimmed copy of the tree (which the
    /// evaluator, asking for condition and value texts all the time, cannot afford).
    ///
    /// A parsed tree's tokens are slices of the one source buffer its parser copied, in source
    /// order: the text runs from the first token's first byte to the last token's last byte,
    /// and is copied from there in one piece. When the tokens' addresses do not span exactly
    /// the node's length (a tree not made by one parse), the text is written token by token.
    var sourceText: String {
        guard let first = firstToken(viewMode: .sourceAccurate), let last = lastToken(viewMode: .sourceAccurate) else {
            return ""
        }
        let length = last.endPositionBeforeTrailingTrivia.utf8Offset - first.positionAfterSkippingLeadingTrivia.utf8Offset
        let firstText = first.rawText
        let lastText = last.rawText
        if let start = firstText.baseAddress, let lastStart = lastText.baseAddress, length >= 0,
           lastStart + lastText.count - start == length {
            return String(decoding: UnsafeBufferPointer(start: start, count: length), as: UTF8.self)
        }
        return writtenTokenByToken
    }

    /// ``sourceText`` written from the tokens and the trivia between them.
    private var writtenTokenByToken: String {
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
