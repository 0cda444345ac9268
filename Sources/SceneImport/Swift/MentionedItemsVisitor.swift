import SwiftSyntax

/// A syntax visitor that walks only the statements and members whose text spans a mention of
/// the words its subclass looks for: every node such a visitor collects has one of the words
/// in its own text, so a statement or member without one holds nothing to collect, and its
/// subtree (most of a typical file) is never materialised.
///
/// `mentions` are the sorted UTF-8 offsets of the words in the walked tree's file
/// (``SourceIndex/offsets(of:inFile:)``); `nil` walks everything. Trivia is left out of a
/// node's span: a word in a comment before a statement does not make it walked.
class MentionedItemsVisitor: SyntaxVisitor {
    private let mentions: [Int]?

    init(mentions: [Int]?, viewMode: SyntaxTreeViewMode = .sourceAccurate) {
        self.mentions = mentions
        super.init(viewMode: viewMode)
    }

    /// Whether `node`'s text (trivia left out) spans one of the mentions.
    final func spansAMention(_ node: some SyntaxProtocol) -> Bool {
        guard let mentions else { return true }
        let span = node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
        return ByteSearch.contains(mentions, offsetIn: span)
    }

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        spansAMention(node) ? .visitChildren : .skipChildren
    }

    override func visit(_ node: MemberBlockItemSyntax) -> SyntaxVisitorContinueKind {
        spansAMention(node) ? .visitChildren : .skipChildren
    }
}
