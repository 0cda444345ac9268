import SwiftSyntax

extension Evaluator {
    /// Whether a field declared of `type` (or, without a type, initialised with that text:
    /// `[UIKeyCommand]()`) holds commands or menu elements (`[UIKeyCommand]`, `[UIMenuElement]?`):
    /// only such a field's setters are followed to their callers.
    static func holdsCommands(_ type: String?) -> Bool {
        guard let type else { return false }
        return ["UIKeyCommand", "UICommand", "UIMenuElement", "UIMenu"].contains { type.containsBytes(of: $0) }
    }

    /// How many call sites of a setter ``valueFromCallers(of:in:field:)`` follows.
    static let callerSitesFollowed = 8

    /// The value a field takes when `function`, which assigns it from a parameter
    /// (`func setKeyCommands(_ commands: [UIKeyCommand]) { customKeyCommands = commands }`), is
    /// run with the arguments of the app's calls of it (`rootVC.setKeyCommands(manager.build())`
    /// in another type): each call's arguments are evaluated in its own type, the function runs
    /// with them, and the field's values are the choices. `nil` when no call gives a value.
    ///
    /// A call is one whose name and argument labels match the function's, in a file that
    /// mentions the name; the first ``callerSitesFollowed`` in file order are followed.
    func valueFromCallers(of function: SourceIndex.FunctionInfo, in info: SourceIndex.TypeInfo, field: String) -> Value? {
        guard let body = function.body else { return nil }
        // The calls are evaluated in fresh frames, so the answer holds wherever the field is read.
        let question = SetterQuestion(body: body.id, field: field)
        if let known = valuesFromCallers[question] { return known }
        valuesFromCallers[question] = .some(nil)  // a call that reads the field again finds no value
        let value = passedValue(of: function, body: body, in: info, field: field)
        valuesFromCallers[question] = .some(value)
        return value
    }

    private func passedValue(of function: SourceIndex.FunctionInfo, body: CodeBlockSyntax, in info: SourceIndex.TypeInfo,
                             field: String) -> Value? {
        let labels = function.parameters.map(\.label)
        var sites: [(call: FunctionCallExprSyntax, type: String?)] = []
        for (file, tree) in index.files where sites.count < Self.callerSitesFollowed {
            guard index.file(file.displayPath, mentionsIdentifier: function.name) else { continue }
            let finder = CallSiteFinder(name: function.name, labels: labels, conditions: index.conditions)
            finder.walk(tree)
            sites += finder.sites.prefix(Self.callerSitesFollowed - sites.count)
        }
        var choices: [Value.Item] = []
        for site in sites {
            var caller = Frame(selfType: site.type.flatMap { index.type(named: $0)?.name } ?? site.type)
            let arguments = site.call.arguments.map { evaluate($0.expression, frame: &caller) }
            var inner = Frame(selfType: info.name)
            for (parameter, argument) in zip(function.parameters, arguments) { inner.locals[parameter.name] = argument }
            execute(body.statements, frame: &inner)
            guard let value = inner.selfFields[field] else { continue }
            if case .unknown = value { continue }
            choices.append(.init(value: value, conditions: []))
        }
        guard let first = choices.first else { return nil }
        return choices.count == 1 ? first.value : .alternatives(choices)
    }
}

/// A setter's body and the field it stores a parameter in (``Evaluator/valueFromCallers(of:in:field:)``).
struct SetterQuestion: Hashable {
    var body: SyntaxIdentifier
    var field: String
}

/// Finds the calls of one function by name and argument labels, with the type each sits in
/// (`nil` at the top level), skipping inactive `#if` clauses.
private final class CallSiteFinder: SyntaxVisitor {
    let name: String
    let labels: [String?]
    let conditions: CompilationConditions
    private(set) var sites: [(call: FunctionCallExprSyntax, type: String?)] = []
    private var types: [String] = []

    init(name: String, labels: [String?], conditions: CompilationConditions) {
        self.name = name
        self.labels = labels
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

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if ShortcutFinder.calledName(node) == name, node.trailingClosure == nil,
           node.arguments.map({ $0.label?.text }) == labels {
            sites.append((node, types.last))
        }
        return .visitChildren
    }
}
