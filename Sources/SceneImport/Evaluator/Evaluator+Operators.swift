import Foundation
import SceneImportVocabulary
import SwiftSyntax

extension Evaluator {
    /// A sequence expression's elements: read from the syntax once per node, however often a
    /// loop evaluates the expression.
    func elements(of sequence: SequenceExprSyntax) -> [ExprSyntax] {
        if let known = sequenceElements[sequence.id] { return known }
        let elements = Array(sequence.elements)
        sequenceElements[sequence.id] = elements
        return elements
    }

    /// An array literal's element expressions: read from the syntax once per literal, however
    /// often a loop evaluates it.
    func elements(of array: ArrayExprSyntax) -> [ExprSyntax] {
        if let known = arrayElements[array.id] { return known }
        let elements = array.elements.map(\.expression)
        arrayElements[array.id] = elements
        return elements
    }

    /// An unfolded operator sequence: assignment binds loosest, then `? :`, `??`, comparisons
    /// and logic (unknown booleans), then `+`/`-`, then `|`.
    func evaluateSequence(_ elements: [ExprSyntax], frame: inout Frame, hint: String?) -> Value {
        if elements.count == 1 { return evaluate(elements[0], frame: &frame, hint: hint) }
        // Assignment: `a = b`, `a += b`.
        if let (target, op, valueElements) = assignmentSplit(of: elements) {
            assign(target: target, op: op, valueElements: valueElements, frame: &frame)
            return .null
        }
        if let index = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
           let ternary = elements[index].as(UnresolvedTernaryExprSyntax.self) {
            // A condition the source fixes picks its branch (see ``evaluateTernary``).
            if let holds = constantTruth(ofSequence: Array(elements[..<index]), frame: &frame) {
                return holds ? evaluate(ternary.thenExpression, frame: &frame, hint: hint)
                    : evaluateSequence(Array(elements[(index + 1)...]), frame: &frame, hint: hint)
            }
            let test = Condition.Test(elements[..<index].map(\.sourceText).joined(separator: " "))
            var thenFrame = frame
            thenFrame.condition.append(test)
            let thenValue = evaluate(ternary.thenExpression, frame: &thenFrame, hint: hint)
            var elseFrame = frame
            elseFrame.condition.append(test.negated)
            let elseValue = evaluateSequence(Array(elements[(index + 1)...]), frame: &elseFrame, hint: hint)
            return ternaryValue(thenValue, elseValue, test: test)
        }
        for group in [["??"], ["||"], ["&&"], ["==", "!=", "<", ">", "<=", ">=", "===", "!=="], ["...", "..<"], ["|"], ["+", "-"], ["*", "/", "%"], ["<<"]] {
            guard let index = elements.lastIndex(where: { group.contains(($0.as(BinaryOperatorExprSyntax.self)?.operator.text) ?? "") }),
                  let op = elements[index].as(BinaryOperatorExprSyntax.self)?.operator.text else { continue }
            let left = evaluateSequence(Array(elements[..<index]), frame: &frame, hint: hint)
            let right = evaluateSequence(Array(elements[(index + 1)...]), frame: &frame, hint: hint)
            return binary(op, left, right, text: elements.map(\.sourceText).joined(separator: " "))
        }
        if let castIndex = elements.firstIndex(where: { $0.is(UnresolvedAsExprSyntax.self) || $0.is(UnresolvedIsExprSyntax.self) }) {
            let value = evaluateSequence(Array(elements[..<castIndex]), frame: &frame, hint: hint)
            if let cast = elements[castIndex].as(UnresolvedAsExprSyntax.self), castIndex + 1 < elements.count {
                let type = elements[castIndex + 1].sourceText
                if cast.questionOrExclamationMark?.tokenKind == .postfixQuestionMark,
                   MenuModel.castFails(value, to: type.trimmingCharacters(in: .whitespaces)) == true {
                    return .null
                }
                return self.cast(value, to: type)
            }
            return value
        }
        return .unknown(elements.map(\.sourceText).joined(separator: " "))
    }

    /// The elements of an operator sequence before its first assignment operator (`=`, `+=`…),
    /// the operator and the elements after it; `nil` when it has none. Read from the syntax once
    /// per sequence (``assignmentSplits``).
    func assignmentSplit(of elements: [ExprSyntax]) -> (target: [ExprSyntax], op: String, value: [ExprSyntax])? {
        guard let first = elements.first else { return nil }
        if let known = assignmentSplits[first.id], known.count == elements.count { return known.parts }
        var parts: (target: [ExprSyntax], op: String, value: [ExprSyntax])?
        if let index = elements.firstIndex(where: { $0.is(AssignmentExprSyntax.self) || Self.isCompoundAssignment($0) }) {
            let op = elements[index].is(AssignmentExprSyntax.self) ? "=" : (elements[index].as(BinaryOperatorExprSyntax.self)?.operator.text ?? "=")
            parts = (Array(elements[..<index]), op, Array(elements[(index + 1)...]))
        }
        assignmentSplits[first.id] = AssignmentSplit(count: elements.count, parts: parts)
        return parts
    }

    /// Whether two values the source fixes (strings, numbers, Booleans, `nil`) are equal;
    /// `nil` when either is not such a value.
    static func scalarEquality(_ left: Value, _ right: Value) -> Bool? {
        switch (left, right) {
        case (.string(let a), .string(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null): return true
        case (.null, .string), (.null, .int), (.null, .bool), (.string, .null), (.int, .null), (.bool, .null): return false
        // A command or menu the code made, or a menu the builder holds (`menu(for: .file)`), is there.
        case (.command, .null), (.null, .command): return false
        case (.object(let type, _), .null) where MenuModel.elementFunctions.contains(type): return false
        case (.null, .object(let type, _)) where MenuModel.elementFunctions.contains(type): return false
        // Two cases of the same enum without payloads (`self == .hidden` in a case's property).
        case (.enumCase(let a, let caseA, let payloadA), .enumCase(let b, let caseB, let payloadB))
            where a == b && payloadA.isEmpty && payloadB.isEmpty:
            return caseA == caseB
        default: return nil
        }
    }

    static func isCompoundAssignment(_ element: ExprSyntax) -> Bool {
        guard let op = element.as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
        return op == "+=" || op == "-=" || op == "|=" || op == "*="
    }

    /// `x as? AppType` of a value the evaluator does not know: an instance of that type with
    /// nothing known of its fields, so its computed properties can still run.
    func cast(_ value: Value, to typeText: String) -> Value {
        guard case .unknown = value else { return value }
        let name = typeText.withoutOptionality
        guard let info = index.type(named: name), info.kind == .class || info.kind == .struct else { return value }
        return .object(type: info.name, fields: [:])
    }

    /// A ternary's value: commands and lists flattened into one list, each item under its
    /// branch's condition (`nil` counts as no items there); any other pair of values a choice
    /// (``choice(_:)``), a `nil` beside a single value included (`isWarning ? nil :
    /// .defaultAction` is the key or none, not a list).
    func ternaryValue(_ thenValue: Value, _ elseValue: Value, test: Condition.Test) -> Value {
        func isSingle(_ value: Value) -> Bool { value.isKnown && value.items == nil && !value.isCommand }
        let nilOrSingle = (thenValue.isNull && isSingle(elseValue)) || (elseValue.isNull && isSingle(thenValue))
        if !nilOrSingle && (thenValue.isCommand || elseValue.isCommand || thenValue.items != nil || elseValue.items != nil) {
            return .array(flatten(thenValue, condition: Condition(test)) + flatten(elseValue, condition: Condition(test.negated)))
        }
        return choice([.init(value: thenValue, condition: Condition(test)), .init(value: elseValue, condition: Condition(test.negated))])
    }

    /// One of `branches`: the value itself when every branch gives the same one, the known
    /// branches as ``Value/alternatives(_:)`` otherwise (a branch that is itself a choice is
    /// spread out under both its conditions).
    func choice(_ branches: [Value.Item]) -> Value {
        var spread: [Value.Item] = []
        for branch in branches {
            if case .alternatives(let inner) = branch.value {
                spread += inner.map { .init(value: $0.value, condition: branch.condition.nesting($0.condition)) }
            } else if branch.value.isKnown {
                spread.append(branch)
            }
        }
        guard let first = spread.first else { return branches.first?.value ?? .null }
        var firstPrint = Hasher()
        first.value.fingerprint(into: &firstPrint)
        let firstKey = firstPrint.finalize()
        let allSame = spread.dropFirst().allSatisfy { item in
            var print = Hasher()
            item.value.fingerprint(into: &print)
            return print.finalize() == firstKey
        }
        if allSame || spread.count == 1 { return first.value }
        return .alternatives(spread)
    }

    /// A ternary whose condition the source fixes (`isAlt ? a : b` in a call passing `isAlt:
    /// false`) is its branch; any other gives both, each under its condition.
    func evaluateTernary(condition: ExprSyntax, then thenExpression: ExprSyntax, else elseExpression: ExprSyntax, frame: inout Frame, hint: String?) -> Value {
        if let holds = constantTruth(of: condition, frame: &frame) {
            return evaluate(holds ? thenExpression : elseExpression, frame: &frame, hint: hint)
        }
        let test = Condition.Test(condition.sourceText)
        var thenFrame = frame
        thenFrame.condition.append(test)
        let thenValue = evaluate(thenExpression, frame: &thenFrame, hint: hint)
        var elseFrame = frame
        elseFrame.condition.append(test.negated)
        let elseValue = evaluate(elseExpression, frame: &elseFrame, hint: hint)
        return ternaryValue(thenValue, elseValue, test: test)
    }

    func binary(_ op: String, _ left: Value, _ right: Value, text: String) -> Value {
        switch (op, left, right) {
        // `item?.isEnabled ?? false` on a value the source does not fix is a run-time test, not
        // its fallback: a Boolean fallback keeps the unknown.
        case ("??", .unknown, .bool): return left
        // `editors.firstIndex { … } ?? 0`, `defaults.string(forKey: k) ?? "s"`: a number or
        // string the run time looks up is the run time's; the fallback is only its default.
        case ("??", .unknown, .int), ("??", .unknown, .string): return left
        case ("??", .null, _), ("??", .unknown, _): return right
        case ("??", _, _): return left
        case ("+", .array(let a), .array(let b)): return .array(a + b)
        case ("+", .array(let a), .null), ("+", .array(let a), .unknown): return .array(a)
        case ("+", .unknown, .array(let b)): return .array(b)
        case ("+", .string(let a), .string(let b)): return .string(a + b)
        case ("+", .int(let a), .int(let b)): return .int(a &+ b)
        case ("-", .int(let a), .int(let b)): return .int(a &- b)
        case ("*", .int(let a), .int(let b)): return .int(a &* b)
        // Integer division truncates, as Swift's does; a zero divisor (or the one overflow) is unknown.
        case ("/", .int(let a), .int(let b)) where b != 0 && !(a == .min && b == -1): return .int(a / b)
        case ("%", .int(let a), .int(let b)) where b != 0 && !(a == .min && b == -1): return .int(a % b)
        case ("|", .modifiers(let a), .modifiers(let b)): return .modifiers(a.union(b))
        case ("==", _, _), ("!=", _, _):
            guard let equal = Self.scalarEquality(left, right) else { return .unknown(text) }
            return .bool(op == "==" ? equal : !equal)
        case ("&&", .bool(false), _), ("&&", _, .bool(false)): return .bool(false)
        case ("&&", .bool(true), .bool(true)): return .bool(true)
        case ("||", .bool(true), _), ("||", _, .bool(true)): return .bool(true)
        case ("||", .bool(false), .bool(false)): return .bool(false)
        case ("...", .int(let a), .int(let b)) where a <= b && b - a < meter.budget.loopPasses:
            return .array((a...b).map { .init(value: .int($0), condition: .always) })
        case ("..<", .int(let a), .int(let b)) where a <= b && b - a <= meter.budget.loopPasses:
            return .array((a..<b).map { .init(value: .int($0), condition: .always) })
        case ("|", .int(let a), .int(let b)): return .int(a | b)
        case ("<<", .int(let a), .int(let b)) where (0..<63).contains(b): return .int(a << b)
        default: return .unknown(text)
        }
    }

    /// `x = v`, `x += v`, `self.x = v`, `x.property = v`.
    func assign(target: [ExprSyntax], op: String, valueElements: [ExprSyntax], frame: inout Frame) {
        if op == "=", target.count == 1, let entry = target[0].as(SubscriptCallExprSyntax.self) {
            assignEntry(entry, valueElements: valueElements, frame: &frame)
            return
        }
        if op == "=", target.count == 1, let member = target[0].as(MemberAccessExprSyntax.self),
           let element = member.base?.as(SubscriptCallExprSyntax.self) {
            assignProperty(member.declName.baseName.text, ofElement: element, valueElements: valueElements, frame: &frame)
            return
        }
        let written = assignmentTarget(target)
        let (targetText, isSelf, field) = (written.text, written.isSelf, written.field)
        // A stored property's declared type says what `.key(…)` or `.none` is.
        var hint: String?
        if !written.isPath, isSelf || frame.locals[field] == nil, let selfType = frame.selfType {
            if let known = written.declaredType, known.selfType == selfType {
                hint = known.type
            } else {
                hint = findProperty(field, of: selfType, static: nil)?.0.type
                if let first = target.first { assignmentTargets[first.id]?.declaredType = (selfType, hint) }
            }
        }
        var value = evaluateSequence(valueElements, frame: &frame, hint: hint)
        // `list += more` on an array grows it in place (``append(_:to:frame:)``): an array built
        // by n such statements stays linear to build. A field or local of one name is found,
        // checked and grown in one lookup of its table.
        if op == "+=", !written.isPath, !field.isEmpty {
            var added: [Value.Item]?
            switch value {
            case .array(let more):
                // Code that runs always adds the items under their own conditions, as they are.
                added = frame.condition.isAlways ? more : more.map { .init(value: $0.value, condition: frame.condition.nesting($0.condition)) }
            case let single where single.isCommand:
                added = [.init(value: single, condition: frame.condition)]
            default:
                break
            }
            if let added {
                let grown = !isSelf && frame.locals[field] != nil
                    ? Self.appendItems(added, toArrayIn: &frame.locals[field])
                    : Self.appendItems(added, toArrayIn: &frame.selfFields[field])
                if grown { return }
            }
        } else if op == "+=", case .array? = readTarget(path: field, isSelf: isSelf, frame: frame) {
            switch value {
            case .array(let more):
                // Code that runs always adds the items under their own conditions, as they are.
                let added = frame.condition.isAlways ? more : more.map { .init(value: $0.value, condition: frame.condition.nesting($0.condition)) }
                append(added, to: targetText, path: field, isSelf: isSelf, frame: &frame)
                return
            case let single where single.isCommand:
                append([.init(value: single, condition: frame.condition)], to: targetText, path: field, isSelf: isSelf, frame: &frame)
                return
            default:
                break
            }
        }
        if op == "+=" || op == "|=" {
            if let existing = readTarget(path: field, isSelf: isSelf, frame: frame) { value = binary(op == "+=" ? "+" : "|", existing, value, text: targetText) }
        } else if case .array(let items) = value, !frame.condition.isAlways {
            value = .array(items.map { .init(value: $0.value, condition: frame.condition.nesting($0.condition)) })
        }
        writeTarget(targetText, value: value, frame: &frame)
    }

    /// Appends `items` to the array `slot` holds (a frame's field or local), in place; `false`,
    /// changing nothing, when it holds no array.
    static func appendItems(_ items: [Value.Item], toArrayIn slot: inout Value?) -> Bool {
        guard case .array? = slot else { return false }
        slot?.appendItems(items)
        return true
    }

    /// An assignment's target text and the field of `self` or local it names (``selfPath(of:)``),
    /// read from the syntax once per assignment (``assignmentTargets``). `self.list! += …` and
    /// `self.list?.x = …` assign through the optional.
    func assignmentTarget(_ target: [ExprSyntax]) -> AssignmentTarget {
        if let first = target.first, let known = assignmentTargets[first.id] { return known }
        let text = target.map(\.sourceText).joined(separator: " ").withoutOptionality
        let (isSelf, field) = Self.selfPath(of: text)
        let read = AssignmentTarget(text: text, isSelf: isSelf, field: field, isPath: field.containsBytes(of: "."))
        if let first = target.first { assignmentTargets[first.id] = read }
        return read
    }

    /// `table[key] = value` on a dictionary a local or stored property holds: the entry is set
    /// when the source fixes the key; a key it does not fix makes the whole table unknown. The
    /// value runs whatever the target (a command made in `list[i] = UIKeyCommand(…)` is made).
    func assignEntry(_ entry: SubscriptCallExprSyntax, valueElements: [ExprSyntax], frame: inout Frame) {
        let value = evaluateSequence(valueElements, frame: &frame, hint: nil)
        let base = entry.calledExpression.sourceText
        guard entry.arguments.count == 1, let argument = entry.arguments.first, argument.label == nil,
              var entries = readTarget(base, frame: frame)?.tableEntries else { return }
        guard let key = Self.dictionaryKey(evaluate(argument.expression, frame: &frame)) else {
            writeTarget(base, value: .unknown(base), frame: &frame)
            return
        }
        entries[key] = value
        writeTarget(base, value: .table(entries), frame: &frame)
    }

    /// `keys[0].title = "Play/Pause"` on an array of commands a local or stored property holds:
    /// the command at a position the source fixes gets the property (a `UIKeyCommand` is a
    /// class, so the array holds the command that changed).
    func assignProperty(_ property: String, ofElement element: SubscriptCallExprSyntax,
                                valueElements: [ExprSyntax], frame: inout Frame) {
        let value = evaluateSequence(valueElements, frame: &frame, hint: nil)
        let base = element.calledExpression.sourceText
        guard element.arguments.count == 1, let argument = element.arguments.first, argument.label == nil,
              case .int(let position) = evaluate(argument.expression, frame: &frame) else { return }
        let (isSelf, name) = Self.selfPath(of: base)
        if !name.containsBytes(of: ".") { seedStoredField(name, isSelf: isSelf, frame: &frame) }
        guard case .array(var items)? = readTarget(base, frame: frame), items.indices.contains(position),
              case .command(var command) = items[position].value else { return }
        apply(property: property, value: value, to: &command)
        items[position].value = .command(command)
        writeTarget(base, value: .array(items), frame: &frame)
    }

    /// Appends to the array a local or stored property holds (`commands.append(…)`). A plain
    /// name's array grows in place in its table (``Value/appendItems(_:)``): building an array
    /// of n commands stays linear.
    func append(_ items: [Value.Item], to target: String, frame: inout Frame) {
        let (isSelf, name) = Self.selfPath(of: target)
        append(items, to: target, path: name, isSelf: isSelf, frame: &frame)
    }

    /// ``append(_:to:frame:)`` with the target already split (``selfPath(of:)``): `name` and
    /// `isSelf` are what it gives for `target`.
    func append(_ items: [Value.Item], to target: String, path name: String, isSelf: Bool, frame: inout Frame) {
        if !name.containsBytes(of: ".") {
            if !isSelf, frame.locals[name] != nil {
                frame.locals[name]?.appendItems(items)
                return
            }
            if frame.selfFields[name] != nil {
                frame.selfFields[name]?.appendItems(items)
                return
            }
        }
        if let root = name.split(separator: ".").first { seedStoredField(String(root), isSelf: isSelf, frame: &frame) }
        var current = readTarget(target, frame: frame)?.items ?? []
        current += items
        writeTarget(target, value: .array(current), frame: &frame)
    }

    /// Puts the initial value of `self`'s stored property `name` into the frame's fields when the
    /// running code has not set it: Swift runs stored properties' initial values before an
    /// initialiser's body, so a nested write (`main.elements.append(x)` in `init`) starts
    /// from that value.
    func seedStoredField(_ name: String, isSelf: Bool, frame: inout Frame) {
        guard frame.selfFields[name] == nil, isSelf || frame.locals[name] == nil, let type = frame.selfType,
              let property = index.type(named: type)?.properties[name], !property.isStatic, property.getter == nil,
              let initial = property.initializer else { return }
        var inner = Frame(selfType: type)
        frame.selfFields[name] = evaluate(initial, frame: &inner, hint: property.type)
    }

    /// An assignment target's text split at a leading `self.`: whether it names `self`'s
    /// member, and the path after it (`self.list.items` → `true`, `list.items`).
    static func selfPath(of text: String) -> (isSelf: Bool, path: String) {
        // Compared and cut as UTF-8: `self.` is ASCII, and dropping characters would break the
        // text into grapheme clusters first.
        let utf8 = text.utf8
        guard utf8.starts(with: "self.".utf8) else { return (false, text) }
        return (true, String(text[utf8.index(utf8.startIndex, offsetBy: 5)...]))
    }

    func readTarget(_ text: String, frame: Frame) -> Value? {
        let (isSelf, path) = Self.selfPath(of: text)
        return readTarget(path: path, isSelf: isSelf, frame: frame)
    }

    /// The value at an assignment target already split at `self.` (``selfPath(of:)``).
    func readTarget(path: String, isSelf: Bool, frame: Frame) -> Value? {
        func named(_ name: String) -> Value? { isSelf ? frame.selfFields[name] : (frame.locals[name] ?? frame.selfFields[name]) }
        if !path.containsBytes(of: ".") {
            // One name (the common case), read without splitting the text.
            return path.isEmpty ? nil : named(path)
        }
        let parts = path.components(separatedByBytes: ".").filter { !$0.isEmpty }
        guard let first = parts.first else { return nil }
        var value = named(first)
        for part in parts.dropFirst() {
            if case .object(_, let fields)? = value { value = fields[part] } else { return nil }
        }
        return value
    }

    func writeTarget(_ text: String, value: Value, frame: inout Frame) {
        let (isSelf, path) = Self.selfPath(of: text)
        let parts = path.components(separatedByBytes: ".").filter { !$0.isEmpty }
        guard let first = parts.first else { return }
        if parts.count > 1 { seedStoredField(first, isSelf: isSelf, frame: &frame) }
        if parts.count == 1 {
            if !isSelf, frame.locals[first] != nil {
                frame.locals[first] = value
            } else {
                frame.selfFields[first] = value
            }
            return
        }
        // `command.wantsPriorityOverSystemBehavior = true` and similar on a local command.
        if parts.count == 2 {
            let property = parts[1]
            let isLocal = !isSelf && frame.locals[first] != nil
            let existing = isLocal ? frame.locals[first] : (first == "self" ? nil : frame.selfFields[first])
            if case .command(var command)? = existing {
                apply(property: property, value: value, to: &command)
                if isLocal { frame.locals[first] = .command(command) } else { frame.selfFields[first] = .command(command) }
            } else if first == "self", var command = frame.selfCommand {
                apply(property: property, value: value, to: &command)
                frame.selfCommand = command
            } else if case .object(let type, var fields)? = existing {
                fields[property] = value
                if isLocal { frame.locals[first] = .object(type: type, fields: fields) } else { frame.selfFields[first] = .object(type: type, fields: fields) }
            }
            return
        }
        // `a.b.c = value`: each object on the path is rebuilt with its field replaced.
        let isLocal = !isSelf && frame.locals[first] != nil
        guard let root = isLocal ? frame.locals[first] : frame.selfFields[first],
              let updated = Self.replacing(path: parts.dropFirst(), in: root, with: value) else { return }
        if isLocal { frame.locals[first] = updated } else { frame.selfFields[first] = updated }
    }

    /// `object` with the field at `path` (each step an object's field) set to `value`; `nil`
    /// when a step is not an object.
    static func replacing(path: ArraySlice<String>, in object: Value, with value: Value) -> Value? {
        guard let field = path.first else { return value }
        guard case .object(let type, var fields) = object else { return nil }
        if path.count == 1 {
            fields[field] = value
        } else {
            guard let inner = fields[field], let updated = replacing(path: path.dropFirst(), in: inner, with: value) else { return nil }
            fields[field] = updated
        }
        return .object(type: type, fields: fields)
    }
}
