import Foundation
import SwiftSyntax

extension Evaluator {
    func findFunctions(named name: String, in type: String) -> [SourceIndex.FunctionInfo] {
        let key = type + "\u{0}" + name
        if let known = functionsFound[key] { return known }
        let found = lookUpFunctions(named: name, in: type)
        functionsFound[key] = found
        return found
    }

    func lookUpFunctions(named name: String, in type: String) -> [SourceIndex.FunctionInfo] {
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
                if parameter.isVariadic {
                    remaining = Self.droppingVariadicArguments(of: parameter, from: remaining)
                } else if let next = remaining.first, next.label == parameter.label {
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

    /// What is left of `arguments` once a variadic parameter takes its own: none, or the one
    /// with its label and every unlabelled one after it that is not a trailing closure.
    static func droppingVariadicArguments(of parameter: SourceIndex.ParameterInfo,
                                          from arguments: ArraySlice<(label: String?, expression: ExprSyntax)>)
        -> ArraySlice<(label: String?, expression: ExprSyntax)> {
        guard let first = arguments.first, first.label == parameter.label else { return arguments }
        var remaining = arguments.dropFirst()
        while let next = remaining.first, next.label == nil, !next.expression.is(ClosureExprSyntax.self) { remaining = remaining.dropFirst() }
        return remaining
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
            if parameter.isVariadic {
                // The elements are read no further: the parameter's array is unknown.
                remaining = Self.droppingVariadicArguments(of: parameter, from: remaining)
                values.append(.unknown(parameter.name))
            } else if let next = remaining.first, next.label == parameter.label
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
        if mode == .menu, function.name == MenuModel.buildMenuName, let type, let caller = frame.selfType, type != caller,
           !index.inherits(caller, from: type) {
            menuBuildersCalled.insert(type)
        }
        if mode == .menu, function.buildsMenus, function.name != MenuModel.buildMenuName { menuFunctionsCalled.insert(function.location) }
        let key = RunKey.node(body.id)
        guard enter(key) else { return .unknown(function.name) }
        defer { leave(key) }
        var inner = Frame(selfType: type ?? frame.selfType, condition: frame.condition)
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
        // A method of an enum case, or of a string, number or array (`extension String { func each(…) }`):
        // `self` (and what the method reads of it, `switch self`) is that value.
        switch selfValue {
        case .enumCase?, .string?, .int?, .array?: inner.locals["self"] = selfValue
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
        // With the same `self`, the callee shares the fields; the closure still reads the
        // caller's locals, kept aside while the callee runs and handed back after.
        let lexical = !sameSelf || frame.locals.isEmpty ? [] : values.compactMap { value -> ClosureExprSyntax? in
            guard case .closure(let closure) = value, capturedContexts[closure.id] == nil, capturedLocals[closure.id] == nil else { return nil }
            return closure
        }
        for closure in lexical { capturedLocals[closure.id] = frame.locals }
        let result: Value
        if inOutParameters.isEmpty && captured.isEmpty && lexical.isEmpty {
            let memoKey = memoKey(body, selfType: inner.selfType, selfIsHeldValue: inner.selfIsHeldValue, values: values + [selfValue ?? .null],
                                  changing: changingParameters, sharedFields: inner.selfFields, condition: inner.condition,
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
        for closure in lexical {
            guard let locals = capturedLocals.removeValue(forKey: closure.id) else { continue }
            for (name, value) in locals where frame.locals[name] != nil { frame.locals[name] = value }
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
            // Menu code handing its builder to another type's initialiser (`AppMenu(builder:
            // builder)`, which calls its own `buildMenu(with:)`) runs that type's menu code
            // itself, as a call of that `buildMenu(with:)` does.
            if mode == .menu, info.name != frame.selfType, initializer.parameters.contains(where: \.isMenuBuilder) {
                menuBuildersCalled.insert(info.name)
            }
            let values = argumentValues(for: initializer, args: args, ofType: info.name, frame: &frame)
            guard let body = initializer.body else { return .object(type: info.name, fields: [:]) }
            let key = RunKey.node(body.id)
            guard enter(key) else { return .unknown(call.sourceText) }
            defer { leave(key) }
            var inner = Frame(selfType: info.name, condition: frame.condition)
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

    /// Whether instances of `type` are plain values: a struct the app declares that is no SwiftUI
    /// view, modifier, scene or dynamic property (whose stored `var`s are state SwiftUI changes
    /// at run time).
    func isPlainValueType(_ type: String) -> Bool {
        guard let info = index.type(named: type), info.kind == .struct else { return false }
        return !info.inherited.contains { AppModel.swiftUIProtocols.contains($0) || $0 == SwiftUIShortcutModel.dynamicProperty }
    }
}
