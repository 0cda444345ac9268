import Foundation
import SceneImportVocabulary
import SwiftSyntax

extension Evaluator {
    /// What a branch condition means for the commands under it.
    enum Decision { case skip, unconditional, condition(Condition.Test) }

    /// What one test means: a literal Boolean and the platform tests (``PlatformModel``) are
    /// decided, and so is the menu builder's `system` while the main menu is built
    /// (``MenuModel/mainMenuCheck(_:)`` reads `expression`, the test's syntax); any other test
    /// is a run-time condition.
    func decide(_ test: Condition.Test, expression: ExprSyntax? = nil) -> Decision {
        if !test.isNegated, test.source == "true" { return .unconditional }
        if !test.isNegated, test.source == "false" { return .skip }
        if mode == .menu, let expression, let isMainMenu = MenuModel.mainMenuCheck(expression) { return isMainMenu ? .unconditional : .skip }
        if let holds = PlatformModel.holds(test.text, on: index.conditions.platform) { return holds ? .unconditional : .skip }
        return .condition(test)
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
        if case .condition(let test) = decision { frame.condition.append(test) }
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
                // UIKit's own item of a standard menu (``MenuModel/standardChildren(of:)``) is
                // known: a cast of it binds on every run.
                if !value.isStaticData && !MenuModel.isStandardItem(value) { kept.append(element.condition.sourceText) }
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
                let expression: ExprSyntax? = if case .expression(let expression) = element.condition { expression } else { nil }
                switch decide(Condition.Test(element.condition.sourceText), expression: expression) {
                case .skip: return .skip
                case .unconditional: continue
                case .condition(let test): kept.append(test.text)
                }
            }
        }
        return kept.isEmpty ? .unconditional : .condition(Condition.Test(kept.joined(separator: ", ")))
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

    func constantTruth(frame: inout Frame, _ read: (inout Frame) -> Value) -> Bool? {
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
        case .condition(let test): return .condition(test.negated)
        }
    }

    func executeGuard(_ statement: GuardStmtSyntax, frame: inout Frame) {
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
        case .condition(let test): frame.condition.append(test)
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
                values.append(.init(value: value, condition: inner.condition))
                branches.append(inner)
            }
            if case .unconditional = decision {
                // This branch always runs (`if #available(…)` met by the deployment target).
                if let rest = branch.elseBody { skippedRegions.insert(rest.id) }
                merge(branches: branches, into: &frame)
                return values.count == 1 ? values[0].value : .array(values.flatMap { flatten($0.value, condition: $0.condition) })
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
            values.append(.init(value: value, condition: elseFrame.condition))
        }
        branches.append(elseFrame)
        let outer = frame.condition
        merge(branches: branches, into: &frame)
        if values.count == 1 { return values[0].value }
        if let scalar = scalarChoice(values, outside: outer) { return scalar }
        return .array(values.flatMap { branch in flatten(branch.value, condition: branch.condition) })
    }

    /// Whether `name` is a `let` stored property of the frame's type whose value this instance
    /// was built with (``Frame/selfFields`` holds a value the source fixes): it cannot change.
    func isConstructionConstant(_ name: String, in frame: Frame) -> Bool {
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
            // A case of one expression gives its value, run once (`case .a: list.append(x)`
            // appends once, whether the switch is a statement or an expression).
            if chosen.statements.count == 1, let only = chosen.statements.first?.item.as(ExprSyntax.self) {
                return evaluate(only, frame: &frame)
            }
            execute(chosen.statements, frame: &frame)
            return .null
        }
        var branches: [Frame] = []
        var values: [Value.Item] = []
        var hasDefault = false
        var earlier: [SwitchCaseSyntax.Label] = []
        for element in expression.cases {
            guard case .switchCase(let switchCase) = element else { continue }
            let test: Condition.Test
            switch switchCase.label {
            case .default:
                hasDefault = true
                test = Condition.Test("\(subject) matches an earlier case", isNegated: true)
            case .case(let label):
                test = Condition.Test("\(subject) == \(label.caseItems.sourceText)")
            }
            let decision: Decision
            if mode == .menu, let isMainMenu = MenuModel.mainMenuCase(switchCase.label, of: expression.subject, after: earlier) {
                decision = isMainMenu ? .unconditional : .skip
            } else {
                decision = decide(test)
            }
            earlier.append(switchCase.label)
            if case .skip = decision {
                skippedRegions.insert(switchCase.id)
                continue
            }
            var inner = frame
            apply(decision, to: &inner)
            execute(switchCase.statements, frame: &inner)
            if let last = switchCase.statements.last?.item.as(ExprSyntax.self), switchCase.statements.count == 1 {
                values.append(.init(value: evaluate(last, frame: &inner), condition: inner.condition))
            }
            branches.append(inner)
        }
        if !hasDefault { branches.append(frame) }
        let outer = frame.condition
        merge(branches: branches, into: &frame)
        if values.count == 1 { return values[0].value }
        return scalarChoice(values, outside: outer) ?? .array(values)
    }

    /// The branches of an `if` or `switch` expression as a choice, when none of them is a
    /// command or an array (those are collected as arrays); each branch keeps only the
    /// conditions it adds to `outside`.
    func scalarChoice(_ values: [Value.Item], outside: Condition) -> Value? {
        guard values.count > 1, values.allSatisfy({ !$0.value.isCommand && $0.value.items == nil && !$0.value.isNull }) else { return nil }
        // A branch only an older OS takes (the fallback after `#available`) is left out when
        // another remains: the scene is the app on the newest iOS.
        let current = Self.onNewestOS(values)
        return choice((current.isEmpty ? values : current).map { Value.Item(value: $0.value, condition: $0.condition.beyond(outside)) })
    }

    /// The alternatives the newest OS can take: those under no ``isOlderOSTest(_:)`` test.
    static func onNewestOS(_ items: [Value.Item]) -> [Value.Item] {
        items.filter { !$0.condition.tests.contains(where: isOlderOSTest) }
    }

    /// The case a known subject selects, when every label is a plain enum case, a literal, or
    /// (for a string or integer subject) a constant the source fixes (`case
    /// UIKeyCommand.inputUpArrow:`).
    func matchingCase(of expression: SwitchExprSyntax, subject: Value, frame: Frame) -> (SwitchCaseSyntax, [(String, Value)])? {
        let key: String
        switch subject {
        case .enumCase(_, let name, _): key = "." + name
        case .string(let text): key = "\"" + text + "\""
        case .int(let n): key = String(n)
        case .selector: key = ""
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
                    case .string, .int, .selector:
                        var scratch = frame
                        switch (subject, evaluate(pattern.expression, frame: &scratch)) {
                        case (.string(let a), .string(let b)): if a == b { return (switchCase, []) }
                        case (.int(let a), .int(let b)): if a == b { return (switchCase, []) }
                        // `case #selector(UIResponderStandardEditActions.copy):` on an item's action.
                        case (.selector(let a), .selector(let b)): if a == b { return (switchCase, []) }
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
        // What each branch put before an array's first element (`list.insert(x, at: 0)`).
        func putFirst(_ branch: Int, _ key: String) -> Int {
            branches[branch].frontInsertions[key, default: 0] - base.frontInsertions[key, default: 0]
        }
        // Most joins have nothing put first: they skip the lookups.
        let putsFirst = branches.contains { $0.frontInsertions != base.frontInsertions }
        result.locals = mergeTables(base.locals, branches.map(\.locals), putFirst: putsFirst ? { putFirst($0, $1) } : nil)
        for (name, value) in result.locals where value.isPlain {
            if let chosen = branchChoice(of: name, in: branches, outside: base.condition) { result.locals[name] = chosen }
        }
        result.selfFields = mergeTables(base.selfFields, branches.map(\.selfFields), putFirst: putsFirst ? { putFirst($0, "self." + $1) } : nil)
        if putsFirst {
            for key in Set(branches.flatMap(\.frontInsertions.keys)) {
                result.frontInsertions[key] = base.frontInsertions[key, default: 0] + branches.indices.reduce(0) { $0 + putFirst($1, key) }
            }
        }
        let open = branches.filter { !$0.terminated }
        if open.isEmpty {
            result.terminated = true
            result.endedPass = branches.contains(where: \.endedPass)
        } else if open.count < branches.count, open.count == 1 {
            result.condition = open[0].condition
        }
        if let command = branches.first?.selfCommand { result.selfCommand = command }
        frame = result
    }

    /// The values `name` holds at the end of `branches` that did not return, as a choice with
    /// each branch's own conditions; `nil` when they agree or one is not a plain value.
    func branchChoice(of name: String, in branches: [Frame], outside: Condition) -> Value? {
        var items: [Value.Item] = []
        for branch in branches where !branch.terminated {
            guard let value = branch.locals[name] else { continue }
            if value.isNull { continue }
            guard value.isPlain else { return nil }
            items.append(.init(value: value, condition: branch.condition.beyond(outside)))
        }
        guard items.count > 1 else { return nil }
        let merged = choice(items)
        guard case .alternatives = merged else { return nil }
        return merged
    }

    /// Joins branch tables (``merge(branches:into:)``); `putFirst(branch, key)`, when given, is
    /// how many elements that branch put before the array's first, which stay in front.
    func mergeTables(_ base: [String: Value], _ tables: [[String: Value]],
                     putFirst: ((Int, String) -> Int)? = nil) -> [String: Value] {
        var result = base
        var keys = Set(base.keys)
        for table in tables { keys.formUnion(table.keys) }
        for key in keys {
            let baseItems = base[key]?.items
            let branchValues = tables.compactMap { $0[key] }
            if let baseItems, branchValues.allSatisfy({ $0.items != nil }) {
                var items = baseItems
                guard let putFirst else {
                    for value in branchValues { items += (value.items ?? []).dropFirst(baseItems.count) }
                    result[key] = .array(items)
                    continue
                }
                var front: [Value.Item] = []
                for (branch, table) in tables.enumerated() {
                    guard let branchItems = table[key]?.items else { continue }
                    let first = min(max(putFirst(branch, key), 0), branchItems.count)
                    front += branchItems.prefix(first)
                    items += branchItems.dropFirst(first + baseItems.count)
                }
                result[key] = .array(front + items)
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
}
