import Scenes
import SwiftSyntax

extension SceneBuilder {
    /// The effects of the actions that show or leave a screen, so that a replay or a recording
    /// moves between the scene's states as the app does: an action method whose unconditional
    /// path presents or pushes a screen the scene has a state for (`present(Compose(), animated:
    /// true)`) shows that screen the way its state does; `dismiss(animated:)` dismisses the
    /// topmost modal and `popViewController(animated:)` pops. What the method does under a
    /// condition, in a closure or after a `return` is left out: the scene cannot tell whether it
    /// runs.
    ///
    /// An action that sets a flag of its type (``FlagProperty``) on that path sets the flag,
    /// and one that focuses a view the type holds focuses it (`flagWrites`, by type and method:
    /// ``flagWrites(_:state:)``).
    ///
    /// `screens` are the types the scene's states show, each by a state named after it.
    func addingActionEffects(to definition: SceneDefinition, screens: [String],
                             flagWrites: [String: [String: FlagWrites]]) -> SceneDefinition {
        // How each screen is shown: the one step of the state named after it.
        var shown: [String: SceneEffect] = [:]
        for type in screens where shown[type] == nil {
            let name = Self.nodeName(type)
            if let state = definition.states.first(where: { $0.name == name }), state.steps.count == 1 {
                shown[type] = state.steps[0].effect
            }
        }
        guard !shown.isEmpty || !flagWrites.isEmpty else { return definition }
        var effectsByNode: [String: [String: [SceneEffect]]] = [:]
        // Each type's methods with a body by name, built once per type (a superclass serves
        // every subclass).
        var methodsByName: [String: [String: [SourceIndex.FunctionInfo]]] = [:]
        // Only the types the scene has nodes of perform actions in it.
        var nodeNames: Set<String> = []
        func collect(_ node: NodeDefinition) {
            if !node.actions.isEmpty { nodeNames.insert(node.name) }
            node.children.forEach(collect)
            node.views.forEach(collect)
        }
        definition.windows.forEach(collect)
        definition.controllers.forEach(collect)
        for (type, actions) in model.actions.sorted(by: { $0.key < $1.key }) where nodeNames.contains(Self.nodeName(type)) {
            let owners = [model.index.type(named: type)].compactMap { $0 } + model.index.ancestors(of: type)
            for owner in owners where methodsByName[owner.name] == nil {
                methodsByName[owner.name] = Dictionary(grouping: owner.functions.filter { $0.kind == .function && $0.body != nil }, by: \.name)
            }
            for action in actions {
                // The method's name is the selector up to its first `:`, or up to where a label
                // joined on (`sendWithMessage:` of `send(withMessage:)`).
                let base = Substring(action.utf8.prefix { $0 != UInt8(ascii: ":") })
                var candidates = [String(base)]
                for (offset, byte) in base.utf8.enumerated() where offset > 0 && (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) {
                    candidates.append(String(base.utf8.prefix(offset)) ?? "")
                }
                var found: (owner: SourceIndex.TypeInfo, name: String, body: CodeBlockSyntax)?
                search: for owner in owners {
                    for name in candidates {
                        if let function = methodsByName[owner.name]?[name]?.first(where: { $0.selector == action }), let body = function.body {
                            found = (owner, name, body)
                            break search
                        }
                    }
                }
                guard let found else { continue }
                var effects = shown.isEmpty ? [] : screenEffects(of: found.body, in: found.owner, shown: shown)
                if let writes = flagWrites[type]?[found.name] {
                    effects += writes.sets.map { SceneEffect.set($0.flag, $0.value) }
                    if let focus = writes.focus { effects.append(.focus(focus)) }
                }
                if !effects.isEmpty { effectsByNode[Self.nodeName(type), default: [:]][action] = effects }
            }
        }
        guard !effectsByNode.isEmpty else { return definition }
        func apply(_ node: inout NodeDefinition) {
            if let effects = effectsByNode[node.name] {
                for index in node.actions.indices where node.actions[index].effects.isEmpty {
                    node.actions[index].effects = effects[node.actions[index].action] ?? []
                }
            }
            for index in node.children.indices { apply(&node.children[index]) }
            for index in node.views.indices { apply(&node.views[index]) }
        }
        var result = definition
        for index in result.windows.indices { apply(&result.windows[index]) }
        for index in result.controllers.indices { apply(&result.controllers[index]) }
        return result
    }

    /// The screen effects of an action method's `body`, declared in `owner`, on its unconditional
    /// path.
    private func screenEffects(of body: CodeBlockSyntax, in owner: SourceIndex.TypeInfo, shown: [String: SceneEffect]) -> [SceneEffect] {
        var effects: [SceneEffect] = []
        for item in body.statements {
            // What follows a `return`, a `guard`, or a branch that may leave the method runs
            // only under a condition.
            let statement = Syntax(item.item)
            if statement.is(ReturnStmtSyntax.self) || statement.is(GuardStmtSyntax.self) { break }
            if Self.mayLeave(statement) { break }
            guard let call = Self.call(in: statement) else { continue }
            let called = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
            switch called {
            case "present", "pushViewController", "show", "showDetailViewController":
                guard let argument = call.arguments.first?.expression else { continue }
                let types = model.index.typeNames(of: argument, in: owner, root: Syntax(body))
                if let effect = types.lazy.compactMap({ shown[$0] }).first { effects.append(effect) }
            case "dismiss" where Self.isOwnScreen(call):
                effects.append(.dismiss)
            case "popViewController" where Self.isOwnScreen(call):
                effects.append(.pop)
            default:
                continue
            }
        }
        return effects
    }

    /// Whether a statement (a code block item's content) other than a call may leave the
    /// method: a branch or a loop (`if`, `switch`, `do`, `for`, `while`) holding a `return` or a
    /// `throw`. Declarations and assignments cannot.
    static func mayLeave(_ statement: Syntax) -> Bool {
        guard call(in: statement) == nil else { return false }
        let branches: Bool
        if let expression = statement.as(ExpressionStmtSyntax.self)?.expression ?? statement.as(ExprSyntax.self) {
            branches = expression.is(IfExprSyntax.self) || expression.is(SwitchExprSyntax.self)
        } else {
            branches = statement.is(DoStmtSyntax.self) || statement.is(ForStmtSyntax.self) || statement.is(WhileStmtSyntax.self)
                || statement.is(RepeatStmtSyntax.self) || statement.is(ThrowStmtSyntax.self)
        }
        guard branches else { return false }
        let words = statement.tokens(viewMode: .sourceAccurate).map(\.tokenKind)
        return words.contains(.keyword(.return)) || words.contains(.keyword(.throw))
    }

    /// Whether a dismissal or pop acts on the screen performing the action: called on it
    /// (`dismiss(animated:)`, `self.dismiss(…)`), on what presented it, on what it presented
    /// (`presentedViewController?.dismiss(…)`, the topmost modal) or on its navigation
    /// controller, not on another object's method of that name (`alert.dismiss()`).
    private static func isOwnScreen(_ call: FunctionCallExprSyntax) -> Bool {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else { return true }
        let receiver = base.sourceText.withoutOptionality.filter { $0 != "?" && $0 != "!" }
        return ["self", "presentingViewController", "self.presentingViewController", "presentedViewController",
                "self.presentedViewController", "navigationController", "self.navigationController"].contains(receiver)
    }

    /// The call a statement is (`present(…)`, `_ = navigationController?.popViewController(…)`,
    /// `try await show(…)`), or `nil`.
    static func call(in statement: Syntax) -> FunctionCallExprSyntax? {
        guard var expression = statement.as(ExprSyntax.self) else { return nil }
        if let sequence = expression.as(SequenceExprSyntax.self), let last = sequence.elements.last,
           sequence.elements.count == 3, sequence.elements.first?.is(DiscardAssignmentExprSyntax.self) == true {
            expression = last
        }
        while true {
            if let tried = expression.as(TryExprSyntax.self) { expression = tried.expression; continue }
            if let awaited = expression.as(AwaitExprSyntax.self) { expression = awaited.expression; continue }
            if let chained = expression.as(OptionalChainingExprSyntax.self) { expression = chained.expression; continue }
            break
        }
        return expression.as(FunctionCallExprSyntax.self)
    }
}
