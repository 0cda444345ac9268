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
