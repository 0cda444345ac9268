import Foundation
import SceneImportVocabulary
import SwiftSyntax

extension Evaluator {
    func executeFor(_ statement: ForStmtSyntax, frame: inout Frame) {
        // `for command in commands { command.wantsPriorityOverSystemBehavior = true }`.
        if statement.whereClause == nil, let parameter = statement.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
           statement.sequence.is(DeclReferenceExprSyntax.self) || statement.sequence.as(MemberAccessExprSyntax.self)?.base?.sourceText == "self",
           settingCommandProperties(of: statement.sequence.sourceText, parameter: parameter, body: statement.body.statements, frame: &frame) {
            return
        }
        let sequence = evaluate(statement.sequence, frame: &frame)
        let elements = iterate(sequence)
        let whereText = statement.whereClause?.condition.sourceText
        guard let elements, elements.count <= meter.budget.loopPasses else {
            // One pass in a copy of the frame, with the loop variable bound to `element`.
            func pass(binding element: Value, under condition: Condition.Test?) -> Frame {
                var inner = frame
                inner.inForPass = true
                if let condition { inner.condition.append(condition) }
                bind(statement.pattern, to: element, frame: &inner)
                if let whereText { inner.condition.append(Condition.Test(whereText)) }
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
                         under: Condition.Test("\(passes.list) has \(index + 1) elements"))
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
        let outerCondition = frame.condition
        let outerNames = Set(frame.locals.keys)
        let wasInForPass = frame.inForPass
        frame.inForPass = true
        defer { frame.inForPass = wasInForPass }
        for element in elements {
            frame.condition = frame.condition.nesting(element.condition)
            if let whereText { frame.condition.append(Condition.Test(whereText)) }
            bind(statement.pattern, to: element.value, frame: &frame)
            execute(statement.body.statements, frame: &frame)
            frame.terminated = false
            frame.endedPass = false
            frame.condition = outerCondition
            if frame.locals.count != outerNames.count || frame.locals.keys.contains(where: { !outerNames.contains($0) }) {
                frame.locals = frame.locals.filter { outerNames.contains($0.key) }
            }
        }
    }

    /// `list.forEach { element in … }` over known elements: the closure's body runs as a `for`
    /// loop's does, in the caller's frame, once per element under that element's condition, so
    /// the locals it changes (`items.append(element.menuItem)`) are the caller's, as Swift's
    /// capture by reference makes them. A body that may `return` (which ends only its own
    /// pass) is not run this way: the answer is then `false`, and the caller calls the closure
    /// once per element instead.
    func runForEachBody(_ closure: ClosureExprSyntax, over elements: [Value.Item], frame: inout Frame) -> Bool {
        guard !closure.statements.description.containsBytes(of: "return") else { return false }
        let outerCondition = frame.condition
        let outerNames = Set(frame.locals.keys)
        // The parameters shadow locals of their names for the passes only.
        let parameters = Set(closureParameterNames(closure))
        let shadowed = frame.locals.filter { $0.key.hasPrefix("$") || parameters.contains($0.key) }
        let changing = frame.changingLocals
        let wasInForPass = frame.inForPass
        frame.inForPass = true
        for element in elements {
            frame.condition = outerCondition.nesting(element.condition)
            bindClosureParameters(closure, to: [element.value], frame: &frame)
            execute(closure.statements, frame: &frame)
            frame.terminated = false
            frame.endedPass = false
            frame.condition = outerCondition
            if frame.locals.count != outerNames.count || frame.locals.keys.contains(where: { !outerNames.contains($0) }) {
                frame.locals = frame.locals.filter { outerNames.contains($0.key) }
            }
        }
        for (name, value) in shadowed { frame.locals[name] = value }
        frame.changingLocals = changing
        frame.inForPass = wasInForPass
        return true
    }

    /// For `for (i, x) in list.enumerated()` over a list the source does not fix, the number of
    /// passes the loop's own bound on the index allows: `where i < 9`, or a first statement
    /// `guard i < 8, … else { continue }` (or `break`); `<=` allows one more. `nil` without such
    /// a bound, or past the budget's loop passes.
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
        guard count > 0, count <= meter.budget.loopPasses else { return nil }
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
                .init(value: .tuple([(label: "key", value: .string(key)), (label: "value", value: entries[key] ?? .null)]), condition: .always)
            }
        case .string(let text): return text.map { .init(value: .string(String($0)), condition: .always) }
        case .null: return []
        case .alternatives(let branches):
            // One of several collections (what the app's constructions pass): each one's
            // elements, under the conditions of its branch.
            var items: [Value.Item] = []
            for branch in branches {
                guard let elements = iterate(branch.value) else { return nil }
                items += elements.map { .init(value: $0.value, condition: branch.condition.nesting($0.condition)) }
            }
            return items
        default: return nil
        }
    }
}
