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
            guard let names = asModifiers(evaluate(argument.expression, frame: &hinted, hint: ModifierFlagsModel.uiKitType)) else { return unknown }
            return .bool(names.isSubset(of: set))
        case ("contains", .string(let text), .string(let part)): return .bool(text.contains(part))
        case ("hasPrefix", .string(let text), .string(let part)): return .bool(text.hasPrefix(part))
        case ("hasSuffix", .string(let text), .string(let part)): return .bool(text.hasSuffix(part))
        default: return unknown
        }
    }

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

    /// A call of a bare name: the app's own closure, function, method or type of that name,
    /// else the framework model that declares it (``FrameworkModels``), else unknown (its
    /// closures still run).
    private func callName(_ name: String, args: [(label: String?, expression: ExprSyntax)], call: FunctionCallExprSyntax, frame: inout Frame, hint: String?) -> Value {
        let site = CallSite(name: name, arguments: args, syntax: call, hint: hint)
        if let model = FrameworkModels.model(forFunction: name, in: self), !appDeclares(site, besides: model, frame: frame),
           let value = model.call(site, in: self, frame: &frame) {
            return value
        }
        if let value = callAppFunction(site, frame: &frame) { return value }
        runClosures(in: args, frame: &frame)
        return .unknown(call.sourceText)
    }

    /// Whether the app declares what a call of `site.name` with these arguments reaches: a local
    /// closure or function, a method of `self`'s type or a global function whose labels fit, or a
    /// type of its own (an extension of a framework type is none; a subclass `model` claims
    /// is made by the model). The app's declaration then shadows the framework's, as in Swift.
    private func appDeclares(_ site: CallSite, besides model: any FrameworkModel.Type, frame: Frame) -> Bool {
        let name = site.name
        if case .closure? = frame.locals[name] { return true }
        if frame.localFunctions[name] != nil { return true }
        // Most framework names are no name of the app's functions or types: one set lookup.
        guard index.declaresFunctionOrType(named: name) else { return false }
        if let type = frame.selfType, match(findFunctions(named: name, in: type), args: site.arguments) != nil { return true }
        if let functions = index.globalFunctions[name], match(functions, args: site.arguments) != nil { return true }
        guard let info = index.type(named: name, writtenIn: frame.selfType), info.kind != .extensionOnly else { return false }
        return !model.claims(name, in: self)
    }

    /// A call of the app's own local closure, local function, method of `self`'s type, global
    /// function or type named `site.name`; `nil` when the app declares none that fits.
    private func callAppFunction(_ site: CallSite, frame: inout Frame) -> Value? {
        let name = site.name
        if let local = frame.locals[name], case .closure(let closure) = local {
            return callClosure(closure, with: site.arguments.map { evaluate($0.expression, frame: &frame) }, frame: &frame)
        }
        if let function = frame.localFunctions[name] {
            return callLocalFunction(function, args: site.arguments, frame: &frame)
        }
        if let type = frame.selfType, let result = callMethod(name, on: type, args: site.arguments, call: site.syntax, frame: &frame, selfValue: nil) {
            return result
        }
        if let functions = index.globalFunctions[name], let function = match(functions, args: site.arguments) {
            return invoke(function, ofType: nil, args: site.arguments, frame: &frame, selfValue: nil, site: location(site.syntax))
        }
        if let info = index.type(named: name, writtenIn: frame.selfType) {
            return construct(info, args: site.arguments, call: site.syntax, frame: &frame)
        }
        return nil
    }

    private func callMember(_ member: MemberAccessExprSyntax, args: [(label: String?, expression: ExprSyntax)], call: FunctionCallExprSyntax, frame: inout Frame, hint: String?) -> Value {
        let name = member.declName.baseName.text
        guard let baseExpression = member.base else {
            return callImplicitMember(name, args: args, call: call, frame: &frame, hint: hint)
        }
        let baseText = baseExpression.sourceText
        // An optional's method (`keys?.append(…)`, `keys!.append(…)`) is the property's own.
        let targetText = baseExpression.as(OptionalChainingExprSyntax.self)?.expression.sourceText
            ?? baseExpression.as(ForceUnwrapExprSyntax.self)?.expression.sourceText ?? baseText
        let site = MethodSite(call: CallSite(name: name, arguments: args, syntax: call, hint: hint), receiver: baseExpression, target: targetText)
        if name == "init" { return callInitializer(site, frame: &frame) }
        if let value = FrameworkModels.methodOnReceiver(site, in: self, frame: &frame) { return value }
        // `self.method(…)` runs on this instance: the fields it sets (in an initialiser, say)
        // are this frame's afterwards, as they are for `method(…)`.
        if baseText == "self", frame.locals["self"] == nil, frame.selfCommand == nil, let selfType = frame.selfType,
           let result = callMethod(name, on: selfType, args: args, call: call, frame: &frame, selfValue: nil) {
            return result
        }
        let base = evaluate(baseExpression, frame: &frame)
        if case .typeReference("super") = base { return .unknown(call.sourceText) }
        if let result = callAppMethod(site, on: base, frame: &frame) { return result }
        if let result = FrameworkModels.method(site, on: base, in: self, frame: &frame) { return result }
        if case .unknown = base,
           let result = callRequirement(name, on: baseExpression, args: args, call: call, frame: &frame) {
            return result
        }
        runClosures(in: args, frame: &frame)
        return .unknown(call.sourceText)
    }

    /// `.init(…)` or `.factory(…)` with the type from the context.
    private func callImplicitMember(_ name: String, args: [(label: String?, expression: ExprSyntax)], call: FunctionCallExprSyntax,
                                    frame: inout Frame, hint: String?) -> Value {
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

    /// `Type.init(…)`, `self.init(…)` and `super.init(…)`.
    private func callInitializer(_ site: MethodSite, frame: inout Frame) -> Value {
        let baseText = site.receiver.sourceText
        let args = site.arguments
        if baseText == "self" || baseText == "super", frame.selfCommand != nil {
            // `self.init(…)` inside an app-defined UIKeyCommand initialiser.
            if case .command(let command) = makeCommand(type: KeyCommandModel.typeName, args: args, call: site.call.syntax, frame: &frame) {
                frame.selfCommand = command
            }
            return .null
        }
        if baseText == "self", let selfType = frame.selfType, FrameworkModels.types.contains(selfType) {
            // A value type's initialiser delegating to the system one: the result is `self`.
            frame.locals["self"] = callName(selfType, args: args.filter { $0.label != "localization" }, call: site.call.syntax, frame: &frame, hint: selfType)
            return .null
        }
        return callName(baseText, args: args, call: site.call.syntax, frame: &frame, hint: site.call.hint)
    }

    /// The app's own method `site.name` on an evaluated receiver: of the receiver's type (its
    /// instance, its enum case, a number or a string the app extends), a static method of a
    /// type it names, or that type's enum case; `nil` when the app declares none.
    private func callAppMethod(_ site: MethodSite, on base: Value, frame: inout Frame) -> Value? {
        let name = site.name
        let args = site.arguments
        let call = site.call.syntax
        switch base {
        case .string:
            // The app's own method in `extension String` (`letters.each { … }`), run on the string.
            guard index.declaresFunctionOrType(named: name) else { return nil }
            return callMethod(name, on: LocalizedStringModel.stringType, args: args, call: call, frame: &frame, selfValue: base)
        case .int:
            guard index.declaresFunctionOrType(named: name) else { return nil }
            return callMethod(name, on: "Int", args: args, call: call, frame: &frame, selfValue: base)
        case .typeReference(let type):
            if type == "self", let selfType = frame.selfType,
               let result = callMethod(name, on: selfType, args: args, call: call, frame: &frame, selfValue: nil) {
                return result
            }
            if let result = callStatic(name, on: type, args: args, call: call, frame: &frame) { return result }
            if let info = index.type(named: type), info.enumCases[name] != nil {
                return .enumCase(type: info.name, name: name, payload: args.map { evaluate($0.expression, frame: &frame) })
            }
            return nil
        case .object(let type, let fields):
            return callMethod(name, on: type, args: args, call: call, frame: &frame, selfValue: .object(type: type, fields: fields))
        case .enumCase(let type, _, _):
            return callMethod(name, on: type, args: args, call: call, frame: &frame, selfValue: base)
        default:
            return nil
        }
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
    func receiverHasOwnMethod(_ name: String, baseText: String, frame: Frame) -> Bool {
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
            return ModifierFlagsModel.member(member.declName.baseName.text) != nil
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

    /// Whether instances of `type` are plain values: a struct the app declares that is no SwiftUI
    /// view, modifier, scene or dynamic property (whose stored `var`s are state SwiftUI changes
    /// at run time).
    func isPlainValueType(_ type: String) -> Bool {
        guard let info = index.type(named: type), info.kind == .struct else { return false }
        return !info.inherited.contains { AppModel.swiftUIProtocols.contains($0) || $0 == "DynamicProperty" }
    }
}
