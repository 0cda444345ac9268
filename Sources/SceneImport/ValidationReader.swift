import SwiftSyntax

/// `case #selector(x): return cond` and `if action == #selector(x) { return cond }`.
final class ValidationReader: SyntaxVisitor {
    var rules: [(selector: String, condition: String, node: Syntax)] = []

    override func visit(_ node: SwitchCaseSyntax) -> SyntaxVisitorContinueKind {
        guard case .case(let label) = node.label else { return .visitChildren }
        let selectors = label.caseItems.compactMap { item -> String? in
            guard let macro = item.pattern.as(ExpressionPatternSyntax.self)?.expression.as(MacroExpansionExprSyntax.self),
                  macro.macroName.text == "selector" else { return nil }
            return macro.arguments.first?.expression.sourceText
        }
        guard !selectors.isEmpty, let condition = returnedCondition(node.statements) else { return .visitChildren }
        for selector in selectors { rules.append((selector, condition, Syntax(node))) }
        return .visitChildren
    }

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        let text = node.conditions.sourceText
        guard text.contains("#selector("), let range = text.range(of: "#selector("),
              let end = text[range.upperBound...].firstIndex(of: ")") else { return .visitChildren }
        var selector = String(text[range.upperBound..<end])
        if text[end...].hasPrefix("):)") || selector.contains("(") { selector += ")" }
        if let condition = returnedCondition(node.body.statements) {
            rules.append((selector, condition, Syntax(node)))
        }
        return .visitChildren
    }

    /// `return cond` with a condition that is not a literal `true`.
    private func returnedCondition(_ statements: CodeBlockItemListSyntax) -> String? {
        for item in statements {
            if let returned = item.item.as(ReturnStmtSyntax.self)?.expression {
                let text = returned.sourceText
                if text == "true" || text.hasPrefix("super.") { return nil }
                return text
            }
            if statements.count == 1, let expression = item.item.as(ExprSyntax.self) {
                let text = expression.sourceText
                return text == "true" ? nil : text
            }
        }
        return nil
    }
}
