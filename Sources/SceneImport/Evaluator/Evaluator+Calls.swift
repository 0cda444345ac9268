import Foundation
import SwiftSyntax

extension Evaluator {
    /// A call's arguments, trailing closures included, as (label, expression): read from the
    /// syntax once per call site (``callArguments``), however often a loop evaluates the call.
    func arguments(of call: FunctionCallExprSyntax) -> [(label: String?, expression: ExprSyntax)] {
        if let known = callArguments[call.id] { return known }
        var result = call.arguments.map { ($0.label?.text, $0.expression) }
        if let trailing = call.trailingClosure { result.append((nil, ExprSyntax(trailing))) }
        for extra in call.additionalTrailingClosures { result.append((extra.label.text, ExprSyntax(extra.closure))) }
        callArguments[call.id] = result
        return result
    }

    func evaluateCall(_ call: FunctionCallExprSyntax, frame: inout Frame, hint: String?) -> Value {
        let callee = call.calledExpression
        let args = arguments(of: call)
        if readingConstantsOnly { return constantCall(call, args: args, frame: &frame) }
        if let closure = callee.as(ClosureExprSyntax.self) {
            return callClosure(closure, with: [], frame: &frame)
        }
        // `[UIKeyCommand]()`, `Array<UIKeyCommand>()`, `Set<String>()`: an empty collection,
        // which appends in every branch then fill.
        if args.isEmpty, callee.is(ArrayExprSyntax.self)
            || ["Array<", "ContiguousArray<", "Set<"].contains(where: callee.sourceText.hasPrefix) {
            return .array([])
        }
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            // `Self(…)` is a call of the declaring type, by its name, as Swift resolves it.
            let name = reference.baseName.text
            if shortcutLog != nil, name == "modifier", let applied = appliedShortcutModifier(args, frame: &frame) { return applied }
            if shortcutLog != nil, ShortcutFinder.isKeyboardShortcutModifier(call) {
                logShortcuts(args, frame: &frame)
                return .unknown(call.sourceText)
            }
            return callName(name == "Self" ? frame.selfType ?? name : name, args: args, call: call, frame: &frame, hint: hint)
        }
        if let member = callee.as(MemberAccessExprSyntax.self) {
            if let value = unicodeCall(member, args: args, frame: &frame) { return value }
            if shortcutLog != nil, member.declName.baseName.text == "modifier", let applied = appliedShortcutModifier(args, frame: &frame) {
                if let base = member.base { _ = evaluate(base, frame: &frame) }
                return applied
            }
            if shortcutLog != nil, let helpers = shortcutViewMethods[member.declName.baseName.text],
               let helper = match(helpers, args: args) {
                // Another shortcut helper applied to a view: what it attaches, run with these arguments.
                if let base = member.base { _ = evaluate(base, frame: &frame) }
                _ = invoke(helper, ofType: "View", args: args, frame: &frame, selfValue: nil, site: location(call))
                return .unknown(call.sourceText)
            }
            if shortcutLog != nil, ShortcutFinder.isKeyboardShortcutModifier(call) {
                logShortcuts(args, frame: &frame)
                if let base = member.base { _ = evaluate(base, frame: &frame) }
                return .unknown(call.sourceText)
            }
            return callMember(member, args: args, call: call, frame: &frame, hint: hint)
        }
        runClosures(in: args, frame: &frame)
        return .unknown(call.sourceText)
    }

    /// The standard library's `min(…)` or `max(…)` of two or more integers the source fixes
    /// (`min(Tool.allCases.count, 9)`), once the app's own functions of that name are ruled out;
    /// `nil` when an argument is not such an integer.
    private func integerExtreme(_ name: String, args: [(label: String?, expression: ExprSyntax)], frame: inout Frame) -> Value? {
        guard args.count >= 2, args.allSatisfy({ $0.label == nil }) else { return nil }
        var numbers: [Int] = []
        for argument in args {
            guard case .int(let n) = evaluate(argument.expression, frame: &frame) else { return nil }
            numbers.append(n)
        }
        return (name == "min" ? numbers.min() : numbers.max()).map(Value.int)
    }

    /// Inside a shortcut helper a view calls: logs the shortcut of a `.keyboardShortcut(…)`
    /// call, as its arguments give it, under the conditions of the branch it is in.
    private func logShortcuts(_ args: [(label: String?, expression: ExprSyntax)], frame: inout Frame) {
        for item in swiftUIShortcuts(args, frame: &frame) {
            guard case .shortcut(let input, let modifiers) = item.value else { continue }
            shortcutLog?.append(.init(input: input, modifiers: modifiers, conditions: Self.nested(frame.conditions, item.conditions)))
        }
    }

    /// A call in a condition the import decides (``readingConstantsOnly``): what the standard
    /// library computes from values the source fixes — a Unicode scalar, a character set's
    /// membership, `contains` on a known array or string, `hasPrefix` and `hasSuffix` on a known
    /// string — and unknown for anything else. The app's functions, initialisers and closures
    /// are not run: their result is the run time's.
    func constantCall(_ call: FunctionCallExprSyntax, args: [(label: String?, expression: ExprSyntax)], frame: inout Frame) -> Value {
        let unknown = Value.unknown(call.sourceText)
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return unknown }
        if let value = unicodeCall(member, args: args, frame: &frame) { return value }
        guard let baseExpression = member.base, args.count == 1, let argument = args.first, argument.label == nil,
              !argument.expression.is(ClosureExprSyntax.self) else { return unknown }
        let base = evaluate(baseExpression, frame: &frame)
        let other = evaluate(argument.expression, frame: &frame)
        switch (member.declName.baseName.text, base, other) {
        case ("contains", .array(let items), _):
            // Only a list every element of which the source fixes, unconditionally.
            guard let key = other.scalarKey, items.allSatisfy({ $0.value.scalarKey != nil && $0.conditions.isEmpty }) else {
                return unknown
            }
            return .bool(items.contains { $0.value.scalarKey == key })
        case ("contains", .modifiers(let set), _):
            // `modifiers.contains(.command)` on a set the source fixes.
            var hinted = frame
            guard let names = asModifiers(evaluate(argument.expression, frame: &hinted, hint: "UIKeyModifierFlags")) else { return unknown }
            return .bool(names.isSubset(of: set))
        case ("contains", .string(let text), .string(let part)): return .bool(text.contains(part))
        case ("hasPrefix", .string(let text), .string(let part)): return .bool(text.hasPrefix(part))
        case ("hasSuffix", .string(let text), .string(let part)): return .bool(text.hasSuffix(part))
        default: return unknown
        }
    }

    /// The Unicode calls loops over code points make: `Unicode.Scalar(n)` (a one-scalar string,
    /// `nil` for a surrogate; `Unicode.Scalar("a")` is `"a"`, whose `.value` is its code point),
    /// and `CharacterSet.lowercaseLetters.contains(s)` and the other
    /// named sets, decided with Foundation's tables.
    func unicodeCall(_ member: MemberAccessExprSyntax, args: [(label: String?, expression: ExprSyntax)], frame: inout Frame) -> Value? {
        guard args.count == 1, let base = member.base?.sourceText else { return nil }
        let name = member.declName.baseName.text
        if base == "Unicode" && name == "Scalar" {
            return Self.scalar(of: evaluate(args[0].expression, frame: &frame))
        }
        guard name == "contains", base.hasPrefix("CharacterSet."),
              let set = Self.characterSets[String(base.dropFirst("CharacterSet.".count))],
              case .string(let text) = evaluate(args[0].expression, frame: &frame),
              let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1 else { return nil }
        return .bool(set.contains(scalar))
    }

    /// `Unicode.Scalar(x)` of a code point (``scalar(_:)``) or of a one-scalar string (the string
    /// itself); `nil` for any other argument.
    static func scalar(of argument: Value) -> Value? {
        switch argument {
        case .int(let code): return scalar(code)
        case .string(let text) where text.unicodeScalars.count == 1: return .string(text)
        default: return nil
        }
    }

    /// `Unicode.Scalar(code)` as a one-scalar string, or `nil` (`.null`) when `code` is none.
    static func scalar(_ code: Int) -> Value {
        guard let value = UInt32(exactly: code), let scalar = Unicode.Scalar(value) else { return .null }
        return .string(String(scalar))
    }

    /// Foundation's named character sets, by the name `CharacterSet.name` uses.
    static let characterSets: [String: CharacterSet] = [
        "lowercaseLetters": .lowercaseLetters, "uppercaseLetters": .uppercaseLetters, "letters": .letters,
        "decimalDigits": .decimalDigits, "alphanumerics": .alphanumerics, "punctuationCharacters": .punctuationCharacters,
        "symbols": .symbols, "whitespaces": .whitespaces, "whitespacesAndNewlines": .whitespacesAndNewlines,
        "controlCharacters": .controlCharacters, "capitalizedLetters": .capitalizedLetters,
    ]

    /// `modifier(M(…))` while a shortcut helper runs, for a view modifier `M` that attaches
    /// shortcuts: its `body(content:)` runs on the modifier the call builds, so what it attaches
    /// is logged. `nil` for any other modifier.
    func appliedShortcutModifier(_ args: [(label: String?, expression: ExprSyntax)], frame: inout Frame) -> Value? {
        guard let argument = args.first, argument.label == nil,
              let built = argument.expression.as(FunctionCallExprSyntax.self),
              let name = built.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
              let body = shortcutModifiers[name] else { return nil }
        let instance = evaluate(argument.expression, frame: &frame)
        _ = invokeWithValues(body, ofType: name, values: [.unknown("content")], frame: &frame, selfValue: instance)
        return .unknown("modifier")
    }

    /// Closures handed to calls the evaluator does not model (`DispatchQueue.main.async { … }`,
    /// `UIView.performWithoutAnimation { … }`) still run, so what they add is seen. While
    /// shortcuts are logged, only those that can reach one run.
    func runClosures(in args: [(label: String?, expression: ExprSyntax)], frame: inout Frame) {
        for argument in args {
            if let closure = argument.expression.as(ClosureExprSyntax.self) {
                if shortcutLog != nil {
                    let finder = ShortcutFinder(helpers: shortcutHelperNames)
                    finder.walk(closure)
                    if finder.calls.isEmpty { continue }
                }
                // The closure's frame takes the locals and fields over while it runs (the outer
                // frame holding them too would make every append in the closure copy the array).
                let outerNames = Array(frame.locals.keys)
                var inner = frame
                frame.locals = [:]
                frame.selfFields = [:]
                inner.returns = []
                bindClosureParameters(closure, to: [], frame: &inner)
                execute(closure.statements, frame: &inner)
                frame.selfFields = inner.selfFields
                for name in outerNames { if let value = inner.locals[name] { frame.locals[name] = value } }
            } else {
                // Evaluated for what it creates: a command passed to `builder.insertChildren(…)`.
                // While a view's shortcuts are collected, only an argument that attaches one
                // (directly or through a helper) can add any: a model call (`Text(model.summary())`)
                // is not run.
                if shortcutLog != nil {
                    let finder = ShortcutFinder(helpers: shortcutHelperNames)
                    finder.walk(argument.expression)
                    if finder.calls.isEmpty { continue }
                }
                _ = evaluate(argument.expression, frame: &frame)
            }
        }
    }

    private func callName(_ name: String, args: [(label: String?, expression: ExprSyntax)], call: FunctionCallExprSyntax, frame: inout Frame, hint: String?) -> Value {
        if let resource = resourceCall(name, args: args, frame: &frame) { return resource }
        switch name {
        case "addKeyCommand":
            if let first = args.first { recordAdded(evaluate(first.expression, frame: &frame, hint: "UIKeyCommand"), in: frame) }
            return .null
        case "UIKeyModifierFlags", "EventModifiers":
            if let raw = args.first(where: { $0.label == "rawValue" }) {
                if case .int(let n) = evaluate(raw.expression, frame: &frame) { return .modifiers(ModifierName.fromRawValue(n)) }
                return .unknown(call.sourceText)
            }
            if args.first?.label == "arrayLiteral" {
                // `.init(arrayLiteral: .shift, .command)`: the flags each argument names.
                var flags: Set<String> = []
                for argument in args {
                    guard let named = asModifiers(evaluate(argument.expression, frame: &frame, hint: "UIKeyModifierFlags")) else {
                        return .unknown(call.sourceText)
                    }
                    flags.formUnion(named)
                }
                return .modifiers(flags)
            }
            if let first = args.first {
                return asModifiers(evaluate(first.expression, frame: &frame, hint: "[UIKeyModifierFlags]")).map(Value.modifiers) ?? .unknown(call.sourceText)
            }
            return .modifiers([])
        case "Selector", "NSSelectorFromString":
            if let first = args.first, case .string(let text) = evaluate(first.expression, frame: &frame) { return .selector(text) }
            return .unknown(call.sourceText)
        case "NSLocalizedString":
            if let first = args.first, case .string(let key) = evaluate(first.expression, frame: &frame) {
                return .string(strings.lookup(key) ?? key)
            }
            return .unknown(call.sourceText)
        case "String", "LocalizedStringKey", "Text":
            if name == "String", args.first?.label == "format" {
                return formatted(args, frame: &frame) ?? .unknown(call.sourceText)
            }
            if let localized = args.first(where: { $0.label == "localized" || $0.label == nil }) {
                let value = evaluate(localized.expression, frame: &frame)
                if case .string(let key) = value { return .string(strings.lookup(key) ?? key) }
                if name == "String", case .int(let n) = value { return .string(String(n)) }
                if name == "String", case .unknown = value, localized.label == nil { return value }
            }
            return .unknown(call.sourceText)
        case "KeyboardShortcut":
            // An app's own initialiser (`KeyboardShortcut(keyboardInput:)`) delegates to SwiftUI's.
            if args.contains(where: { $0.label != nil && $0.label != "modifiers" && $0.label != "localization" }),
               let info = index.type(named: name) {
                return construct(info, args: args, call: call, frame: &frame)
            }
            return swiftUIShortcut(args, frame: &frame)
        case "Character":
            if let first = args.first { return evaluate(first.expression, frame: &frame, hint: "String") }
            return .unknown(call.sourceText)
        case "UnicodeScalar":
            guard args.count == 1, let scalar = Self.scalar(of: evaluate(args[0].expression, frame: &frame)) else {
                return .unknown(call.sourceText)
            }
            return scalar
        case "KeyEquivalent":
            if let first = args.first, case .string(let text) = evaluate(first.expression, frame: &frame) {
                return .shortcut(input: text, modifiers: nil)
            }
            return .unknown(call.sourceText)
        case "Set", "Array":
            if let first = args.first { return evaluate(first.expression, frame: &frame, hint: hint) }
            return .array([])
        case "Dictionary" where args.count == 1 && args[0].label == "uniqueKeysWithValues":
            return dictionary(fromPairs: evaluate(args[0].expression, frame: &frame)) ?? .unknown(call.sourceText)
        default:
            break
        }
        if isCommandType(name) {
            return makeCommand(type: name, args: args, call: call, frame: &frame)
        }
        if name == "UICommand" || name == "UIMenu" || name == "UIAction" {
            runClosures(in: args, frame: &frame)
            return .unknown(name)
        }
        if let local = frame.locals[name], case .closure(let closure) = local {
            return callClosure(closure, with: args.map { evaluate($0.expression, frame: &frame) }, frame: &frame)
        }
        if let function = frame.localFunctions[name] {
            return callLocalFunction(function, args: args, frame: &frame)
        }
        // A method of `self`'s type, or a global function.
        if let type = frame.selfType, let result = callMethod(name, on: type, args: args, call: call, frame: &frame, selfValue: nil) {
            return result
        }
        if let functions = index.globalFunctions[name], let function = match(functions, args: args) {
            return invoke(function, ofType: nil, args: args, frame: &frame, selfValue: nil, site: location(call))
        }
        if let info = index.type(named: name, writtenIn: frame.selfType) {
            return construct(info, args: args, call: call, frame: &frame)
        }
        if name == "min" || name == "max", let extreme = integerExtreme(name, args: args, frame: &frame) { return extreme }
        if let input = Self.keyInputFunction(name) { return .string(input) }
        runClosures(in: args, frame: &frame)
        return .unknown(call.sourceText)
    }

    private func callMember(_ member: MemberAccessExprSyntax, args: [(label: String?, expression: ExprSyntax)], call: FunctionCallExprSyntax, frame: inout Frame, hint: String?) -> Value {
        let name = member.declName.baseName.text
        guard let baseExpression = member.base else {
            // `.init(…)` or `.factory(…)` with the type from the context.
            let type = hint?.withoutOptionality
            if name == "init", let type { return callName(type, args: args, call: call, frame: &frame, hint: hint) }
            if let type, let result = callStatic(name, on: type, args: args, call: call, frame: &frame) { return result }
            if let found = index.staticFunctionOwners[name],
               let result = callStatic(name, on: found, args: args, call: call, frame: &frame) {
                return result
            }
            if let type, let info = index.type(named: type), info.enumCases[name] != nil {
                return .enumCase(type: info.name, name: name, payload: args.map { evaluate($0.expression, frame: &frame) })
            }
            runClosures(in: args, frame: &frame)
            return .unknown(call.sourceText)
        }
        let baseText = baseExpression.sourceText
        if name == "addKeyCommand" {
            if let first = args.first { recordAdded(evaluate(first.expression, frame: &frame, hint: "UIKeyCommand"), in: frame) }
            return .null
        }
        if name == "init" && (baseText == "self" || baseText == "super"), let commandType = frame.selfCommand.map({ _ in "UIKeyCommand" }) {
            // `self.init(…)` inside an app-defined UIKeyCommand initialiser.
            if case .command(let command) = makeCommand(type: commandType, args: args, call: call, frame: &frame) {
                frame.selfCommand = command
            }
            return .null
        }
        if name == "init" && baseText == "self", let selfType = frame.selfType, Self.systemTypes.contains(selfType) {
            // A value type's initialiser delegating to the system one: the result is `self`.
            frame.locals["self"] = callName(selfType, args: args.filter { $0.label != "localization" }, call: call, frame: &frame, hint: selfType)
            return .null
        }
        if name == "init" {
            return callName(baseText, args: args, call: call, frame: &frame, hint: hint)
        }
        // Mutating collection methods on a local or a stored property; a receiver of an app
        // type with a method of that name (`self.add(…)`, `Type.add(…)`, `handler.add(…)`) runs
        // its own method, below. An optional's (`keys?.append(…)`, `keys!.append(…)`) is the
        // property's own.
        let targetText = baseExpression.as(OptionalChainingExprSyntax.self)?.expression.sourceText
            ?? baseExpression.as(ForceUnwrapExprSyntax.self)?.expression.sourceText ?? baseText
        // `modifiers.insert(.command)` on a modifier set: the set grows.
        if name == "insert" || name == "formUnion", args.count == 1, case .modifiers(let current)? = readTarget(targetText, frame: frame),
           let added = asModifiers(evaluate(args[0].expression, frame: &frame, hint: "UIKeyModifierFlags")) {
            writeTarget(targetText, value: .modifiers(current.union(added)), frame: &frame)
            return .null
        }
        // `modifiers.insert(.shift)` on a set the run time gives (a user's setting) stays the
        // run time's: it is no list of that one modifier.
        if name == "insert" || name == "formUnion", args.count == 1, case .unknown? = readTarget(targetText, frame: frame),
           isModifierLiteral(args[0].expression) {
            return .null
        }
        if ["append", "insert", "add"].contains(name), !receiverHasOwnMethod(name, baseText: targetText, frame: frame),
           let first = args.first {
            let value = evaluate(first.expression, frame: &frame)
            let added = first.label == "contentsOf" ? flatten(value, conditions: frame.conditions)
                : [.init(value: value, conditions: frame.conditions)]
            // `insert(x)` with no position is a set's: an element already there is not added again.
            if name == "insert", args.count == 1, let key = value.scalarKey,
               readTarget(targetText, frame: frame)?.items?.contains(where: { $0.value.scalarKey == key && $0.conditions == frame.conditions }) == true {
                return .null
            }
            append(added, to: targetText, frame: &frame)
            return .null
        }
        if let resource = resourceCall(name, args: args, frame: &frame) { return resource }
        // `self.method(…)` runs on this instance: the fields it sets (in an initialiser, say)
        // are this frame's afterwards, as they are for `method(…)`.
        if baseText == "self", frame.locals["self"] == nil, frame.selfCommand == nil, let selfType = frame.selfType,
           let result = callMethod(name, on: selfType, args: args, call: call, frame: &frame, selfValue: nil) {
            return result
        }
        let base = evaluate(baseExpression, frame: &frame)
        switch base {
        case .array, .string, .unknown:
            let elementType = !base.isKnown ? declaredElementType(of: baseExpression, frame: frame) : nil
            if let result = collectionMethod(name, base: base, args: args, frame: &frame, hint: hint, elementType: elementType) { return result }
            // The app's own method in `extension String` (`letters.each { … }`), run on the string.
            if case .string = base, let result = callMethod(name, on: "String", args: args, call: call, frame: &frame, selfValue: base) {
                return result
            }
        case .alternatives(let branches) where branches.allSatisfy({ $0.value.items != nil }):
            // One of several arrays: the method runs over each one's elements.
            if let result = collectionMethod(name, base: base, args: args, frame: &frame, hint: hint) { return result }
        case .int:
            if let result = callMethod(name, on: "Int", args: args, call: call, frame: &frame, selfValue: base) { return result }
        case .typeReference(let type):
            if type == "super" { return .unknown(call.sourceText) }
            if type == "self", let selfType = frame.selfType,
               let result = callMethod(name, on: selfType, args: args, call: call, frame: &frame, selfValue: nil) {
                return result
            }
            if let result = callStatic(name, on: type, args: args, call: call, frame: &frame) { return result }
            if let info = index.type(named: type), info.enumCases[name] != nil {
                return .enumCase(type: info.name, name: name, payload: args.map { evaluate($0.expression, frame: &frame) })
            }
        case .object(let type, let fields):
            // A table's pairs (`table.sorted(by: …)`, `table.map { … }`).
            if base.tableEntries != nil, let result = collectionMethod(name, base: base, args: args, frame: &frame, hint: hint) { return result }
            if let result = callMethod(name, on: type, args: args, call: call, frame: &frame, selfValue: .object(type: type, fields: fields)) {
                return result
            }
        case .enumCase(let type, _, _):
            if let result = callMethod(name, on: type, args: args, call: call, frame: &frame, selfValue: base) { return result }
        case .modifiers(let set):
            if ["union", "intersection", "subtracting", "symmetricDifference"].contains(name), let first = args.first,
               let other = asModifiers(evaluate(first.expression, frame: &frame, hint: "UIKeyModifierFlags")) {
                switch name {
                case "union": return .modifiers(set.union(other))
                case "intersection": return .modifiers(set.intersection(other))
                case "subtracting": return .modifiers(set.subtracting(other))
                default: return .modifiers(set.symmetricDifference(other))
                }
            }
        case .command(let command):
            if name == "keyboardShortcut" { return .command(command) }
        default:
            break
        }
        if name == "localize" || name == "localized" || name == "localizedString" {
            if case .string(let key) = base { return .string(strings.lookup(key) ?? key) }
        }
        if case .unknown = base,
           let result = callRequirement(name, on: baseExpression, args: args, call: call, frame: &frame) {
            return result
        }
        runClosures(in: args, frame: &frame)
        return .unknown(call.sourceText)
    }

    /// A call of protocol requirement `name` that returns commands, on a receiver declared of
    /// the app's protocol type whose instance is set at run time
    /// (`activeGame?.makeKeyCommands(target: self, …)`): each adopter's implementation runs, and
    /// the results are joined, each under the condition that the receiver is that adopter. An
    /// implementation that several adopters share (a protocol extension's, or a superclass's)
    /// runs once. `nil` when the receiver's declared type is not such a protocol, or the
    /// requirement returns something else: a call made for its effects (a delegate's) is not
    /// run once per adopter.
    private func callRequirement(_ name: String, on receiver: ExprSyntax, args: [(label: String?, expression: ExprSyntax)],
                                 call: FunctionCallExprSyntax, frame: inout Frame) -> Value? {
        guard let declared = declaredProtocol(of: receiver, frame: frame),
              let requirement = declared.functions.first(where: { $0.name == name && !$0.isStatic }),
              returnsCommands(requirement) else { return nil }
        let receiverText = receiver.sourceText.trimmingCharacters(in: CharacterSet(charactersIn: "?!"))
        var items: [Value.Item] = []
        var implementations: Set<SourceLocation> = []
        for adopter in index.adopters(of: declared.name).prefix(Self.maximumAdopters) {
            guard let function = match(findFunctions(named: name, in: adopter).filter { $0.body != nil }, args: args),
                  implementations.insert(function.location).inserted else { continue }
            var inner = frame
            let value = invoke(function, ofType: adopter, args: args, frame: &inner, selfValue: nil, site: location(call))
            frame.selfFields = inner.selfFields
            items += flatten(value, conditions: ["\(receiverText) is \(adopter)"])
        }
        return items.isEmpty ? nil : .array(items)
    }

    /// Whether `function` is declared to return a command or menu element, or an array of them.
    private func returnsCommands(_ function: SourceIndex.FunctionInfo) -> Bool {
        guard var type = function.returnType?.withoutOptionality.withoutSpaces else { return false }
        if type.hasPrefix("["), type.hasSuffix("]") { type = String(type.dropFirst().dropLast()).withoutOptionality }
        return isCommandType(type) || ["UICommand", "UIMenu", "UIMenuElement"].contains(type)
    }

    /// The app protocol a receiver is declared as: a field of `self` (`game`, `self.game`),
    /// optional or not, whose declared type names a protocol of the app.
    private func declaredProtocol(of receiver: ExprSyntax, frame: Frame) -> SourceIndex.TypeInfo? {
        guard let type = declaredTypeOfSelfField(receiver, frame: frame) else { return nil }
        var written = type.withoutOptionality.withoutSpaces
        if written.hasPrefix("any"), index.type(named: written) == nil { written.removeFirst(3) }
        guard let info = index.type(named: written), info.kind == .protocol else { return nil }
        return info
    }

    /// Whether the receiver written `baseText` is of an app type that declares a method `name`:
    /// `self` or `Self` (the running code's type), a type's name, or a local or field holding
    /// an instance.
    private func receiverHasOwnMethod(_ name: String, baseText: String, frame: Frame) -> Bool {
        let type: String?
        if baseText == "self" || baseText == "Self" {
            type = frame.selfType
        } else if !baseText.containsBytes(of: "."), let info = index.type(named: baseText) {
            type = info.name
        } else if case .object(let objectType, _)? = readTarget(baseText, frame: frame) {
            type = objectType
        } else {
            type = nil
        }
        return type.map { !findFunctions(named: name, in: $0).isEmpty } ?? false
    }

    /// The app type the elements of `expression` are declared as, when it reads a property of
    /// `self` (`shortcuts`, `self.shortcuts?`) declared as an array of an app type
    /// (`var shortcuts: [Shortcut]?`); `nil` otherwise.
    func declaredElementType(of expression: ExprSyntax, frame: Frame) -> String? {
        guard let type = declaredTypeOfSelfField(expression, frame: frame), let element = Self.elementType(type.withoutSpaces),
              let info = index.type(named: element), info.kind == .struct || info.kind == .class else { return nil }
        return info.name
    }

    /// The type declared for the field of `self` that `expression` reads (`game`, `self.game`,
    /// optional-chained or force-unwrapped); `nil` when it reads anything else, a local of that
    /// name included, or the field declares no type.
    private func declaredTypeOfSelfField(_ expression: ExprSyntax, frame: Frame) -> String? {
        var expression = expression
        while true {
            if let chained = expression.as(OptionalChainingExprSyntax.self) { expression = chained.expression }
            else if let forced = expression.as(ForceUnwrapExprSyntax.self) { expression = forced.expression }
            else { break }
        }
        guard let name = Self.nameOrSelfMember(expression), let selfType = frame.selfType else { return nil }
        if expression.is(DeclReferenceExprSyntax.self), frame.locals[name] != nil { return nil }
        return findProperty(name, of: selfType, static: false)?.0.type
    }

    /// `map`, `compactMap`, `flatMap`, `filter`, `forEach`, `sorted`, `reversed` over a known
    /// collection. `hint` is the type the context expects of the result (`[Row]`): a transform's
    /// `return .init(…)` makes its element type. `elementType` is the app type a collection of
    /// run-time data is declared to hold (``declaredElementType(of:frame:)``).
    func collectionMethod(_ name: String, base: Value, args: [(label: String?, expression: ExprSyntax)], frame: inout Frame,
                          hint: String? = nil, elementType: String? = nil) -> Value? {
        // `"ctl`cmd`p".components(separatedBy: "`")`: a key table's entry taken apart.
        if case .string(let text) = base, name == "components", args.count == 1, args[0].label == "separatedBy",
           case .string(let separator) = evaluate(args[0].expression, frame: &frame), !separator.isEmpty {
            return .array(text.components(separatedBy: separator).map { .init(value: .string($0), conditions: []) })
        }
        // `letter.rawValue.lowercased()`: the standard library's case mapping.
        if case .string(let text) = base, args.isEmpty, name == "lowercased" || name == "uppercased" {
            return .string(name == "lowercased" ? text.lowercased() : text.uppercased())
        }
        guard let elements = iterate(base), elements.count <= Self.maximumIterations else {
            // Over run-time data: the transform runs once on an unknown element — an instance of
            // the declared element type whose fields are unknown, when that is an app type (its
            // methods then run: `shortcuts?.compactMap { $0.command(action: …) }`).
            guard ["map", "compactMap", "flatMap"].contains(name), let transform = args.last?.expression else { return nil }
            let element = elementType.map { Value.object(type: $0, fields: [:]) } ?? .unknown("element")
            var inner = frame
            inner.returnHint = Self.transformResultType(name, of: hint)
            let value: Value
            if let closure = transform.as(ClosureExprSyntax.self) {
                value = callClosure(closure, with: [element], frame: &inner)
            } else if case .closure(let closure)? = transform.as(DeclReferenceExprSyntax.self).flatMap({ frame.locals[$0.baseName.text] }) {
                value = callClosure(closure, with: [element], frame: &inner)
            } else if let type = frame.selfType, !findFunctions(named: transform.sourceText, in: type).isEmpty {
                // `shortcuts.compactMap(makeCommand)`: the type's own method.
                value = applyFunctionReference(transform, to: element, frame: &inner)
            } else {
                return nil
            }
            let items = flatten(value, conditions: ["for each \(name) element"])
            return items.isEmpty ? nil : .array(items)
        }
        switch name {
        case "map", "compactMap", "flatMap", "forEach", "filter":
            guard let transform = args.last?.expression else { return nil }
            var result: [Value.Item] = []
            for element in elements {
                var inner = frame.lendingFields()
                inner.conditions += element.conditions
                inner.returnHint = Self.transformResultType(name, of: hint)
                let (value, readsState) = readingState {
                    if let closure = transform.as(ClosureExprSyntax.self) {
                        return callClosure(closure, with: [element.value], frame: &inner)
                    }
                    return applyFunctionReference(transform, to: element.value, frame: &inner)
                }
                frame.selfFields = inner.selfFields
                switch name {
                case "filter":
                    // The test decided for this element (`allCases.filter { !$0.isGlobal }`)
                    // keeps or drops it; otherwise it is kept under the run-time test.
                    // A test that read a stored `var` is the run time's, whatever its value here.
                    switch readsState ? .unknown("filter") : value {
                    case .bool(false): break
                    case .bool(true): result.append(element)
                    default: result.append(.init(value: element.value, conditions: element.conditions + ["filter"]))
                    }
                case "flatMap": result += flatten(value, conditions: element.conditions)
                case "compactMap": if !value.isNull { result.append(.init(value: value, conditions: element.conditions)) }
                case "forEach": break
                default: result.append(.init(value: value, conditions: element.conditions))
                }
            }
            return name == "forEach" ? .null : .array(result)
        case "sorted", "reversed", "shuffled":
            return .array(name == "reversed" ? elements.reversed() : elements)
        case "joined" where elements.allSatisfy({ $0.value.items != nil }) && args.isEmpty:
            // `[[UIKeyCommand]].joined()`: the arrays one after another.
            return .array(elements.flatMap { flatten($0.value, conditions: $0.conditions) })
        case "joined":
            let parts = elements.compactMap { $0.value.stringValue }
            return parts.count == elements.count ? .string(parts.joined()) : nil
        case "reduce" where args.count == 2 && args[0].expression.as(ArrayExprSyntax.self)?.elements.isEmpty == true
            && args[1].expression.sourceText == "+":
            // `.reduce([], +)` over arrays: the arrays one after another.
            return .array(elements.flatMap { flatten($0.value, conditions: $0.conditions) })
        case "reduce" where args.count == 2:
            // `.reduce(initial) { result, next in … }`: the closure folds the elements in order.
            // A modifier set folded with `[result, next]` is their union.
            guard let closure = args[1].expression.as(ClosureExprSyntax.self), elements.allSatisfy({ $0.conditions.isEmpty }) else { return nil }
            var result = evaluate(args[0].expression, frame: &frame)
            for element in elements {
                var inner = frame
                let next = callClosure(closure, with: [result, element.value], frame: &inner)
                frame.selfFields = inner.selfFields
                if case .modifiers = result, case .array = next, let union = asModifiers(next) {
                    result = .modifiers(union)
                } else {
                    result = next
                }
            }
            return result
        case "dropLast" where args.count <= 1, "dropFirst" where args.count <= 1,
             "prefix" where args.count == 1 && args[0].label == nil, "suffix" where args.count == 1 && args[0].label == nil:
            // `allCases.prefix(9)`: the first nine, as the standard library takes them.
            var count = 1
            if let argument = args.first {
                guard case .int(let given) = evaluate(argument.expression, frame: &frame), given >= 0 else { return nil }
                count = given
            }
            switch name {
            case "dropLast": return .array(Array(elements.dropLast(count)))
            case "dropFirst": return .array(Array(elements.dropFirst(count)))
            case "prefix": return .array(Array(elements.prefix(count)))
            default: return .array(Array(elements.suffix(count)))
            }
        case "enumerated":
            return .array(elements.enumerated().map { .init(value: .tuple([("offset", .int($0.offset)), ("element", $0.element.value)]), conditions: $0.element.conditions) })
        case "insert", "append":
            return nil
        default:
            return nil
        }
    }

    /// `.map(String.init)` / `.map(makeCommand)`.
    func applyFunctionReference(_ expression: ExprSyntax, to value: Value, frame: inout Frame) -> Value {
        let text = expression.sourceText
        if text == "String.init" || text == "String" {
            if case .int(let n) = value { return .string(String(n)) }
            return value
        }
        if let type = frame.selfType, let function = findFunctions(named: text, in: type).first {
            return invokeWithValues(function, ofType: type, values: [value], frame: &frame)
        }
        // A key path, `map(\.rawValue)`: each property it names, read in turn.
        if let keyPath = expression.as(KeyPathExprSyntax.self) {
            var result = value
            for component in keyPath.components {
                guard case .property(let property) = component.component, property.genericArgumentClause == nil
                else { return .unknown(text) }
                result = member(property.declName.baseName.text, of: result, baseIsSelf: false, frame: &frame) { text }
            }
            return result
        }
        return .unknown(text)
    }

    /// A call of a function declared in the running body. It runs in the caller's context, as
    /// Swift's local functions capture it: what it does to the caller's locals and to `self`
    /// stays done (`commands.append(…)` inside it grows the caller's `commands`). Not memoised:
    /// its context is the caller's whole frame.
    func callLocalFunction(_ function: FunctionDeclSyntax, args: [(label: String?, expression: ExprSyntax)], frame: inout Frame) -> Value {
        guard let body = function.body else { return .unknown(function.name.text) }
        let info: SourceIndex.FunctionInfo
        if let known = localFunctionInfos[function.id] {
            info = known
        } else if let described = index.localFunction(function) {
            info = described
            localFunctionInfos[function.id] = described
        } else {
            return .unknown(function.name.text)
        }
        let key = RunKey.node(body.id)
        guard enter(key) else { return .unknown(function.name.text) }
        defer { leave(key) }
        let values = argumentValues(for: info, args: args, ofType: nil, frame: &frame)
        var inner = frame
        inner.returns = []
        inner.terminated = false
        inner.returnHint = Self.resolvingSelf(info.returnType, in: inner.selfType)
        for (parameter, value) in zip(info.parameters, values) { inner.locals[parameter.name] = value }
        let result = run(body.statements, frame: &inner)
        frame.takeCaptured(from: inner, except: Set(info.parameters.map(\.name)))
        return result
    }

    func callClosure(_ closure: ClosureExprSyntax, with values: [Value], frame: inout Frame) -> Value {
        let key = RunKey.node(closure.id)
        guard enter(key) else { return .unknown("closure") }
        defer { leave(key) }
        if var context = capturedContexts.removeValue(forKey: closure.id) {
            // A closure the caller of the running function wrote: it runs in that caller's
            // context, under the conditions it is called in. The context's fields and locals
            // are the closure's alone while it runs, so an array it appends to
            // (`self.list! += […]`) grows in place instead of being copied at every call.
            var inner = context
            context.handOver()
            inner.returns = []
            inner.terminated = false
            inner.conditions = frame.conditions
            bindClosureParameters(closure, to: values, frame: &inner)
            let value = run(closure.statements, frame: &inner)
            context.takeCaptured(from: inner)
            capturedContexts[closure.id] = context
            return value
        }
        var inner = frame.lendingFields()
        inner.returns = []
        inner.terminated = false
        bindClosureParameters(closure, to: values, frame: &inner)
        var memoKey: MemoKey?
        if !memoGaveUp(on: closure) {
            // A closure reads only the locals it names: the others (a table the enclosing code
            // is building, say) are no part of its context, and hashing them at every call
            // would cost as much as the table.
            let named = namesMentioned(in: closure)
            let locals = inner.locals.filter { named.contains($0.key) }
            memoKey = self.memoKey(closure, selfType: inner.selfType, selfIsHeldValue: inner.selfIsHeldValue, values: values,
                                   changing: inner.changingLocals.isEmpty ? [] : inner.changingLocals.intersection(named),
                                   sharedFields: inner.selfFields, locals: locals, conditions: inner.conditions, returnHint: inner.returnHint)
        }
        let value = memoised(memoKey, running: closure, sharesFields: true, frame: &inner) { inner in run(closure.statements, frame: &inner) }
        frame.selfFields = inner.selfFields
        return value
    }

    /// Whether `expression` is written as modifier flags: `.shift`, or a literal list of them
    /// (`[.command, .option]`).
    func isModifierLiteral(_ expression: ExprSyntax) -> Bool {
        if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil {
            return modifierMember(member.declName.baseName.text) != nil
        }
        guard let array = expression.as(ArrayExprSyntax.self), !array.elements.isEmpty else { return false }
        return array.elements.allSatisfy { isModifierLiteral($0.expression) }
    }

    /// What a transform's closure returns when the result of `name` (`map`, `compactMap`,
    /// `flatMap`) is expected as `resultType`: the element type for `map` and `compactMap`, the
    /// array itself for `flatMap`; `nil` when the context gives no type, so that a `return` in the
    /// transform is not read with the enclosing function's return type.
    static func transformResultType(_ name: String, of resultType: String?) -> String? {
        guard let resultType else { return nil }
        switch name {
        case "map", "compactMap": return elementType(resultType)
        case "flatMap": return resultType
        default: return nil
        }
    }

    /// The name of a closure's anonymous parameter at `offset` (`$0`); the first few are
    /// written once, not at every call.
    static func anonymousParameter(_ offset: Int) -> String {
        offset < anonymousParameters.count ? anonymousParameters[offset] : "$\(offset)"
    }

    private static let anonymousParameters = (0..<8).map { "$\($0)" }

    /// Every identifier a closure's text mentions (`$0` included), once per closure.
    func namesMentioned(in closure: ClosureExprSyntax) -> Set<String> {
        if let known = closureNames[closure.id] { return known }
        let names = Self.names(in: closure)
        closureNames[closure.id] = names
        return names
    }

    func bindClosureParameters(_ closure: ClosureExprSyntax, to values: [Value], frame: inout Frame) {
        for (offset, value) in values.enumerated() { frame.locals[Self.anonymousParameter(offset)] = value }
        var names: [String] = []
        switch closure.signature?.parameterClause {
        case .simpleInput(let list)?: names = list.map(\.name.text)
        case .parameterClause(let clause)?: names = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: break
        }
        // A parameter shadows a local of its name, changing state or not.
        if !frame.changingLocals.isEmpty {
            frame.changingLocals.subtract(names)
            frame.changingLocals.subtract(values.indices.map(Self.anonymousParameter))
        }
        if names.count > 1, values.count == 1, case .tuple(let members) = values[0] {
            for (name, member) in zip(names, members) { frame.locals[name] = member.value }
            return
        }
        for (offset, name) in names.enumerated() {
            frame.locals[name] = offset < values.count ? values[offset] : .unknown(name)
        }
    }

    /// A function the app declares outside Swift (an Objective-C helper such as
    /// `_XYZKeyInputEscape()`) whose name ends in a UIKit key-input constant's name returns
    /// that constant.
    static func keyInputFunction(_ name: String) -> String? {
        guard name.containsBytes(of: "KeyInput"), let range = name.range(of: "KeyInput", options: .backwards) else { return nil }
        let constant = "UIKeyInput" + name[range.upperBound...]
        return KeyInputConstant.globals.contains(constant) ? constant : nil
    }

    // MARK: - The app's own functions

    func findFunctions(named name: String, in type: String) -> [SourceIndex.FunctionInfo] {
        let key = type + "\u{0}" + name
        if let known = functionsFound[key] { return known }
        let found = lookUpFunctions(named: name, in: type)
        functionsFound[key] = found
        return found
    }

    private func lookUpFunctions(named name: String, in type: String) -> [SourceIndex.FunctionInfo] {
        var result: [SourceIndex.FunctionInfo] = []
        var types: [SourceIndex.TypeInfo] = []
        if let info = index.type(named: type) {
            types.append(info)
            types += info.inherited.compactMap { index.type(named: $0) }.filter { $0.kind == .protocol }
        }
        types += index.ancestors(of: type)
        for info in types { result += info.functions.filter { $0.name == name } }
        return result
    }

    /// The function whose labels fit the arguments (parameters with defaults may be left out).
    func match(_ functions: [SourceIndex.FunctionInfo], args: [(label: String?, expression: ExprSyntax)]) -> SourceIndex.FunctionInfo? {
        // Overloads that differ in a tuple parameter: a tuple argument picks the tuple one.
        let fitting = functions.filter { function in
            for (parameter, argument) in zip(function.parameters, args) where parameter.label == argument.label {
                let isTupleArgument = (argument.expression.as(TupleExprSyntax.self)?.elements.count ?? 0) > 1
                let isTupleParameter = parameter.type?.hasPrefix("(") == true && parameter.type?.containsBytes(of: "->") == false
                if isTupleArgument != isTupleParameter { return false }
            }
            return true
        }
        return fitting.first { function in
            var remaining = args[...]
            for parameter in function.parameters {
                if let next = remaining.first, next.label == parameter.label {
                    remaining = remaining.dropFirst()
                } else if parameter.defaultValue == nil {
                    // A trailing closure has no label.
                    if let next = remaining.first, next.label == nil, next.expression.is(ClosureExprSyntax.self) {
                        remaining = remaining.dropFirst()
                        continue
                    }
                    return false
                }
            }
            return remaining.isEmpty
        }
    }

    func callMethod(_ name: String, on type: String, args: [(label: String?, expression: ExprSyntax)], call: FunctionCallExprSyntax, frame: inout Frame, selfValue: Value?) -> Value? {
        let candidates = findFunctions(named: name, in: type)
        guard let function = match(candidates, args: args) else { return nil }
        return invoke(function, ofType: type, args: args, frame: &frame, selfValue: selfValue, site: location(call))
    }

    func callStatic(_ name: String, on type: String, args: [(label: String?, expression: ExprSyntax)], call: FunctionCallExprSyntax, frame: inout Frame) -> Value? {
        let candidates = findFunctions(named: name, in: type).filter(\.isStatic)
        guard let function = match(candidates, args: args) else { return nil }
        return invoke(function, ofType: type, args: args, frame: &frame, selfValue: .typeReference(type), site: location(call))
    }

    /// Runs an app function with its arguments bound to its parameters.
    func invoke(_ function: SourceIndex.FunctionInfo, ofType type: String?, args: [(label: String?, expression: ExprSyntax)], frame: inout Frame, selfValue: Value?,
                site: SourceLocation? = nil) -> Value {
        var changing: Set<String> = []
        let values = argumentValues(for: function, args: args, ofType: type, frame: &frame, changing: &changing)
        let inOut = inOutArguments(of: function, args: args)
        var finalValues: [String: Value] = [:]
        let result = invokeWithValues(function, ofType: type, values: values, frame: &frame, selfValue: selfValue, site: site,
                                      inOutParameters: Set(inOut.map(\.parameter)), changingParameters: changing, finalValues: &finalValues)
        for (parameter, variable) in inOut {
            guard let value = finalValues[parameter] else { continue }
            if frame.locals[variable] != nil {
                frame.locals[variable] = value
            } else if frame.selfFields[variable] != nil {
                frame.selfFields[variable] = value
            }
        }
        return result
    }

    /// The parameters of `function` declared `inout` whose argument is `&variable` (a local or
    /// a field of `self`), with that variable's name: what the callee leaves in the parameter
    /// is written back to the variable, as Swift does.
    func inOutArguments(of function: SourceIndex.FunctionInfo,
                        args: [(label: String?, expression: ExprSyntax)]) -> [(parameter: String, variable: String)] {
        guard function.parameters.contains(where: { $0.type.map(Self.isInOutType) ?? false }) else { return [] }
        var pairs: [(parameter: String, variable: String)] = []
        var remaining = args[...]
        for parameter in function.parameters {
            guard let next = remaining.first, next.label == parameter.label else { continue }
            remaining = remaining.dropFirst()
            guard parameter.type.map(Self.isInOutType) ?? false, let inOut = next.expression.as(InOutExprSyntax.self) else { continue }
            if let name = inOut.expression.as(DeclReferenceExprSyntax.self)?.baseName.text {
                pairs.append((parameter.name, name))
            } else if let member = inOut.expression.as(MemberAccessExprSyntax.self),
                      member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                pairs.append((parameter.name, member.declName.baseName.text))
            }
        }
        return pairs
    }

    static func isInOutType(_ type: String) -> Bool { type.hasPrefix("inout ") }

    static func withoutInOut(_ type: String) -> String {
        isInOutType(type) ? String(type.dropFirst("inout ".count)) : type
    }

    /// The value of each parameter for a call: its argument (evaluated with the parameter's
    /// type as the hint), its default, or unknown. A trailing closure fills an unlabelled
    /// parameter without a default.
    func argumentValues(for function: SourceIndex.FunctionInfo, args: [(label: String?, expression: ExprSyntax)],
                        ofType type: String?, frame: inout Frame) -> [Value] {
        var changing: Set<String> = []
        return argumentValues(for: function, args: args, ofType: type, frame: &frame, changing: &changing)
    }

    /// ``argumentValues(for:args:ofType:frame:)`` that also collects in `changing` the
    /// parameters whose argument read state that changes at run time (``Frame/changingLocals``).
    func argumentValues(for function: SourceIndex.FunctionInfo, args: [(label: String?, expression: ExprSyntax)],
                        ofType type: String?, frame: inout Frame, changing: inout Set<String>) -> [Value] {
        var values: [Value] = []
        var remaining = args[...]
        for parameter in function.parameters {
            if let next = remaining.first, next.label == parameter.label
                || (next.label == nil && next.expression.is(ClosureExprSyntax.self) && parameter.defaultValue == nil) {
                let (value, readsState) = readingState { evaluate(next.expression, frame: &frame, hint: parameter.type) }
                values.append(value)
                if readsState { changing.insert(parameter.name) }
                remaining = remaining.dropFirst()
            } else if let defaultValue = parameter.defaultValue {
                var scratch = Frame(selfType: type)
                values.append(evaluate(defaultValue, frame: &scratch, hint: parameter.type))
            } else {
                values.append(.unknown(parameter.name))
            }
        }
        return values
    }

    /// A call of a factory (a function whose result is a key command) makes its command at the
    /// call site (`site`), as an app-defined initialiser does: that is where the app asks for it.
    func invokeWithValues(_ function: SourceIndex.FunctionInfo, ofType type: String?, values: [Value], frame: inout Frame, selfValue: Value? = nil,
                          site: SourceLocation? = nil) -> Value {
        var unused: [String: Value] = [:]
        return invokeWithValues(function, ofType: type, values: values, frame: &frame, selfValue: selfValue, site: site,
                                inOutParameters: [], changingParameters: [], finalValues: &unused)
    }

    /// ``invokeWithValues(_:ofType:values:frame:selfValue:site:)`` that also gives the final
    /// values of `inOutParameters` in `finalValues`. A call with `inout` parameters is not
    /// memoised: its effect is more than its result. `changingParameters` are those whose
    /// argument read changing state (``Frame/changingLocals``).
    func invokeWithValues(_ function: SourceIndex.FunctionInfo, ofType type: String?, values: [Value], frame: inout Frame, selfValue: Value?,
                          site: SourceLocation?, inOutParameters: Set<String>, changingParameters: Set<String>,
                          finalValues: inout [String: Value]) -> Value {
        guard let body = function.body else { return .unknown(function.name) }
        if mode == .menu, function.name == "buildMenu", let type, let caller = frame.selfType, type != caller,
           !index.inherits(caller, from: type) {
            menuBuildersCalled.insert(type)
        }
        if mode == .menu, function.buildsMenus, function.name != "buildMenu" { menuFunctionsCalled.insert(function.location) }
        let key = RunKey.node(body.id)
        guard enter(key) else { return .unknown(function.name) }
        defer { leave(key) }
        var inner = Frame(selfType: type ?? frame.selfType, conditions: frame.conditions)
        inner.returnHint = Self.resolvingSelf(function.returnType, in: inner.selfType)
        if let result = function.returnType, isCommandType(result.withoutOptionality.withoutSpaces) {
            // A factory calling a factory: the outermost call is where the app asks.
            inner.creationSite = frame.creationSite ?? site
        }
        let sameSelf = selfValue == nil && (type == nil || type == frame.selfType)
        if sameSelf {
            // Taken over for the call and handed back after it, so appends in the callee grow
            // the arrays in place.
            inner.selfFields = frame.selfFields
            frame.selfFields = [:]
        }
        if sameSelf { inner.selfIsHeldValue = frame.selfIsHeldValue }
        if case .object(let type, let fields)? = selfValue {
            inner.selfFields = fields
            inner.selfIsHeldValue = isPlainValueType(type)
        }
        // A method of an enum case, or of a string or number (`extension String { func each(…) }`):
        // `self` (and what the method reads of it, `switch self`) is that value.
        switch selfValue {
        case .enumCase?, .string?, .int?: inner.locals["self"] = selfValue
        default: break
        }
        for (parameter, value) in zip(function.parameters, values) { inner.locals[parameter.name] = value }
        inner.changingLocals = changingParameters
        // A closure the caller writes in the call (`hotkeys.each { letter in self.list += … }`)
        // runs, when the callee calls it, in the caller's context: what it does to the caller's
        // `self` and locals stays done. With another `self`, that context is kept aside while
        // the callee runs (``capturedContexts``) and handed back after.
        let captured = sameSelf ? [] : values.compactMap { value -> ClosureExprSyntax? in
            guard case .closure(let closure) = value, capturedContexts[closure.id] == nil else { return nil }
            return closure
        }
        for closure in captured { capturedContexts[closure.id] = frame }
        // Held by the kept context alone while the callee runs (handed back below).
        if !captured.isEmpty { frame.handOver() }
        let result: Value
        if inOutParameters.isEmpty && captured.isEmpty {
            let memoKey = memoKey(body, selfType: inner.selfType, selfIsHeldValue: inner.selfIsHeldValue, values: values + [selfValue ?? .null],
                                  changing: changingParameters, sharedFields: inner.selfFields, conditions: inner.conditions,
                                  site: inner.creationSite)
            result = memoised(memoKey, running: body, sharesFields: true, frame: &inner) { inner in run(body.statements, frame: &inner) }
        } else {
            // Not memoised: the effect is more than the result.
            result = run(body.statements, frame: &inner)
            for parameter in inOutParameters { finalValues[parameter] = inner.locals[parameter] }
        }
        for closure in captured {
            guard let context = capturedContexts.removeValue(forKey: closure.id) else { continue }
            frame.takeCaptured(from: context)
        }
        if sameSelf { frame.selfFields = inner.selfFields }
        return result
    }

    /// `Type(…)` for an app type: its initialiser runs on a fresh instance (or the memberwise
    /// initialiser fills the stored properties in order).
    func construct(_ info: SourceIndex.TypeInfo, args: [(label: String?, expression: ExprSyntax)], call: FunctionCallExprSyntax, frame: inout Frame) -> Value {
        if info.kind == .enum, let first = args.first, first.label == "rawValue" {
            let raw = evaluate(first.expression, frame: &frame)
            for name in info.enumCaseOrder {
                if let rawExpression = info.enumCases[name]?.rawValue {
                    var inner = frame
                    if case .string(let a) = evaluate(rawExpression, frame: &inner), case .string(let b) = raw, a == b {
                        return .enumCase(type: info.name, name: name, payload: [])
                    }
                } else if case .string(let b) = raw, b == name {
                    return .enumCase(type: info.name, name: name, payload: [])
                }
            }
            return .unknown(call.sourceText)
        }
        let initializers = info.functions.filter { $0.kind == .initializer }
        if let initializer = match(initializers, args: args) {
            let values = argumentValues(for: initializer, args: args, ofType: info.name, frame: &frame)
            guard let body = initializer.body else { return .object(type: info.name, fields: [:]) }
            let key = RunKey.node(body.id)
            guard enter(key) else { return .unknown(call.sourceText) }
            defer { leave(key) }
            var inner = Frame(selfType: info.name, conditions: frame.conditions)
            for (parameter, value) in zip(initializer.parameters, values) { inner.locals[parameter.name] = value }
            execute(body.statements, frame: &inner)
            if let delegated = inner.locals["self"] { return delegated }
            return .object(type: info.name, fields: inner.selfFields)
        }
        // Memberwise: stored properties in order, by label.
        var fields: [String: Value] = [:]
        var positional = args.filter { $0.label == nil }[...]
        for name in info.storedOrder {
            let property = info.properties[name]
            if let argument = args.first(where: { $0.label == name }) {
                fields[name] = evaluate(argument.expression, frame: &frame, hint: property?.type)
            } else if let argument = positional.first {
                fields[name] = evaluate(argument.expression, frame: &frame, hint: property?.type)
                positional = positional.dropFirst()
            } else if let initial = property?.initializer {
                var inner = Frame(selfType: info.name)
                let value = evaluate(initial, frame: &inner, hint: property?.type)
                // A class's empty `var` collection (`private var commands = [UIKeyCommand]()`)
                // is what its methods fill: left unset, a read through the instance gives what
                // the type assigns it, as a read on `self` does.
                if info.kind == .class, property?.isVariable == true, value.items?.isEmpty == true { continue }
                fields[name] = value
            }
        }
        return .object(type: info.name, fields: fields)
    }

    // MARK: - Commands

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

    /// `String(format: "%@-%d", name, n)`: the text, when the format and every argument are
    /// fixed and each conversion is one the importer writes as Foundation does (`%@` of a
    /// string, `%d`, `%i`, `%ld`, `%u` of a number, `%C` of a UTF-16 code unit, `%%`); `nil`
    /// otherwise (`%c` keeps only a number's low byte, `%x`, widths and precisions are not read).
    func formatted(_ args: [(label: String?, expression: ExprSyntax)], frame: inout Frame) -> Value? {
        guard case .string(let format)? = args.first.map({ evaluate($0.expression, frame: &frame) }) else { return nil }
        var values = args.dropFirst().map { evaluate($0.expression, frame: &frame) }[...]
        var result = ""
        var characters = format.makeIterator()
        while let character = characters.next() {
            guard character == "%" else {
                result.append(character)
                continue
            }
            var conversion = ""
            while let next = characters.next() {
                conversion.append(next)
                if next.isLetter && next != "l" || next == "@" || next == "%" { break }
            }
            if conversion == "%" {
                result.append("%")
                continue
            }
            guard let value = values.popFirst() else { return nil }
            switch (conversion, value) {
            case ("@", .string(let text)): result += text
            case ("d", .int(let n)), ("i", .int(let n)), ("ld", .int(let n)), ("li", .int(let n)):
                result += String(n)
            case ("u", .int(let n)) where n >= 0:
                result += String(n)
            case ("C", .int(let n)):
                guard let scalar = UInt16(exactly: n).flatMap({ Unicode.Scalar($0) }) else { return nil }
                result.unicodeScalars.append(scalar)
            default:
                return nil
            }
        }
        return .string(result)
    }

    /// `UIKeyCommand(…)` or a subclass's / an extension's initialiser.
    func makeCommand(type: String, args: [(label: String?, expression: ExprSyntax)], call: FunctionCallExprSyntax, frame: inout Frame) -> Value {
        let site = frame.creationSite ?? location(call)
        let labels = args.map(\.label)
        let builtin = labels.allSatisfy { $0.map(Self.isBuiltinCommandLabel) ?? false } && labels.contains("input")
        if !builtin || frame.selfCommand == nil {
            // An app-defined initialiser: on the type, its superclasses or `extension UIKeyCommand`.
            if let initializer = match(appInitializers(ofCommandType: type), args: args), !(builtin && initializer.parameters.map(\.label) == labels && isSystemShape(initializer)) {
                if let body = initializer.body {
                    let key = RunKey.node(body.id)
                    if enter(key) {
                        defer { leave(key) }
                        let values = argumentValues(for: initializer, args: args, ofType: type, frame: &frame)
                        var inner = Frame(selfType: type, conditions: frame.conditions)
                        inner.creationSite = site
                        inner.selfCommand = CommandValue(hasKey: true, input: .some(nil), modifiers: nil, action: nil, location: site)
                        for (parameter, value) in zip(initializer.parameters, values) { inner.locals[parameter.name] = value }
                        let createdBefore = created.count
                        execute(body.statements, frame: &inner)
                        if var command = inner.selfCommand {
                            command.location = site
                            // The initialiser's own `self.init` logged the command; keep one entry.
                            if created.count > createdBefore { created.removeSubrange(createdBefore...) }
                            record(created: command, under: frame.conditions)
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
            let hint: String?
            switch argument.label {
            case "input", "title", "discoverabilityTitle": hint = "String"
            case "modifierFlags": hint = "UIKeyModifierFlags"
            case "action": hint = "Selector"
            case "propertyList", "attributes", "alternates": hint = nil
            default: continue
            }
            var value = argument.label == "attributes" || argument.label == "alternates"
                ? .null : evaluate(argument.expression, frame: &frame, hint: hint)
            if argument.label == "modifierFlags" { value = modifierChoice(value) }
            values.append((argument.label, argument.expression, value))
        }
        // Most creations choose nothing: one command from the values as they are.
        guard values.contains(where: { if case .alternatives = $0.value { true } else { false } }) else {
            return .command(createCommand(from: values, chosen: nil, under: [], site: site, frame: &frame))
        }
        for (offset, entry) in values.enumerated() {
            switch entry.label {
            case "input", "modifierFlags", "action": continue
            default: break
            }
            // A title that differs by branch: the first branch's.
            if case .alternatives(let branches) = entry.value { values[offset].value = branches.first?.value ?? .null }
        }
        var variants: [(values: [Value], conditions: [String])] = [(values.map(\.value), [])]
        for (offset, entry) in values.enumerated() {
            guard case .alternatives(let branches) = entry.value else { continue }
            var next: [(values: [Value], conditions: [String])] = []
            for variant in variants {
                for branch in branches {
                    var chosen = variant.values
                    chosen[offset] = branch.value
                    next.append((chosen, Self.nested(variant.conditions, branch.conditions)))
                }
            }
            guard next.count <= Self.maximumVariants else { break }
            variants = next
        }
        var made: [Value.Item] = []
        for variant in variants {
            let command = createCommand(from: values, chosen: variant.values, under: variant.conditions, site: site, frame: &frame)
            made.append(.init(value: .command(command), conditions: variant.conditions))
        }
        if made.count == 1 { return made[0].value }
        return .array(made)
    }

    /// Creates the command a creation's arguments give, each argument's value taken from
    /// `chosen` (one per argument, when a choice among branches made them) or else its own, and
    /// logs it under the frame's conditions and `branch`'s. In an initialiser's `self.init` it
    /// becomes the command under construction.
    private func createCommand(from values: [(label: String?, expression: ExprSyntax, value: Value)], chosen: [Value]?,
                               under branch: [String], site: SourceLocation, frame: inout Frame) -> CommandValue {
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
        record(created: command, under: branch.isEmpty ? frame.conditions : frame.conditions + branch)
        return command
    }

    /// Whether instances of `type` are plain values: a struct the app declares that is no SwiftUI
    /// view, modifier, scene or dynamic property (whose stored `var`s are state SwiftUI changes
    /// at run time).
    func isPlainValueType(_ type: String) -> Bool {
        guard let info = index.type(named: type), info.kind == .struct else { return false }
        return !info.inherited.contains { AppModel.swiftUIProtocols.contains($0) || $0 == "DynamicProperty" }
    }

    /// The app-defined initialisers a creation of command type `type` may call, looked up once
    /// per type (``commandInitializers``).
    private func appInitializers(ofCommandType type: String) -> [SourceIndex.FunctionInfo] {
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
    private func isSystemShape(_ function: SourceIndex.FunctionInfo) -> Bool {
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
                case "modifierFlags": alternate.modifiers = asModifiers(evaluate(argument.expression, frame: &frame, hint: "UIKeyModifierFlags")).map { $0.sorted() }
                default: break
                }
            }
            return alternate
        }
    }

    func selector(from value: Value) -> String? {
        switch value {
        case .selector(let name): return name
        case .string(let name): return name
        default: return nil
        }
    }

    /// The Objective-C name of `#selector(…)`'s argument, looking the method up for its labels
    /// when the reference leaves them out. A reference in `file` does not see the `private`
    /// methods of other files.
    func selectorName(_ reference: String, frame: Frame, in file: String? = nil) -> String {
        let cacheKey = SelectorReference(selfType: frame.selfType, reference: reference, file: file)
        if let known = selectorNames[cacheKey] { return known }
        let name = lookUpSelectorName(reference, frame: frame, file: file)
        selectorNames[cacheKey] = name
        return name
    }

    /// The Objective-C name of the `#selector(…)` whose argument is `argument`, looked up once
    /// per argument and `self`'s type: the argument fixes the reference's text and its file.
    func selectorName(of argument: ExprSyntax, frame: Frame) -> String {
        let site = SelectorSite(argument: argument.id, selfType: frame.selfType)
        if let known = selectorNamesBySite[site] { return known }
        let name = selectorName(argument.sourceText, frame: frame, in: file(of: argument))
        selectorNamesBySite[site] = name
        return name
    }

    private func lookUpSelectorName(_ reference: String, frame: Frame, file: String?) -> String {
        var text = reference
        for prefix in ["getter:", "setter:"] where text.hasPrefix(prefix) {
            text = String(text.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
        }
        // `#selector(save as (C) -> () -> Void)` picks an overload by its function type: the
        // reference is what precedes `as`, and the method takes as many arguments as the type's
        // last parameter list holds.
        var arity: Int?
        if let coercion = SelectorName.coercion(in: text) {
            text = coercion.reference
            arity = coercion.arity
        }
        let parsed = SelectorName.parse(text)
        if parsed.labels == nil, let arity {
            var candidates: [SourceIndex.FunctionInfo] = []
            if let type = parsed.type ?? frame.selfType { candidates = findFunctions(named: parsed.base, in: type) }
            if candidates.isEmpty { candidates = index.functionsByName[parsed.base] ?? [] }
            candidates = candidates.filter { $0.parameters.count == arity && (!$0.isFilePrivate || file == nil || $0.location.file == file) }
            if let function = candidates.first(where: { $0.isObjC }) ?? candidates.first { return function.selector }
            if arity == 0 { return parsed.base }
        }
        if let labels = parsed.labels {
            if let function = methodForSelector(parsed.base, type: parsed.type, frame: frame, labels: labels, file: file),
               let explicit = function.explicitSelector {
                return explicit
            }
            return SelectorName.objectiveC(base: parsed.base, labels: labels)
        }
        if let function = methodForSelector(parsed.base, type: parsed.type, frame: frame, labels: nil, file: file) {
            return function.selector
        }
        return parsed.base
    }

    private func methodForSelector(_ base: String, type: String?, frame: Frame, labels: [String?]?,
                                   file: String?) -> SourceIndex.FunctionInfo? {
        // What the referencing file can see: another file's private methods are left out.
        func visible(_ functions: [SourceIndex.FunctionInfo]) -> [SourceIndex.FunctionInfo] {
            guard let file else { return functions }
            return functions.filter { !$0.isFilePrivate || $0.location.file == file }
        }
        var candidates: [SourceIndex.FunctionInfo] = []
        if let type { candidates = visible(findFunctions(named: base, in: type)) }
        if candidates.isEmpty, let selfType = frame.selfType { candidates = visible(findFunctions(named: base, in: selfType)) }
        if candidates.isEmpty {
            candidates = visible(index.functionsByName[base] ?? [])
        }
        if let labels { return candidates.first { $0.parameters.map(\.label) == labels } }
        return candidates.first { $0.isObjC } ?? candidates.first
    }

    // MARK: - SwiftUI

    /// `KeyboardShortcut("n", modifiers: [.command, .shift])` and `.keyboardShortcut(…)`'s
    /// arguments: input and modifiers (⌘ when none are given).
    /// The shortcuts `.keyboardShortcut(…)`'s arguments give: one, or one per branch, each under
    /// its branch's conditions, when the only argument is a choice the source does not decide
    /// (`.keyboardShortcut(shortcut(for: action))` switching over an action it cannot know).
    /// Each argument is evaluated once.
    func swiftUIShortcuts(_ args: [(label: String?, expression: ExprSyntax)], frame: inout Frame) -> [Value.Item] {
        // The modifiers' values, each under the conditions that choose it (the branches of
        // `isOn ? [.command] : [.command, .shift]`).
        var modifierChoices: [(modifiers: Set<String>?, conditions: [String])] = [(["command"], [])]
        var explicitModifiers = false
        // The key or shortcut argument's values, each under the conditions that choose it (the
        // branches of `isOn ? .escape : "v"`).
        var keys: [Value.Item] = []
        // A `nil` shortcut attaches none: `isWarning ? nil : .defaultAction` is one key, under
        // its branch's condition.
        func isKey(_ value: Value) -> Bool {
            switch value {
            case .shortcut, .string: return true
            case .alternatives(let items):
                return items.contains { isKey($0.value) } && items.allSatisfy { isKey($0.value) || $0.value.isNull }
            default: return false
            }
        }
        for argument in args {
            if argument.label == "modifiers" {
                let value = modifierChoice(evaluate(argument.expression, frame: &frame, hint: "EventModifiers"))
                if case .alternatives(let items) = value, !items.isEmpty {
                    modifierChoices = items.map { (asModifiers($0.value), $0.conditions) }
                } else {
                    modifierChoices = [(asModifiers(value), [])]
                }
                explicitModifiers = true
                continue
            }
            guard argument.label == nil else { continue }
            var value = evaluate(argument.expression, frame: &frame, hint: "KeyboardShortcut")
            if !isKey(value) { value = evaluate(argument.expression, frame: &frame, hint: "KeyEquivalent") }
            if case .alternatives(let items) = value, isKey(value) {
                keys = items.filter { !$0.value.isNull }
            } else {
                keys = [.init(value: value, conditions: [])]
            }
        }
        if keys.isEmpty { keys = [.init(value: .unknown("key"), conditions: [])] }
        return keys.flatMap { key in
            modifierChoices.map { choice in
                let modifiers = choice.modifiers
                let shortcut: Value
                switch key.value {
                case .string(let text): shortcut = .shortcut(input: text, modifiers: modifiers)
                case .shortcut(let input, let own):
                    shortcut = .shortcut(input: input, modifiers: explicitModifiers ? modifiers : own ?? modifiers)
                default:
                    // An unknown value alone (`.keyboardShortcut(shortcut)`) may be a whole
                    // `KeyboardShortcut`, whose modifiers are as unknown as its key.
                    shortcut = .shortcut(input: nil, modifiers: explicitModifiers ? modifiers : nil)
                }
                return Value.Item(value: shortcut, conditions: Self.nested(key.conditions, choice.conditions))
            }
        }
    }

    /// The one shortcut `KeyboardShortcut(…)`'s arguments give (``swiftUIShortcuts(_:frame:)``);
    /// a choice among several has no fixed input.
    func swiftUIShortcut(_ args: [(label: String?, expression: ExprSyntax)], frame: inout Frame) -> Value {
        let shortcuts = swiftUIShortcuts(args, frame: &frame)
        if shortcuts.count == 1 {
            // Neither the key nor the modifiers given fixed: a shortcut as unknown as a value the
            // source does not hold (a `.shortcut` without modifiers would take ⌘, the default).
            if case .shortcut(nil, nil) = shortcuts[0].value, args.contains(where: { $0.label == "modifiers" }) {
                return .unknown("KeyboardShortcut")
            }
            return shortcuts[0].value
        }
        // Several: neither the input nor, unless every choice has the same, the modifiers are fixed.
        var modifiers: Set<String>?? = .none
        for item in shortcuts {
            guard case .shortcut(_, let own) = item.value else { return .shortcut(input: nil, modifiers: nil) }
            if let seen = modifiers, seen != own { return .shortcut(input: nil, modifiers: nil) }
            modifiers = .some(own)
        }
        return .shortcut(input: nil, modifiers: modifiers ?? nil)
    }
}
