import Foundation
import SceneImportVocabulary
import SwiftSyntax

extension Evaluator {
    /// `map`, `compactMap`, `flatMap`, `filter`, `forEach`, `sorted`, `reversed`, `joined`,
    /// `reduce`, `prefix`/`suffix`/`dropFirst`/`dropLast` and `enumerated` over a known
    /// collection, and a string's `components(separatedBy:)` and case mappings. `hint` is the
    /// type the context expects of the result (`[Row]`): a transform's `return .init(…)` makes
    /// its element type. `elementType` is the app type a collection of run-time data is
    /// declared to hold (``declaredElementType(of:frame:)``).
    func collectionMethod(_ name: String, base: Value, args: [(label: String?, expression: ExprSyntax)], frame: inout Frame,
                          hint: String? = nil, elementType: String? = nil) -> Value? {
        if case .string(let text) = base, let value = stringMethod(name, of: text, args: args, frame: &frame) { return value }
        guard let elements = iterate(base), elements.count <= meter.budget.loopPasses else {
            return transformingRunTimeData(name, elementType: elementType, args: args, frame: &frame, hint: hint)
        }
        switch name {
        case "map", "compactMap", "flatMap", "forEach", "filter":
            return transform(name, elements, args: args, frame: &frame, hint: hint)
        case "sorted", "reversed", "shuffled":
            return .array(name == "reversed" ? elements.reversed() : elements)
        case "joined" where elements.allSatisfy({ $0.value.items != nil }) && args.isEmpty:
            // `[[UIKeyCommand]].joined()`: the arrays one after another.
            return .array(elements.flatMap { flatten($0.value, condition: $0.condition) })
        case "joined":
            let parts = elements.compactMap { $0.value.stringValue }
            return parts.count == elements.count ? .string(parts.joined()) : nil
        case "reduce" where args.count == 2:
            return reduce(elements, args: args, frame: &frame)
        case "dropLast" where args.count <= 1, "dropFirst" where args.count <= 1,
             "prefix" where args.count == 1 && args[0].label == nil, "suffix" where args.count == 1 && args[0].label == nil:
            return slice(name, of: elements, args: args, frame: &frame)
        case "enumerated":
            return .array(elements.enumerated().map { .init(value: .tuple([("offset", .int($0.offset)), ("element", $0.element.value)]), condition: $0.element.condition) })
        default:
            return nil
        }
    }

    /// A string's `components(separatedBy:)` and case mappings, or `nil`.
    private func stringMethod(_ name: String, of text: String, args: [(label: String?, expression: ExprSyntax)], frame: inout Frame) -> Value? {
        // `"ctl`cmd`p".components(separatedBy: "`")`: a key table's entry taken apart.
        if name == "components", args.count == 1, args[0].label == "separatedBy",
           case .string(let separator) = evaluate(args[0].expression, frame: &frame), !separator.isEmpty {
            return .array(text.components(separatedBy: separator).map { .init(value: .string($0), condition: .always) })
        }
        // `letter.rawValue.lowercased()`: the standard library's case mapping.
        if args.isEmpty, name == "lowercased" || name == "uppercased" {
            return .string(name == "lowercased" ? text.lowercased() : text.uppercased())
        }
        return nil
    }

    /// `map`, `compactMap` or `flatMap` over run-time data: the transform runs once.
    private func transformingRunTimeData(_ name: String, elementType: String?, args: [(label: String?, expression: ExprSyntax)],
                                         frame: inout Frame, hint: String?) -> Value? {
        // Over run-time data: the transform runs once on an unknown element — an instance of
        // the declared element type whose fields are unknown, when that is an app type (its
        // methods then run: `shortcuts?.compactMap { $0.command(action: …) }`).
        guard ["map", "compactMap", "flatMap"].contains(name), let transform = args.last?.expression else { return nil }
        let element = elementType.map { Value.object(type: $0, fields: [:]) } ?? .unknown("element")
        var inner = frame
        inner.returnHint = Self.transformResultType(name, of: hint)
        let value: Value
        if let closure = transform.as(ClosureExprSyntax.self) {
            value = callClosure(closure, with: [element], frame: &inner)
        } else if case .closure(let closure)? = transform.as(DeclReferenceExprSyntax.self).flatMap({ frame.locals[$0.baseName.text] }) {
            value = callClosure(closure, with: [element], frame: &inner)
        } else if let type = frame.selfType, !findFunctions(named: transform.sourceText, in: type).isEmpty {
            // `shortcuts.compactMap(makeCommand)`: the type's own method.
            value = applyFunctionReference(transform, to: element, frame: &inner)
        } else {
            return nil
        }
        let items = flatten(value, condition: Condition(Condition.Test("for each \(name) element")))
        return items.isEmpty ? nil : .array(items)
    }

    /// `map`, `compactMap`, `flatMap`, `forEach` or `filter` over known elements.
    private func transform(_ name: String, _ elements: [Value.Item], args: [(label: String?, expression: ExprSyntax)],
                           frame: inout Frame, hint: String?) -> Value? {
        guard let transform = args.last?.expression else { return nil }
        if name == "forEach", let closure = transform.as(ClosureExprSyntax.self), runForEachBody(closure, over: elements, frame: &frame) {
            return .null
        }
        var result: [Value.Item] = []
        /// Adds what the transform made of `element` to the result.
        func collect(_ value: Value, readsState: Bool, from element: Value.Item) {
            switch name {
            case "filter":
                // The test decided for this element (`allCases.filter { !$0.isGlobal }`)
                // keeps or drops it; otherwise it is kept under the run-time test.
                // A test that read a stored `var` is the run time's, whatever its value here.
                switch readsState ? .unknown("filter") : value {
                case .bool(false): break
                case .bool(true): result.append(element)
                default: result.append(.init(value: element.value, condition: element.condition.nesting(Condition(Condition.Test("filter")))))
                }
            case "flatMap": result += flatten(value, condition: element.condition)
            case "compactMap": if !value.isNull { result.append(.init(value: value, condition: element.condition)) }
            case "forEach": break
            default: result.append(.init(value: value, condition: element.condition))
            }
        }
        if let closure = transform.as(ClosureExprSyntax.self) {
            // A closure changes only the fields of the frame it is called in: one frame serves
            // every element, its condition set for each, and the fields it holds go back at the end.
            var inner = frame.lendingFields()
            inner.returnHint = Self.transformResultType(name, of: hint)
            let outside = inner.condition
            for element in elements {
                inner.condition = outside.nesting(element.condition)
                let (value, readsState) = readingState { callClosure(closure, with: [element.value], frame: &inner) }
                collect(value, readsState: readsState, from: element)
            }
            frame.selfFields = inner.selfFields
        } else {
            for element in elements {
                var inner = frame.lendingFields()
                inner.condition = inner.condition.nesting(element.condition)
                inner.returnHint = Self.transformResultType(name, of: hint)
                let (value, readsState) = readingState { applyFunctionReference(transform, to: element.value, frame: &inner) }
                frame.selfFields = inner.selfFields
                collect(value, readsState: readsState, from: element)
            }
        }
        return name == "forEach" ? .null : .array(result)
    }

    /// `.reduce([], +)` over arrays, or `.reduce(initial) { … }` folding known elements.
    private func reduce(_ elements: [Value.Item], args: [(label: String?, expression: ExprSyntax)], frame: inout Frame) -> Value? {
        if args[0].expression.as(ArrayExprSyntax.self)?.elements.isEmpty == true && args[1].expression.sourceText == "+" {
            // `.reduce([], +)` over arrays: the arrays one after another.
            return .array(elements.flatMap { flatten($0.value, condition: $0.condition) })
        }
        // `.reduce(initial) { result, next in … }`: the closure folds the elements in order.
        // A modifier set folded with `[result, next]` is their union.
        guard let closure = args[1].expression.as(ClosureExprSyntax.self), elements.allSatisfy({ $0.condition.isAlways }) else { return nil }
        var result = evaluate(args[0].expression, frame: &frame)
        for element in elements {
            var inner = frame
            let next = callClosure(closure, with: [result, element.value], frame: &inner)
            frame.selfFields = inner.selfFields
            if case .modifiers = result, case .array = next, let union = asModifiers(next) {
                result = .modifiers(union)
            } else {
                result = next
            }
        }
        return result
    }

    /// `prefix`, `suffix`, `dropFirst` or `dropLast` of known elements.
    private func slice(_ name: String, of elements: [Value.Item], args: [(label: String?, expression: ExprSyntax)], frame: inout Frame) -> Value? {
        // `allCases.prefix(9)`: the first nine, as the standard library takes them.
        var count = 1
        if let argument = args.first {
            guard case .int(let given) = evaluate(argument.expression, frame: &frame), given >= 0 else { return nil }
            count = given
        }
        switch name {
        case "dropLast": return .array(Array(elements.dropLast(count)))
        case "dropFirst": return .array(Array(elements.dropFirst(count)))
        case "prefix": return .array(Array(elements.prefix(count)))
        default: return .array(Array(elements.suffix(count)))
        }
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
}
