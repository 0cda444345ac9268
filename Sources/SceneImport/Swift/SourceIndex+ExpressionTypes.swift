import SwiftSyntax

extension SourceIndex {
    /// The app types an expression creates or refers to: `Foo()`, `Foo(…)`, a local or
    /// property whose initialiser or annotation names one, array literals of them,
    /// `UINavigationController(rootViewController: Foo())` (the root inside).
    func typeNames(of expression: ExprSyntax, in info: SourceIndex.TypeInfo, root: Syntax, depth: Int = 0) -> [String] {
        guard depth < 6 else { return [] }
        if let array = expression.as(ArrayExprSyntax.self) {
            return array.elements.flatMap { typeNames(of: $0.expression, in: info, root: root, depth: depth + 1) }
        }
        if let unwrap = expression.as(ForceUnwrapExprSyntax.self) { return typeNames(of: unwrap.expression, in: info, root: root, depth: depth + 1) }
        if let optional = expression.as(OptionalChainingExprSyntax.self) { return typeNames(of: optional.expression, in: info, root: root, depth: depth + 1) }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            var calleeName = call.calledExpression.sourceText
            if calleeName.hasSuffix(".init") { calleeName = String(calleeName.dropLast(5)) }
            if let generic = calleeName.firstIndex(of: "<") { calleeName = String(calleeName[..<generic]) }
            if ["UINavigationController", "UIHostingController"].contains(calleeName) || inherits(calleeName, from: "UINavigationController") {
                var inner = call.arguments.first { $0.label?.text == "rootViewController" || $0.label?.text == "rootView" }
                    .map { typeNames(of: $0.expression, in: info, root: root, depth: depth + 1) } ?? []
                if type(named: calleeName) != nil { inner.insert(calleeName, at: 0) }
                return inner
            }
            if type(named: calleeName) != nil { return [type(named: calleeName)?.name ?? calleeName] }
            // `storyboard.instantiateViewController(withIdentifier:) as! Foo` is handled by the cast.
            return []
        }
        if let cast = expression.as(AsExprSyntax.self) {
            let name = cast.type.sourceText.withoutOptionality
            return type(named: name) != nil ? [name] : typeNames(of: cast.expression, in: info, root: root, depth: depth + 1)
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if let castIndex = elements.firstIndex(where: { $0.is(UnresolvedAsExprSyntax.self) }), castIndex + 1 < elements.count {
                let name = elements[castIndex + 1].sourceText.withoutOptionality
                if type(named: name) != nil { return [name] }
            }
            return elements.first.map { typeNames(of: $0, in: info, root: root, depth: depth + 1) } ?? []
        }
        var name = expression.sourceText
        if name.hasPrefix("self.") { name = String(name.dropFirst(5)) }
        guard !name.contains("."), !name.contains("(") else { return [] }
        // A local in the same body.
        let locals = LocalFinder(name: name, viewMode: .sourceAccurate)
        locals.walk(root)
        if let initial = locals.initializer { return typeNames(of: initial, in: info, root: root, depth: depth + 1) }
        if let annotation = locals.annotation, type(named: annotation) != nil { return [annotation] }
        // A property of the type.
        for candidate in [info] + ancestors(of: info.name) {
            guard let property = candidate.properties[name] else { continue }
            if let declared = property.type?.withoutOptionality, type(named: declared) != nil { return [declared] }
            if let initializer = property.initializer { return typeNames(of: initializer, in: info, root: root, depth: depth + 1) }
        }
        return []
    }
}

/// A local's initialiser or type annotation in a body.
private final class LocalFinder: SyntaxVisitor {
    let name: String
    var initializer: ExprSyntax?
    var annotation: String?

    init(name: String, viewMode: SyntaxTreeViewMode) {
        self.name = name
        super.init(viewMode: viewMode)
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if initializer == nil, node.pattern.sourceText == name {
            initializer = node.initializer?.value
            annotation = node.typeAnnotation?.type.sourceText.replacingOccurrences(of: "?", with: "")
        }
        return .visitChildren
    }
}

