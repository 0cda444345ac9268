import SwiftSyntax

extension Evaluator {
    /// The value other code gives a stored `var` that its own type leaves empty: each
    /// `x.field = value` in the app whose `x` is declared of the type (a parameter, a local the
    /// code builds, a property) is evaluated in the type that code sits in, and the field's
    /// values are the choices among them.
    ///
    /// A SwiftUI `UIViewRepresentable` that hands its `UIView` what to offer
    /// (`view.shortcuts = shortcuts` in `makeUIView`) is the common case. What the
    /// representable holds, its constructions passed: while the assigned value is evaluated,
    /// a `let` its initialiser sets from a parameter is what the type's constructions pass
    /// (``valueFromConstructions(of:label:position:)``). The first ``callerSitesFollowed``
    /// assignments in file order are followed. `nil` when none gives a known value.
    func valueSetFromOutside(_ field: String, of info: SourceIndex.TypeInfo) -> Value? {
        valuesSetFromOutside.answer(PropertyQuestion(type: info.name, name: field, isStatic: false)) {
            assignedValue(fromOutside: field, of: info)
        }
    }

    private func assignedValue(fromOutside field: String, of info: SourceIndex.TypeInfo) -> Value? {
        // The assigning code runs only to learn the value: a shortcut it attaches is not the
        // asker's.
        let log = shortcutLog
        shortcutLog = nil
        readingValuesSetFromOutside += 1
        defer {
            shortcutLog = log
            readingValuesSetFromOutside -= 1
        }
        var choices: [Value.Item] = []
        var setFromRunTimeData = false
        for site in assignments(to: field, of: info) {
            var assigning = frame(in: site.type)
            let value = evaluate(site.value, frame: &assigning, hint: info.properties[field]?.type)
            if case .unknown = value {
                setFromRunTimeData = true
                continue
            }
            choices.append(.init(value: value, condition: .always))
        }
        // `controller.shortcuts = settings.shortcuts` on one path and `= nil` on the other: the
        // field holds run-time data when it holds anything.
        if setFromRunTimeData, choices.allSatisfy(\.value.isNull) { return .unknown(field) }
        return Value.choice(among: choices)
    }

    /// The first ``callerSitesFollowed`` assignments `x.field = value` whose `x` is of `info`
    /// (or a subclass), with the type each sits in. The same text in the same type is the same
    /// value, listed once (`makeUIView` and `updateUIView` both assign `shortcuts`).
    private func assignments(to field: String, of info: SourceIndex.TypeInfo) -> [(value: ExprSyntax, type: String?)] {
        var found: [(value: ExprSyntax, type: String?)] = []
        var seen: Set<String> = []
        for tree in index.trees(mentioning: field) {
            guard found.count < Self.callerSitesFollowed else { break }
            let finder = MemberAssignmentFinder(field: field, conditions: index.conditions)
            finder.walk(tree)
            for site in finder.sites where found.count < Self.callerSitesFollowed {
                guard let holder = site.type.flatMap({ index.type(named: $0) }),
                      declaredTypes(of: site.base, at: site.value, in: holder).contains(where: { refers($0, to: info) }),
                      seen.insert("\(holder.name)|\(site.value.sourceText)").inserted else { continue }
                found.append((site.value, holder.name))
            }
        }
        return found
    }

    /// The types `name` is declared with where `node` reads it: a parameter of the function or
    /// initialiser around it, else a local of that body or a property of `holder`
    /// (``SourceIndex/typeNames(of:in:root:depth:)``).
    private func declaredTypes(of name: String, at node: some SyntaxProtocol, in holder: SourceIndex.TypeInfo) -> [String] {
        var current = node.parent
        while let next = current {
            let parameters: FunctionParameterListSyntax?
            let body: CodeBlockSyntax?
            if let function = next.as(FunctionDeclSyntax.self) {
                (parameters, body) = (function.signature.parameterClause.parameters, function.body)
            } else if let initializer = next.as(InitializerDeclSyntax.self) {
                (parameters, body) = (initializer.signature.parameterClause.parameters, initializer.body)
            } else {
                current = next.parent
                continue
            }
            if let parameter = parameters?.first(where: { ($0.secondName ?? $0.firstName).text == name }) {
                return [parameter.type.sourceText.withoutOptionality]
            }
            guard let body else { return [] }
            return index.typeNames(of: ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier(name))), in: holder, root: Syntax(body))
        }
        return []
    }

    /// Whether the type written `name` is `info` or one of its subclasses.
    private func refers(_ name: String, to info: SourceIndex.TypeInfo) -> Bool {
        guard let named = index.type(named: name) else { return false }
        return named.name == info.name || index.inherits(named.name, from: info.name)
    }
}

/// Finds `x.field = value` and `x?.field = value` whose `x` is a name other than `self`, with
/// the type each sits in.
private final class MemberAssignmentFinder: TypeScopedVisitor {
    let field: String
    private(set) var sites: [(base: String, value: ExprSyntax, type: String?)] = []

    init(field: String, conditions: CompilationConditions) {
        self.field = field
        super.init(conditions: conditions)
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
              let target = elements[0].as(MemberAccessExprSyntax.self), target.declName.baseName.text == field,
              let base = target.base else { return .visitChildren }
        let reference = base.as(DeclReferenceExprSyntax.self)
            ?? base.as(OptionalChainingExprSyntax.self)?.expression.as(DeclReferenceExprSyntax.self)
        if let name = reference?.baseName.text, name != "self" {
            sites.append((name, elements[2], currentType))
        }
        return .visitChildren
    }
}
