import Foundation
import SceneImportVocabulary
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
            if shortcutLog != nil, name == SwiftUIShortcutModel.viewModifierCall, let applied = appliedShortcutModifier(args, frame: &frame) { return applied }
            if shortcutLog != nil, ShortcutFinder.isKeyboardShortcutModifier(call) {
                logShortcuts(args, frame: &frame)
                return .unknown(call.sourceText)
            }
            return callName(name == "Self" ? frame.selfType ?? name : name, args: args, call: call, frame: &frame, hint: hint)
        }
        if let member = callee.as(MemberAccessExprSyntax.self) {
            if let value = unicodeCall(member, args: args, frame: &frame) { return value }
            if shortcutLog != nil, member.declName.baseName.text == SwiftUIShortcutModel.viewModifierCall, let applied = appliedShortcutModifier(args, frame: &frame) {
                if let base = member.base { _ = evaluate(base, frame: &frame) }
                return applied
            }
            if shortcutLog != nil, let helpers = shortcutViewMethods[member.declName.baseName.text],
               let helper = match(helpers, args: args) {
                // Another shortcut helper applied to a view: what it attaches, run with these arguments.
                if let base = member.base { _ = evaluate(base, frame: &frame) }
                _ = invoke(helper, ofType: SwiftUIShortcutModel.viewType, args: args, frame: &frame, selfValue: nil, site: location(call))
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
            shortcutLog?.append(.init(input: input, modifiers: modifiers, condition: frame.condition.nesting(item.condition)))
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
    /// closure or function, a method of `self`'s type or a global function whose labels fit, a
    /// type of its own (a subclass `model` claims is made by the model), or an initialiser its
    /// extension of the framework type declares, where the model lets such run. The app's
    /// declaration then shadows the framework's, as in Swift.
    private func appDeclares(_ site: CallSite, besides model: any FrameworkModel.Type, frame: Frame) -> Bool {
        let name = site.name
        // Most frames declare no local closure or function: their emptiness spares hashing the name.
        if !frame.locals.isEmpty, case .closure? = frame.locals[name] { return true }
        if !frame.localFunctions.isEmpty, frame.localFunctions[name] != nil { return true }
        // Most framework names are no name of the app's functions or types: one set lookup.
        guard index.declaresFunctionOrType(named: name) else { return false }
        if let type = frame.selfType, match(findFunctions(named: name, in: type), args: site.arguments) != nil { return true }
        if let functions = index.globalFunctions[name], match(functions, args: site.arguments) != nil { return true }
        guard let info = index.type(named: name, writtenIn: frame.selfType) else { return false }
        if info.kind == .extensionOnly {
            // An extension's initialiser whose labels fit (`UIMenu(inlineChildren:)`).
            return model.appInitializersRunAsAppCode && match(info.functions.filter { $0.kind == .initializer }, args: site.arguments) != nil
        }
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
        // A generated accessor with arguments (`L10n.Menu.about(name)`) formats them into its text.
        if GeneratedStringsModel.mayBeAccessor(targetText), let text = generatedStrings.text(ofAccessor: targetText + "." + name) {
            return format(text, with: args.map { evaluate($0.expression, frame: &frame) }) ?? .unknown(call.sourceText)
        }
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
        // `Self` in a type's own declaration (`static var tools: Self { .init(…) }`) is that type.
        let type = hint?.withoutOptionality == "Self" ? frame.selfType : hint?.withoutOptionality
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
            return callMethod(name, on: CollectionModel.integerType, args: args, call: call, frame: &frame, selfValue: base)
        case .array:
            // The app's own method in `extension Array` (`[save, open].asMenu()`), run on the array.
            guard index.declaresFunctionOrType(named: name) else { return nil }
            return callMethod(name, on: CollectionModel.arrayType, args: args, call: call, frame: &frame, selfValue: base)
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
            items += flatten(value, condition: Condition(Condition.Test("\(receiverText) is \(adopter)")))
        }
        return items.isEmpty ? nil : .array(items)
    }

    /// Whether `function` is declared to return a command or menu element, or an array of them.
    private func returnsCommands(_ function: SourceIndex.FunctionInfo) -> Bool {
        guard var type = function.returnType?.withoutOptionality.withoutSpaces else { return false }
        if type.hasPrefix("["), type.hasSuffix("]") { type = String(type.dropFirst().dropLast()).withoutOptionality }
        return isCommandType(type) || MenuModel.elementTypes.contains(type)
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
        if text == LocalizedStringModel.stringType + ".init" || text == LocalizedStringModel.stringType {
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
            inner.condition = frame.condition
            bindClosureParameters(closure, to: values, frame: &inner)
            let value = run(closure.statements, frame: &inner)
            context.takeCaptured(from: inner)
            capturedContexts[closure.id] = context
            return value
        }
        var inner = frame.lendingFields()
        inner.returns = []
        inner.terminated = false
        let lexical = capturedLocals[closure.id]
        if let lexical { inner.locals = lexical }
        bindClosureParameters(closure, to: values, frame: &inner)
        var memoKey: MemoKey?
        if !memoGaveUp(on: closure), !givesUpMemo(onClosureChangingSelf: closure) {
            // A closure reads only the locals it names: the others (a table the enclosing code
            // is building, say) are no part of its context, and hashing them at every call
            // would cost as much as the table.
            let named = namesMentioned(in: closure)
            let locals = inner.locals.filter { named.contains($0.key) }
            memoKey = self.memoKey(closure, selfType: inner.selfType, selfIsHeldValue: inner.selfIsHeldValue, values: values,
                                   changing: inner.changingLocals.isEmpty ? [] : inner.changingLocals.intersection(named),
                                   sharedFields: inner.selfFields, locals: locals, condition: inner.condition, returnHint: inner.returnHint)
        }
        let value = memoised(memoKey, running: closure, sharesFields: true, frame: &inner) { inner in run(closure.statements, frame: &inner) }
        frame.selfFields = inner.selfFields
        if var lexical {
            for (name, value) in inner.locals where lexical[name] != nil { lexical[name] = value }
            capturedLocals[closure.id] = lexical
        }
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
        let names = closureParameterNames(closure)
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

    /// The names a closure's signature gives its parameters (`{ a, b in … }`), none for `$0`.
    func closureParameterNames(_ closure: ClosureExprSyntax) -> [String] {
        switch closure.signature?.parameterClause {
        case .simpleInput(let list)?: return list.map(\.name.text)
        case .parameterClause(let clause)?: return clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: return []
        }
    }
}
