import SwiftSyntax

/// A syntax visitor that knows the type each node sits in (`Outer.Inner`, an extension's
/// type, `nil` at the top level) and skips inactive `#if` clauses.
class TypeScopedVisitor: ActiveCodeVisitor {
    private var types: [String] = []

    /// The innermost type around the node being visited, qualified by the types around it.
    var currentType: String? { types.last }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: ClassDeclSyntax) { types.removeLast() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: StructDeclSyntax) { types.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: EnumDeclSyntax) { types.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: ActorDeclSyntax) { types.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        types.append(node.extendedTypeName)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast() }

    private func enter(_ type: String) -> SyntaxVisitorContinueKind {
        types.append(types.last.map { "\($0).\(type)" } ?? type)
        return .visitChildren
    }
}
