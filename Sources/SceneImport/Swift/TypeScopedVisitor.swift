import SwiftSyntax

/// A syntax visitor that knows the type each node sits in (`Outer.Inner`, an extension's
/// type, `nil` at the top level) and skips inactive `#if` clauses.
class TypeScopedVisitor: SyntaxVisitor {
    let conditions: CompilationConditions
    private var types: [String] = []

    /// The innermost type around the node being visited, qualified by the types around it.
    var currentType: String? { types.last }

    init(conditions: CompilationConditions) {
        self.conditions = conditions
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        guard let block = node.parent?.parent?.as(IfConfigDeclSyntax.self) else { return .visitChildren }
        return conditions.activeClause(of: block)?.id == node.id ? .visitChildren : .skipChildren
    }

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
