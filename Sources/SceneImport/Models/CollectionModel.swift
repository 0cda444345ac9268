import SwiftSyntax

/// The standard library's collections: `Array(…)`, `Set(…)`, `Dictionary(uniqueKeysWithValues:)`,
/// `min`/`max`, the transforms (`map`, `filter`, `sorted`, `reduce`, …) over values the source
/// fixes, and the methods that grow a collection (`append`, `insert`, `add`).
enum CollectionModel: FrameworkModel {
    static let dictionaryType = "Dictionary"
    static let integerType = "Int"
    /// The type an `extension Array` method runs on.
    static let arrayType = "Array"
    static let functions: Set<String> = ["Set", "Array", dictionaryType, "min", "max"]
    static let describesValues = true
    static let methods: Set<String> = appendingMethods.union(transforms)
    /// Methods of the standard collections and option sets that change the value they are
    /// called on.
    static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeValue", "removeSubrange",
        "merge", "updateValue", "formUnion", "formIntersection", "formSymmetricDifference", "subtract", "sort",
        "reverse", "shuffle", "replaceSubrange", "toggle", "popLast",
    ]
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

    /// `list.append(x)`, `list.append(contentsOf: xs)`, `set.insert(x)`, `list.insert(x, at: 0)`
    /// on a local or a stored property whose receiver declares no method of that name.
    static func methodOnReceiver(_ site: MethodSite, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? {
        guard appendingMethods.contains(site.name), !evaluator.receiverHasOwnMethod(site.name, baseText: site.target, frame: frame),
              let first = site.arguments.first else { return nil }
        let value = evaluator.evaluate(first.expression, frame: &frame)
        let added = first.label == "contentsOf" ? evaluator.flatten(value, condition: frame.condition)
            : [.init(value: value, condition: frame.condition)]
        // `insert(x)` with no position is a set's: an element already there is not added again.
        if site.name == "insert", site.arguments.count == 1, let key = value.scalarKey,
           evaluator.readTarget(site.target, frame: frame)?.items?.contains(where: { $0.value.scalarKey == key && $0.condition == frame.condition }) == true {
            return .null
        }
        // `insert(x, at: 0)` puts it first: the front is the front whatever the run time adds.
        if site.name == "insert", site.arguments.dropFirst().first?.label == "at",
           let position = site.arguments.dropFirst().first?.expression,
           case .int(0) = evaluator.evaluate(position, frame: &frame) {
            let (isSelf, path) = Evaluator.selfPath(of: site.target)
            if let root = path.split(separator: ".").first { evaluator.seedStoredField(String(root), isSelf: isSelf, frame: &frame) }
            let current = evaluator.readTarget(site.target, frame: frame)?.items ?? []
            evaluator.writeTarget(site.target, value: .array(added + current), frame: &frame)
            if !path.containsBytes(of: ".") {
                frame.frontInsertions[!isSelf && frame.locals[path] != nil ? path : "self." + path, default: 0] += added.count
            }
            return .null
        }
        evaluator.append(added, to: site.target, frame: &frame)
        return .null
    }

    static func method(_ site: MethodSite, on base: Value, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? {
        // `commands.forEach { $0.wantsPriorityOverSystemBehavior = true }`: the commands change.
        if site.name == "forEach", case .array = base, let closure = site.arguments.last?.expression.as(ClosureExprSyntax.self) {
            // `{ $0.… }`, `{ command in … }`, `{ (command: UIKeyCommand) in … }`.
            let written = closure.signature?.parameterClause.map { String($0.sourceText.drop { !$0.isLetter && $0 != "_" }) }
            let parameter = written.map { String($0.prefix { $0.isLetter || $0.isNumber || $0 == "_" }) } ?? "$0"
            if evaluator.settingCommandProperties(of: site.target, parameter: parameter, body: closure.statements, frame: &frame) { return .null }
        }
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

    /// A call in a condition the import decides (``readingConstantsOnly``): what the standard
    /// library computes from values the source fixes — a Unicode scalar, a character set's
    /// membership, `contains` on a known array or string, `hasPrefix` and `hasSuffix` on a known
    /// string — and unknown for anything else. The app's functions, initialisers and closures
    /// are not run: their result is the run time's.
    func constantCall(_ call: FunctionCallExprSyntax, args: [(label: String?, expression: ExprSyntax)], frame: inout Frame) -> Value {
        let unknown = Value.unknown(call.sourceText)
        if let menu = MenuModel.lookup(call, args: args, in: self, frame: &frame) { return menu }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return unknown }
        if let value = unicodeCall(member, args: args, frame: &frame) { return value }
        guard let baseExpression = member.base, args.count == 1, let argument = args.first, argument.label == nil,
              !argument.expression.is(ClosureExprSyntax.self) else { return unknown }
        let base = evaluate(baseExpression, frame: &frame)
        let other = evaluate(argument.expression, frame: &frame)
        switch (member.declName.baseName.text, base, other) {
        case ("contains", .array(let items), _):
            // Only a list every element of which the source fixes, unconditionally.
            guard let key = other.scalarKey, items.allSatisfy({ $0.value.scalarKey != nil && $0.condition.isAlways }) else {
                return unknown
            }
            return .bool(items.contains { $0.value.scalarKey == key })
        case ("contains", .modifiers(let set), _):
            // `modifiers.contains(.command)` on a set the source fixes.
            var hinted = frame
            guard let names = asModifiers(evaluate(argument.expression, frame: &hinted, hint: ModifierFlagsModel.uiKitType)) else { return unknown }
            return .bool(names.isSubset(of: set))
        case ("contains", .string(let text), .string(let part)): return .bool(text.contains(part))
        case ("hasPrefix", .string(let text), .string(let part)): return .bool(text.hasPrefix(part))
        case ("hasSuffix", .string(let text), .string(let part)): return .bool(text.hasSuffix(part))
        default: return unknown
        }
    }
}
