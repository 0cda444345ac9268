import SwiftSyntax

extension Evaluator {
    /// Whether a field declared of `type` (or, without a type, initialised with that text:
    /// `[UIKeyCommand]()`) holds commands or menu elements (`[UIKeyCommand]`, `[UIMenuElement]?`):
    /// only such a field's setters are followed to their callers.
    static func holdsCommands(_ type: String?) -> Bool {
        guard let type else { return false }
        return ([KeyCommandModel.typeName] + MenuModel.elementTypes).contains { type.containsBytes(of: $0) }
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
        return valuesFromCallers.answer(SetterQuestion(body: body.id, field: field)) {
            passedValue(of: function, body: body, in: info, field: field)
        }
    }

    private func passedValue(of function: SourceIndex.FunctionInfo, body: CodeBlockSyntax, in info: SourceIndex.TypeInfo,
                             field: String) -> Value? {
        let labels = function.parameters.map(\.label)
        var sites: [(call: FunctionCallExprSyntax, type: String?)] = []
        for tree in index.trees(mentioning: function.name) {
            guard sites.count < Self.callerSitesFollowed else { break }
            let finder = CallSiteFinder(name: function.name, labels: labels, conditions: index.conditions)
            finder.walk(tree)
            sites += finder.sites.prefix(Self.callerSitesFollowed - sites.count)
        }
        var choices: [Value.Item] = []
        for site in sites {
            var caller = frame(in: site.type)
            let arguments = site.call.arguments.map { evaluate($0.expression, frame: &caller) }
            var inner = Frame(selfType: info.name)
            for (parameter, argument) in zip(function.parameters, arguments) { inner.locals[parameter.name] = argument }
            execute(body.statements, frame: &inner)
            guard let value = inner.selfFields[field] else { continue }
            if case .unknown = value { continue }
            choices.append(.init(value: value, condition: .always))
        }
        return Value.choice(among: choices)
    }

    /// A fresh frame for code that sits in `type` as a visitor names it (`Outer.Inner`, or an
    /// extension's type as written).
    func frame(in type: String?) -> Frame {
        Frame(selfType: type.flatMap { index.type(named: $0)?.name } ?? type)
    }

    /// The values the app's constructions of `info` (`Reader(shortcuts: list)`) pass for one
    /// parameter, by its `label` or, unlabelled, its `position`: each argument evaluated in the
    /// type the construction sits in, the choices among them. A stored `let` an initialiser
    /// sets from that parameter (or a struct's memberwise initialiser) holds one of them.
    /// `nil` when no construction passes a known value.
    func valueFromConstructions(of info: SourceIndex.TypeInfo, label: String?, position: Int) -> Value? {
        valuesFromConstructions.answer(ConstructionQuestion(type: info.name, label: label, position: position)) {
            passedValue(constructing: info, label: label, position: position)
        }
    }

    private func passedValue(constructing info: SourceIndex.TypeInfo, label: String?, position: Int) -> Value? {
        let name = SourceIndex.innermostName(of: info.name)
        var choices: [Value.Item] = []
        var seen: Set<String> = []
        for tree in index.trees(mentioning: name) {
            guard seen.count < Self.callerSitesFollowed else { break }
            let finder = CallSiteFinder(name: name, labels: nil, conditions: index.conditions)
            finder.walk(tree)
            for site in finder.sites where seen.count < Self.callerSitesFollowed {
                let arguments = Array(site.call.arguments)
                let argument: ExprSyntax?
                if let label {
                    argument = arguments.first { $0.label?.text == label }?.expression
                } else {
                    argument = position < arguments.count && arguments[position].label == nil ? arguments[position].expression : nil
                }
                // The same argument text in the same type is the same value (two screens of
                // one view each building the wrapper with its `shortcuts`).
                guard let argument, seen.insert("\(site.type ?? "")|\(argument.sourceText)").inserted else { continue }
                var caller = frame(in: site.type)
                let value = evaluate(argument, frame: &caller)
                if case .unknown = value { continue }
                choices.append(.init(value: value, condition: .always))
            }
        }
        return Value.choice(among: choices)
    }
}

/// One parameter of a type's initialisers (``Evaluator/valueFromConstructions(of:label:position:)``).
struct ConstructionQuestion: Hashable {
    var type: String
    var label: String?
    var position: Int
}

/// A setter's body and the field it stores a parameter in (``Evaluator/valueFromCallers(of:in:field:)``).
struct SetterQuestion: Hashable {
    var body: SyntaxIdentifier
    var field: String
}

/// Finds the calls of one function by name and argument labels (any labels, and a trailing
/// closure, when `labels` is `nil`: a type's constructions), with the type each sits in.
private final class CallSiteFinder: TypeScopedVisitor {
    let name: String
    let labels: [String?]?
    private(set) var sites: [(call: FunctionCallExprSyntax, type: String?)] = []

    init(name: String, labels: [String?]?, conditions: CompilationConditions) {
        self.name = name
        self.labels = labels
        super.init(conditions: conditions)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard ShortcutFinder.calledName(node) == name else { return .visitChildren }
        if let labels {
            if node.trailingClosure == nil, node.arguments.map({ $0.label?.text }) == labels { sites.append((node, currentType)) }
        } else {
            sites.append((node, currentType))
        }
        return .visitChildren
    }
}
