import SwiftParser
import SwiftSyntax
import Testing
@testable import SceneImport

/// The visitor base that walks only statements and members whose text mentions a word.
@Suite struct MentionedItemsVisitorTests {
    /// Names every call it is walked past.
    private final class CallNames: MentionedItemsVisitor {
        var names: [String] = []
        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            names.append(node.calledExpression.trimmedDescription)
            return .visitChildren
        }
    }

    private func calls(in source: String, mentioning word: String?) -> [String] {
        var text = source
        let visitor = CallNames(mentions: word.map { ByteSearch.offsets(of: $0, in: &text) })
        visitor.walk(Parser.parse(source: source))
        return visitor.names
    }

    private let source = """
        // needle() in a comment
        setUp()
        struct S {
            func a() { first(); needle() }
            func b() { second() }
            var c: Int { third() }
        }
        needle()
        """

    @Test func walksOnlyTheStatementsAndMembersThatMentionTheWord() {
        // `first()` is a statement of its own beside `needle()`: it is not walked.
        #expect(calls(in: source, mentioning: "needle") == ["needle", "needle"])
    }

    @Test func walksEverythingWithoutMentions() {
        #expect(calls(in: source, mentioning: nil) == ["setUp", "first", "needle", "second", "third", "needle"])
    }

    @Test func walksNothingWhenTheWordIsAbsent() {
        #expect(calls(in: source, mentioning: "absent").isEmpty)
    }
}
