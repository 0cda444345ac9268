import SwiftSyntax

/// The functions an app writes to attach keyboard shortcuts to the views that call them: a
/// method in `extension View` (`.keyCommand("]", modifiers: .command)`) or a free function
/// returning a view (`PostButton(action:)`) whose body reaches `.keyboardShortcut(…)`,
/// directly or through another such function.
///
/// A view's call of a helper is a creation site of that view (as an app's factory call is for
/// `UIKeyCommand`s): ``CommandExtractor`` runs the helper with the call's arguments and gives
/// the view each shortcut the run reaches. So is `.modifier(OptionalShortcut(key: …))` for a
/// `ViewModifier` whose `body(content:)` reaches `.keyboardShortcut(…)`: the modifier is built
/// from the call's arguments and its body runs on it.
struct ShortcutHelpers {
    /// Free functions, by name.
    private var free: [String: [SourceIndex.FunctionInfo]] = [:]
    /// Methods of `extension View`, by name.
    private var viewMethods: [String: [SourceIndex.FunctionInfo]] = [:]
    /// Where each helper is declared (file and line), to recognise one among a type's members.
    private var declared: Set<SourceLocation> = []

    /// `ViewModifier`s whose `body(content:)` attaches shortcuts: type name → that body.
    private var modifiers: [String: SourceIndex.FunctionInfo] = [:]

    /// Every helper's name (`modifier` when some view modifier attaches shortcuts).
    private(set) var names: Set<String> = []

    init(index: SourceIndex) {
        let globals = index.globalFunctions.values.flatMap { $0 }
        let methods = index.types["View"]?.functions ?? []
        func attaches(_ function: SourceIndex.FunctionInfo, callingAny names: Set<String>) -> Bool {
            // Only a body whose file mentions `.keyboardShortcut` or a helper is walked: most
            // apps' functions are looked at once, as bytes.
            let file = function.location.file
            guard let body = function.body,
                  index.file(file, mentions: "keyboardShortcut") || names.contains(where: { index.file(file, mentions: $0) })
            else { return false }
            let finder = ShortcutFinder(helpers: names)
            finder.walk(body)
            return !finder.calls.isEmpty
        }
        // Functions that call `.keyboardShortcut` first, then those calling one of them, until
        // no more join (each round adds one at least, so at most one round per function).
        var found: Set<SourceLocation> = []
        var names: Set<String> = []
        var changed = true
        while changed {
            changed = false
            for function in globals + methods where !found.contains(function.location) && attaches(function, callingAny: names) {
                found.insert(function.location)
                names.insert(function.name)
                changed = true
            }
        }
        for function in globals where found.contains(function.location) { free[function.name, default: []].append(function) }
        for function in methods where found.contains(function.location) { viewMethods[function.name, default: []].append(function) }
        // A modifier that views apply as `.modifier(M(…))` attaches its shortcuts there; one
        // applied only otherwise (through `modifier(M())` in an `extension View` method) keeps
        // them as its own.
        for info in index.types.values where info.inherited.contains("ViewModifier") {
            let call = ".modifier(\(info.name)("
            guard index.files.contains(where: { index.file($0.file.displayPath, mentions: call) }) else { continue }
            for function in info.functions where function.name == "body" && !function.isStatic && attaches(function, callingAny: names) {
                modifiers[info.name] = function
                found.insert(function.location)
            }
        }
        if !modifiers.isEmpty { names.insert("modifier") }
        declared = found
        self.names = names
    }

    /// The view modifier `call` applies (`.modifier(OptionalShortcut(key: k))`), with its body
    /// and the expression that builds it; `nil` for any other call.
    func modifier(appliedBy call: FunctionCallExprSyntax) -> (type: String, body: SourceIndex.FunctionInfo, value: ExprSyntax)? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "modifier",
              let argument = call.arguments.first, argument.label == nil,
              let built = argument.expression.as(FunctionCallExprSyntax.self),
              let name = built.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
              let body = modifiers[name] else { return nil }
        return (name, body, argument.expression)
    }

    /// Whether `function` is a helper.
    func contains(_ function: SourceIndex.FunctionInfo) -> Bool { declared.contains(function.location) }

    /// Whether `function` is a helper in `extension View`.
    func isViewMethod(_ function: SourceIndex.FunctionInfo) -> Bool {
        viewMethods[function.name]?.contains { $0.location == function.location } ?? false
    }

    /// The helper `call` calls, matched by its argument labels; `nil` for any other call.
    func function(calledBy call: FunctionCallExprSyntax, args: [(label: String?, expression: ExprSyntax)],
                  evaluator: Evaluator) -> SourceIndex.FunctionInfo? {
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            if member.declName.baseName.text == "modifier" { return nil }
            guard let candidates = viewMethods[member.declName.baseName.text] else { return nil }
            return evaluator.match(candidates, args: args)
        }
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self), let candidates = free[reference.baseName.text] {
            return evaluator.match(candidates, args: args)
        }
        return nil
    }
}
