import SwiftSyntax

/// A syntax visitor that skips the `#if` clauses the build leaves out: it sees the code the app
/// compiles for the platform imported.
class ActiveCodeVisitor: SyntaxVisitor {
    let conditions: CompilationConditions

    init(conditions: CompilationConditions) {
        self.conditions = conditions
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        guard let block = node.parent?.parent?.as(IfConfigDeclSyntax.self) else { return .visitChildren }
        return conditions.activeClause(of: block)?.id == node.id ? .visitChildren : .skipChildren
    }
}

extension InterfaceIdiom {
    /// Whether `node` sits, below `root`, on the side of an `if`, ternary or `switch` the idiom
    /// rules out (`if UIDevice.current.userInterfaceIdiom == .phone { … }` on a pad).
    func rulesOut(_ node: some SyntaxProtocol, within root: Syntax) -> Bool {
        var current = Syntax(node)
        while let parent = current.parent, current.id != root.id {
            if let branch = parent.as(IfExprSyntax.self), let decided = decides(branch.conditions.sourceText) {
                if current.id == branch.body.id, !decided { return true }
                if current.id == branch.elseBody?.id, decided { return true }
            }
            if let ternary = parent.as(TernaryExprSyntax.self), let decided = decides(ternary.condition.sourceText) {
                if current.id == ternary.thenExpression.id, !decided { return true }
                if current.id == ternary.elseExpression.id, decided { return true }
            }
            if let switchCase = parent.as(SwitchCaseSyntax.self), let switchExpression = switchCase.parent?.parent?.as(SwitchExprSyntax.self),
               let taken = takenCase(of: switchExpression), taken.id != switchCase.id {
                return true
            }
            current = parent
        }
        return false
    }

    /// The case a `switch` on the idiom or the size class takes on this device; `nil` for a
    /// `switch` on anything else.
    func takenCase(of node: SwitchExprSyntax) -> SwitchCaseSyntax? {
        let subject = node.subject.sourceText
        guard subject.contains("userInterfaceIdiom") || subject.contains("horizontalSizeClass") else { return nil }
        let wanted = subject.contains("horizontalSizeClass") ? (self == .pad ? "regular" : "compact") : caseName
        let cases = node.cases.compactMap { $0.as(SwitchCaseSyntax.self) }
        func matches(_ item: SwitchCaseSyntax) -> Bool {
            guard case .case(let label) = item.label else { return false }
            return label.caseItems.contains { $0.pattern.sourceText.split(separator: ".").last.map(String.init) == wanted }
        }
        return cases.first(where: matches) ?? cases.first { if case .default = $0.label { return true } else { return false } }
    }
}
