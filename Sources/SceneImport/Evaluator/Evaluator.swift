import KeyTraceCore
import SceneImportBudget
import SceneImportResources
import SceneImportVocabulary
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
    /// How branch conditions are treated (the main menu drops `builder.system` checks), set
    /// for each run (``run(asProvider:mode:_:)``).
    var mode: Mode = .responder

    enum Mode { case responder, menu }

    /// Every command value the running provider created, with its conditions (``RunLog``).
    var created: [Value.Item] = []
    /// Every command the running provider passed to `addKeyCommand(_:)` (``RunLog``).
    var added: [Value.Item] = []

    /// The types whose `buildMenu(with:)` another type's main-menu code called (not through
    /// `super`): helpers of that provider, not providers UIKit calls themselves.
    var menuBuildersCalled: Set<String> = []
    /// Functions other than `buildMenu(with:)` that take a `UIMenuBuilder` and that menu code
    /// the evaluator ran called: helpers of their caller, not entry points of their own.
    var menuFunctionsCalled: Set<SourceLocation> = []

    private var depth = 0
    private var inProgress: Set<RunKey> = []
    // Caches for the whole import: answers that do not change while the index does not.
    /// Strings read through generated accessors (`L10n.Menu.title`).
    lazy var generatedStrings = GeneratedStrings(strings: strings) { [index] in index.type(named: $0) != nil }
    /// Resource contents already read, by path and the type they were decoded as.
    var loadedResources: [String: Value] = [:]
    /// `#selector(…)` names already looked up, by `self`'s type, the reference's text and the
    /// file it is written in.
    var selectorNames: [SelectorReference: String] = [:]
    /// ``selectorNames``' answers by the `#selector(…)` argument written in the source and
    /// `self`'s type, so that evaluating one again neither writes its text nor hashes it.
    var selectorNamesBySite: [SelectorSite: String] = [:]
    /// What each expected type of an array literal tells (``ArrayHint``), by the type's text.
    var arrayHints: [String: ArrayHint] = [:]
    /// The app's own initialisers a `UIKeyCommand` creation of each type may call: the type's,
    /// its superclasses' and `extension UIKeyCommand`'s (``makeCommand(type:args:call:frame:)``).
    var commandInitializers: [String: [SourceIndex.FunctionInfo]] = [:]
    /// ``mayAttachShortcuts(_:)``'s answers, by node.
    var attachingCode: [SyntaxIdentifier: Bool] = [:]
    /// ``shortcutSlice(of:)``'s answers, by scope.
    var shortcutSlices: [SyntaxIdentifier: Set<String>] = [:]
    /// ``findFunctions(named:in:)``'s answers, by type and name: the index does not change
    /// while the evaluator runs, and a getter asks the same question once per call it makes.
    var functionsFound: [String: [SourceIndex.FunctionInfo]] = [:]
    /// Local functions described (``SourceIndex/localFunction(_:)``), by declaration.
    var localFunctionInfos: [SyntaxIdentifier: SourceIndex.FunctionInfo] = [:]
    /// Each assignment's target as ``assignmentTarget(_:)`` reads it, by the target's first element.
    var assignmentTargets: [SyntaxIdentifier: AssignmentTarget] = [:]
    /// Where each operator sequence assigns (``assignmentSplit(of:)``), by its first element:
    /// a loop's assignment is split once, not at every pass.
    var assignmentSplits: [SyntaxIdentifier: AssignmentSplit] = [:]
    /// Each call's place in the source (``callLocation(_:)``), by call.
    var callLocations: [SyntaxIdentifier: SourceLocation] = [:]
    /// Each call's arguments as ``arguments(of:)`` reads them, by call.
    var callArguments: [SyntaxIdentifier: [(label: String?, expression: ExprSyntax)]] = [:]
    /// Each sequence expression's elements (``elements(of:)``), by node.
    var sequenceElements: [SyntaxIdentifier: [ExprSyntax]] = [:]
    /// Each array literal's element expressions (``elements(of:)``), by node.
    var arrayElements: [SyntaxIdentifier: [ExprSyntax]] = [:]
    /// What each body ``run(_:frame:)`` runs is (``BodyShape``), by its statement list.
    var bodyShapes: [SyntaxIdentifier: BodyShape] = [:]
    /// The names each closure's body mentions (``namesMentioned(in:)``).
    var closureNames: [SyntaxIdentifier: Set<String>] = [:]
    /// ``findProperty(_:of:static:)``'s answers: the index does not change while the evaluator runs.
    var propertiesFound: [PropertyQuestion: (SourceIndex.PropertyInfo, owner: String)?] = [:]
    /// ``functions(of:assigning:)``'s answers, by type and name.
    var functionsAssigning: [PropertyQuestion: [SourceIndex.FunctionInfo]] = [:]
    /// The work counters for this import and the budget they count against.
    let meter: WorkMeter
    /// Branches the evaluator decided never run for this build (`if #available` the deployment
    /// target rules out, a main menu's `.context` branch, a branch after one that always runs):
    /// the creation-site sweep does not report what they create.
    var skippedRegions: Set<SyntaxIdentifier> = []


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
    /// While a view's call of a shortcut helper runs (``CommandExtractor``): each
    /// `.keyboardShortcut(…)` the helper reaches, with the conditions it runs under. Runs are
    /// not memoised meanwhile, since a memoised run would not log its shortcuts again.
    var shortcutLog: [LoggedShortcut]?
    /// The shortcut helpers' names (``ShortcutHelpers/names``): while shortcuts are logged, a
    /// closure handed to a call the evaluator does not model runs only when it names
    /// `.keyboardShortcut` or one of them (a button's action never attaches a shortcut).
    let shortcutHelperNames: Set<String>
    /// The view modifiers whose `body(content:)` attaches shortcuts
    /// (``ShortcutHelpers/shortcutModifiers``): a helper that applies one (`.modifier(M(…))`)
    /// attaches what its body does, run on the modifier the call builds.
    let shortcutModifiers: [String: SourceIndex.FunctionInfo]
    /// The `extension View` methods that attach shortcuts, by name
    /// (``ShortcutHelpers/viewHelperMethods``): a helper that calls one on a view
    /// (`Button { … }.editorShortcut(action)` in a view's own method) attaches what it does.
    let shortcutViewMethods: [String: [SourceIndex.FunctionInfo]]
    /// The storyboards' tab bar controllers (``Storyboard/tabBarControllers``): `tabBar.items`
    /// of a class no code gives its tabs has as many items as the storyboard gives it.
    let storyboardTabBars: [(customClass: String?, tabs: Int)]

    /// A `.keyboardShortcut(…)` a shortcut helper reached.
    struct LoggedShortcut {
        var input: String?
        var modifiers: ModifierFlags?
        var condition: Condition
    }

    /// The callers' contexts of closures passed to a running function that has another `self`
    /// (``invokeWithValues(_:ofType:values:frame:selfValue:site:inOutParameters:finalValues:)``),
    /// by closure.
    var capturedContexts: [SyntaxIdentifier: Frame] = [:]
    /// The callers' locals of closures passed to a running function with the same `self`, by
    /// closure: such a closure reads and changes the names of the scope it is written in
    /// (`insert(items) { insertChild($0, atEndOfMenu: parent) }`), not the callee's.
    var capturedLocals: [SyntaxIdentifier: [String: Value]] = [:]
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
    /// How the memo has fared with each declaration (``MemoTrial``), in one table: a call asks
    /// all three questions of it at once.
    var memoTrials: [SyntaxIdentifier: MemoTrial] = [:]
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
    /// The most adopters a call of a protocol requirement on a protocol-typed receiver runs.
    static let maximumAdopters = 64

    /// An evaluator for one import of the app `index` holds. `shortcutHelpers` are the app's
    /// functions that attach SwiftUI shortcuts (``ShortcutHelpers``); `storyboardTabBars` the
    /// storyboards' tab bar controllers.
    init(index: SourceIndex, strings: StringsTable, resources: ResourceFiles = ResourceFiles(), budget: EvaluationBudget = .standard,
         shortcutHelpers: ShortcutHelpers? = nil, storyboardTabBars: [(customClass: String?, tabs: Int)] = []) {
        self.index = index
        self.meter = WorkMeter(budget: budget)
        self.shortcutHelperNames = shortcutHelpers?.names ?? []
        self.shortcutModifiers = shortcutHelpers?.shortcutModifiers ?? [:]
        self.shortcutViewMethods = shortcutHelpers?.viewHelperMethods ?? [:]
        self.storyboardTabBars = storyboardTabBars
        self.strings = strings
        self.resources = resources
    }

    /// Enters a function, property or closure run; `false` when it is already running (a
    /// recursion, which gives unknown the same way from every call stack, so runs around it
    /// are still memoised) or the call depth is spent (which depends on the call stack, so
    /// runs around it are not).
    func enter(_ key: RunKey) -> Bool {
        guard depth < meter.budget.callDepth else {
            meter.truncations &+= 1
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

    /// One activation: locals, `self`, and the conditions the code runs under.
    struct Frame {
        var locals: [String: Value] = [:]
        var selfType: String?
        var selfFields: [String: Value] = [:]
        var condition: Condition = .always
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
        /// How many elements `insert(_:at: 0)` put before each array's first (a local by name, a
        /// field as `self.name`): joining branches keeps what each put first in front.
        var frontInsertions: [String: Int] = [:]

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
        index.location(node)
    }

    /// ``location(_:)`` of a call, found once per call: finding a node's line walks up to its
    /// file's root, and a loop creates its commands at one call again and again.
    func callLocation(_ call: FunctionCallExprSyntax) -> SourceLocation {
        if let known = callLocations[call.id] { return known }
        let found = location(call)
        callLocations[call.id] = found
        return found
    }

    /// The file `node` is in: ``location(_:)``'s file, without finding the line.
    func file(of node: some SyntaxProtocol) -> String {
        index.sourceOfRoot[node.root.id]?.file ?? "?"
    }

    /// Logs a command created under `condition`.
    func record(created command: CommandValue, under condition: Condition) {
        created.append(.init(value: .command(command), condition: condition))
    }

    func recordAdded(_ value: Value, in frame: Frame) {
        added.append(contentsOf: flatten(value, condition: frame.condition))
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

    /// Puts `outer` before the condition of every command created or added, and every
    /// shortcut logged, since `marks`: a run that does not depend on its reader's conditions
    /// (a static initialiser, a method learnt for what it assigns) ran without them.
    func prefixEffects(since marks: EffectMarks, with outer: Condition) {
        guard !outer.isAlways else { return }
        for offset in marks.created..<created.count { created[offset].condition = outer.nesting(created[offset].condition) }
        for offset in marks.added..<added.count { added[offset].condition = outer.nesting(added[offset].condition) }
        if let count = shortcutLog?.count, count > marks.logged {
            for offset in marks.logged..<count { shortcutLog?[offset].condition.tests.insert(contentsOf: outer.tests, at: 0) }
        }
    }

    /// The elements of a value that may hold commands, each with its condition.
    func flatten(_ value: Value, condition: Condition) -> [Value.Item] {
        var items: [Value.Item] = []
        flatten(value, condition: condition, into: &items)
        return items
    }

    /// Appends ``flatten(_:condition:)``'s elements to `items`, in order.
    private func flatten(_ value: Value, condition: Condition, into items: inout [Value.Item]) {
        switch value {
        case .array(let elements):
            for element in elements { flatten(element.value, condition: condition.nesting(element.condition), into: &items) }
        case .null, .unknown:
            break
        default:
            items.append(.init(value: value, condition: condition))
        }
    }

    // MARK: - Running code

    /// Runs a function body, getter or closure and returns what it returns (the union of its
    /// `return`s, each under its conditions; a single-expression body returns its value, also
    /// when an `#if` picks that expression).
    func run(_ items: CodeBlockItemListSyntax, frame: inout Frame) -> Value {
        let outside = frame.condition
        switch bodyShape(of: items) {
        case .activeClause(let active):
            return run(active, frame: &frame)
        case .expression(let expression):
            let value = evaluate(expression, frame: &frame, hint: frame.returnHint)
            if !frame.terminated { frame.returns.append(.init(value: value, condition: frame.condition)) }
        case .statements:
            execute(items, frame: &frame)
        }
        return union(frame.returns, outside: outside)
    }

    /// What a body is: one `#if` whose active clause holds statements, one expression (or a
    /// `switch` of expressions) whose value it returns, or statements. Read from the syntax once
    /// per body (``bodyShapes``): a closure a loop calls runs its body at every pass.
    enum BodyShape {
        case activeClause(CodeBlockItemListSyntax)
        case expression(ExprSyntax)
        case statements
    }

    /// ``BodyShape`` of `items`.
    func bodyShape(of items: CodeBlockItemListSyntax) -> BodyShape {
        if let known = bodyShapes[items.id] { return known }
        var shape = BodyShape.statements
        if items.count == 1, let only = items.first {
            if let block = only.item.as(IfConfigDeclSyntax.self),
               case .statements(let active)? = index.conditions.activeClause(of: block)?.elements {
                shape = .activeClause(active)
            } else if let expression = only.item.as(ExprSyntax.self) ?? Self.switchExpression(only) {
                shape = .expression(expression)
            }
        }
        bodyShapes[items.id] = shape
        return shape
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
    func union(_ returns: [Value.Item], outside: Condition) -> Value {
        if returns.isEmpty { return .null }
        if returns.count == 1, returns[0].condition.isAlways { return returns[0].value }
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
                default: items += flatten(item.value, condition: item.condition)
                }
            }
            return .array(items)
        }
        // Scalars returned on several paths (`if tab == .all { return "1" }; return "2"`) are a
        // choice, each under the conditions its path adds.
        if let scalar = scalarChoice(returns, outside: outside) { return scalar }
        return returns.first { $0.value.isKnown && !$0.value.isNull }?.value ?? returns[0].value
    }

    /// Whether a test holds only on an OS older than the newest: the negation of one
    /// `#available` check (`!(#available(iOS 15, *))`), or `#unavailable(…)` (``NewestOS``).
    static func isOlderOSTest(_ test: Condition.Test) -> Bool {
        NewestOS.decides(test) == false
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
                var (value, readsState) = readingState { binding.initializer.map { evaluate($0.value, frame: &frame, hint: hint) } ?? .null }
                // A modifier set declared with an array literal (`var flags: UIKeyModifierFlags =
                // []`) is one set: `flags.insert(.shift)` grows it, it is no list of sets.
                if let hint, case .array = value, ModifierFlagsModel.isModifierType(hint), let flags = asModifiers(value) {
                    value = .modifiers(flags)
                }
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
            frame.returns.append(.init(value: value, condition: frame.condition))
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
            inner.condition.append(Condition.Test(whileStatement.conditions.sourceText))
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
}

/// An assignment's target as ``Evaluator/assignmentTarget(_:)`` reads it: its text, and the
/// field of `self` or local it names (``Evaluator/selfPath(of:)``).
struct AssignmentTarget {
    var text: String
    var isSelf: Bool
    var field: String
    /// Whether ``field`` is a path (`a.b`) rather than one name.
    var isPath: Bool
    /// The declared type of the stored property ``field`` names on the `self` type it was last
    /// looked up for (``Evaluator/findProperty(_:of:static:)``, which does not change while
    /// the evaluator runs).
    var declaredType: (selfType: String, type: String?)?
}

/// An operator sequence's elements around its assignment operator (``Evaluator/assignmentSplit(of:)``).
struct AssignmentSplit {
    /// How many elements the sequence has: a part of a longer sequence starts at the same
    /// element and is split on its own.
    var count: Int
    /// The elements before the operator, the operator (`=`, `+=`…) and the elements after it;
    /// `nil` when the sequence assigns nothing.
    var parts: (target: [ExprSyntax], op: String, value: [ExprSyntax])?
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
