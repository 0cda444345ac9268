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
    /// `screens` are the types the scene's states show, each by a state named after it.
    func addingActionEffects(to definition: SceneDefinition, screens: [String]) -> SceneDefinition {
        // How each screen is shown: the one step of the state named after it.
        var shown: [String: SceneEffect] = [:]
        for type in screens where shown[type] == nil {
            if let state = definition.states.first(where: { $0.name == Self.nodeName(type) }), state.steps.count == 1 {
                shown[type] = state.steps[0].effect
            }
        }
        guard !shown.isEmpty else { return definition }
        var effectsByNode: [String: [String: [SceneEffect]]] = [:]
        for (type, actions) in model.actions.sorted(by: { $0.key < $1.key }) {
            for action in actions {
                let effects = screenEffects(of: action, in: type, shown: shown)
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

    /// The screen effects of the method `type` (or a superclass of the app's) implements `action`
    /// with, on its unconditional path.
    private func screenEffects(of action: String, in type: String, shown: [String: SceneEffect]) -> [SceneEffect] {
        let owners = [model.index.type(named: type)].compactMap { $0 } + model.index.ancestors(of: type)
        guard let owner = owners.first(where: { $0.functions.contains { $0.selector == action && $0.body != nil } }),
              let function = owner.functions.first(where: { $0.selector == action && $0.body != nil }),
              let body = function.body else { return [] }
        var effects: [SceneEffect] = []
        for item in body.statements {
            // What follows a `return`, a `guard`, or a branch that may leave the method runs
            // only under a condition.
            if item.item.is(ReturnStmtSyntax.self) || item.item.is(GuardStmtSyntax.self) { break }
            if Self.mayLeave(item) { break }
            guard let call = Self.call(in: item) else { continue }
            let called = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
            switch called {
            case "present", "pushViewController", "show", "showDetailViewController":
                guard let argument = call.arguments.first?.expression else { continue }
                let types = model.index.typeNames(of: argument, in: owner, root: Syntax(body))
                if let effect = types.lazy.compactMap({ shown[$0] }).first { effects.append(effect) }
            case "dismiss":
                effects.append(.dismiss)
            case "popViewController":
                effects.append(.pop)
            default:
                continue
            }
        }
        return effects
    }

    /// Whether a statement other than a call may leave the method: it holds a `return` or a
    /// `throw` (an `if` or `switch` with one in a branch).
    private static func mayLeave(_ item: CodeBlockItemSyntax) -> Bool {
        guard call(in: item) == nil else { return false }
        let words = item.item.tokens(viewMode: .sourceAccurate).map(\.tokenKind)
        return words.contains(.keyword(.return)) || words.contains(.keyword(.throw))
    }

    /// The call a statement is (`present(…)`, `_ = navigationController?.popViewController(…)`,
    /// `try await show(…)`), or `nil`.
    private static func call(in item: CodeBlockItemSyntax) -> FunctionCallExprSyntax? {
        guard var expression = item.item.as(ExprSyntax.self) else { return nil }
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
