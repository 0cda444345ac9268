import SwiftSyntax

/// A storyboard's initial controller: the app class it stands for, and the plain UIKit
/// container around it when the initial scene is one (`UINavigationController` whose root is
/// the app's `Editor`).
struct StoryboardInitial: Equatable {
    var appClass: String
    var container: String?
}

extension SourceIndex {
    /// What `storyboard.instantiateInitialViewController()` makes, when the code names the
    /// storyboard: `UIStoryboard(name: "Main", bundle: nil)`, a local holding one, a static
    /// property of the app's `extension UIStoryboard` (`UIStoryboard.settings`), or R.swift's
    /// `R.storyboard.main`. `nil` for any other call.
    func storyboardInitial(instantiatedBy call: FunctionCallExprSyntax) -> StoryboardInitial? {
        guard !storyboardInitials.isEmpty, let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              member.declName.baseName.text == "instantiateInitialViewController", let base = member.base,
              let name = storyboardName(of: base, depth: 0) else { return nil }
        return storyboardInitials[name]
    }

    private func storyboardName(of expression: ExprSyntax, depth: Int) -> String? {
        guard depth < 4 else { return nil }
        var expression = expression
        while let inner = expression.as(ForceUnwrapExprSyntax.self)?.expression ?? expression.as(OptionalChainingExprSyntax.self)?.expression {
            expression = inner
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            let callee = call.calledExpression.trimmedDescription
            guard callee == "UIStoryboard" || callee == "UIStoryboard.init",
                  let argument = call.arguments.first, argument.label?.text == "name",
                  let literal = argument.expression.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
                  let text = literal.segments.first?.as(StringSegmentSyntax.self)?.content.text else { return nil }
            return text
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base?.trimmedDescription {
            let property = member.declName.baseName.text
            // R.swift names each storyboard by its file name with a lowercase first letter.
            if base == "R.storyboard" {
                return storyboardInitials.keys.sorted().first { $0.prefix(1).lowercased() + $0.dropFirst() == property }
            }
            guard base == "UIStoryboard", let declared = type(named: "UIStoryboard")?.properties[property] else { return nil }
            let value = declared.initializer ?? (declared.getter?.count == 1 ? declared.getter?.first?.item.as(ExprSyntax.self) : nil)
            return value.flatMap { storyboardName(of: $0, depth: depth + 1) }
        }
        // A local the enclosing bodies declare (`let storyboard = UIStoryboard(name: "Main", …)`).
        guard let reference = expression.as(DeclReferenceExprSyntax.self) else { return nil }
        let local = reference.baseName.text
        var current = Syntax(expression).parent
        while let node = current {
            if let items = node.as(CodeBlockItemListSyntax.self) {
                for item in items {
                    guard let declaration = item.item.as(VariableDeclSyntax.self) else { continue }
                    for binding in declaration.bindings where binding.pattern.trimmedDescription == local {
                        if let value = binding.initializer?.value { return storyboardName(of: value, depth: depth + 1) }
                    }
                }
            }
            current = node.parent
        }
        return nil
    }
}
