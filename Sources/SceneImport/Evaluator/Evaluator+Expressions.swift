import Foundation
import SceneImportVocabulary
import SwiftSyntax

extension Evaluator {
    /// The value of an expression. `hint` is the type the context expects (a parameter's or a
    /// variable's declared type), used to resolve implicit members such as `.command`.
    func evaluate(_ expression: ExprSyntax, frame: inout Frame, hint: String? = nil) -> Value {
        guard spend(at: expression) else { return .unknown(expression.sourceText) }
        switch expression.as(ExprSyntaxEnum.self) {
        case .stringLiteralExpr(let literal):
            return evaluateString(literal, frame: &frame)
        case .integerLiteralExpr(let literal):
            return Self.integer(literal.literal.text).map(Value.int) ?? .unknown(literal.literal.text)
        case .booleanLiteralExpr(let literal):
            return .bool(literal.literal.tokenKind == .keyword(.true))
        case .nilLiteralExpr:
            return .null
        case .arrayExpr(let array):
            let arrayHint = hint.map(arrayHint(for:))
            if arrayHint?.isModifierArray == true {
                return evaluateModifierArray(array, frame: &frame)
            }
            let elements = elements(of: array)
            var items: [Value.Item] = []
            items.reserveCapacity(elements.count)
            for element in elements {
                items.append(.init(value: evaluate(element, frame: &frame, hint: arrayHint?.elementType), condition: .always))
            }
            return .array(items)
        case .declReferenceExpr(let reference):
            return evaluateName(reference.baseName.text, frame: &frame, hint: hint)
        case .memberAccessExpr(let member):
            return evaluateMember(member, frame: &frame, hint: hint)
        case .functionCallExpr(let call):
            return evaluateCall(call, frame: &frame, hint: hint)
        case .postfixIfConfigExpr(let postfix):
            // `view.a() #if os(iOS) .b() #endif`: the base, then the modifiers of the clause the
            // build compiles, applied to it (what they attach is logged as they run).
            let base = postfix.base.map { evaluate($0, frame: &frame, hint: hint) }
            guard let clause = index.conditions.activeClause(of: postfix.config),
                  case .postfixExpression(let applied)? = clause.elements else { return base ?? .unknown(postfix.sourceText) }
            _ = evaluate(applied, frame: &frame)
            return .unknown(postfix.sourceText)
        case .macroExpansionExpr(let macro):
            if macro.macroName.text == "selector", let argument = macro.arguments.first?.expression {
                return .selector(selectorName(of: argument, frame: frame))
            }
            return .unknown(macro.sourceText)
        case .tupleExpr(let tuple):
            if tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
                return evaluate(only.expression, frame: &frame, hint: hint)
            }
            // Labels and element types from a tuple type the context expects: `(modifierFlags: UIKeyModifierFlags, input: String)`,
            // also as an optional (a function that returns `(key: KeyEquivalent, modifiers: EventModifiers)?`).
            let expected = hint.map { Self.tupleElements($0.withoutOptionality) } ?? []
            return .tuple(tuple.elements.enumerated().map { offset, element in
                let slot = offset < expected.count ? expected[offset] : (label: nil, type: nil)
                return (element.label?.text ?? slot.label, evaluate(element.expression, frame: &frame, hint: slot.type))
            })
        case .sequenceExpr(let sequence):
            return evaluateSequence(elements(of: sequence), frame: &frame, hint: hint)
        case .infixOperatorExpr(let infix):
            return evaluateSequence([infix.leftOperand, infix.operator, infix.rightOperand], frame: &frame, hint: hint)
        case .ifExpr(let ifExpression):
            return evaluateIf(ifExpression, frame: &frame)
        case .switchExpr(let switchExpression):
            return evaluateSwitch(switchExpression, frame: &frame)
        case .forceUnwrapExpr(let unwrap):
            return evaluate(unwrap.expression, frame: &frame, hint: hint)
        case .optionalChainingExpr(let chaining):
            return evaluate(chaining.expression, frame: &frame, hint: hint)
        case .inOutExpr(let inOut):
            // `&list` passes the variable's value in; ``invoke`` writes the callee's final value back.
            return evaluate(inOut.expression, frame: &frame, hint: hint.map(Self.withoutInOut))
        case .tryExpr(let tryExpression):
            return evaluate(tryExpression.expression, frame: &frame, hint: hint)
        case .awaitExpr(let awaitExpression):
            return evaluate(awaitExpression.expression, frame: &frame, hint: hint)
        case .asExpr(let asExpression):
            let value = evaluate(asExpression.expression, frame: &frame, hint: asExpression.type.sourceText)
            return cast(value, to: asExpression.type.sourceText)
        case .closureExpr(let closure):
            return .closure(closure)
        case .subscriptCallExpr(let subscriptCall):
            return evaluateSubscript(subscriptCall, frame: &frame)
        case .dictionaryExpr(let dictionary):
            return evaluateDictionary(dictionary, frame: &frame, hint: hint)
        case .superExpr:
            return .typeReference("super")
        case .ternaryExpr(let ternary):
            return evaluateTernary(condition: ternary.condition, then: ternary.thenExpression, else: ternary.elseExpression, frame: &frame, hint: hint)
        case .prefixOperatorExpr(let prefix):
            let operand = evaluate(prefix.expression, frame: &frame, hint: hint)
            if prefix.operator.text == "-", case .int(let n) = operand { return .int(-n) }
            if prefix.operator.text == "!", case .bool(let b) = operand { return .bool(!b) }
            return .unknown(prefix.sourceText)
        default:
            return .unknown(expression.sourceText)
        }
    }

    // MARK: - Literals

    /// An integer literal's value: decimal, `0x`, `0o` or `0b`, with `_` separators.
    static func integer(_ text: String) -> Int? {
        let digits = text.filter { $0 != "_" }
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where digits.hasPrefix(prefix) {
            return Int(digits.dropFirst(2), radix: radix)
        }
        return Int(digits)
    }

    func evaluateString(_ literal: StringLiteralExprSyntax, frame: inout Frame) -> Value {
        var text = ""
        for segment in literal.segments {
            switch segment {
            case .stringSegment(let piece):
                guard let decoded = Self.unescape(piece.content.text, raw: literal.openingPounds != nil) else {
                    return .unknown(literal.sourceText)
                }
                text += decoded
            case .expressionSegment(let interpolation):
                guard interpolation.expressions.count == 1, let inner = interpolation.expressions.first else {
                    return .unknown(literal.sourceText)
                }
                switch evaluate(inner.expression, frame: &frame) {
                case .string(let s): text += s
                case .int(let n): text += String(n)
                default: return .unknown(literal.sourceText)
                }
            }
        }
        return .string(text)
    }

    /// Decodes Swift string escapes (`\t`, `\r`, `\u{8}`, `\\` …).
    static func unescape(_ content: String, raw: Bool) -> String? {
        if raw { return content }
        var result = ""
        var iterator = content.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "\\" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            guard let escaped = iterator.next() else { return nil }
            switch escaped {
            case "n": result += "\n"
            case "r": result += "\r"
            case "t": result += "\t"
            case "0": result += "\0"
            case "\\": result += "\\"
            case "\"": result += "\""
            case "'": result += "'"
            case "u":
                guard iterator.next() == "{" else { return nil }
                var hex = ""
                while let digit = iterator.next(), digit != "}" { hex.unicodeScalars.append(digit) }
                guard let code = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(code) else { return nil }
                result.unicodeScalars.append(decoded)
            default:
                return nil
            }
        }
        return result
    }
}

extension Evaluator {
    /// The values an element of `collection` can take when the collection itself is unknown
    /// (a list a provider picks at run time) but its declared type is an array of an app type
    /// whose instances the app declares as static constants (`static let delete = Action(…)`):
    /// each such constant, in declaration order, under the condition that the collection holds
    /// it. `nil` when the collection is not a property of `selfType` declared `[T]`, or `T` has
    /// no such constants.
    func staticInstances(ofElementsOf collection: ExprSyntax, selfType: String, frame: inout Frame) -> [Value.Item]? {
        guard let name = Self.nameOrSelfMember(collection), let (declaration, _) = findProperty(name, of: selfType, static: false),
              let declared = declaration.type?.withoutSpaces, declared.hasPrefix("["), declared.hasSuffix("]") else { return nil }
        let element = String(declared.dropFirst().dropLast())
        guard let info = index.type(named: element), info.kind == .struct || info.kind == .class else { return nil }
        let constants = info.properties.values.filter { candidate in
            guard candidate.isStatic, !candidate.isVariable, candidate.getter == nil else { return false }
            if let type = candidate.type?.withoutSpaces { return type == element || type == "Self" }
            guard let call = candidate.initializer?.as(FunctionCallExprSyntax.self) else { return false }
            let callee = call.calledExpression.sourceText
            return callee == element || callee == "Self" || callee == ".init"
        }.sorted { ($0.location.file, $0.location.line) < ($1.location.file, $1.location.line) }
        guard !constants.isEmpty else { return nil }
        let condition = Condition(Condition.Test("\(collection.sourceText) contains it"))
        return constants.compactMap { constant in
            guard let value = property(constant.name, of: element, frame: &frame, static: true), value.isKnown else { return nil }
            return .init(value: value, condition: condition)
        }
    }
}

/// Whether a body assigns a field: `field = …`, `self.field += …`, `self.field! += …`, `field.x = …`,
/// `field[i] = …`, a mutating call on it (`field.append(…)`), or `&field` passed `inout`.
final class FieldAssignmentFinder: SyntaxVisitor {
    let field: String
    private(set) var found = false

    /// Methods of the standard collections and option sets that change the value they are
    /// called on (``CollectionModel/mutatingMethods``).
    static let mutatingMethods = CollectionModel.mutatingMethods

    init(field: String) {
        self.field = field
        super.init(viewMode: .sourceAccurate)
    }

    /// Whether `expression` is the field or a part of it (`self.field`, `field.x`, `field[0]`).
    private func isField(_ expression: ExprSyntax) -> Bool {
        // The field, or `self` before it, is the expression's first token: most expressions
        // are told apart without writing out their text.
        guard let first = expression.firstToken(viewMode: .sourceAccurate)?.text, first == field || first == "self" else {
            return false
        }
        var text = expression.sourceText
        if text.hasPrefix("self.") { text.removeFirst(5) }
        return text == field || text.hasPrefix(field + ".") || text.hasPrefix(field + "[") || text.hasPrefix(field + "?")
            || text.hasPrefix(field + "!")
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        if elements.count >= 3, let target = elements.first,
           elements[1].is(AssignmentExprSyntax.self) || elements[1].as(BinaryOperatorExprSyntax.self).map({ $0.operator.text.hasSuffix("=") && !["==", "!=", "<=", ">=", "==="].contains($0.operator.text) }) == true,
           isField(target) {
            found = true
        }
        return found ? .skipChildren : .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
           Self.mutatingMethods.contains(member.declName.baseName.text), isField(base) {
            found = true
        }
        return found ? .skipChildren : .visitChildren
    }

    override func visit(_ node: InOutExprSyntax) -> SyntaxVisitorContinueKind {
        if isField(node.expression) { found = true }
        return found ? .skipChildren : .visitChildren
    }
}
