import Foundation
import SceneImportResources
import SceneImportVocabulary
import SwiftSyntax

extension CommandExtractor {
    /// The SwiftUI types that are built only where compiled code names them: a view, toolbar,
    /// command set or view modifier (an `App` is the entry point).
    static let builtWhereNamed: Set<String> = ["View", "Commands", "Scene", "ToolbarContent", "CustomizableToolbarContent", "ViewModifier"]
    /// Methods of SwiftUI types that SwiftUI itself calls, read by no code of the app.
    static let calledBySwiftUI: Set<String> = ["body", "makeBody", "makeUIView", "updateUIView", "makeUIViewController",
                                              "updateUIViewController", "makeCoordinator", "dismantleUIView",
                                              "sizeThatFits", "placeSubviews", "reduce"]
    /// What an app's entry point adopts: a SwiftUI `App`, an application or scene delegate.
    static let entryPoints: Set<String> = ["App", "UIApplicationDelegate", "UIWindowSceneDelegate", "UISceneDelegate"]

    func swiftUICommands(of info: SourceIndex.TypeInfo) -> [ImportedCommand] {
        let files = index.files(declaring: info)
        var helpersCalled: Set<String> = []
        for file in files { helpersCalled.formUnion(helperMentions.names(mentionedIn: file)) }
        guard files.contains(where: { index.file($0, mentions: SwiftUIShortcutModel.modifierName) }) || !helpersCalled.isEmpty else { return [] }
        // A type this build never creates (a multiplatform app's view shown only under
        // `#if os(macOS)`, or only by a preview): its shortcuts are not the app's.
        if unbuiltSwiftUITypes.contains(info.name) || shortcutHelpers.isConstructedView(info.name) { return [] }
        // A preview is Xcode's, never the app's.
        if info.inherited.contains("PreviewProvider") { return [] }
        // Each root with the computed property or method it is the code of, if any: one that no
        // compiled code reads provides nothing.
        var roots: [(root: Syntax, computed: String?, file: String?)] = []
        for property in info.properties.values {
            if let getter = property.getter {
                roots.append((Syntax(getter), property.name == "body" || property.isStatic ? nil : property.name, nil))
            }
            if let initializer = property.initializer { roots.append((Syntax(initializer), nil, nil)) }
        }
        // A helper's own `.keyboardShortcut` is its callers' (below).
        for function in info.functions where !shortcutHelpers.contains(function) {
            let calledByCode = !function.isStatic && !Self.calledBySwiftUI.contains(function.name)
            if let body = function.body {
                roots.append((Syntax(body), calledByCode ? function.name : nil, function.isFilePrivate ? function.location.file : nil))
            }
        }
        var result: [ImportedCommand] = []
        for (root, computed, privateTo) in roots {
            let finder = ShortcutFinder(helpers: helpersCalled)
            finder.walk(root)
            // A computed subview or a method only code this build leaves out shows is never
            // built (asked only of code that attaches a shortcut: the search walks every file
            // naming it).
            if let computed, !finder.calls.isEmpty, !index.reads(computed, of: info.name, inFile: privateTo) { continue }
            for call in finder.calls where !index.conditions.excludes(call, within: root) && !isInBranchThatNeverRuns(call, within: root) {
                result += evaluator.run(asProvider: "\(info.name) .keyboardShortcut") { () -> [ImportedCommand] in
                    var rows: [ImportedCommand] = []
                    let site = evaluator.location((call.calledExpression.as(MemberAccessExprSyntax.self)?.declName).map(Syntax.init) ?? Syntax(call))
                    let args = evaluator.arguments(of: call)
                    var shortcuts: [(shortcut: Evaluator.LoggedShortcut, title: String?)] = []
                    // The view whose body holds the `.keyboardShortcut`: a constructed view's own.
                    var declaringType = info.name
                    let frames = forEachFrames(around: call, within: root, selfType: info.name).compactMap { frame in
                        var frame = frame
                        return bindOptionals(around: call, within: root, frame: &frame).map { (frame, $0) }
                    }
                    for (var frame, decided) in frames {
                        let enclosing = enclosingCondition(of: call, within: root, leavingOut: decided)
                        var title = buttonTitle(of: call, frame: &frame)
                        let found: [Evaluator.LoggedShortcut]
                        let helpers = shortcutHelpers.helper(calledBy: call, args: args, in: info.name, evaluator: evaluator)
                        if !helpers.isEmpty {
                            found = self.shortcuts(of: helpers, args: args, site: site, frame: &frame)
                        } else if let view = shortcutHelpers.constructedView(by: call, in: info.name) {
                            found = self.shortcuts(of: view, constructedBy: call, frame: &frame)
                            if !view.carries { declaringType = view.type }
                            if title == nil { title = constructedTitle(of: view.body, constructedBy: call, frame: &frame) }
                        } else if let modifier = shortcutHelpers.modifier(appliedBy: call) {
                            found = self.shortcuts(ofModifierBuiltBy: modifier, frame: &frame)
                        } else if ShortcutFinder.isKeyboardShortcutModifier(call) {
                            found = evaluator.swiftUIShortcuts(args, frame: &frame).compactMap { item in
                                guard case .shortcut(let input, let modifiers) = item.value else { return nil }
                                return .init(input: input, modifiers: modifiers, condition: item.condition)
                            }
                        } else {
                            found = []
                        }
                        for var shortcut in found {
                            shortcut.condition = enclosing.nesting(shortcut.condition).withoutRepeats
                            guard !shortcuts.contains(where: {
                                $0.shortcut.input == shortcut.input && $0.shortcut.modifiers == shortcut.modifiers
                                    && $0.shortcut.condition == shortcut.condition && $0.title == title
                            }) else { continue }
                            shortcuts.append((shortcut, title))
                        }
                    }
                    for (shortcut, title) in shortcuts {
                        rows.append(ImportedCommand(
                            declaredIn: declaringType, mechanism: .swiftui, input: shortcut.input,
                            modifiers: shortcut.modifiers, action: nil,
                            title: title, titleExpression: nil,
                            condition: shortcut.condition.isAlways ? nil : shortcut.condition,
                            attributes: [], wantsPriority: false, discoverabilityTitle: nil, alternates: [],
                            propertyList: nil, file: site.file, line: site.line))
                    }
                    return rows
                }.result
            }
        }
        return result
    }

    /// The shortcuts a view's call of a shortcut helper attaches: the helper runs with the
    /// call's arguments, and each `.keyboardShortcut(…)` it reaches (through other helpers too)
    /// is logged with the conditions inside the helper that it runs under. A method of an app
    /// type runs on the value it is called on when that value is of its type (an enum case, an
    /// instance, the type itself for a static method), or when the value is unknown and only
    /// one type has such a method.
    func shortcuts(of calls: [ShortcutHelpers.Call], args: [(label: String?, expression: ExprSyntax)],
                           site: SourceLocation, frame: inout Evaluator.Frame) -> [Evaluator.LoggedShortcut] {
        var chosen: (call: ShortcutHelpers.Call, selfValue: Value?)?
        if let base = calls.first?.base {
            let value = evaluator.evaluate(base, frame: &frame)
            let type: String?
            switch value {
            case .enumCase(let name, _, _), .object(let name, _), .typeReference(let name): type = name
            default: type = nil
            }
            if let type, let call = calls.first(where: { $0.type.map { index.inherits(type, from: $0) } ?? false }) {
                chosen = (call, value)
            } else if case .unknown = value, calls.count == 1, let only = calls.first {
                chosen = (only, nil)
            }
        } else if let only = calls.first {
            chosen = (only, nil)
        }
        guard let (call, selfValue) = chosen else { return [] }
        return loggingShortcuts(in: &frame) { frame in
            _ = evaluator.invoke(call.function, ofType: call.type, args: args, frame: &frame, selfValue: selfValue, site: site)
        }
    }

    /// The `.keyboardShortcut(…)` calls `run` reaches, each with the conditions inside the run
    /// that it is under (the caller's own conditions dropped).
    func loggingShortcuts(in frame: inout Evaluator.Frame, _ run: (inout Evaluator.Frame) -> Void) -> [Evaluator.LoggedShortcut] {
        let outer = frame.condition
        let logged = evaluator.collectingShortcuts { run(&frame) }
        return logged.map { shortcut in
            var shortcut = shortcut
            shortcut.condition = Condition(Array(shortcut.condition.tests.drop { outer.tests.contains($0) }))
            return shortcut
        }
    }

    /// The shortcuts a construction of a view attaches (`ShortcutView(key: "n")`): the view is
    /// built as the call builds it, and its `body` runs on it.
    func shortcuts(of view: (type: String, body: SourceIndex.PropertyInfo, carries: Bool), constructedBy call: FunctionCallExprSyntax,
                           frame: inout Evaluator.Frame) -> [Evaluator.LoggedShortcut] {
        guard case .object(_, var fields) = evaluator.evaluate(ExprSyntax(call), frame: &frame) else { return [] }
        // A stored property the construction does not pass keeps its initial value
        // (`var eventModifiers: EventModifiers = [.command]`).
        let passed = Set(call.arguments.compactMap { $0.label?.text })
        let info = index.type(named: view.type)
        for name in info?.storedOrder ?? [] where !passed.contains(name) {
            guard let initial = info?.properties[name]?.initializer else { continue }
            var scratch = Evaluator.Frame(selfType: view.type)
            fields[name] = evaluator.evaluate(initial, frame: &scratch)
        }
        return loggingShortcuts(in: &frame) { frame in
            var inner = Evaluator.Frame(selfType: view.type, condition: frame.condition)
            inner.selfFields = fields
            _ = evaluator.propertyValue(view.body, ofType: view.type, frame: &inner)
        }
    }

    /// The shortcuts `.modifier(M(…))` attaches: `M` is built as the call builds it, and its
    /// `body(content:)` runs on it (``Evaluator/appliedShortcutModifier(_:frame:)``).
    func shortcuts(ofModifierBuiltBy modifier: ExprSyntax, frame: inout Evaluator.Frame) -> [Evaluator.LoggedShortcut] {
        loggingShortcuts(in: &frame) { frame in
            _ = evaluator.appliedShortcutModifier([(label: nil, expression: modifier)], frame: &frame)
        }
    }

    /// The frames a shortcut inside `ForEach(collection) { element in … }` is evaluated in: one
    /// per element of a collection the source fixes (an enum's `allCases`, a literal array or
    /// range, `.enumerated()` of those) or, for a list the app picks at run time, per static
    /// constant of its element type (``Evaluator/staticInstances(ofElementsOf:selfType:frame:)``),
    /// with the closure's parameters bound, nested `ForEach`es multiplied out; a single frame
    /// with the parameters unknown otherwise.
    ///
    /// A list the view is built with (`ForEach(Array(items.enumerated()))` on a stored `let
    /// items` that no initialiser fixes) is the one each construction in compiled code passes
    /// (`RailSidebarView(items: RailCatalog.primary)`): the frames are made once per
    /// construction, with the fields it gives (``constructionFields(of:)``).
    func forEachFrames(around call: FunctionCallExprSyntax, within root: Syntax, selfType: String) -> [Evaluator.Frame] {
        let loops = Self.forEachLoops(around: call, within: root)
        guard let info = index.type(named: selfType),
              loops.contains(where: { !ShortcutHelpers.storedNames(readBy: $0.collection).isDisjoint(with: Self.givenFields(of: info)) })
        else { return forEachFrames(around: call, within: root, selfType: selfType, selfFields: [:]) }
        let constructions = constructionFields(of: info)
        return (constructions.isEmpty ? [[:]] : constructions).flatMap { fields in
            forEachFrames(around: call, within: root, selfType: selfType, selfFields: fields)
        }
    }

    /// The stored `let` properties of `info` that no initialiser fixes: each construction gives them.
    static func givenFields(of info: SourceIndex.TypeInfo) -> Set<String> {
        Set(info.storedOrder.filter { name in
            guard let property = info.properties[name] else { return false }
            return property.isInstanceConstant && property.initializer == nil
        })
    }

    /// The fields each construction of the view `info` in compiled code gives it (previews and
    /// inactive `#if` clauses left out), evaluated with what is known where it is written.
    func constructionFields(of info: SourceIndex.TypeInfo) -> [[String: Value]] {
        index.constructions(of: info.name).compactMap { construction in
            var frame = Evaluator.Frame(selfType: construction.enclosing)
            guard case .object(_, let fields) = evaluator.evaluate(ExprSyntax(construction.call), frame: &frame) else { return nil }
            return fields
        }
    }

    /// The `ForEach(collection) { element in … }` loops around `call` inside `root`, innermost first.
    static func forEachLoops(around call: FunctionCallExprSyntax, within root: Syntax) -> [(closure: ClosureExprSyntax, collection: ExprSyntax)] {
        var loops: [(closure: ClosureExprSyntax, collection: ExprSyntax)] = []
        var current = Syntax(call)
        while let parent = current.parent, current.id != root.id {
            if let closure = parent.as(ClosureExprSyntax.self), let collection = Self.forEachCollection(of: closure) {
                loops.append((closure, collection))
            }
            current = parent
        }
        return loops
    }

    /// The collection a `ForEach(collection) { element in … }` iterates, when `closure` is its
    /// body.
    static func forEachCollection(of closure: ClosureExprSyntax) -> ExprSyntax? {
        guard let loop = closure.parent?.as(FunctionCallExprSyntax.self), loop.trailingClosure?.id == closure.id,
              loop.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "ForEach" else { return nil }
        return loop.arguments.first(where: { $0.label == nil })?.expression
    }

    func forEachFrames(around call: FunctionCallExprSyntax, within root: Syntax, selfType: String,
                               selfFields: [String: Value]) -> [Evaluator.Frame] {
        var loops: [(closure: ClosureExprSyntax, collection: ExprSyntax)] = []
        // The statement lists around the call, each with the statement in it that holds the
        // call and how many loops lie inside it.
        var lists: [(statements: CodeBlockItemListSyntax, holding: Syntax, innerLoops: Int)] = []
        var current = Syntax(call)
        while let parent = current.parent, current.id != root.id {
            if let statements = parent.as(CodeBlockItemListSyntax.self) { lists.append((statements, current, loops.count)) }
            if let closure = parent.as(ClosureExprSyntax.self), let collection = Self.forEachCollection(of: closure) {
                loops.append((closure, collection))
            }
            current = parent
        }
        let constants = localConstants(in: lists.map { ($0.statements, $0.holding) },
                                       readBy: [Syntax(call)] + loops.map { Syntax($0.collection) })
        // The constants of the lists outside `depth` loops (outermost first), bound in `frame`.
        func bindConstants(atDepth depth: Int, in frame: inout Evaluator.Frame) {
            for (list, entry) in zip(lists, constants).reversed() where loops.count - list.innerLoops == depth {
                for (name, value) in entry { frame.locals[name] = evaluator.evaluate(value, frame: &frame) }
            }
        }
        var first = Evaluator.Frame(selfType: selfType)
        first.selfFields = selfFields
        bindConstants(atDepth: 0, in: &first)
        var frames = [first]
        for (depth, (closure, collection)) in loops.reversed().enumerated() {
            var next: [Evaluator.Frame] = []
            for frame in frames {
                var outer = frame
                let value = evaluator.evaluate(collection, frame: &outer)
                var elements = evaluator.iterate(value)
                // A collection the evaluator cannot walk (run-time data) may still be a list of
                // the element type's static constants.
                if elements == nil || value.isNull {
                    elements = evaluator.staticInstances(ofElementsOf: collection, selfType: selfType, frame: &outer)
                }
                guard let elements, !elements.isEmpty, elements.count * frames.count <= Self.maximumForEachRows else {
                    var inner = outer
                    evaluator.bindClosureParameters(closure, to: [.unknown(collection.sourceText)], frame: &inner)
                    bindConstants(atDepth: depth + 1, in: &inner)
                    next.append(inner)
                    continue
                }
                for element in elements {
                    var inner = outer
                    evaluator.bindClosureParameters(closure, to: [element.value], frame: &inner)
                    bindConstants(atDepth: depth + 1, in: &inner)
                    next.append(inner)
                }
            }
            frames = next
        }
        return frames
    }

    /// The `let` constants each statement list declares before the statement holding the
    /// shortcut, that `readers` read directly or through another such constant
    /// (`let layouts = [...]` before `ForEach(Array(layouts.enumerated()))`, `let action =
    /// [.heading1, .heading2][level - 1]` inside it), in declaration order; only those whose
    /// initialiser calls none of the app's functions.
    func localConstants(in lists: [(statements: CodeBlockItemListSyntax, holding: Syntax)],
                                readBy readers: [Syntax]) -> [[(name: String, value: ExprSyntax)]] {
        let declared = lists.map { list in
            activeStatements(list.statements.prefix { $0.position < list.holding.position }).flatMap { item -> [(name: String, value: ExprSyntax)] in
                guard let declaration = item.item.as(VariableDeclSyntax.self),
                      declaration.bindingSpecifier.tokenKind == .keyword(.let) else { return [] }
                return declaration.bindings.compactMap { binding in
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                          let value = binding.initializer?.value, !callsAppFunction(value) else { return nil }
                    return (name, value)
                }
            }
        }
        var needed = readers.reduce(into: Set<String>()) { $0.formUnion(Evaluator.names(in: $1)) }
        var grew = true
        while grew {
            grew = false
            for constant in declared.joined() where needed.contains(constant.name) {
                let before = needed.count
                needed.formUnion(Evaluator.names(in: constant.value))
                grew = grew || needed.count != before
            }
        }
        return declared.map { $0.filter { needed.contains($0.name) } }
    }

    /// `items` with each `#if` block replaced by the statements of its active clause, as the
    /// compiler sees them (`#if os(macOS) let items = … #else let items = … #endif`).
    func activeStatements(_ items: some Sequence<CodeBlockItemSyntax>) -> [CodeBlockItemSyntax] {
        items.flatMap { item -> [CodeBlockItemSyntax] in
            guard let block = item.item.as(IfConfigDeclSyntax.self) else { return [item] }
            guard case .statements(let active)? = index.conditions.activeClause(of: block)?.elements else { return [] }
            return activeStatements(active)
        }
    }

    /// Binds the names the `if let` statements around a shortcut unwrap (`if let shortcut =
    /// action.keyboardShortcut { … .keyboardShortcut(shortcut) }`), outermost first, in the
    /// frame the shortcut is read in; their conditions are the row's as the source text gives
    /// them (``enclosingCondition(of:within:leavingOut:)``), except for an `if` all of whose
    /// conditions unwrap data the source fixes (a catalog entry's computed `keyEquivalent`, read
    /// with no mutable field): the answer holds the ids of those `if`s, which are no run-time
    /// condition. `nil` when one unwraps `nil`: the shortcut is never attached in this frame.
    func bindOptionals(around call: FunctionCallExprSyntax, within root: Syntax, frame: inout Evaluator.Frame) -> Set<SyntaxIdentifier>? {
        var bindings: [(binding: OptionalBindingConditionSyntax, statement: SyntaxIdentifier)] = []
        // The `if`s whose conditions are all bindings, and whether each binding so far unwraps
        // fixed data.
        var fixed: [SyntaxIdentifier: Bool] = [:]
        var current = Syntax(call)
        while let parent = current.parent, current.id != root.id {
            if let ifExpression = parent.as(IfExprSyntax.self), current.id == ifExpression.body.id {
                bindings += ifExpression.conditions.reversed().compactMap { element in
                    element.condition.as(OptionalBindingConditionSyntax.self).map { ($0, ifExpression.id) }
                }
                if ifExpression.conditions.allSatisfy({ $0.condition.is(OptionalBindingConditionSyntax.self) }) {
                    fixed[ifExpression.id] = true
                }
            }
            current = parent
        }
        // Only a binding whose names the shortcut's arguments read (or a binding they read does)
        // is run: one the shortcut does not depend on (`if let session =
        // manager.activeSession()`) stays a run-time condition without running the app's code
        // behind it. One that the control the shortcut is attached to reads (`if let retry {
        // Button { retry() } … }`) or that reads a plain name or member (`if let error =
        // model.state.error`) is read in constants-only mode: a `nil` the source fixes still
        // means the shortcut is never attached, and the app's code that fills it at run time
        // does not run.
        var needed = Evaluator.names(in: call.arguments)
        for closure in [call.trailingClosure].compactMap({ $0 }) + call.additionalTrailingClosures.map(\.closure) {
            needed.formUnion(Evaluator.names(in: closure))
        }
        let control = Evaluator.names(in: call)
        var reads: [BindingRead] = []
        for (binding, _) in bindings {
            let bound = Evaluator.names(in: binding.pattern)
            if !bound.isDisjoint(with: needed) {
                if let initializer = binding.initializer { needed.formUnion(Evaluator.names(in: initializer.value)) }
                reads.append(.run)
            } else if !bound.isDisjoint(with: control) || (binding.initializer.map { !Self.callsFunction($0.value) } ?? true) {
                reads.append(.constantsOnly)
            } else {
                reads.append(.skipped)
            }
        }
        for ((binding, statement), read) in zip(bindings, reads).reversed() {
            let (unwrapped, readsState) = evaluator.readingState { () -> Value? in
                switch read {
                case .skipped: return .unknown(binding.pattern.sourceText)
                case .run: return evaluator.unwrappedValue(of: binding, frame: &frame)
                case .constantsOnly: return evaluator.readingConstants { evaluator.unwrappedValue(of: binding, frame: &frame) }
                }
            }
            guard let value = unwrapped else { return nil }
            evaluator.bind(binding.pattern, to: value, frame: &frame)
            let isFixed = read != .skipped && value.isStaticData && !readsState
            if let holds = fixed[statement] { fixed[statement] = holds && isFixed }
        }
        return Set(fixed.filter(\.value).keys)
    }

    /// How ``bindOptionals(around:within:frame:)`` reads one `if let` around a shortcut.
    private enum BindingRead {
        /// The shortcut reads what it binds: its value is evaluated.
        case run
        /// The control reads it, or it is a plain name or member: only a value the source
        /// fixes (a `nil`) counts.
        case constantsOnly
        /// A call nothing around the shortcut reads: a run-time condition.
        case skipped
    }

    /// Whether `expression` calls a function or method the app declares (constructing a value,
    /// a tuple or a system call such as `Array(…)` calls none).
    func callsAppFunction(_ expression: ExprSyntax) -> Bool {
        let collector = CallSummary.Collector()
        collector.walk(expression)
        return collector.summary.names.contains { index.functionsByName[$0] != nil || index.globalFunctions[$0] != nil }
    }

    /// Whether `expression` calls a function anywhere (a binding of a plain name or member is
    /// cheap to evaluate and may be a fixed `nil`).
    static func callsFunction(_ expression: ExprSyntax) -> Bool {
        expression.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .leftParen }
    }

    /// The most rows one `.keyboardShortcut` inside `ForEach` gives before its input is left
    /// unknown.
    static let maximumForEachRows = 256

    /// Whether the node (up to `root`) sits in a branch of an `if #available(…)` that this
    /// build never takes: the `else` of a check the deployment target always meets
    /// (`#available(macOS 14, *)` on iOS), or the body of one it never meets.
    func isInBranchThatNeverRuns(_ node: some SyntaxProtocol, within root: Syntax) -> Bool {
        var current = Syntax(node)
        while let parent = current.parent, current.id != root.id {
            if let ifExpression = parent.as(IfExprSyntax.self), ifExpression.conditions.count == 1,
               case .availability(let availability) = ifExpression.conditions.first?.condition,
               let holds = index.conditions.holds(availability) {
                if current.id == ifExpression.body.id && !holds { return true }
                if current.id == ifExpression.elseBody?.id && holds { return true }
            }
            current = parent
        }
        return false
    }

    /// The run-time `if` conditions around a node inside a view body, but for the `if`s in
    /// `decided` (optional bindings of data the source fixes).
    func enclosingCondition(of node: some SyntaxProtocol, within root: Syntax,
                            leavingOut decided: Set<SyntaxIdentifier>) -> Condition {
        var tests: [Condition.Test] = []
        var current = Syntax(node)
        while let parent = current.parent, current.id != root.id {
            if let ifExpression = parent.as(IfExprSyntax.self), !decided.contains(ifExpression.id) {
                let text = ifExpression.conditions.sourceText
                if current.id == ifExpression.body.id {
                    if !text.hasPrefix("#available") { tests.append(Condition.Test(text)) }
                } else if current.id == ifExpression.elseBody?.id {
                    tests.append(Condition.Test(text, isNegated: true))
                }
            }
            current = parent
        }
        return Condition(tests.reversed())
    }

    /// The title a constructed view's button takes from the construction: the argument
    /// (`ShortcutButton(title: "Unpack", key: "u")`) for the stored property its body's
    /// `Button(title) { … }` names; `nil` when the source does not fix it.
    func constructedTitle(of body: SourceIndex.PropertyInfo, constructedBy call: FunctionCallExprSyntax,
                          frame: inout Evaluator.Frame) -> String? {
        guard let getter = body.getter else { return nil }
        for token in getter.tokens(viewMode: .sourceAccurate) where token.tokenKind == .identifier("Button") || token.tokenKind == .identifier("Toggle") {
            guard let button = token.parent?.as(DeclReferenceExprSyntax.self)?.parent?.as(FunctionCallExprSyntax.self),
                  let first = button.arguments.first, first.label == nil,
                  let property = first.expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                  let argument = call.arguments.first(where: { $0.label?.text == property }) else { continue }
            return title(written: argument.expression, frame: &frame)
        }
        return nil
    }

    /// The text a button's title expression gives: a string literal (a `LocalizedStringKey`),
    /// a string the frame fixes (read in constants-only mode), or the strings a run-time
    /// choice picks among; `nil` otherwise.
    func title(written expression: ExprSyntax, frame: inout Evaluator.Frame) -> String? {
        if let literal = expression.as(StringLiteralExprSyntax.self) {
            var fresh = Evaluator.Frame()
            return evaluator.evaluateString(literal, frame: &fresh).stringValue
        }
        if case .string(let text)? = evaluator.fixedValue({ evaluator.evaluate(expression, frame: &frame) }) { return text }
        return evaluator.runTimeTitle(expression, frame: &frame)
    }

    /// The text label of the button a shortcut is attached to: `Button("Save") { … }`, or a
    /// string the frame fixes (`Button(spec.title)` over a catalog entry, read in constants-only
    /// mode), or the strings a run-time choice picks among.
    func buttonTitle(of call: FunctionCallExprSyntax, frame: inout Evaluator.Frame) -> String? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return nil }
        var base = member.base
        while let current = base {
            if let inner = current.as(FunctionCallExprSyntax.self) {
                if let reference = inner.calledExpression.as(DeclReferenceExprSyntax.self) {
                    guard ["Button", "Toggle", "Link"].contains(reference.baseName.text) else { return nil }
                    if let first = inner.arguments.first, first.label == nil {
                        // A literal gives its text, even when interpolation leaves none.
                        if first.expression.is(StringLiteralExprSyntax.self) { return title(written: first.expression, frame: &frame) }
                        if let text = title(written: first.expression, frame: &frame) { return text }
                    }
                    let finder = TextFinder(viewMode: .sourceAccurate)
                    finder.walk(inner)
                    return finder.text
                }
                base = inner.calledExpression.as(MemberAccessExprSyntax.self)?.base
            } else {
                return nil
            }
        }
        return nil
    }
}
