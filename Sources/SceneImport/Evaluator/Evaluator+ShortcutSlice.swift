import SwiftSyntax

/// While a shortcut helper runs (``Evaluator/shortcutLog``), the only thing that counts is the
/// shortcuts it reaches. A local whose value cannot reach one — a view builder's layout
/// metrics, a snapshot of the game's state — need not be computed: it is bound to unknown
/// without running its initialiser, which may run much of the app's model.
///
/// What a shortcut can depend on, in the function (or getter, or initialiser) that declares
/// the local: the names in each shortcut call's arguments (`.keyboardShortcut(…)` or a helper
/// call) and in what it is called on; the other arguments of calls whose closures hold it
/// (`ForEach(items)`); the sequences of enclosing loops; the conditions of enclosing `if`,
/// `switch` and ternaries, and of every `guard`; and, transitively, the names in the
/// initialisers and assignments of locals already found to count.
extension Evaluator {
    /// Whether `binding`'s value can reach a shortcut the running helper attaches. Always true
    /// outside a helper run, and in code that attaches none itself (a function computing a key
    /// the helper passes on returns what its locals give).
    func bindingCanReachShortcut(_ binding: PatternBindingSyntax) -> Bool {
        guard shortcutLog != nil, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              let scope = Self.declaringScope(of: binding), mayAttachShortcuts(scope) else { return true }
        return shortcutSlice(of: scope).contains(name)
    }

    /// The function, accessor or initialiser body that declares `node`, looking through
    /// closures (a closure's local may be what it returns to its function).
    static func declaringScope(of node: some SyntaxProtocol) -> Syntax? {
        var current = node.parent
        var found: Syntax?
        while let next = current {
            if next.is(CodeBlockSyntax.self), let parent = next.parent,
               parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self) || parent.is(AccessorDeclSyntax.self) {
                return next
            }
            if next.is(AccessorBlockSyntax.self) || next.is(MemberBlockSyntax.self) || next.is(SourceFileSyntax.self) { return found ?? next }
            if next.is(ClosureExprSyntax.self) { found = next }
            current = next.parent
        }
        return found
    }

    /// The names a shortcut attached in `scope` can depend on (see the type's comment), once per
    /// scope.
    func shortcutSlice(of scope: Syntax) -> Set<String> {
        if let known = shortcutSlices[scope.id] { return known }
        let finder = ShortcutFinder(helpers: shortcutHelperNames)
        finder.walk(scope)
        var needed: Set<String> = []
        for call in finder.calls {
            // The call's arguments, and what it is called on when that is a name or a member
            // (`action.render()`); a view built by a call chain is not the shortcut's value.
            needed.formUnion(Self.names(in: call.arguments))
            if let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base, !base.is(FunctionCallExprSyntax.self) {
                needed.formUnion(Self.names(in: base))
            }
            var previous = Syntax(call)
            var current = call.parent
            while let next = current, next.id != scope.id {
                if let enclosing = next.as(FunctionCallExprSyntax.self), previous.id != enclosing.calledExpression.id {
                    // The shortcut is inside one of the call's closures (`ForEach(items) { … }`):
                    // the call's other arguments say what the closure runs on. A modifier
                    // applied to a view that holds the shortcut (`.frame(…)`) says nothing of it.
                    for argument in enclosing.arguments where !argument.expression.is(ClosureExprSyntax.self) {
                        needed.formUnion(Self.names(in: argument))
                    }
                } else if let loop = next.as(ForStmtSyntax.self) {
                    needed.formUnion(Self.names(in: loop.sequence))
                } else if let branch = next.as(IfExprSyntax.self) {
                    needed.formUnion(Self.names(in: branch.conditions))
                } else if let guardStatement = next.as(GuardStmtSyntax.self) {
                    needed.formUnion(Self.names(in: guardStatement.conditions))
                } else if let choice = next.as(SwitchExprSyntax.self) {
                    needed.formUnion(Self.names(in: choice.subject))
                } else if let ternary = next.as(TernaryExprSyntax.self) {
                    needed.formUnion(Self.names(in: ternary.condition))
                }
                previous = next
                current = next.parent
            }
        }
        // Every `guard` in the scope decides whether the code after it runs at all.
        let guards = GuardCollector(viewMode: .sourceAccurate)
        guards.walk(scope)
        for condition in guards.conditions { needed.formUnion(Self.names(in: condition)) }
        // Locals feeding locals that count, to a fixed point.
        let sources = LocalSourceCollector(viewMode: .sourceAccurate)
        sources.walk(scope)
        var changed = true
        while changed {
            changed = false
            for (name, names) in sources.sources where needed.contains(name) && !names.isSubset(of: needed) {
                needed.formUnion(names)
                changed = true
            }
        }
        shortcutSlices[scope.id] = needed
        return needed
    }

    /// Every identifier `node`'s tokens spell (`$0` included).
    static func names(in node: some SyntaxProtocol) -> Set<String> {
        var names: Set<String> = []
        for token in node.tokens(viewMode: .sourceAccurate) {
            switch token.tokenKind {
            case .identifier(let text), .dollarIdentifier(let text): names.insert(text)
            default: continue
            }
        }
        return names
    }
}

/// The conditions of every `guard` under a node.
private final class GuardCollector: SyntaxVisitor {
    var conditions: [ConditionElementListSyntax] = []

    override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
        conditions.append(node.conditions)
        return .visitChildren
    }
}

/// For each local a node declares or assigns (`let x = …`, `x = …`, `x += …`, `x.append(…)`),
/// the names its value is computed from.
private final class LocalSourceCollector: SyntaxVisitor {
    var sources: [String: Set<String>] = [:]

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = node.initializer?.value {
            sources[name, default: []].formUnion(Evaluator.names(in: value))
        } else if let tuple = node.pattern.as(TuplePatternSyntax.self), let value = node.initializer?.value {
            let names = Evaluator.names(in: value)
            for element in tuple.elements {
                if let name = element.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { sources[name, default: []].formUnion(names) }
            }
        }
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        // `x = value`, `x += value`: the first element is the target.
        let elements = Array(node.elements)
        if elements.count >= 3, elements[1].is(AssignmentExprSyntax.self) || elements[1].as(BinaryOperatorExprSyntax.self).map({ $0.operator.text.hasSuffix("=") }) == true,
           let target = elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text {
            sources[target, default: []].formUnion(elements[2...].reduce(into: Set<String>()) { $0.formUnion(Evaluator.names(in: $1)) })
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        // `list.append(value)`, `list.insert(value, at: 0)`: the list is computed from the value.
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
           let target = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text {
            sources[target, default: []].formUnion(Evaluator.names(in: node.arguments))
        }
        return .visitChildren
    }
}
