import SceneImportResources
import SwiftSyntax

/// Follows Swift statements and expressions far enough to learn which key commands they make.
///
/// It is an abstract interpreter over the syntax tree: both branches of a run-time `if` run,
/// each under its condition; loops over literal tables and ranges run once per element; calls
/// into the app's own functions, initialisers and properties are followed (to a fixed depth);
/// everything else becomes ``Value/unknown(_:)``. What it logs — commands created, commands
/// passed to `addKeyCommand` — is read by ``CommandExtractor``.
final class Evaluator {
    let index: SourceIndex
    let strings: StringsTable
    let resources: ResourceFiles
    /// Resource contents already read, by path and the type they were decoded as.
    var loadedResources: [String: Value] = [:]
    /// How branch conditions are treated (the main menu drops `builder.system` checks).
    var mode: Mode = .responder

    enum Mode { case responder, menu }

    /// Every command value created since the last ``reset()``, with its conditions.
    var created: [Value.Item] = []
    /// Every command passed to `addKeyCommand(_:)` since the last ``reset()``.
    private(set) var added: [Value.Item] = []

    /// The types whose `buildMenu(with:)` another type's main-menu code called (not through
    /// `super`): helpers of that provider, not providers UIKit calls themselves.
    var menuBuildersCalled: Set<String> = []
    /// Functions other than `buildMenu(with:)` that take a `UIMenuBuilder` and that menu code
    /// the evaluator ran called: helpers of their caller, not entry points of their own.
    var menuFunctionsCalled: Set<SourceLocation> = []

    private var depth = 0
    private var inProgress: Set<RunKey> = []
    /// The limits on work (``EvaluationBudget``).
    var budget = EvaluationBudget.standard
    /// The provider whose code is running, for the report when the budget cuts it short.
    var provider = ""
    var providerSteps = 0
    var providerCut = false
    /// Whether a call of the running provider has already been cut (only the first is logged).
    var providerCallCut = false
    /// The provider step count at which the running call stops (``EvaluationBudget/callLimit(startingAt:callerLimit:)``).
    var callLimit = Int.max
    var totalSteps = 0
    /// Every place the budget cut evaluation short, in the order it happened.
    var cuts: [EvaluationCut] = []
    /// How often a run gave up for a reason that depends on the call stack (depth, budget); a
    /// run during which this changed is not memoised.
    var truncations = 0
    /// Branches the evaluator decided never run for this build (`if #available` the deployment
    /// target rules out, a main menu's `.context` branch, a branch after one that always runs):
    /// the creation-site sweep does not report what they create.
    var skippedRegions: Set<SyntaxIdentifier> = []
    /// `#selector(…)` names already looked up, by `self`'s type, the reference's text and the
    /// file it is written in.
    var selectorNames: [SelectorReference: String] = [:]
    /// ``selectorNames``' answers by the `#selector(…)` argument written in the source and
    /// `self`'s type, so that evaluating one again neither writes its text nor hashes it.
    var selectorNamesBySite: [SelectorSite: String] = [:]

    /// What each expected type of an array literal tells (``ArrayHint``), by the type's text.
    var arrayHints: [String: ArrayHint] = [:]

    /// What an array literal's expected type tells: its elements' type, and whether the literal
    /// is a set of modifier flags.
    struct ArrayHint {
        var elementType: String?
        /// The type or its element type is a modifier-flag type: the literal is evaluated as
        /// modifier flags.
        var isModifierArray: Bool
    }

    /// What a `#selector(…)` name depends on: ``selectorNames``' key.
    struct SelectorReference: Hashable {
        var selfType: String?
        var reference: String
        var file: String?

        /// Hashes the reference and `self`'s type: the file's path, the longest field, seldom
        /// tells two references apart, and equality still compares it.
        func hash(into hasher: inout Hasher) {
            hasher.combine(selfType)
            hasher.combine(reference)
        }
    }
    /// A `#selector(…)` argument in the source and the type `self` has where it is evaluated:
    /// ``selectorNamesBySite``' key.
    struct SelectorSite: Hashable {
        var argument: SyntaxIdentifier
        var selfType: String?
    }
    /// The app's own initialisers a `UIKeyCommand` creation of each type may call: the type's,
    /// its superclasses' and `extension UIKeyCommand`'s (``makeCommand(type:args:call:frame:)``).
    var commandInitializers: [String: [SourceIndex.FunctionInfo]] = [:]
    /// While a view's call of a shortcut helper runs (``CommandExtractor``): each
    /// `.keyboardShortcut(…)` the helper reaches, with the conditions it runs under. Runs are
    /// not memoised meanwhile, since a memoised run would not log its shortcuts again.
    var shortcutLog: [LoggedShortcut]?
    /// The shortcut helpers' names (``ShortcutHelpers/names``): while shortcuts are logged, a
    /// closure handed to a call the evaluator does not model runs only when it names
    /// `.keyboardShortcut` or one of them (a button's action never attaches a shortcut).
    var shortcutHelperNames: Set<String> = [] {
        didSet {
            attachingCode = [:]
            shortcutSlices = [:]
        }
    }
    /// ``mayAttachShortcuts(_:)``'s answers, by node.
    var attachingCode: [SyntaxIdentifier: Bool] = [:]
    /// ``shortcutSlice(of:)``'s answers, by scope.
    var shortcutSlices: [SyntaxIdentifier: Set<String>] = [:]
    /// The view modifiers whose `body(content:)` attaches shortcuts
    /// (``ShortcutHelpers/shortcutModifiers``): a helper that applies one (`.modifier(M(…))`)
    /// attaches what its body does, run on the modifier the call builds.
    var shortcutModifiers: [String: SourceIndex.FunctionInfo] = [:]
    /// The `extension View` methods that attach shortcuts, by name
    /// (``ShortcutHelpers/viewHelperMethods``): a helper that calls one on a view
    /// (`Button { … }.editorShortcut(action)` in a view's own method) attaches what it does.
    var shortcutViewMethods: [String: [SourceIndex.FunctionInfo]] = [:]
    /// The storyboards' tab bar controllers (``Storyboard/tabBarControllers``): `tabBar.items`
    /// of a class no code gives its tabs has as many items as the storyboard gives it.
    var storyboardTabBars: [(customClass: String?, tabs: Int)] = []

    /// A `.keyboardShortcut(…)` a shortcut helper reached.
    struct LoggedShortcut {
        var input: String?
        var modifiers: Set<String>?
        var conditions: [String]
    }

    /// ``findFunctions(named:in:)``'s answers, by type and name: the index does not change
    /// while the evaluator runs, and a getter asks the same question once per call it makes.
    var functionsFound: [String: [SourceIndex.FunctionInfo]] = [:]
    /// The callers' contexts of closures passed to a running function that has another `self`
    /// (``invokeWithValues(_:ofType:values:frame:selfValue:site:inOutParameters:finalValues:)``),
    /// by closure.
    var capturedContexts: [SyntaxIdentifier: Frame] = [:]
    /// Local functions described (``SourceIndex/localFunction(_:)``), by declaration.
    var localFunctionInfos: [SyntaxIdentifier: SourceIndex.FunctionInfo] = [:]
    /// Each assignment's target as ``assignmentTarget(_:)`` reads it, by the target's first element.
    var assignmentTargets: [SyntaxIdentifier: (text: String, isSelf: Bool, field: String)] = [:]
    /// Each call's arguments as ``arguments(of:)`` reads them, by call.
    var callArguments: [SyntaxIdentifier: [(label: String?, expression: ExprSyntax)]] = [:]
    /// Each sequence expression's elements (``elements(of:)``), by node.
    var sequenceElements: [SyntaxIdentifier: [ExprSyntax]] = [:]
    /// The names each closure's body mentions (``Evaluator/namesMentioned(in:)``).
    var closureNames: [SyntaxIdentifier: Set<String>] = [:]
    /// ``findProperty(_:of:static:)``'s answers: the index does not change while the evaluator runs.
    var propertiesFound: [PropertyQuestion: (SourceIndex.PropertyInfo, owner: String)?] = [:]
    /// ``functions(of:assigning:)``'s answers, by type and name.
    var functionsAssigning: [PropertyQuestion: [SourceIndex.FunctionInfo]] = [:]
    /// ``valueFromCallers(of:in:field:)``'s answers.
    let valuesFromCallers = AnswerCache<SetterQuestion>()
    /// ``valueFromConstructions(of:label:position:)``'s answers.
    let valuesFromConstructions = AnswerCache<ConstructionQuestion>()
    /// ``valueSetFromOutside(_:of:)``'s answers, by type and field.
    let valuesSetFromOutside = AnswerCache<PropertyQuestion>()
    /// Above zero while ``valueSetFromOutside(_:of:)`` evaluates what other code assigns: a
    /// `let` that the assigning type's initialiser sets from a parameter is then what the
    /// type's constructions pass.
    var readingValuesSetFromOutside = 0
    /// Runs already done (``MemoKey``).
    var memo: [MemoKey: MemoEntry] = [:]
    /// How many runs of each declaration were stored in ``memo`` (``memoKey(_:selfType:selfIsHeldValue:values:changing:sharedFields:locals:conditions:site:returnHint:)``).
    var memoStores: [SyntaxIdentifier: Int] = [:]
    /// How many context values ``memoKey(_:selfType:selfIsHeldValue:values:changing:sharedFields:locals:conditions:site:returnHint:)``
    /// has walked and hashed for each declaration while none of its runs was replayed
    /// (``memoTrialValues``).
    var memoHashedValues: [SyntaxIdentifier: Int] = [:]
    /// The declarations a ``memo`` entry was replayed for at least once.
    var replayedDeclarations: Set<SyntaxIdentifier> = []
    /// Runs the budget cut short, with the most steps any of them was given: the same run given
    /// no more is not tried again.
    var cutAllowances: [MemoKey: Int] = [:]
    /// Reads of stored `var`s (of a type, of `self`'s fields, or global) so far: a condition
    /// that read none is fixed by the source and decided at import.
    var mutableReads = 0
    /// Set while a condition is evaluated: a stored property is then read only when its value
    /// is a constant's, never by running the methods that assign it.
    var readingConstantsOnly = false
    var memoHits = 0
    static let maximumDepth = 14
    static let maximumIterations = 2048
    /// The most adopters a call of a protocol requirement on a protocol-typed receiver runs.
    static let maximumAdopters = 64

    init(index: SourceIndex, strings: StringsTable, resources: ResourceFiles = ResourceFiles()) {
        self.index = index
        self.strings = strings
        self.resources = resources
    }

    func reset() {
        created = []
        added = []
    }

    /// One activation: locals, `self`, and the conditions the code runs under.
    struct Frame {
        var locals: [String: Value] = [:]
        var selfType: String?
        var selfFields: [String: Value] = [:]
        var conditions: [String] = []
        var returns: [Value.Item] = []
        var terminated = false
        /// Where a command being initialised through an app-defined initialiser was asked for.
        var creationSite: SourceLocation?
        /// The command an initialiser of a `UIKeyCommand` subclass is building.
        var selfCommand: CommandValue?
        /// The declared type of what the running code returns (resolves `.init(…)` in `return [.init(…)]`).
        var returnHint: String?
        /// Functions declared in the running body so far (`func register(_ input: String) { … }`
        /// inside a getter), by name.
        var localFunctions: [String: FunctionDeclSyntax] = [:]
        /// Inside a pass of a `for` loop the evaluator unrolls: `continue` ends the pass.
        var inForPass = false
        /// ``terminated`` by `continue`: the code after it still runs in other passes.
        var endedPass = false
        /// Whether `self` is a plain struct value the running code was handed
        /// (`spec.chord.modifiers` runs `modifiers` on the chord `spec` holds; no SwiftUI view,
        /// ``isPlainValueType(_:)``), not the provider's own instance: its fields are then what
        /// its holder holds, and reading them is not reading state that changes at run time
        /// (reading the holder, when it is such state, already counted).
        var selfIsHeldValue = false
        /// Locals whose value was computed from state that changes at run time (a stored `var`
        /// read into `let on = enabled`, or passed as an argument): reading one counts in
        /// ``Evaluator/mutableReads`` as reading that state does, so a condition on it is not
        /// decided from the `var`'s initial value.
        var changingLocals: Set<String> = []

        /// A copy of this frame for code that runs in its context (a closure, a transform) and
        /// takes `self`'s fields over while it runs: this frame gives them up until the caller
        /// puts them back, so an array the code appends to, held by one frame only, grows in place.
        mutating func lendingFields() -> Frame {
            let copy = self
            selfFields = [:]
            return copy
        }

        /// Gives up this frame's hold on `self`'s fields and its locals' values while another
        /// frame works on them, keeping the locals' names for ``takeCaptured(from:except:)``:
        /// a value held by one frame only grows in place when code appends to it.
        mutating func handOver() {
            selfFields = [:]
            locals = locals.mapValues { _ in .null }
        }

        /// Takes back what code that captured this frame (a local function, a closure) did to
        /// it: `self`'s fields, and the locals this frame has, except `shadowed` (the code's
        /// own parameters).
        mutating func takeCaptured(from other: Frame, except shadowed: Set<String> = []) {
            selfFields = other.selfFields
            for (name, value) in other.locals where locals[name] != nil && !shadowed.contains(name) { locals[name] = value }
        }
    }

    func location(_ node: some SyntaxProtocol) -> SourceLocation {
        guard let source = index.sourceOfRoot[node.root.id] else { return SourceLocation(file: "?", line: 0) }
        return SourceLocation(file: source.file, line: source.lines.line(of: node))
    }

    /// The file `node` is in: ``location(_:)``'s file, without finding the line.
    func file(of node: some SyntaxProtocol) -> String {
        index.sourceOfRoot[node.root.id]?.file ?? "?"
    }

    /// Logs a command created under `conditions`.
    func record(created command: CommandValue, under conditions: [String]) {
        created.append(.init(value: .command(command), conditions: conditions))
    }

    func recordAdded(_ value: Value, in frame: Frame) {
        added.append(contentsOf: flatten(value, conditions: frame.conditions))
    }

    func recordAddedItems(_ items: some Collection<Value.Item>) {
        added += items
    }

    /// Where the logs stood before a run: what the run logs after them can then be put under
    /// the conditions of the code that asked for it (``prefixEffects(since:with:)``).
    struct EffectMarks {
        var created: Int
        var added: Int
        var logged: Int
    }

    func effectMarks() -> EffectMarks {
        EffectMarks(created: created.count, added: added.count, logged: shortcutLog?.count ?? 0)
    }

    /// Puts `conditions` before the conditions of every command created or added, and every
    /// shortcut logged, since `marks`: a run that does not depend on its reader's conditions
    /// (a static initialiser, a method learnt for what it assigns) ran without them.
    func prefixEffects(since marks: EffectMarks, with conditions: [String]) {
        guard !conditions.isEmpty else { return }
        for offset in marks.created..<created.count { created[offset].conditions = Self.nested(conditions, created[offset].conditions) }
        for offset in marks.added..<added.count { added[offset].conditions = Self.nested(conditions, added[offset].conditions) }
        if let count = shortcutLog?.count, count > marks.logged {
            for offset in marks.logged..<count { shortcutLog?[offset].conditions.insert(contentsOf: conditions, at: 0) }
        }
    }

    /// `outer` followed by `inner`: the conditions of code running inside code that runs under
    /// `outer`. Either list is returned as it is when the other is empty, which most are.
    static func nested(_ outer: [String], _ inner: [String]) -> [String] {
        if outer.isEmpty { return inner }
        if inner.isEmpty { return outer }
        return outer + inner
    }

    /// The elements of a value that may hold commands, each with its conditions.
    func flatten(_ value: Value, conditions: [String]) -> [Value.Item] {
        var items: [Value.Item] = []
        flatten(value, conditions: conditions, into: &items)
        return items
    }

    /// Appends ``flatten(_:conditions:)``'s elements to `items`, in order.
    private func flatten(_ value: Value, conditions: [String], into items: inout [Value.Item]) {
        switch value {
        case .array(let elements):
            for element in elements { flatten(element.value, conditions: Self.nested(conditions, element.conditions), into: &items) }
        case .null, .unknown:
            break
        default:
            items.append(.init(value: value, conditions: conditions))
        }
    }

    // MARK: - Running code

    /// Runs a function body, getter or closure and returns what it returns (the union of its
    /// `return`s, each under its conditions; a single-expression body returns its value, also
    /// when an `#if` picks that expression).
    func run(_ items: CodeBlockItemListSyntax, frame: inout Frame) -> Value {
        let outside = frame.conditions
        if items.count == 1, let block = items.first?.item.as(IfConfigDeclSyntax.self),
           case .statements(let active)? = index.conditions.activeClause(of: block)?.elements {
            return run(active, frame: &frame)
        }
        if items.count == 1, let only = items.first,
           let expression = only.item.as(ExprSyntax.self) ?? Self.switchExpression(only) {
            let value = evaluate(expression, frame: &frame, hint: frame.returnHint)
            if !frame.terminated { frame.returns.append(.init(value: value, conditions: frame.conditions)) }
        } else {
            execute(items, frame: &frame)
        }
        return union(frame.returns, outside: outside)
    }

    /// A `switch` standing alone in a body whose every case is one expression: the body's value,
    /// as Swift reads it (`func shortcut(for action: A) -> KeyboardShortcut { switch action {
    /// case .start: KeyboardShortcut("s") … } }`).
    static func switchExpression(_ item: CodeBlockItemSyntax) -> ExprSyntax? {
        guard let statement = item.item.as(ExpressionStmtSyntax.self),
              let expression = statement.expression.as(SwitchExprSyntax.self) else { return nil }
        let valued = expression.cases.allSatisfy { element in
            guard case .switchCase(let switchCase) = element else { return false }
            return switchCase.statements.count == 1 && switchCase.statements.first?.item.as(ExprSyntax.self) != nil
        }
        return valued ? ExprSyntax(expression) : nil
    }

    /// The value of several `return`s: arrays are joined under each return's conditions;
    /// known scalars on several paths are a choice under their conditions; otherwise the first
    /// known value.
    func union(_ returns: [Value.Item], outside: [String]) -> Value {
        if returns.isEmpty { return .null }
        if returns.count == 1, returns[0].conditions.isEmpty { return returns[0].value }
        // A modifier set returned whole in one branch and as an array in another
        // (`return .command` / `return [.command, .shift]`) is an array of one there.
        let mixesModifierSets = returns.contains { $0.value.items != nil }
            && returns.contains { if case .modifiers = $0.value { return true } else { return false } }
        if returns.allSatisfy({ item in
            if case .modifiers = item.value { return mixesModifierSets }
            return item.value.items != nil || item.value.isCommand
        }) {
            var items: [Value.Item] = []
            for item in returns {
                switch item.value {
                case .command, .modifiers: items.append(item)
                default: items += flatten(item.value, conditions: item.conditions)
                }
            }
            return .array(items)
        }
        // Scalars returned on several paths (`if tab == .all { return "1" }; return "2"`) are a
        // choice, each under the conditions its path adds.
        if let scalar = scalarChoice(returns, outside: outside) { return scalar }
        return returns.first { $0.value.isKnown && !$0.value.isNull }?.value ?? returns[0].value
    }

    /// Whether a condition holds only on an OS older than the newest: the negation of one
    /// `#available` check (`!(#available(iOS 15, *))`), or `#unavailable(…)`.
    static func isOlderOSCondition(_ condition: String) -> Bool {
        if condition.hasPrefix("#unavailable(") { return !condition.contains("), ") }
        guard condition.hasPrefix("!(#available("), condition.hasSuffix("))") else { return false }
        return condition.dropFirst(2).firstIndex(of: ")") == condition.index(condition.endIndex, offsetBy: -2)
    }

    func execute(_ items: CodeBlockItemListSyntax, frame: inout Frame) {
        for item in items {
            if frame.terminated {
                // Code after a `return` every path takes never runs (after a `continue`, it
                // runs in other passes).
                if !frame.endedPass { skippedRegions.insert(item.id) }
                continue
            }
            guard spend(at: item) else { return }
            switch item.item {
            case .decl(let decl):
                executeDeclaration(decl, frame: &frame)
            case .stmt(let statement):
                executeStatement(statement, frame: &frame)
            case .expr(let expression):
                _ = evaluate(expression, frame: &frame)
            }
        }
    }

    private func executeDeclaration(_ decl: DeclSyntax, frame: inout Frame) {
        if let variable = decl.as(VariableDeclSyntax.self) {
            for binding in variable.bindings {
                let hint = binding.typeAnnotation?.type.sourceText
                guard bindingCanReachShortcut(binding) else {
                    // Inside a shortcut helper, a local no shortcut depends on is not computed.
                    bind(binding.pattern, to: .unknown(binding.pattern.sourceText), frame: &frame)
                    continue
                }
                let (value, readsState) = readingState { binding.initializer.map { evaluate($0.value, frame: &frame, hint: hint) } ?? .null }
                bind(binding.pattern, to: value, frame: &frame)
                markChanging(binding.pattern, readsState, frame: &frame)
            }
        } else if let block = decl.as(IfConfigDeclSyntax.self) {
            if let clause = index.conditions.activeClause(of: block), case .statements(let items)? = clause.elements {
                execute(items, frame: &frame)
            }
        } else if let function = decl.as(FunctionDeclSyntax.self), function.body != nil {
            frame.localFunctions[function.name.text] = function
        }
    }

    /// Records whether the names `pattern` binds hold values computed from changing state
    /// (``Frame/changingLocals``).
    func markChanging(_ pattern: PatternSyntax, _ changing: Bool, frame: inout Frame) {
        guard changing || !frame.changingLocals.isEmpty else { return }
        for name in Self.names(in: pattern) {
            if changing { frame.changingLocals.insert(name) } else { frame.changingLocals.remove(name) }
        }
    }

    func bind(_ pattern: PatternSyntax, to value: Value, frame: inout Frame) {
        if let identifier = pattern.as(IdentifierPatternSyntax.self) {
            frame.locals[identifier.identifier.text] = value
        } else if let tuple = pattern.as(TuplePatternSyntax.self) {
            for (offset, element) in tuple.elements.enumerated() {
                var part = Value.unknown(element.pattern.sourceText)
                if case .tuple(let members) = value, offset < members.count { part = members[offset].value }
                bind(element.pattern, to: part, frame: &frame)
            }
        } else if let binding = pattern.as(ValueBindingPatternSyntax.self) {
            bind(binding.pattern, to: value, frame: &frame)
        }
    }

    private func executeStatement(_ statement: StmtSyntax, frame: inout Frame) {
        if let returnStatement = statement.as(ReturnStmtSyntax.self) {
            let value = returnStatement.expression.map { evaluate($0, frame: &frame, hint: frame.returnHint) } ?? .null
            frame.returns.append(.init(value: value, conditions: frame.conditions))
            frame.terminated = true
        } else if let expressionStatement = statement.as(ExpressionStmtSyntax.self) {
            _ = evaluate(expressionStatement.expression, frame: &frame)
        } else if let guardStatement = statement.as(GuardStmtSyntax.self) {
            executeGuard(guardStatement, frame: &frame)
        } else if let forStatement = statement.as(ForStmtSyntax.self) {
            executeFor(forStatement, frame: &frame)
        } else if let doStatement = statement.as(DoStmtSyntax.self) {
            execute(doStatement.body.statements, frame: &frame)
        } else if let whileStatement = statement.as(WhileStmtSyntax.self) {
            var inner = frame
            inner.inForPass = false
            inner.conditions.append(whileStatement.conditions.sourceText)
            execute(whileStatement.body.statements, frame: &inner)
            merge(branches: [inner], into: &frame)
        } else if let repeatStatement = statement.as(RepeatStmtSyntax.self) {
            execute(repeatStatement.body.statements, frame: &frame)
        } else if statement.is(ThrowStmtSyntax.self) {
            frame.terminated = true
        } else if statement.is(ContinueStmtSyntax.self), frame.inForPass {
            frame.terminated = true
            frame.endedPass = true
        }
    }

    // MARK: - Branches

    /// What a branch condition means for the commands under it.
    enum Decision { case skip, unconditional, condition(String) }

    func decide(_ text: String) -> Decision {
        if text == "true" { return .unconditional }
        if text == "false" { return .skip }
        if mode == .menu, text.contains("system") {
            let positive = text.contains(".main") && !text.hasPrefix("!") && !text.contains("!=")
            return positive ? .unconditional : .skip
        }
        return .condition(text)
    }

    /// What an optional binding (`if let shortcut = action.keyboardShortcut`, `if let key`)
    /// unwraps; `nil` when it never binds: the value is a `nil` the source fixes (a `let`
    /// property built with `nil`, a literal). A `nil` read from a stored `var` may be replaced
    /// at run time, so that binding stays a run-time condition.
    func unwrappedValue(of binding: OptionalBindingConditionSyntax, frame: inout Frame) -> Value? {
        let (value, readsState) = readingState {
            // `if let key` unwraps the local or field of that name.
            binding.initializer.map { evaluate($0.value, frame: &frame) } ?? evaluateName(binding.pattern.sourceText, frame: &frame, hint: nil)
        }
        guard case .null = value else { return value }
        if !readsState { return nil }
        // Reading a field counts as reading mutable state; a `let` property that holds `nil`
        // (an instance built with `nil`) is fixed all the same.
        if let name = binding.initializer.map({ Self.nameOrSelfMember($0.value) }) ?? binding.pattern.sourceText,
           frame.locals[name] == nil, let selfType = frame.selfType,
           let (property, _) = findProperty(name, of: selfType, static: false), !property.isVariable {
            return nil
        }
        return value
    }

    func apply(_ decision: Decision, to frame: inout Frame) {
        if case .condition(let text) = decision { frame.conditions.append(text) }
    }

    /// Runs the conditions of an `if`/`guard` (binding `if let` names) and decides what they
    /// mean: `#available` against the deployment target, the main-menu check in `buildMenu`,
    /// everything else a run-time condition.
    func conditionDecision(_ conditions: ConditionElementListSyntax, frame: inout Frame) -> Decision {
        var kept: [String] = []
        for element in conditions {
            switch element.condition {
            case .optionalBinding(let binding):
                let (unwrapped, readsState) = readingState { unwrappedValue(of: binding, frame: &frame) }
                guard let value = unwrapped else { return .skip }
                bind(binding.pattern, to: value, frame: &frame)
                markChanging(binding.pattern, readsState, frame: &frame)
                if !value.isStaticData { kept.append(element.condition.sourceText) }
            case .availability(let availability):
                switch index.conditions.holds(availability) {
                case true?: continue
                case false?: return .skip
                case nil: kept.append(element.condition.sourceText)
                }
            case .expression(let expression):
                // A condition on values the source fixes (a bundled plist's entry, a constant,
                // a character set's membership test) is decided here; any other is a run-time
                // condition. Read in constants-only mode, the condition runs none of the app's
                // code (``Evaluator/constantCall(_:args:frame:)``).
                if let holds = constantTruth(of: expression, frame: &frame) {
                    if holds { continue } else { return .skip }
                }
                fallthrough
            default:
                switch decide(element.condition.sourceText) {
                case .skip: return .skip
                case .unconditional: continue
                case .condition(let text): kept.append(text)
                }
            }
        }
        return kept.isEmpty ? .unconditional : .condition(kept.joined(separator: ", "))
    }

    /// Whether `expression` holds, when it reads only values the source fixes (constants,
    /// parameters, a bundled file's entries; no mutable field): read in constants-only mode, it
    /// runs none of the app's code. `nil` for a run-time test.
    func constantTruth(of expression: ExprSyntax, frame: inout Frame) -> Bool? {
        if let sequence = expression.as(SequenceExprSyntax.self) {
            return constantTruth(ofSequence: elements(of: sequence), frame: &frame)
        }
        return constantTruth(frame: &frame) { evaluate(expression, frame: &$0) }
    }

    /// ``constantTruth(of:frame:)`` for the operands of an unfolded sequence (`isAlt` in `isAlt
    /// ? a : b`). Each operand of `||` and `&&` is decided on its own: one the source fixes as
    /// `true` decides `a || b`, and one it fixes as `false` decides `a && b`, whatever state the
    /// other reads (`showsAll || !definition.needsAll` on a definition that needs nothing more).
    func constantTruth(ofSequence elements: [ExprSyntax], frame: inout Frame) -> Bool? {
        let isLogic = !elements.contains { $0.is(UnresolvedTernaryExprSyntax.self) || $0.is(AssignmentExprSyntax.self) }
        for (logicOperator, deciding) in [("||", true), ("&&", false)] where isLogic {
            let operands = elements.split { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == logicOperator }
            guard operands.count > 1 else { continue }
            var allDecided = true
            for operand in operands {
                switch constantTruth(ofSequence: Array(operand), frame: &frame) {
                case deciding?: return deciding
                case nil: allDecided = false
                default: continue
                }
            }
            return allDecided ? !deciding : nil
        }
        return constantTruth(frame: &frame) { evaluateSequence(elements, frame: &$0, hint: nil) }
    }

    private func constantTruth(frame: inout Frame, _ read: (inout Frame) -> Value) -> Bool? {
        guard case .bool(let holds)? = fixedValue({ read(&frame) }) else { return nil }
        return holds
    }

    /// What `read` gives when the source fixes it: read in constants-only mode
    /// (``readingConstants(_:)``) and reading no state that changes at run time
    /// (``readingState(_:)``); `nil` otherwise.
    func fixedValue(_ read: () -> Value) -> Value? {
        let (value, readsState) = readingState { readingConstants(read) }
        return readsState ? nil : value
    }

    /// `read`'s result, and whether it read state that changes at run time: a stored `var`, or
    /// a local or parameter holding what one held (``mutableReads``, ``Frame/changingLocals``).
    func readingState<Result>(_ read: () -> Result) -> (result: Result, readsState: Bool) {
        let readsBefore = mutableReads
        let result = read()
        return (result, mutableReads != readsBefore)
    }

    /// What `read` gives in constants-only mode (``readingConstantsOnly``): values the source
    /// fixes, with none of the app's code run.
    func readingConstants<Result>(_ read: () -> Result) -> Result {
        let wasReadingConstantsOnly = readingConstantsOnly
        readingConstantsOnly = true
        defer { readingConstantsOnly = wasReadingConstantsOnly }
        return read()
    }

    /// The name `expression` reads when it is a bare name (`key`) or a member of `self`
    /// (`self.key`); `nil` otherwise.
    static func nameOrSelfMember(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            return member.declName.baseName.text
        }
        return nil
    }

    func negation(_ decision: Decision) -> Decision {
        switch decision {
        case .skip: return .unconditional
        case .unconditional: return .skip
        case .condition(let text): return .condition("!(\(text))")
        }
    }

    private func executeGuard(_ statement: GuardStmtSyntax, frame: inout Frame) {
        let decision = conditionDecision(statement.conditions, frame: &frame)
        var elseFrame = frame
        let elseDecision = negation(decision)
        apply(elseDecision, to: &elseFrame)
        if case .skip = elseDecision {
            skippedRegions.insert(statement.body.id)
        } else {
            execute(statement.body.statements, frame: &elseFrame)
            frame.returns = elseFrame.returns
        }
        switch decision {
        case .skip: frame.terminated = true
        case .unconditional: break
        case .condition(let c): frame.conditions.append(c)
        }
    }

    /// `if` as a statement or an expression: each branch runs under its condition and the
    /// frames are merged; an `if` whose every branch returns ends the code after it.
    func evaluateIf(_ expression: IfExprSyntax, frame: inout Frame) -> Value {
        var branches: [Frame] = []
        var values: [Value.Item] = []
        var negations: [Decision] = []
        var current: IfExprSyntax? = expression
        var elseBody: CodeBlockSyntax?
        while let branch = current {
            let decision = conditionDecision(branch.conditions, frame: &frame)
            var inner = frame
            for earlier in negations { apply(earlier, to: &inner) }
            apply(decision, to: &inner)
            if case .skip = decision {
                skippedRegions.insert(branch.body.id)
            } else {
                let value = run(block: branch.body, frame: &inner)
                values.append(.init(value: value, conditions: inner.conditions))
                branches.append(inner)
            }
            if case .unconditional = decision {
                // This branch always runs (`if #available(…)` met by the deployment target).
                if let rest = branch.elseBody { skippedRegions.insert(rest.id) }
                merge(branches: branches, into: &frame)
                return values.count == 1 ? values[0].value : .array(values.flatMap { flatten($0.value, conditions: $0.conditions) })
            }
            negations.append(negation(decision))
            switch branch.elseBody {
            case .ifExpr(let next)?: current = next
            case .codeBlock(let block)?: elseBody = block; current = nil
            case nil: current = nil
            }
        }
        var elseFrame = frame
        for decision in negations { apply(decision, to: &elseFrame) }
        if let elseBody {
            let value = run(block: elseBody, frame: &elseFrame)
            values.append(.init(value: value, conditions: elseFrame.conditions))
        }
        branches.append(elseFrame)
        let outer = frame.conditions
        merge(branches: branches, into: &frame)
        if values.count == 1 { return values[0].value }
        if let scalar = scalarChoice(values, outside: outer) { return scalar }
        return .array(values.flatMap { branch in flatten(branch.value, conditions: branch.conditions) })
    }

    /// Whether `name` is a `let` stored property of the frame's type whose value this instance
    /// was built with (``Frame/selfFields`` holds a value the source fixes): it cannot change.
    private func isConstructionConstant(_ name: String, in frame: Frame) -> Bool {
        guard frame.locals[name] == nil, let value = frame.selfFields[name], value.isKnown,
              let property = frame.selfType.flatMap({ index.type(named: $0) })?.properties[name] else { return false }
        return property.isInstanceConstant
    }

    /// `switch`: every case is a branch.
    func evaluateSwitch(_ expression: SwitchExprSyntax, frame: inout Frame) -> Value {
        let subject = expression.subject.sourceText
        let subjectValue = evaluate(expression.subject, frame: &frame)
        // Only `self`, locals, `let` properties this instance was built with (a view's `tab`
        // given at each construction) and their members (`context.input`) are values the code
        // fixed; a stored `var`'s initial value may have changed by the time UIKit asks.
        let root = String(subject.prefix { $0 != "." })
        let fixed = subject == "self" || frame.locals[subject] != nil || (root != subject && frame.locals[root] != nil)
            || isConstructionConstant(root, in: frame)
        if fixed, let (chosen, bindings) = matchingCase(of: expression, subject: subjectValue, frame: frame) {
            // A subject the evaluator knows (`switch self` in an enum's property) picks its case,
            // and the case's payload binds its names (`case let .key(input, flags)`).
            for (name, value) in bindings { frame.locals[name] = value }
            let before = frame.returns.count
            execute(chosen.statements, frame: &frame)
            if frame.returns.count == before, chosen.statements.count == 1, let only = chosen.statements.first?.item.as(ExprSyntax.self) {
                return evaluate(only, frame: &frame)
            }
            return .null
        }
        var branches: [Frame] = []
        var values: [Value.Item] = []
        var hasDefault = false
        for element in expression.cases {
            guard case .switchCase(let switchCase) = element else { continue }
            let text: String
            switch switchCase.label {
            case .default:
                hasDefault = true
                text = "!(\(subject) matches an earlier case)"
            case .case(let label):
                text = "\(subject) == \(label.caseItems.sourceText)"
            }
            let decision = decide(text)
            if case .skip = decision {
                skippedRegions.insert(switchCase.id)
                continue
            }
            var inner = frame
            apply(decision, to: &inner)
            execute(switchCase.statements, frame: &inner)
            if let last = switchCase.statements.last?.item.as(ExprSyntax.self), switchCase.statements.count == 1 {
                values.append(.init(value: evaluate(last, frame: &inner), conditions: inner.conditions))
            }
            branches.append(inner)
        }
        if !hasDefault { branches.append(frame) }
        let outer = frame.conditions
        merge(branches: branches, into: &frame)
        if values.count == 1 { return values[0].value }
        return scalarChoice(values, outside: outer) ?? .array(values)
    }

    /// The branches of an `if` or `switch` expression as a choice, when none of them is a
    /// command or an array (those are collected as arrays); each branch keeps only the
    /// conditions it adds to `outside`.
    func scalarChoice(_ values: [Value.Item], outside: [String]) -> Value? {
        guard values.count > 1, values.allSatisfy({ !$0.value.isCommand && $0.value.items == nil && !$0.value.isNull }) else { return nil }
        // A branch only an older OS takes (the fallback after `#available`) is left out when
        // another remains: the scene is the app on the newest iOS.
        let current = values.filter { !$0.conditions.contains(where: Self.isOlderOSCondition) }
        return choice((current.isEmpty ? values : current).map { Value.Item(value: $0.value, conditions: Self.ownConditions($0.conditions, outside: outside)) })
    }

    /// The conditions a branch adds to those of the code around it (`outside`).
    static func ownConditions(_ conditions: [String], outside: [String]) -> [String] {
        conditions.starts(with: outside) ? Array(conditions.dropFirst(outside.count)) : conditions
    }

    /// The case a known subject selects, when every label is a plain enum case, a literal, or
    /// (for a string or integer subject) a constant the source fixes (`case
    /// UIKeyCommand.inputUpArrow:`).
    private func matchingCase(of expression: SwitchExprSyntax, subject: Value, frame: Frame) -> (SwitchCaseSyntax, [(String, Value)])? {
        let key: String
        switch subject {
        case .enumCase(_, let name, _): key = "." + name
        case .string(let text): key = "\"" + text + "\""
        case .int(let n): key = String(n)
        default: return nil
        }
        var fallback: SwitchCaseSyntax?
        for element in expression.cases {
            guard case .switchCase(let switchCase) = element else { return nil }
            switch switchCase.label {
            case .default:
                fallback = switchCase
            case .case(let label):
                for item in label.caseItems {
                    // `case let .key(input, flags)` and `case .key(let input, _)`: the case's
                    // name, and its payload bound by position.
                    let bound = item.pattern.as(ValueBindingPatternSyntax.self)?.pattern ?? item.pattern
                    if item.whereClause == nil, let call = bound.as(ExpressionPatternSyntax.self)?.expression.as(FunctionCallExprSyntax.self),
                       let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
                        guard case .enumCase(_, let name, let payload) = subject else { return nil }
                        guard member.declName.baseName.text == name else { continue }
                        var bindings: [(String, Value)] = []
                        for (offset, argument) in call.arguments.enumerated() where offset < payload.count {
                            let expression = argument.expression
                            if let pattern = expression.as(PatternExprSyntax.self) {
                                let inner = pattern.pattern.as(ValueBindingPatternSyntax.self)?.pattern ?? pattern.pattern
                                guard let identifier = inner.as(IdentifierPatternSyntax.self) else { continue }
                                bindings.append((identifier.identifier.text, payload[offset]))
                                continue
                            }
                            // Under `case let …` a bare name binds too.
                            if let reference = expression.as(DeclReferenceExprSyntax.self), bound.id != item.pattern.id {
                                bindings.append((reference.baseName.text, payload[offset]))
                            }
                        }
                        return (switchCase, bindings)
                    }
                    guard item.whereClause == nil, let pattern = item.pattern.as(ExpressionPatternSyntax.self) else { return nil }
                    var text = pattern.expression.sourceText
                    if let member = pattern.expression.as(MemberAccessExprSyntax.self), member.base != nil {
                        text = "." + member.declName.baseName.text
                    }
                    if text == key { return (switchCase, []) }
                    let isLiteral = pattern.expression.is(StringLiteralExprSyntax.self) || pattern.expression.is(IntegerLiteralExprSyntax.self)
                    guard !isLiteral, !(pattern.expression.as(MemberAccessExprSyntax.self).map { $0.base == nil } ?? false) else { continue }
                    switch subject {
                    case .string, .int:
                        var scratch = frame
                        switch (subject, evaluate(pattern.expression, frame: &scratch)) {
                        case (.string(let a), .string(let b)): if a == b { return (switchCase, []) }
                        case (.int(let a), .int(let b)): if a == b { return (switchCase, []) }
                        default: return nil  // a pattern the source does not fix: undecided
                        }
                    default:
                        continue
                    }
                }
            }
        }
        return fallback.map { ($0, []) }
    }

    func run(block: CodeBlockSyntax, frame: inout Frame) -> Value {
        let before = frame.returns.count
        if block.statements.count == 1, let only = block.statements.first?.item.as(ExprSyntax.self) {
            let value = evaluate(only, frame: &frame)
            return frame.returns.count > before ? .null : value
        }
        execute(block.statements, frame: &frame)
        return .null
    }

    /// Joins branch frames: arrays keep the elements each branch added (under that branch's
    /// conditions), a local that branches set to different plain values (strings, numbers,
    /// modifier sets, selectors) becomes a choice among them, each under its branch's
    /// conditions, other locals take the first branch's value, returns are collected, and
    /// the code after runs only when some branch did not return.
    func merge(branches: [Frame], into frame: inout Frame) {
        guard !branches.isEmpty else { return }
        let base = frame
        var result = base
        result.returns = base.returns
        for branch in branches {
            result.returns += branch.returns.dropFirst(base.returns.count)
        }
        result.locals = mergeTables(base.locals, branches.map(\.locals))
        for (name, value) in result.locals where value.isPlain {
            if let chosen = branchChoice(of: name, in: branches, outside: base.conditions) { result.locals[name] = chosen }
        }
        result.selfFields = mergeTables(base.selfFields, branches.map(\.selfFields))
        let open = branches.filter { !$0.terminated }
        if open.isEmpty {
            result.terminated = true
            result.endedPass = branches.contains(where: \.endedPass)
        } else if open.count < branches.count, open.count == 1 {
            result.conditions = open[0].conditions
        }
        if let command = branches.first?.selfCommand { result.selfCommand = command }
        frame = result
    }

    /// The values `name` holds at the end of `branches` that did not return, as a choice with
    /// each branch's own conditions; `nil` when they agree or one is not a plain value.
    private func branchChoice(of name: String, in branches: [Frame], outside: [String]) -> Value? {
        var items: [Value.Item] = []
        for branch in branches where !branch.terminated {
            guard let value = branch.locals[name] else { continue }
            if value.isNull { continue }
            guard value.isPlain else { return nil }
            items.append(.init(value: value, conditions: Self.ownConditions(branch.conditions, outside: outside)))
        }
        guard items.count > 1 else { return nil }
        let merged = choice(items)
        guard case .alternatives = merged else { return nil }
        return merged
    }

    private func mergeTables(_ base: [String: Value], _ tables: [[String: Value]]) -> [String: Value] {
        var result = base
        var keys = Set(base.keys)
        for table in tables { keys.formUnion(table.keys) }
        for key in keys {
            let baseItems = base[key]?.items
            let branchValues = tables.compactMap { $0[key] }
            if let baseItems, branchValues.allSatisfy({ $0.items != nil }) {
                var items = baseItems
                for value in branchValues { items += (value.items ?? []).dropFirst(baseItems.count) }
                result[key] = .array(items)
            } else if base[key] == nil, branchValues.allSatisfy({ $0.items != nil }), !branchValues.isEmpty {
                result[key] = .array(branchValues.flatMap { $0.items ?? [] })
            } else if let first = branchValues.first {
                // A value the source does not fix on one path (`regularKey = key` for a key read
                // from settings) leaves it unfixed after the paths join, whatever the others hold.
                let unfixed = branchValues.first { !$0.isKnown }
                let fixedElsewhere = !(base[key]?.isNull ?? true) || branchValues.contains { $0.isPlain }
                result[key] = fixedElsewhere ? unfixed ?? first : first
            }
        }
        return result
    }

    // MARK: - Loops

    private func executeFor(_ statement: ForStmtSyntax, frame: inout Frame) {
        let sequence = evaluate(statement.sequence, frame: &frame)
        let elements = iterate(sequence)
        let whereText = statement.whereClause?.condition.sourceText
        guard let elements, elements.count <= Self.maximumIterations else {
            // One pass in a copy of the frame, with the loop variable bound to `element`.
            func pass(binding element: Value, under condition: String?) -> Frame {
                var inner = frame
                inner.inForPass = true
                if let condition { inner.conditions.append(condition) }
                bind(statement.pattern, to: element, frame: &inner)
                if let whereText { inner.conditions.append(whereText) }
                execute(statement.body.statements, frame: &inner)
                inner.terminated = false
                inner.endedPass = false
                inner.inForPass = frame.inForPass
                return inner
            }
            if let passes = boundedIndexPasses(statement) {
                // Each index the loop's own bound allows, the element unknown: the list decides
                // how many of these passes run.
                let branches = (0..<passes.count).map { index in
                    pass(binding: .tuple([(label: "offset", value: .int(index)), (label: "element", value: .unknown(passes.list + "[\(index)]"))]),
                         under: "\(passes.list) has \(index + 1) elements")
                }
                merge(branches: branches, into: &frame)
                return
            }
            let before = frame.locals
            merge(branches: [pass(binding: .unknown(statement.pattern.sourceText), under: nil)], into: &frame)
            // The loop runs any number of times: a number, string, modifier set or selector the
            // pass changed is not fixed after it (arrays keep what the pass added, under its
            // conditions).
            for (name, old) in before {
                guard let oldKey = old.scalarKey, let new = frame.locals[name], new.scalarKey != oldKey else { continue }
                if case .array = new { continue }
                frame.locals[name] = .unknown(name)
            }
            return
        }
        // Each pass runs in the frame itself (a copy per pass would share every array with the
        // outer frame, so each `append` in the body would copy the array): the pass's own
        // conditions are undone after it, and locals the body declares are dropped.
        let outerConditions = frame.conditions
        let outerNames = Set(frame.locals.keys)
        let wasInForPass = frame.inForPass
        frame.inForPass = true
        defer { frame.inForPass = wasInForPass }
        for element in elements {
            frame.conditions += element.conditions
            if let whereText { frame.conditions.append(whereText) }
            bind(statement.pattern, to: element.value, frame: &frame)
            execute(statement.body.statements, frame: &frame)
            frame.terminated = false
            frame.endedPass = false
            frame.conditions = outerConditions
            if frame.locals.count != outerNames.count || frame.locals.keys.contains(where: { !outerNames.contains($0) }) {
                frame.locals = frame.locals.filter { outerNames.contains($0.key) }
            }
        }
    }

    /// For `for (i, x) in list.enumerated()` over a list the source does not fix, the number of
    /// passes the loop's own bound on the index allows: `where i < 9`, or a first statement
    /// `guard i < 8, … else { continue }` (or `break`); `<=` allows one more. `nil` without such
    /// a bound, or past ``maximumIterations``.
    func boundedIndexPasses(_ statement: ForStmtSyntax) -> (list: String, count: Int)? {
        guard let call = statement.sequence.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
              let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              ["enumerated", "enumerate"].contains(member.declName.baseName.text), let list = member.base,
              let tuple = statement.pattern.as(TuplePatternSyntax.self), let first = tuple.elements.first,
              let index = first.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return nil }
        var bound: ExprSyntax?
        if let clause = statement.whereClause {
            bound = clause.condition
        } else if let guardStatement = statement.body.statements.first?.item.as(GuardStmtSyntax.self),
                  guardStatement.body.statements.contains(where: { $0.item.is(ContinueStmtSyntax.self) || $0.item.is(BreakStmtSyntax.self) }),
                  case .expression(let condition)? = guardStatement.conditions.first?.condition {
            bound = condition
        }
        guard let elements = bound?.as(SequenceExprSyntax.self)?.elements.map({ $0 }), elements.count == 3,
              elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text == index,
              let op = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text, op == "<" || op == "<=",
              let limit = elements[2].as(IntegerLiteralExprSyntax.self).flatMap({ Self.integer($0.literal.text) }) else { return nil }
        let count = op == "<" ? limit : limit + 1
        guard count > 0, count <= Self.maximumIterations else { return nil }
        return (list.sourceText, count)
    }

    /// The elements of a value a `for` loop or `map` can walk: arrays, ranges, a string's
    /// characters, a set built from literals, a dictionary's `(key, value)` pairs, and one of
    /// several of them.
    func iterate(_ value: Value) -> [Value.Item]? {
        switch value {
        case .array(let items): return items
        case .object:
            // A dictionary's `(key, value)` pairs, in key order so every run reads them alike.
            guard let entries = value.tableEntries else { return nil }
            return entries.keys.sorted().map { key in
                .init(value: .tuple([(label: "key", value: .string(key)), (label: "value", value: entries[key] ?? .null)]), conditions: [])
            }
        case .string(let text): return text.map { .init(value: .string(String($0)), conditions: []) }
        case .null: return []
        case .alternatives(let branches):
            // One of several collections (what the app's constructions pass): each one's
            // elements, under the conditions of its branch.
            var items: [Value.Item] = []
            for branch in branches {
                guard let elements = iterate(branch.value) else { return nil }
                items += elements.map { .init(value: $0.value, conditions: Self.nested(branch.conditions, $0.conditions)) }
            }
            return items
        default: return nil
        }
    }

    /// Enters a function, property or closure run; `false` when it is already running (a
    /// recursion, which gives unknown the same way from every call stack, so runs around it
    /// are still memoised) or the call depth is spent (which depends on the call stack, so
    /// runs around it are not).
    func enter(_ key: RunKey) -> Bool {
        guard depth < Self.maximumDepth else {
            truncations &+= 1
            return false
        }
        guard inProgress.insert(key).inserted else { return false }
        depth += 1
        return true
    }

    func leave(_ key: RunKey) {
        depth -= 1
        inProgress.remove(key)
    }
}

/// A member asked for by name on a type (``Evaluator/findProperty(_:of:static:)``,
/// ``Evaluator/functions(of:assigning:)``).
struct PropertyQuestion: Hashable {
    var type: String
    var name: String
    var isStatic: Bool?
}

/// What ``Evaluator/enter(_:)`` marks as running: a body or declaration by its syntax node, or
/// a property by its type and name.
enum RunKey: Hashable {
    /// A function's, initialiser's or closure's body, a getter's declaration.
    case node(SyntaxIdentifier)
    /// A property's value (of a type, or a global's with no type).
    case property(type: String?, name: String)
    /// The search for what a type's methods assign to a stored property.
    case assigned(type: String, name: String)
}

extension Value {
    var isCommand: Bool {
        if case .command = self { return true }
        return false
    }

    var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}
