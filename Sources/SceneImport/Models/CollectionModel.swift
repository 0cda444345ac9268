import SwiftSyntax

/// The standard library's collections: `Array(…)`, `Set(…)`, `Dictionary(uniqueKeysWithValues:)`,
/// `min`/`max`, the transforms (`map`, `filter`, `sorted`, `reduce`, …) over values the source
/// fixes, and the methods that grow a collection (`append`, `insert`, `add`).
enum CollectionModel: FrameworkModel {
    static let functions: Set<String> = ["Set", "Array", "Dictionary", "min", "max"]
    static let methods: Set<String> = appendingMethods.union(transforms)
    /// Methods that add elements to the collection a local or a stored property holds.
    static let appendingMethods: Set<String> = ["append", "insert", "add"]
    /// Methods ``Evaluator/collectionMethod(_:base:args:frame:hint:elementType:)`` answers.
    static let transforms: Set<String> = [
        "components", "lowercased", "uppercased", "map", "compactMap", "flatMap", "forEach", "filter", "sorted", "reversed",
        "shuffled", "joined", "reduce", "dropLast", "dropFirst", "prefix", "suffix", "enumerated",
    ]

    /// The standard library's properties of numbers, strings and arrays the source fixes.
    static func property(_ name: String, of base: Value, in evaluator: Evaluator) -> Value? {
        switch base {
        case .int(let number):
            // `index.description` in `(1..<10).map { … input: index.description … }`.
            return name == "description" ? .string(String(number)) : nil
        case .string(let text):
            switch name {
            case "count": return .int(text.count)
            case "isEmpty": return .bool(text.isEmpty)
            // Swift 3's `text.characters`: the characters, as the string itself iterates.
            case "characters": return .string(text)
            // `UnicodeScalar("a").value` (a scalar is a one-scalar string here): its code point.
            case "value": return text.unicodeScalars.count == 1 ? text.unicodeScalars.first.map { .int(Int($0.value)) } : nil
            // `key.first` (a `Character`, kept as a one-character string; `nil` for "").
            case "first": return text.first.map { .string(String($0)) } ?? .null
            case "last": return text.last.map { .string(String($0)) } ?? .null
            default: return nil
            }
        case .array(let items):
            switch name {
            case "count": return .int(items.count)
            case "isEmpty": return .bool(items.isEmpty)
            case "first": return items.first?.value ?? .null
            case "last": return items.last?.value ?? .null
            default: return nil
            }
        default:
            return nil
        }
    }

    static func call(_ site: CallSite, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? {
        let args = site.arguments
        switch site.name {
        case "Set", "Array":
            if let first = args.first { return evaluator.evaluate(first.expression, frame: &frame, hint: site.hint) }
            return .array([])
        case "Dictionary":
            guard args.count == 1, args[0].label == "uniqueKeysWithValues" else { return nil }
            return evaluator.dictionary(fromPairs: evaluator.evaluate(args[0].expression, frame: &frame)) ?? site.unknown
        default:
            return evaluator.integerExtreme(site.name, args: args, frame: &frame)
        }
    }

    /// `list.append(x)`, `list.append(contentsOf: xs)`, `set.insert(x)` on a local or a stored
    /// property whose receiver declares no method of that name.
    static func methodOnReceiver(_ site: MethodSite, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? {
        guard appendingMethods.contains(site.name), !evaluator.receiverHasOwnMethod(site.name, baseText: site.target, frame: frame),
              let first = site.arguments.first else { return nil }
        let value = evaluator.evaluate(first.expression, frame: &frame)
        let added = first.label == "contentsOf" ? evaluator.flatten(value, conditions: frame.conditions)
            : [.init(value: value, conditions: frame.conditions)]
        // `insert(x)` with no position is a set's: an element already there is not added again.
        if site.name == "insert", site.arguments.count == 1, let key = value.scalarKey,
           evaluator.readTarget(site.target, frame: frame)?.items?.contains(where: { $0.value.scalarKey == key && $0.conditions == frame.conditions }) == true {
            return .null
        }
        evaluator.append(added, to: site.target, frame: &frame)
        return .null
    }

    static func method(_ site: MethodSite, on base: Value, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? {
        switch base {
        case .array, .string, .unknown:
            let elementType = !base.isKnown ? evaluator.declaredElementType(of: site.receiver, frame: frame) : nil
            return evaluator.collectionMethod(site.name, base: base, args: site.arguments, frame: &frame, hint: site.call.hint, elementType: elementType)
        case .alternatives(let branches) where branches.allSatisfy({ $0.value.items != nil }):
            // One of several arrays: the method runs over each one's elements.
            return evaluator.collectionMethod(site.name, base: base, args: site.arguments, frame: &frame, hint: site.call.hint)
        case .object where base.tableEntries != nil:
            // A table's pairs (`table.sorted(by: …)`, `table.map { … }`).
            return evaluator.collectionMethod(site.name, base: base, args: site.arguments, frame: &frame, hint: site.call.hint)
        default:
            return nil
        }
    }
}

extension Evaluator {
    /// The standard library's `min(…)` or `max(…)` of two or more integers the source fixes
    /// (`min(Tool.allCases.count, 9)`), once the app's own functions of that name are ruled out;
    /// `nil` when an argument is not such an integer.
    func integerExtreme(_ name: String, args: [(label: String?, expression: ExprSyntax)], frame: inout Frame) -> Value? {
        guard args.count >= 2, args.allSatisfy({ $0.label == nil }) else { return nil }
        var numbers: [Int] = []
        for argument in args {
            guard case .int(let n) = evaluate(argument.expression, frame: &frame) else { return nil }
            numbers.append(n)
        }
        return (name == "min" ? numbers.min() : numbers.max()).map(Value.int)
    }

    /// `map`, `compactMap`, `flatMap`, `filter`, `forEach`, `sorted`, `reversed` over a known
    /// collection. `hint` is the type the context expects of the result (`[Row]`): a transform's
    /// `return .init(…)` makes its element type. `elementType` is the app type a collection of
    /// run-time data is declared to hold (``declaredElementType(of:frame:)``).
    func collectionMethod(_ name: String, base: Value, args: [(label: String?, expression: ExprSyntax)], frame: inout Frame,
                          hint: String? = nil, elementType: String? = nil) -> Value? {
        // `"ctl`cmd`p".components(separatedBy: "`")`: a key table's entry taken apart.
        if case .string(let text) = base, name == "components", args.count == 1, args[0].label == "separatedBy",
           case .string(let separator) = evaluate(args[0].expression, frame: &frame), !separator.isEmpty {
            return .array(text.components(separatedBy: separator).map { .init(value: .string($0), conditions: []) })
        }
        // `letter.rawValue.lowercased()`: the standard library's case mapping.
        if case .string(let text) = base, args.isEmpty, name == "lowercased" || name == "uppercased" {
            return .string(name == "lowercased" ? text.lowercased() : text.uppercased())
        }
        guard let elements = iterate(base), elements.count <= Self.maximumIterations else {
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
            let items = flatten(value, conditions: ["for each \(name) element"])
            return items.isEmpty ? nil : .array(items)
        }
        switch name {
        case "map", "compactMap", "flatMap", "forEach", "filter":
            guard let transform = args.last?.expression else { return nil }
            var result: [Value.Item] = []
            for element in elements {
                var inner = frame.lendingFields()
                inner.conditions += element.conditions
                inner.returnHint = Self.transformResultType(name, of: hint)
                let (value, readsState) = readingState {
                    if let closure = transform.as(ClosureExprSyntax.self) {
                        return callClosure(closure, with: [element.value], frame: &inner)
                    }
                    return applyFunctionReference(transform, to: element.value, frame: &inner)
                }
                frame.selfFields = inner.selfFields
                switch name {
                case "filter":
                    // The test decided for this element (`allCases.filter { !$0.isGlobal }`)
                    // keeps or drops it; otherwise it is kept under the run-time test.
                    // A test that read a stored `var` is the run time's, whatever its value here.
                    switch readsState ? .unknown("filter") : value {
                    case .bool(false): break
                    case .bool(true): result.append(element)
                    default: result.append(.init(value: element.value, conditions: element.conditions + ["filter"]))
                    }
                case "flatMap": result += flatten(value, conditions: element.conditions)
                case "compactMap": if !value.isNull { result.append(.init(value: value, conditions: element.conditions)) }
                case "forEach": break
                default: result.append(.init(value: value, conditions: element.conditions))
                }
            }
            return name == "forEach" ? .null : .array(result)
        case "sorted", "reversed", "shuffled":
            return .array(name == "reversed" ? elements.reversed() : elements)
        case "joined" where elements.allSatisfy({ $0.value.items != nil }) && args.isEmpty:
            // `[[UIKeyCommand]].joined()`: the arrays one after another.
            return .array(elements.flatMap { flatten($0.value, conditions: $0.conditions) })
        case "joined":
            let parts = elements.compactMap { $0.value.stringValue }
            return parts.count == elements.count ? .string(parts.joined()) : nil
        case "reduce" where args.count == 2 && args[0].expression.as(ArrayExprSyntax.self)?.elements.isEmpty == true
            && args[1].expression.sourceText == "+":
            // `.reduce([], +)` over arrays: the arrays one after another.
            return .array(elements.flatMap { flatten($0.value, conditions: $0.conditions) })
        case "reduce" where args.count == 2:
            // `.reduce(initial) { result, next in … }`: the closure folds the elements in order.
            // A modifier set folded with `[result, next]` is their union.
            guard let closure = args[1].expression.as(ClosureExprSyntax.self), elements.allSatisfy({ $0.conditions.isEmpty }) else { return nil }
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
        case "dropLast" where args.count <= 1, "dropFirst" where args.count <= 1,
             "prefix" where args.count == 1 && args[0].label == nil, "suffix" where args.count == 1 && args[0].label == nil:
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
        case "enumerated":
            return .array(elements.enumerated().map { .init(value: .tuple([("offset", .int($0.offset)), ("element", $0.element.value)]), conditions: $0.element.conditions) })
        case "insert", "append":
            return nil
        default:
            return nil
        }
    }
}
