import KeyTraceCore
import SceneImportVocabulary
import SwiftSyntax

/// UIKit's `UIKeyCommand`: its initialisers (UIKit's, and those an app declares in an extension
/// or a subclass), its properties and its key-input constants.
enum KeyCommandModel: FrameworkModel {
    static let typeName = "UIKeyCommand"
    static let functions: Set<String> = [typeName]
    static let types: Set<String> = [typeName]
    static let methods: Set<String> = [SwiftUIShortcutModel.modifierName]
    static let describesValues = true

    static let claimsOtherNames = true

    /// An app's subclass of `UIKeyCommand` is made by `UIKeyCommand`'s initialisers.
    static func claims(_ name: String, in evaluator: Evaluator) -> Bool {
        evaluator.isCommandType(name)
    }

    static func call(_ site: CallSite, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? {
        evaluator.makeCommand(type: site.name, args: site.arguments, call: site.syntax, frame: &frame)
    }

    static var openTypes: Set<String> { types }
    static var extendedTypes: [String] { [typeName] }

    /// `UIKeyCommand.inputEscape` and the other key-input constants.
    static func staticMember(_ name: String, of type: String) -> Value? {
        KeyInputConstant.uiKeyCommandMembers[name].map(Value.string)
    }

    /// A command's `input`, `modifierFlags` and `title`.
    static func property(_ name: String, of base: Value, in evaluator: Evaluator) -> Value? {
        guard case .command(let command) = base else { return nil }
        switch name {
        case "input": return command.input.flatMap { $0 }.map(Value.string) ?? .unknown("input")
        case "modifierFlags": return command.modifiers.map(Value.modifiers) ?? .unknown("modifierFlags")
        case "title": return command.title.map(Value.string) ?? .unknown("title")
        default: return nil
        }
    }

    /// `.keyboardShortcut(…)` applied to a command (a menu element built from it) leaves it as it is.
    static func method(_ site: MethodSite, on base: Value, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? {
        if case .command = base { return base }
        return nil
    }
}

extension Evaluator {
    func isCommandType(_ name: String) -> Bool {
        name == "UIKeyCommand" || index.inherits(name, from: "UIKeyCommand")
    }

    /// Whether `label` is one of the labels of UIKit's own `UIKeyCommand` initialisers
    /// (compared in place: a creation asks for each of its labels).
    static func isBuiltinCommandLabel(_ label: String) -> Bool {
        switch label {
        case "title", "image", "action", "input", "modifierFlags", "propertyList", "alternates",
             "discoverabilityTitle", "attributes", "state":
            return true
        default:
            return false
        }
    }

    /// `UIKeyCommand(…)` or a subclass's / an extension's initialiser.
    func makeCommand(type: String, args: [(label: String?, expression: ExprSyntax)], call: FunctionCallExprSyntax, frame: inout Frame) -> Value {
        let site = frame.creationSite ?? callLocation(call)
        let builtin = args.allSatisfy { $0.label.map(Self.isBuiltinCommandLabel) ?? false } && args.contains { $0.label == "input" }
        if !builtin || frame.selfCommand == nil {
            // An app-defined initialiser: on the type, its superclasses or `extension UIKeyCommand`.
            if let initializer = match(appInitializers(ofCommandType: type), args: args),
               !(builtin && initializer.parameters.map(\.label) == args.map(\.label) && isSystemShape(initializer)) {
                if let body = initializer.body {
                    let key = RunKey.node(body.id)
                    if enter(key) {
                        defer { leave(key) }
                        let values = argumentValues(for: initializer, args: args, ofType: type, frame: &frame)
                        var inner = Frame(selfType: type, condition: frame.condition)
                        inner.creationSite = site
                        inner.selfCommand = CommandValue(hasKey: true, input: .some(nil), modifiers: nil, action: nil, location: site)
                        for (parameter, value) in zip(initializer.parameters, values) { inner.locals[parameter.name] = value }
                        let createdBefore = created.count
                        execute(body.statements, frame: &inner)
                        if var command = inner.selfCommand {
                            command.location = site
                            // The initialiser's own `self.init` logged the command; keep one entry.
                            if created.count > createdBefore { created.removeSubrange(createdBefore...) }
                            record(created: command, under: frame.condition)
                            return .command(command)
                        }
                    }
                }
            }
        }
        // Each argument once; a choice (`input: isRTL ? "[" : "]"`) makes one command per branch,
        // each under its branch's conditions.
        var values: [(label: String?, expression: ExprSyntax, value: Value)] = []
        values.reserveCapacity(args.count)
        for argument in args {
            // Each label compared once: what the argument's value is read as.
            var value: Value
            switch argument.label {
            case "input", "title", "discoverabilityTitle": value = evaluate(argument.expression, frame: &frame, hint: "String")
            case "modifierFlags": value = modifierChoice(evaluate(argument.expression, frame: &frame, hint: "UIKeyModifierFlags"))
            case "action": value = evaluate(argument.expression, frame: &frame, hint: "Selector")
            case "propertyList": value = evaluate(argument.expression, frame: &frame, hint: nil)
            case "attributes", "alternates": value = .null
            default: continue
            }
            values.append((argument.label, argument.expression, value))
        }
        // Most creations choose nothing: one command from the values as they are.
        guard values.contains(where: { if case .alternatives = $0.value { true } else { false } }) else {
            return .command(createCommand(from: values, chosen: nil, under: .always, site: site, frame: &frame))
        }
        // A title that differs by branch is chosen per command: the first branch its condition
        // allows (`title: isPlaying ? "Pause" : "Play"` beside `action: isPlaying ? … : …`).
        var titleChoices: [Int: [Value.Item]] = [:]
        for (offset, entry) in values.enumerated() {
            switch entry.label {
            case "input", "modifierFlags", "action": continue
            default: break
            }
            if case .alternatives(let branches) = entry.value {
                titleChoices[offset] = branches
                values[offset].value = branches.first?.value ?? .null
            }
        }
        var variants: [(values: [Value], condition: Condition)] = [(values.map(\.value), .always)]
        for (offset, entry) in values.enumerated() {
            guard case .alternatives(let branches) = entry.value else { continue }
            var next: [(values: [Value], condition: Condition)] = []
            for variant in variants {
                for branch in branches {
                    var chosen = variant.values
                    chosen[offset] = branch.value
                    next.append((chosen, variant.condition.nesting(branch.condition)))
                }
            }
            guard next.count <= Self.maximumVariants else { break }
            variants = next
        }
        var made: [Value.Item] = []
        for var variant in variants {
            for (offset, branches) in titleChoices {
                let allowed = branches.first { !$0.condition.contradicts(variant.condition) } ?? branches.first
                variant.values[offset] = allowed?.value ?? .null
            }
            let command = createCommand(from: values, chosen: variant.values, under: variant.condition, site: site, frame: &frame)
            made.append(.init(value: .command(command), condition: variant.condition))
        }
        if made.count == 1 { return made[0].value }
        return .array(made)
    }

    /// Creates the command a creation's arguments give, each argument's value taken from
    /// `chosen` (one per argument, when a choice among branches made them) or else its own, and
    /// logs it under the frame's conditions and `branch`'s. In an initialiser's `self.init` it
    /// becomes the command under construction.
    func createCommand(from values: [(label: String?, expression: ExprSyntax, value: Value)], chosen: [Value]?,
                               under branch: Condition, site: SourceLocation, frame: inout Frame) -> CommandValue {
        var command = CommandValue(hasKey: true, input: nil, modifiers: [], action: nil, location: site)
        for offset in values.indices {
            let value = chosen?[offset] ?? values[offset].value
            switch values[offset].label {
            case "input":
                command.input = .some(value.stringValue)
            case "modifierFlags":
                command.modifiers = asModifiers(value)
            case "action":
                command.action = selector(from: value)
            case "title":
                if case .string(let title) = value { command.title = title } else { command.titleExpression = values[offset].expression.sourceText }
            case "discoverabilityTitle":
                if case .string(let title) = value { command.discoverabilityTitle = title }
            case "attributes":
                let expression = values[offset].expression
                command.attributes = attributeNames(.unknown(expression.sourceText))
                if let array = expression.as(ArrayExprSyntax.self) {
                    command.attributes = array.elements.flatMap { attributeNames(.unknown($0.expression.sourceText)) }.sorted()
                }
            case "propertyList":
                if case .string(let text) = value { command.propertyList = text }
            case "alternates":
                command.alternates = alternates(values[offset].expression, frame: &frame)
            default:
                break
            }
        }
        if command.input == nil { command.input = .some(nil) }
        if frame.selfCommand != nil, frame.creationSite != nil { frame.selfCommand = command }
        record(created: command, under: frame.condition.nesting(branch))
        return command
    }

    /// The app-defined initialisers a creation of command type `type` may call, looked up once
    /// per type (``commandInitializers``).
    func appInitializers(ofCommandType type: String) -> [SourceIndex.FunctionInfo] {
        if let known = commandInitializers[type] { return known }
        var initializers: [SourceIndex.FunctionInfo] = []
        for name in [type] + index.ancestors(of: type).map(\.name) + ["UIKeyCommand"] {
            initializers += index.type(named: name)?.functions.filter { $0.kind == .initializer } ?? []
        }
        commandInitializers[type] = initializers
        return initializers
    }

    /// The most commands one creation site makes from choices among its arguments.
    static let maximumVariants = 64

    /// Whether an extension initialiser has exactly UIKit's labels (then UIKit's is meant).
    func isSystemShape(_ function: SourceIndex.FunctionInfo) -> Bool {
        function.parameters.allSatisfy { $0.label.map(Self.isBuiltinCommandLabel) ?? false }
    }

    func alternates(_ expression: ExprSyntax, frame: inout Frame) -> [ImportedCommand.Alternate] {
        guard let array = expression.as(ArrayExprSyntax.self) else { return [] }
        return array.elements.compactMap { element in
            guard let call = element.expression.as(FunctionCallExprSyntax.self) else { return nil }
            var alternate = ImportedCommand.Alternate()
            for argument in call.arguments {
                switch argument.label?.text {
                case "title": alternate.title = evaluate(argument.expression, frame: &frame, hint: "String").stringValue
                case "action": alternate.action = selector(from: evaluate(argument.expression, frame: &frame, hint: "Selector"))
                case "modifierFlags": alternate.modifiers = asModifiers(evaluate(argument.expression, frame: &frame, hint: "UIKeyModifierFlags"))
                default: break
                }
            }
            return alternate
        }
    }
}
