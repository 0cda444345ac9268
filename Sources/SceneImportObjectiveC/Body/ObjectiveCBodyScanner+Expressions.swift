import KeyTraceCore
import SceneImportVocabulary

/// Expressions: literals, names, ternaries, `|` combinations, casts, blocks and C calls.
extension ObjectiveCBodyScanner {
    /// `UIKeyModifierFlags` constants by their Objective-C names.
    static let modifierConstants: [String: ModifierFlags] = [
        "UIKeyModifierCommand": .command, "UIKeyModifierShift": .shift, "UIKeyModifierAlternate": .alternate,
        "UIKeyModifierControl": .control, "UIKeyModifierAlphaShift": .alphaShift,
        "UIKeyModifierNumericPad": .numericPad,
    ]

    /// `UIMenuElementAttributes` constants by their Objective-C names.
    static let attributeConstants: [String: String] = [
        "UIMenuElementAttributesDestructive": "destructive", "UIMenuElementAttributesDisabled": "disabled",
        "UIMenuElementAttributesHidden": "hidden", "UIMenuElementAttributesKeepsMenuPresented": "keepsMenuPresented",
    ]

    /// UIKit's input constants; a command's input is the constant's name.
    static let inputConstants: Set<String> = {
        var names: Set<String> = [
            "UIKeyInputUpArrow", "UIKeyInputDownArrow", "UIKeyInputLeftArrow", "UIKeyInputRightArrow",
            "UIKeyInputEscape", "UIKeyInputPageUp", "UIKeyInputPageDown", "UIKeyInputHome", "UIKeyInputEnd",
            "UIKeyInputDelete",
        ]
        for number in 1...12 { names.insert("UIKeyInputF\(number)") }
        return names
    }()

    /// The value of the expression in `range`. Every message, block and call in it is run once.
    mutating func evaluate(_ range: Range<Int>) -> ObjectiveCValue {
        let lower = max(range.lowerBound, 0)
        let upper = min(range.upperBound, stream.count)
        guard lower < upper else { return .unknown("") }
        guard depth < context.budget.nestingDepth, work < workLimit else { return .unknown(stream.text(lower..<upper)) }
        work += 1
        depth += 1
        defer { depth -= 1 }
        if let question = stream.firstTopLevel(in: lower..<upper, where: { $0.isPunctuation("?") }) {
            return ternary(lower..<upper, question: question)
        }
        if let logical = logicalOperator(in: lower..<upper) { return logical }
        let parts = stream.splitTopLevel(lower..<upper, separator: "|")
        if parts.count > 1 { return union(parts.map { evaluate($0) }, text: stream.text(lower..<upper)) }
        if let binary = binaryOperator(in: lower..<upper) { return binary }
        let (value, next) = postfix(at: lower, upper: upper)
        if next >= upper { return value }
        sweep(next..<upper)
        return .unknown(stream.text(lower..<upper))
    }

    /// The rightmost top-level binary operator among `operators` in `range` (C's binary
    /// operators are left-associative, so it is the one applied last).
    private func rightmostOperator(in range: Range<Int>, among operators: Set<String>) -> Int? {
        var found: Int?
        var index = range.lowerBound
        while index < range.upperBound {
            if index > range.lowerBound, stream.kind(index) == .punctuation, let op = stream.value(index),
               operators.contains(op), endsOperand(index - 1)
            {
                found = index
            }
            index = stream.skip(index)
        }
        return found
    }

    /// `a || b` and `a && b` at the top level of `range`, as C decides them: a left side that
    /// decides the result (`NO && …`) is the result and the right side is not run, as C runs
    /// it; either side unknown leaves the result unknown unless the other side decides it.
    private mutating func logicalOperator(in range: Range<Int>) -> ObjectiveCValue? {
        for op in ["||", "&&"] {
            guard let at = rightmostOperator(in: range, among: [op]), at + 1 < range.upperBound else { continue }
            let deciding = op == "||"
            let left = evaluate(range.lowerBound..<at).truth
            if left == deciding { return .bool(deciding) }
            let right = evaluate(at + 1..<range.upperBound).truth
            if right == deciding { return .bool(deciding) }
            if let left, let right { return .bool(deciding ? left || right : left && right) }
            return .unknown(stream.text(range))
        }
        return nil
    }

    /// C's `^`, comparisons, `+`/`-` and `*`/`/`/`%` at the top level of `range`, lowest precedence first
    /// (a `^` that starts the range opens a block literal): `nil` when the range has none.
    /// Integers (and character literals) compare, add and exclusive-or as C does, modifier
    /// masks exclusive-or as sets (`UIKeyModifierCommand ^ UIKeyModifierShift` is ⇧⌘), strings
    /// compare with `==`/`!=` by value; anything else is unknown (both sides are still
    /// evaluated, for what they create).
    private mutating func binaryOperator(in range: Range<Int>) -> ObjectiveCValue? {
        let groups: [Set<String>] = [["^"], ["==", "!="], ["<", "<=", ">", ">="], ["+", "-"], ["*", "/", "%"]]
        for operators in groups {
            guard let at = rightmostOperator(in: range, among: operators), at + 1 < range.upperBound, let op = stream.value(at)
            else { continue }
            let left = evaluate(range.lowerBound..<at)
            let right = evaluate(at + 1..<range.upperBound)
            let text = stream.text(range)
            if case .string(let a) = left, case .string(let b) = right, op == "==" || op == "!=" {
                return .bool((a == b) == (op == "=="))
            }
            if case .modifiers(let a) = left, case .modifiers(let b) = right, op == "^" {
                return .modifiers(a.symmetricDifference(b))
            }
            guard let a = left.integer, let b = right.integer else { return .unknown(text) }
            switch op {
            case "==": return .bool(a == b)
            case "!=": return .bool(a != b)
            case "<": return .bool(a < b)
            case "<=": return .bool(a <= b)
            case ">": return .bool(a > b)
            case ">=": return .bool(a >= b)
            case "^": return .int(a ^ b)
            case "+": return .int(a &+ b)
            case "*": return .int(a &* b)
            case "/": return b == 0 || (a == .min && b == -1) ? .unknown(text) : .int(a / b)
            case "%": return b == 0 || (a == .min && b == -1) ? .unknown(text) : .int(a % b)
            default: return .int(a &- b)
            }
        }
        return nil
    }

    /// Whether the token at `index` can end an operand (so an operator after it is binary).
    private func endsOperand(_ index: Int) -> Bool {
        switch stream.kind(index) {
        case .identifier, .number, .objectString, .cString, .character: return true
        case .punctuation: return stream.isPunctuation(index, ")") || stream.isPunctuation(index, "]")
        default: return false
        }
    }

    private mutating func ternary(_ range: Range<Int>, question: Int) -> ObjectiveCValue {
        let conditionRange = range.lowerBound..<question
        let tested = evaluate(conditionRange)
        var pending = 0
        var colon = range.upperBound
        var index = question + 1
        while index < range.upperBound {
            if stream.isPunctuation(index, "?") { pending += 1 }
            if stream.isPunctuation(index, ":") {
                if pending == 0 {
                    colon = index
                    break
                }
                pending -= 1
            }
            index = stream.skip(index)
        }
        if colon < range.upperBound, colon > question + 1, case .bool(let holds) = tested {
            // A test the source decides (`i == 10 ? 0 : i` in an unrolled loop): the branch it takes.
            return holds ? evaluate(question + 1..<colon) : evaluate(colon + 1..<range.upperBound)
        }
        let positive = makeCondition(conditionRange, negated: false)
        let negative = makeCondition(conditionRange, negated: true)
        let second: ObjectiveCValue =
            colon < range.upperBound ? withCondition(negative) { $0.evaluate(colon + 1..<range.upperBound) } : .unknown("")
        if colon == question + 1 {
            // `a ?: b` is `a` unless `a` is nil; an empty fallback (`[super keyCommands] ?: @[]`)
            // adds nothing.
            if case .null = tested { return second }
            if second.items?.isEmpty == true { return tested }
        }
        let first = colon == question + 1 ? tested : withCondition(positive) { $0.evaluate(question + 1..<colon) }
        var items: [ObjectiveCValue.Item] = []
        for (value, condition) in [(first, positive.condition), (second, negative.condition)] {
            for branch in value.branches {
                items.append(.init(value: branch.value, condition: condition.merging(branch.condition)))
            }
        }
        return .alternatives(items)
    }

    /// `a | b | c` for modifier and attribute sets.
    private func union(_ values: [ObjectiveCValue], text: String) -> ObjectiveCValue {
        var modifiers: ModifierFlags = []
        var attributes: Set<String> = []
        var raw = 0
        for value in values {
            switch value {
            case .modifiers(let names): modifiers.formUnion(names)
            case .attributes(let names): attributes.formUnion(names)
            case .int(let number): raw |= number
            default: return .unknown(text)
            }
        }
        if !attributes.isEmpty && modifiers.isEmpty && raw == 0 { return .attributes(attributes) }
        guard attributes.isEmpty else { return .unknown(text) }
        if modifiers.isEmpty { return .int(raw) }
        guard let fromRaw = ModifierFlags(exactly: raw) else { return .unknown(text) }
        return .modifiers(modifiers.union(fromRaw))
    }

    /// Runs every message, block, call and collection literal in `range` for what it does.
    mutating func sweep(_ range: Range<Int>) {
        var index = range.lowerBound
        while index < range.upperBound && index < stream.count {
            let token = tokens[index]
            if token.isPunctuation("[") || token.isPunctuation("^")
                || (token.isPunctuation("@") && (stream.isPunctuation(index + 1, "[") || stream.isPunctuation(index + 1, "{")))
                || (token.kind == .identifier && stream.isPunctuation(index + 1, "("))
            {
                let (_, next) = primary(at: index, upper: range.upperBound)
                index = max(next, index + 1)
            } else {
                index += 1
            }
        }
    }

    /// A primary expression followed by `.name`, `->name`, `[index]`, `(arguments)`, `++`, `--`.
    mutating func postfix(at start: Int, upper: Int) -> (ObjectiveCValue, Int) {
        var (value, index) = primary(at: start, upper: upper)
        while index < upper {
            if stream.isPunctuation(index, "."), stream.kind(index + 1) == .identifier, let name = stream.value(index + 1) {
                value = property(name, of: value, text: stream.text(start..<index + 2))
                index += 2
            } else if stream.isPunctuation(index, "->"), stream.kind(index + 1) == .identifier {
                value = .unknown(stream.text(start..<index + 2))
                index += 2
            } else if stream.isPunctuation(index, "[") {
                let close = stream.partner(of: index)
                let position = evaluate(index + 1..<close)
                if let items = value.items, case .int(let offset) = position, items.indices.contains(offset),
                    items[offset].condition.isAlways
                {
                    value = items[offset].value
                } else if let found = Self.lookUp(position, in: value) {
                    value = found
                } else if case .string(let text) = value, case .int(let offset) = position, offset >= 0 {
                    // A C string's character, as a one-character string (`'\0'` past the end).
                    let scalars = Array(text.unicodeScalars)
                    value = .string(offset < scalars.count ? String(scalars[offset]) : "\0")
                } else {
                    value = .unknown(stream.text(start..<min(close + 1, upper)))
                }
                index = close + 1
            } else if stream.isPunctuation(index, "(") {
                let close = stream.partner(of: index)
                for argument in stream.splitTopLevel(index + 1..<close) { _ = evaluate(argument) }
                value = .unknown(stream.text(start..<min(close + 1, upper)))
                index = close + 1
            } else if stream.isPunctuation(index, "++") || stream.isPunctuation(index, "--") {
                index += 1
            } else {
                break
            }
        }
        return (value, index)
    }

    private func property(_ name: String, of value: ObjectiveCValue, text: String) -> ObjectiveCValue {
        switch value {
        case .selfReference:
            return memberValues[name] ?? .member(name)
        case .array(let items) where name == "count" && items.allSatisfy(\.condition.isAlways):
            return .int(items.count)
        // `arr.copy` in dot syntax, as `[arr copy]`: the same elements.
        case .array where name == "copy" || name == "mutableCopy", .dictionary where name == "copy" || name == "mutableCopy":
            return value
        case .range(let location, let length):
            if name == "location" { return .int(location) }
            if name == "length" { return .int(length) }
            return .unknown(text)
        case .string(let string):
            return Self.stringProperty(name, of: string) ?? .unknown(text)
        default:
            return Self.numberValue(name, of: value) ?? .unknown(text)
        }
    }

    /// An `NSNumber` accessor (`unsignedIntegerValue`, `boolValue`…) of a number the source
    /// fixes (`@(UIKeyModifierShift)` holds a modifier mask): the same number.
    static func numberValue(_ accessor: String, of value: ObjectiveCValue) -> ObjectiveCValue? {
        guard accessor.hasSuffix("Value") else { return nil }
        switch (accessor, value) {
        case ("boolValue", _): return value.integer.map { .bool($0 != 0) }
        case ("integerValue", .int), ("integerValue", .modifiers), ("integerValue", .bool),
            ("unsignedIntegerValue", .int), ("unsignedIntegerValue", .modifiers), ("unsignedIntegerValue", .bool),
            ("intValue", .int), ("intValue", .bool), ("unsignedIntValue", .int), ("longValue", .int),
            ("unsignedLongValue", .int), ("unsignedLongValue", .modifiers), ("longLongValue", .int),
            ("unsignedLongLongValue", .int), ("unsignedLongLongValue", .modifiers):
            if case .bool(let flag) = value { return .int(flag ? 1 : 0) }
            return value
        default: return nil
        }
    }

    private static let typeWords: Set<String> = [
        "id", "int", "long", "short", "char", "float", "double", "unsigned", "signed", "BOOL", "NSInteger",
        "NSUInteger", "CGFloat", "SEL", "Class", "void", "UIKeyModifierFlags", "instancetype", "__bridge",
        "__bridge_transfer", "__bridge_retained",
    ]

    /// Whether `(…)` holds a type, making it a cast.
    private func isCast(_ range: Range<Int>) -> Bool {
        guard !range.isEmpty, stream.kind(range.lowerBound) == .identifier else { return false }
        var index = range.lowerBound
        var hasPointer = false
        while index < range.upperBound {
            let token = tokens[index]
            if token.kind == .punctuation {
                guard ["*", "<", ">", ",", ">>"].contains(token.value) else { return false }
                if token.value == "*" { hasPointer = true }
            } else if token.kind != .identifier {
                return false
            }
            index += 1
        }
        if hasPointer { return true }
        let words = tokens[range].map(\.value)
        if words.allSatisfy({ Self.typeWords.contains($0) || ObjectiveCTypeName.qualifiers.contains($0) }) { return true }
        guard words.count == 1, let word = words.first, let first = word.first, first.isUppercase else { return false }
        return locals[word] == nil && context.constants[word] == nil && Self.modifierConstants[word] == nil
            && !Self.inputConstants.contains(word) && Self.attributeConstants[word] == nil
    }

    private func startsOperand(_ index: Int) -> Bool {
        guard let kind = stream.kind(index) else { return false }
        switch kind {
        case .identifier, .atKeyword, .objectString, .cString, .number, .character: return true
        case .punctuation: return ["[", "(", "@", "^", "!", "-", "~", "&", "*"].contains(stream.value(index) ?? "")
        }
    }

    /// A primary expression starting at `start`, and the index after it.
    mutating func primary(at start: Int, upper: Int) -> (ObjectiveCValue, Int) {
        guard start < upper, start < stream.count else { return (.unknown(""), start + 1) }
        guard depth < context.budget.nestingDepth else { return (.unknown(stream.text(start..<upper)), upper) }
        depth += 1
        defer { depth -= 1 }
        let token = tokens[start]
        switch token.kind {
        case .objectString, .cString, .character:
            return (.string(token.value), start + 1)
        case .number:
            return (Self.integer(token.value).map(ObjectiveCValue.int) ?? .unknown(token.value), start + 1)
        case .atKeyword:
            switch token.value {
            case "selector" where stream.isPunctuation(start + 1, "("):
                let close = stream.partner(of: start + 1)
                return (.selector(stream.text(start + 2..<close).filter { !$0.isWhitespace }), close + 1)
            case "YES", "true": return (.bool(true), start + 1)
            case "NO", "false": return (.bool(false), start + 1)
            default:
                let after = stream.isPunctuation(start + 1, "(") ? stream.skip(start + 1) : start + 1
                return (.unknown(stream.text(start..<min(after, upper))), after)
            }
        case .punctuation:
            return punctuationPrimary(at: start, upper: upper)
        case .identifier:
            return identifierPrimary(at: start, upper: upper)
        }
    }

    private mutating func punctuationPrimary(at start: Int, upper: Int) -> (ObjectiveCValue, Int) {
        let token = tokens[start]
        switch token.value {
        case "[":
            let close = stream.partner(of: start)
            return (message(at: start), close + 1)
        case "(":
            let close = stream.partner(of: start)
            let inner = start + 1..<close
            if isCast(inner), close + 1 < upper, startsOperand(close + 1) {
                let (value, next) = postfix(at: close + 1, upper: upper)
                if let cast = ObjectiveCTypeName.objectClass(of: stream.text(inner)), stream.text(close + 1..<next).hasSuffix("rootViewController") {
                    body.rootClassTests.append(.init(className: cast, line: stream.line(start)))
                }
                if case .unknown = value, let cast = ObjectiveCTypeName.objectClass(of: stream.text(inner)) {
                    return (.object(className: cast), next)
                }
                return (value, next)
            }
            return (evaluate(inner), close + 1)
        case "@":
            if stream.isPunctuation(start + 1, "[") {
                let close = stream.partner(of: start + 1)
                var items: [ObjectiveCValue.Item] = []
                for part in stream.splitTopLevel(start + 2..<close) where !part.isEmpty {
                    items.append(contentsOf: evaluate(part).branches)
                }
                return (.array(items), close + 1)
            }
            if stream.isPunctuation(start + 1, "(") {
                let close = stream.partner(of: start + 1)
                return (evaluate(start + 2..<close), close + 1)
            }
            if stream.isPunctuation(start + 1, "{") {
                let close = stream.partner(of: start + 1)
                if let dictionary = dictionaryLiteral(start + 2..<close) { return (dictionary, close + 1) }
                sweep(start + 2..<close)
                return (.unknown(stream.text(start..<min(close + 1, upper))), close + 1)
            }
            if stream.kind(start + 1) == .number { return primary(at: start + 1, upper: upper) }
            return (.unknown("@"), start + 1)
        case "{":
            // A C array's initialiser, `{ UIKeyModifierCommand, UIKeyModifierShift }`; designated
            // initialisers (`[2] = x`, `.field = x`) are unknown.
            let close = stream.partner(of: start)
            let parts = stream.splitTopLevel(start + 1..<close).filter { !$0.isEmpty }
            guard !parts.contains(where: { stream.isPunctuation($0.lowerBound, ".") || stream.isPunctuation($0.lowerBound, "[") }) else {
                sweep(start + 1..<close)
                return (.unknown(stream.text(start..<min(close + 1, upper))), close + 1)
            }
            return (.array(parts.flatMap { evaluate($0).branches }), close + 1)
        case "^":
            return block(at: start, upper: upper)
        case "!", "-", "~", "&", "*", "+":
            let (value, next) = postfix(at: start + 1, upper: upper)
            switch (token.value, value) {
            case ("!", .bool(let flag)): return (.bool(!flag), next)
            case ("-", .int(let number)): return (.int(0 &- number), next)
            case ("+", .int(let number)): return (.int(number), next)
            default: return (.unknown(stream.text(start..<next)), next)
            }
        default:
            return (.unknown(token.value), start + 1)
        }
    }

    private mutating func identifierPrimary(at start: Int, upper: Int) -> (ObjectiveCValue, Int) {
        let name = tokens[start].value
        if stream.isPunctuation(start + 1, "(") {
            let close = stream.partner(of: start + 1)
            return (call(name, arguments: start + 2..<close, text: stream.text(start..<min(close + 1, upper))), close + 1)
        }
        let value: ObjectiveCValue
        switch name {
        case "YES", "true", "TRUE": value = .bool(true)
        case "NO", "false", "FALSE": value = .bool(false)
        case "nil", "NULL", "Nil": value = .null
        case "kNilOptions": value = .int(0)
        case "NSNotFound": value = .int(Int.max)
        case "self": value = .selfReference
        case "super": value = .superReference
        default:
            if let modifier = Self.modifierConstants[name] {
                value = .modifiers(modifier)
            } else if let attribute = Self.attributeConstants[name] {
                value = .attributes([attribute])
            } else if Self.inputConstants.contains(name) {
                value = .string(name)
            } else if let local = locals[name] {
                if case .unknown = local.value, let declared = local.declaredClass {
                    value = .object(className: declared)
                } else {
                    value = local.value
                }
            } else if let constant = context.constants[name] {
                value = constant
            } else if name.hasPrefix("_") && name.count > 1 {
                let member = String(name.dropFirst())
                value = memberValues[member] ?? .member(member)
            } else if context.members[name]?.kind == .instanceVariable {
                value = memberValues[name] ?? .member(name)
            } else if let first = name.first, first.isUppercase {
                value = .classReference(name)
            } else {
                value = .unknown(name)
            }
        }
        return (value, start + 1)
    }

    /// A block literal `^{ … }`, `^(Type x) { … }`, `^Type (…) { … }`: its body runs once, in
    /// place, under the current conditions.
    private mutating func block(at start: Int, upper: Int) -> (ObjectiveCValue, Int) {
        var index = start + 1
        while index < upper, !stream.isPunctuation(index, "{") {
            guard stream.kind(index) == .identifier || stream.isPunctuation(index, "(") || stream.isPunctuation(index, "*") else {
                return (.unknown("^"), start + 1)
            }
            index = stream.skip(index)
        }
        guard index < upper else { return (.unknown("^"), start + 1) }
        let close = stream.partner(of: index)
        blockDepth += 1
        runStatements(index + 1..<min(close, upper))
        blockDepth -= 1
        return (.unknown(stream.text(start..<min(close + 1, upper))), close + 1)
    }

    /// A C function call: the file's own functions run in place (``ObjectiveCFunction``).
    private mutating func call(_ name: String, arguments range: Range<Int>, text: String) -> ObjectiveCValue {
        let parts = stream.splitTopLevel(range).filter { !$0.isEmpty }
        if name == "sizeof", parts.count == 1, let size = byteCount(of: parts[0]) { return .int(size) }
        let arguments = parts.map { evaluate($0) }
        if let function = context.functions[name] ?? blocks[name], helperDepth < context.budget.helperDepth, work < workLimit {
            if function.capturesLocals { calledBlocks.insert(name) } else { body.helpersRun.insert(name) }
            let send = Send(
                receiver: .unknown(name), receiverRange: range.lowerBound..<range.lowerBound, selector: name,
                arguments: parts.map { Argument(label: "", range: $0) }, values: arguments, variadic: [], text: text,
                line: stream.line(max(range.lowerBound - 2, 0)))
            return runHelper(function, send: send)
        }
        switch name {
        case "NSLocalizedString", "NSLocalizedStringWithDefaultValue", "NSLocalizedStringFromTable",
            "NSLocalizedStringFromTableInBundle":
            guard case .string(let key)? = arguments.first else { return .unknown(text) }
            var table: String?
            if name.hasPrefix("NSLocalizedStringFromTable") || name == "NSLocalizedStringWithDefaultValue",
                arguments.count > 1, case .string(let named) = arguments[1]
            {
                table = named
            }
            // `NSLocalizedStringWithDefaultValue(key, table, bundle, value, comment)`: the value is
            // the development language's text, returned when no table holds the key.
            var value: String?
            if name == "NSLocalizedStringWithDefaultValue", arguments.count > 3, case .string(let text) = arguments[3], !text.isEmpty {
                value = text
            }
            return .localized(key: key, table: table, value: value)
        case "NSSelectorFromString":
            guard case .string(let selector)? = arguments.first else { return .unknown(text) }
            return .selector(selector)
        case "NSMakeRange":
            guard arguments.count == 2, case .int(let location) = arguments[0], case .int(let length) = arguments[1],
                  location >= 0, length >= 0 else { return .unknown(text) }
            return .range(location: location, length: length)
        default:
            return .unknown(text)
        }
    }

    /// A dictionary literal's keys and values (`@{ @"+": @"add:", key: value }`), each pair read
    /// once; `nil` when a pair is no `key: value` (a ternary's `:` is not told apart, so a part
    /// holding `?` gives up) or a key or value is one of several alternatives.
    private mutating func dictionaryLiteral(_ range: Range<Int>) -> ObjectiveCValue? {
        var keys: [ObjectiveCValue.Item] = []
        var values: [ObjectiveCValue.Item] = []
        for part in stream.splitTopLevel(range) where !part.isEmpty {
            guard stream.firstTopLevel(in: part, where: { $0.isPunctuation("?") }) == nil,
                  let colon = stream.firstTopLevel(in: part, where: { $0.isPunctuation(":") }), colon > part.lowerBound else { return nil }
            let key = evaluate(part.lowerBound..<colon)
            let value = evaluate(colon + 1..<part.upperBound)
            if case .alternatives = key { return nil }
            if case .alternatives = value { return nil }
            keys.append(.init(value: key, condition: .always))
            values.append(.init(value: value, condition: .always))
        }
        return .dictionary(keys: keys, values: values)
    }

    /// `sizeof` of a C type (`long`, `NSString *`), of a C array a local or file-level constant
    /// declares with its elements (`modifiers` in `const long modifiers[] = { … }`), or of one
    /// of its elements (`modifiers[0]`), as the 64-bit build lays them out; `nil` otherwise.
    private func byteCount(of range: Range<Int>) -> Int? {
        let words = tokens[range].filter { $0.kind == .identifier }.map(\.value)
        if let name = words.first, range.count == 1 || (range.count == 4 && stream.isPunctuation(range.lowerBound + 1, "[")),
            let elementSize = locals[name]?.elementSize ?? context.arrayElementSizes[name]
        {
            if range.count == 4 { return elementSize }
            guard let items = (locals[name]?.value ?? context.constants[name])?.items else { return nil }
            return items.count * elementSize
        }
        guard !words.isEmpty, tokens[range].allSatisfy({ $0.kind == .identifier || $0.isPunctuation("*") }) else { return nil }
        return Self.cTypeSize(of: tokens[range].map(\.value))
    }

    /// The size in bytes of a C type named by `words` (`unsigned long`, `NSString *`) in the
    /// 64-bit build; `nil` for a type the importer does not know.
    static func cTypeSize(of words: [String]) -> Int? {
        if words.contains("*") { return 8 }
        let named = words.filter { !["const", "static", "volatile", "signed", "unsigned"].contains($0) }
        if named.isEmpty { return words.contains("unsigned") || words.contains("signed") ? 4 : nil }
        if named.contains("long") { return 8 }
        guard named.count == 1, let name = named.first else { return nil }
        switch name {
        case "char", "BOOL", "bool", "int8_t", "uint8_t", "UInt8", "Int8": return 1
        case "short", "unichar", "int16_t", "uint16_t", "UInt16", "Int16": return 2
        case "int", "float", "int32_t", "uint32_t", "UInt32", "Int32", "UTF32Char": return 4
        case "NSInteger", "NSUInteger", "double", "CGFloat", "UIKeyModifierFlags", "size_t", "int64_t", "uint64_t",
            "UInt64", "Int64", "SEL", "id", "Class", "NSTimeInterval":
            return 8
        default: return nil
        }
    }

    static func integer(_ text: String) -> Int? {
        var digits = Substring(text)
        while let last = digits.last, "uUlL".contains(last) { digits = digits.dropLast() }
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") { return Int(digits.dropFirst(2), radix: 16) }
        if digits.count > 1, digits.hasPrefix("0"), digits.allSatisfy(\.isNumber) { return Int(digits.dropFirst(), radix: 8) }
        return Int(digits)
    }

    /// A title argument as ``ObjectiveCText``; `nil` for `nil`.
    static func text(of value: ObjectiveCValue, expression: String) -> ObjectiveCText? {
        switch value {
        case .string(let text): return .literal(text)
        case .localized(let key, let table, let value): return .localized(key: key, table: table, value: value)
        case .null: return nil
        default: return .expression(expression)
        }
    }
}
