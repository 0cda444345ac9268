import SwiftSyntax
import SceneImportVocabulary

/// What a body gives the container held in `name`: `name.viewControllers = […]`,
/// `name.setViewControllers([…], animated:)`, `name.setViewController(x, for: .primary)`
/// (columns in UIKit's order, as the device shows them),
/// `name.pushViewController(x, animated:)`, `name.addChild(x)`.
final class ContainerStatementFinder: ActiveCodeVisitor {
    let name: String
    let idiom: IdiomTests
    private var columns: [(column: SplitViewColumn, expression: ExprSyntax)] = []
    private var others: [ExprSyntax] = []

    init(name: String, idiom: IdiomTests, conditions: CompilationConditions) {
        self.name = name
        self.idiom = idiom
        super.init(conditions: conditions)
    }

    /// The columns the device shows (``SplitViewColumn``), in UIKit's order, then the rest.
    var children: [ExprSyntax] {
        let hasCompact = columns.contains { $0.column.isCompact }
        let shown = columns.filter { idiom.device == .phone && hasCompact ? $0.column.isCompact : !$0.column.isCompact }
        return shown.sorted { $0.column.order < $1.column.order }.map(\.expression) + others
    }

    private func isReceiver(_ base: ExprSyntax?) -> Bool {
        guard let base else { return false }
        let text = RootExpressionReader.unwrapped(base).sourceText
        return text == name || text == "self." + name
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), isReceiver(member.base),
              let first = node.arguments.first?.expression else { return .visitChildren }
        switch member.declName.baseName.text {
        case "setViewControllers":
            others += Self.elements(of: first)
        case "pushViewController", "addChild", "addChildViewController":
            others.append(first)
        case "setViewController":
            guard let written = node.arguments.first(where: { $0.label?.text == "for" })?.expression.sourceText,
                  let column = SplitViewColumn(written: written) else { break }
            columns.append((column, first))
        default:
            break
        }
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
              let target = elements[0].as(MemberAccessExprSyntax.self), isReceiver(target.base),
              target.declName.baseName.text == "viewControllers" else { return .visitChildren }
        others += Self.elements(of: elements[2])
        return .visitChildren
    }

    private static func elements(of expression: ExprSyntax) -> [ExprSyntax] {
        if let array = RootExpressionReader.unwrapped(expression).as(ArrayExprSyntax.self) { return array.elements.map(\.expression) }
        return [expression]
    }
}
