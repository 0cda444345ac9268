import Foundation
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
            var items: [Value.Item] = []
            for element in array.elements {
                items.append(.init(value: evaluate(element.expression, frame: &frame, hint: arrayHint?.elementType), conditions: []))
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

    // MARK: - Modifiers

    /// The labels and types of a tuple type's elements: `(a: T, U)` → `[("a", "T"), (nil, "U")]`.
    /// Read as bytes: the evaluator asks this for every argument of a call to a function with a
    /// tuple parameter.
    static func tupleElements(_ type: String) -> [(label: String?, type: String?)] {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        func trimmed(_ bytes: ArraySlice<UInt8>) -> String {
            var part = bytes
            while let first = part.first, isSpace(first) { part = part.dropFirst() }
            while let last = part.last, isSpace(last) { part = part.dropLast() }
            return String(decoding: part, as: UTF8.self)
        }
        var bare = Array(type.utf8)[...]
        while let first = bare.first, isSpace(first) { bare = bare.dropFirst() }
        while let last = bare.last, isSpace(last) { bare = bare.dropLast() }
        guard bare.count >= 2, bare.first == UInt8(ascii: "("), bare.last == UInt8(ascii: ")") else { return [] }
        var parts: [ArraySlice<UInt8>] = []
        var depth = 0
        var start = bare.startIndex + 1
        for index in (bare.startIndex + 1)..<(bare.endIndex - 1) {
            switch bare[index] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "<"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: ">"): depth -= 1
            case UInt8(ascii: ",") where depth == 0:
                parts.append(bare[start..<index])
                start = index + 1
            default: break
            }
        }
        parts.append(bare[start..<(bare.endIndex - 1)])
        return parts.map { part in
            // `label: Type`, split at the first colon outside brackets (a dictionary type's
            // colon is the type's), with empty sides dropped.
            var pieces: [String] = []
            var level = 0
            let colon = part.indices.first { index in
                switch part[index] {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "<"): level += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: ">"): level -= 1
                case UInt8(ascii: ":"): return level == 0
                default: break
                }
                return false
            }
            if let colon {
                if colon > part.startIndex { pieces.append(trimmed(part[..<colon])) }
                if colon + 1 < part.endIndex { pieces.append(trimmed(part[(colon + 1)...])) }
            } else if !part.isEmpty {
                pieces.append(trimmed(part))
            }
            return pieces.count == 2 ? (pieces[0], pieces[1]) : (nil, pieces.first)
        }
    }

    /// What `type`, an array literal's expected type, tells of it; worked out once per type text.
    func arrayHint(for type: String) -> ArrayHint {
        if let known = arrayHints[type] { return known }
        let elementType = Self.elementType(type)
        let hint = ArrayHint(elementType: elementType,
                             isModifierArray: ModifierFlagsModel.isModifierType(type) || elementType.map(ModifierFlagsModel.isModifierType) == true)
        arrayHints[type] = hint
        return hint
    }

    static func elementType(_ type: String) -> String? {
        // Type names are cut at ASCII delimiters, so the text is taken apart as UTF-8. Only an
        // array or set type has an element type: any other is turned away before it is copied.
        let first = type.utf8.first { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "!") }
        guard first == UInt8(ascii: "[") || first == UInt8(ascii: "A") || first == UInt8(ascii: "S") else { return nil }
        let bare = type.withoutOptionality.utf8
        if bare.first == UInt8(ascii: "["), bare.last == UInt8(ascii: "]") {
            return String(decoding: bare.dropFirst().dropLast(), as: UTF8.self)
        }
        guard bare.starts(with: "Array<".utf8) || bare.starts(with: "Set<".utf8),
              let open = bare.firstIndex(of: UInt8(ascii: "<")) else { return nil }
        return String(decoding: bare[bare.index(after: open)...].dropLast(), as: UTF8.self)
    }

    func evaluateModifierArray(_ array: ArrayExprSyntax, frame: inout Frame) -> Value {
        var items: [Value.Item] = []
        for element in array.elements {
            items.append(.init(value: evaluate(element.expression, frame: &frame, hint: ModifierFlagsModel.uiKitType), conditions: []))
        }
        // An array of several flag sets (`[UIKeyModifierFlags]`) stays an array.
        return .array(items)
    }

    /// A modifier value made of two branches as the choice between them it is: an array
    /// whose items are under one condition or its negation (`isOn ? [.command] : [.command,
    /// .shift]`, or a helper returning one set under `if isOn` and another in its `else`),
    /// one set per branch, items under no condition in both. Any other value as it is (items
    /// under unrelated conditions are parts of one set).
    func modifierChoice(_ value: Value) -> Value {
        guard case .array(let items) = value else { return value }
        var branches: [[String]] = []
        for item in items where !item.conditions.isEmpty && !branches.contains(item.conditions) { branches.append(item.conditions) }
        guard branches.count == 2, let first = branches[0].last, let second = branches[1].last,
              branches[0].dropLast() == branches[1].dropLast(), first == "!(\(second))" || second == "!(\(first))" else { return value }
        return .alternatives(branches.map { conditions in
            let parts = items.filter { $0.conditions.isEmpty || $0.conditions == conditions }
            return Value.Item(value: .array(parts.map { Value.Item(value: $0.value, conditions: []) }), conditions: conditions)
        })
    }

    /// A modifier flag set from a value that may be an array of flags.
    func asModifiers(_ value: Value) -> Set<String>? {
        switch value {
        case .modifiers(let set): return set
        case .array(let items) where items.count == 1:
            // `[.command]` as often as not: the one set itself, not a union built from it.
            return asModifiers(items[0].value)
        case .array(let items):
            var names: Set<String> = []
            for item in items {
                guard let set = asModifiers(item.value) else { return nil }
                names.formUnion(set)
            }
            return names
        case .int(let raw): return ModifierName.fromRawValue(raw)
        default: return nil
        }
    }

    // MARK: - Names

    func evaluateName(_ name: String, frame: inout Frame, hint: String?) -> Value {
        if let local = frame.locals[name] {
            // Most frames hold no such local: the emptiness test spares hashing the name.
            if !frame.changingLocals.isEmpty, frame.changingLocals.contains(name) { mutableReads += 1 }
            return local
        }
        if name == "Self", let type = frame.selfType { return .typeReference(type) }
        if name == "self" {
            if let command = frame.selfCommand { return .command(command) }
            if let type = frame.selfType { return .object(type: type, fields: frame.selfFields) }
            return .unknown("self")
        }
        if let field = frame.selfFields[name] {
            if !frame.selfIsHeldValue { mutableReads += 1 }
            return field
        }
        if KeyInputConstant.globals.contains(name) { return .string(name) }
        if let type = frame.selfType, let value = property(name, of: type, frame: &frame, static: nil) {
            return value
        }
        if let global = index.globalProperties[name] {
            if readsChangingState(global) { return .unknown(name) }
            return propertyValue(global, ofType: nil, frame: &frame)
        }
        if index.type(named: name) != nil || FrameworkModels.types.contains(name) || name.first?.isUppercase == true {
            return .typeReference(name)
        }
        return .unknown(name)
    }

    /// A property of `type` (or its superclasses, or a protocol extension it adopts): the value
    /// of its getter or initialiser, or of the first assignment to it in the type's methods.
    func property(_ name: String, of type: String, frame: inout Frame, static isStatic: Bool?) -> Value? {
        guard let (property, owner) = findProperty(name, of: type, static: isStatic) else { return nil }
        // A user setting holds what the user chose; its initial value is only the default.
        if property.isUserSetting { return .unknown(name) }
        if readsChangingState(property) { return .unknown(name) }
        if property.getter == nil && property.initializer == nil {
            if readingConstantsOnly { return .unknown(name) }
            guard let info = index.type(named: owner) else { return nil }
            if let assigned = assignedValue(name, in: info, frame: &frame) { return assigned }
            // A struct without initialisers of its own is built memberwise: what its
            // constructions pass.
            if readingValuesSetFromOutside > 0, info.kind == .struct, !info.functions.contains(where: { $0.kind == .initializer }),
               let position = info.storedOrder.firstIndex(of: name) {
                return valueFromConstructions(of: info, label: name, position: position)
            }
            return nil
        }
        let value = propertyValue(property, ofType: owner, frame: &frame)
        // `var _keyCommands: [UIKeyCommand] = []` filled in by an initialiser.
        if property.getter == nil, value.items?.isEmpty == true || value.isNull, let info = index.type(named: owner) {
            if let assigned = assignedValue(name, in: info, frame: &frame), assigned.items?.isEmpty == false {
                return assigned
            }
            // An empty `var` the type never fills itself is filled from outside at run time:
            // by what other code assigns, when the app shows it.
            if property.isVariable { return valueSetFromOutside(name, of: info) ?? .unknown(name) }
        }
        return value
    }

    /// The property `name` of `type` (static, instance, or either when `isStatic` is `nil`),
    /// from the type itself, its superclasses, then the protocols and extensions it names,
    /// with the name of the type that declares it; looked up once per question.
    func findProperty(_ name: String, of type: String, static isStatic: Bool?) -> (SourceIndex.PropertyInfo, owner: String)? {
        let key = PropertyQuestion(type: type, name: name, isStatic: isStatic)
        if let known = propertiesFound[key] { return known }
        var found: (SourceIndex.PropertyInfo, owner: String)?
        var candidates: [SourceIndex.TypeInfo] = []
        if let info = index.type(named: type) { candidates.append(info) }
        candidates += index.ancestors(of: type)
        if let info = index.type(named: type) {
            candidates += info.inherited.compactMap { index.type(named: $0) }.filter { $0.kind == .protocol || $0.kind == .extensionOnly }
        }
        for info in candidates {
            if let property = info.properties[name], isStatic == nil || property.isStatic == isStatic {
                found = (property, info.name)
                break
            }
        }
        propertiesFound[key] = .some(found)
        return found
    }

    func propertyValue(_ property: SourceIndex.PropertyInfo, ofType type: String?, frame: inout Frame) -> Value {
        let key = RunKey.property(type: type, name: property.name)
        guard let declaration = property.getter.map(Syntax.init) ?? property.initializer.map(Syntax.init) else {
            return .unknown(property.name)
        }
        guard enter(key) else { return .unknown(property.name) }
        defer { leave(key) }
        // A static or global stored property is initialised once, whoever reads it first: its
        // initialiser runs once, unconditionally, and what it creates is logged under each
        // reader's conditions (a getter that picks one of four static tables under a `switch`
        // runs each table's initialiser once, not once per case that reads it).
        let initialisedOnce = property.getter == nil && (property.isStatic || type == nil)
        var inner = Frame(selfType: type ?? frame.selfType, conditions: initialisedOnce ? [] : frame.conditions)
        inner.returnHint = Self.resolvingSelf(property.type, in: inner.selfType)
        if type == frame.selfType {
            inner.selfFields = frame.selfFields
            inner.selfIsHeldValue = frame.selfIsHeldValue
            // An enum case's own property: `self` is the case.
            if let selfValue = frame.locals["self"] { inner.locals["self"] = selfValue }
        }
        let memoKey = memoKey(declaration, selfType: inner.selfType, selfIsHeldValue: inner.selfIsHeldValue, values: [inner.locals["self"] ?? .null],
                              sharedFields: inner.selfFields, conditions: inner.conditions)
        let marks = effectMarks()
        let value = memoised(memoKey, running: declaration, sharesFields: false, frame: &inner) { inner in
            if let getter = property.getter {
                return run(getter, frame: &inner)
            }
            if let initializer = property.initializer {
                return evaluate(initializer, frame: &inner, hint: property.type)
            }
            return .unknown(property.name)
        }
        if initialisedOnce { prefixEffects(since: marks, with: frame.conditions) }
        return value
    }

    /// A declared type with `Self` standing for the type that declares it (`static var
    /// shiftOrCommand: Self` in an extension of `UIKeyModifierFlags`).
    static func resolvingSelf(_ type: String?, in selfType: String?) -> String? {
        guard let type, let selfType, type == "Self" || type == "Self?" else { return type }
        return type == "Self" ? selfType : selfType + "?"
    }

    /// A stored property without an initialiser: the value the type's methods assign to it
    /// (an initialiser's or `viewDidLoad`'s `_keyCommands = …`).
    func assignedValue(_ name: String, in info: SourceIndex.TypeInfo, frame: inout Frame) -> Value? {
        let key = RunKey.assigned(type: info.name, name: name)
        guard enter(key) else { return nil }
        // The methods run here only to learn what they assign: a shortcut they attach is not
        // the helper's that asked.
        let log = shortcutLog
        shortcutLog = nil
        defer {
            leave(key)
            shortcutLog = log
        }
        for function in functions(of: info, assigning: name) {
            guard let body = function.body else { continue }
            var inner = Frame(selfType: info.name)
            for parameter in function.parameters {
                inner.locals[parameter.name] = .unknown(parameter.name)
            }
            // One run of a method gives every field it assigns, whoever asks and under whatever
            // conditions: memoised, it serves every property asked for (a main menu reading
            // eighty stored commands runs it once). What it creates is logged under the asking
            // code's conditions.
            let marks = effectMarks()
            let key = memoKey(body, selfType: info.name, values: [], sharedFields: [:], conditions: [])
            _ = memoised(key, running: body, sharesFields: true, frame: &inner) { inner in
                execute(body.statements, frame: &inner)
                return .null
            }
            prefixEffects(since: marks, with: frame.conditions)
            guard let value = inner.selfFields[name] else { continue }
            // A setter that stores its parameter in a field of commands: what the app's calls
            // of it pass.
            if case .unknown(let text) = value, let position = function.parameters.firstIndex(where: { $0.name == text }) {
                let holdsCommands = Self.holdsCommands(info.properties[name].flatMap { $0.type ?? $0.initializer?.sourceText })
                // An initialiser's parameter: what the type's constructions pass.
                if function.kind == .initializer, holdsCommands || readingValuesSetFromOutside > 0,
                   let passed = valueFromConstructions(of: info, label: function.parameters[position].label, position: position) {
                    return passed
                }
                if holdsCommands, let passed = valueFromCallers(of: function, in: info, field: name) { return passed }
            }
            return value
        }
        return nil
    }

    /// The methods of `info` whose bodies assign the field `name` (`name = …`, `self.name += …`,
    /// `name.append(…)`, `&name`), in declaration order; searched once per type and name (a
    /// getter asks for the same field at every call). A method that only reads the field is not
    /// run to learn its value: in a game's view model that is most of its logic.
    func functions(of info: SourceIndex.TypeInfo, assigning name: String) -> [SourceIndex.FunctionInfo] {
        let key = PropertyQuestion(type: info.name, name: name, isStatic: nil)
        if let known = functionsAssigning[key] { return known }
        let found = info.functions.filter { function in
            guard let body = function.body, index.file(function.location.file, mentionsIdentifier: name),
                  mentions(body, name, inFile: function.location.file) else { return false }
            let finder = FieldAssignmentFinder(field: name)
            finder.walk(body)
            return finder.found
        }
        functionsAssigning[key] = found
        return found
    }

    /// Whether a body's text contains `name`: an occurrence in its file's text
    /// (``SourceIndex/offsets(of:inFile:)``, searched once per file and name) that lies wholly
    /// inside the body, so the body's text is never written out.
    func mentions(_ body: CodeBlockSyntax, _ name: String, inFile file: String) -> Bool {
        guard let offsets = index.offsets(of: [name], inFile: file) else { return body.description.containsBytes(of: name) }
        let start = body.position.utf8Offset
        let end = body.endPosition.utf8Offset - name.utf8.count + 1
        return end > start && ByteSearch.contains(offsets, offsetIn: start..<end)
    }

    // MARK: - Members

    func evaluateMember(_ member: MemberAccessExprSyntax, frame: inout Frame, hint: String?) -> Value {
        let name = member.declName.baseName.text
        guard let baseExpression = member.base else {
            return implicitMember(name, frame: &frame, hint: hint)
        }
        // Every base the checks below compare with is a short name (`super`, `UIKeyCommand`,
        // `self.tabBar`): the text of a longer base is never built.
        let baseText = baseExpression.trimmedLength.utf8Length <= 48 ? baseExpression.sourceText : ""
        if baseText == "super" { return ResponderModel.superMember(name) ?? .unknown(member.sourceText) }
        if let value = FrameworkModels.staticMember(name, of: baseText) { return value }
        if ContainmentModel.isTabBarItems(name, of: baseText), let items = tabBarItems(frame: &frame) { return items }
        let implicitBase = baseExpression.as(MemberAccessExprSyntax.self)?.base == nil && baseExpression.is(MemberAccessExprSyntax.self)
        let base = evaluate(baseExpression, frame: &frame, hint: implicitBase ? hint : nil)
        return self.member(name, of: base, baseIsSelf: baseText == "self", frame: &frame) { member.sourceText }
    }

    /// Member `name` of a value the evaluator holds (`base.name`, or a key path `\.name`
    /// applied to it); `sourceText` gives the text an unknown result carries.
    func member(_ name: String, of base: Value, baseIsSelf: Bool, frame: inout Frame, sourceText: () -> String) -> Value {
        switch base {
        case .typeReference(let type):
            if type == "self" || type == frame.selfType {
                return property(name, of: type, frame: &frame, static: nil) ?? .unknown(sourceText())
            }
            return staticMember(name, of: type, frame: &frame) ?? .unknown(sourceText())
        case .object(let type, let fields):
            if findProperty(name, of: type, static: false)?.0.isUserSetting == true { return .unknown(sourceText()) }
            if let field = fields[name] { return field }
            var inner = frame
            inner.selfType = type
            inner.selfFields = fields
            if !baseIsSelf { inner.selfIsHeldValue = isPlainValueType(type) }
            if let value = property(name, of: type, frame: &inner, static: false) { return value }
            // In a static member (`class var menu { … children: self.commands }`) `self` is the type.
            if baseIsSelf, let value = property(name, of: type, frame: &frame, static: true) { return value }
            return .unknown(sourceText())
        case .tuple(let members):
            if let found = members.first(where: { $0.label == name }) { return found.value }
            if let offset = Int(name), offset < members.count { return members[offset].value }
            return .unknown(sourceText())
        case .enumCase(let type, let caseName, _):
            if name == "rawValue", let info = index.type(named: type), let raw = info.enumCases[caseName] {
                if let rawValue = raw.rawValue { var inner = frame; return evaluate(rawValue, frame: &inner) }
                return .string(caseName)
            }
            var inner = frame
            inner.selfType = type
            inner.locals["self"] = base
            return property(name, of: type, frame: &inner, static: false) ?? .unknown(sourceText())
        case .shortcut, .command, .modifiers, .int, .string, .array:
            return FrameworkModels.property(name, of: base, in: self) ?? .unknown(sourceText())
        default:
            return .unknown(sourceText())
        }
    }

    /// `.name` with the type taken from the context.
    func implicitMember(_ name: String, frame: inout Frame, hint: String?) -> Value {
        let type = hint.map { $0.withoutOptionality }
        if let type {
            if let value = FrameworkModels.implicitMember(name, expecting: type) { return value }
            if let value = staticMember(name, of: type, frame: &frame) { return value }
            // A type another module declares and the app only extends (`private extension
            // SearchScope { var shortcutKey: KeyEquivalent { switch self { case .title: "2" … } } }`):
            // `.title` is taken as its case of that name, so the app's own members switch on it.
            // The standard library's and the framework types the models stand for are no such type.
            if let info = index.type(named: type), info.kind == .extensionOnly, info.enumCases.isEmpty,
               !FrameworkModels.types.contains(info.name), !SourceIndex.standardValueTypes.contains(info.name) {
                return .enumCase(type: info.name, name: name, payload: [])
            }
            // A framework type the context names has no other members than its model gives.
            if FrameworkModels.types.contains(type), !FrameworkModels.openTypes.contains(type) { return .unknown("." + name) }
        } else if let value = FrameworkModels.implicitMember(name, expecting: nil) {
            return value
        }
        // Without a usable context, a static member of that name anywhere in the app.
        for candidate in FrameworkModels.extendedTypes {
            if let value = staticMember(name, of: candidate, frame: &frame) { return value }
        }
        if let owner = index.staticMemberOwners[name] {
            return staticMember(name, of: owner, frame: &frame) ?? .unknown("." + name)
        }
        if hint == nil, let key = SwiftUIShortcutModel.keyEquivalent(name) { return key }
        return .unknown("." + name)
    }

    /// `Type.name`: a static property, an enum case, or a nested type.
    func staticMember(_ name: String, of type: String, frame: inout Frame) -> Value? {
        if type == KeyCommandModel.typeName, let value = KeyCommandModel.staticMember(name, of: type) { return value }
        guard let info = index.type(named: type) else { return nil }
        // An app's own option set that mirrors the modifier flags (`static let command =
        // Modifiers(rawValue: 1 << 0)`) means the modifier its member names: the bits are the
        // app's encoding, the name is what its conversions (`contains(.command)`) test.
        if info.properties[name]?.isStatic == true, info.inherited.contains("OptionSet"), let value = ModifierFlagsModel.member(name) {
            return value
        }
        if let property = info.properties[name], property.isStatic {
            return staticPropertyValue(property, ofType: info.name, frame: &frame)
        }
        if info.enumCases[name] != nil {
            return .enumCase(type: info.name, name: name, payload: [])
        }
        if name == "allCases", info.kind == .enum {
            return .array(info.enumCaseOrder.map { .init(value: .enumCase(type: info.name, name: $0, payload: []), conditions: []) })
        }
        if index.type(named: info.name + "." + name) != nil { return .typeReference(info.name + "." + name) }
        for ancestor in index.ancestors(of: type) {
            if let property = ancestor.properties[name], property.isStatic {
                return staticPropertyValue(property, ofType: ancestor.name, frame: &frame)
            }
        }
        return nil
    }

    /// A static property read as `Type.name`: its value, except that a stored `static var`
    /// (`static var focusMenu: Menu? = nil`) is state the app changes at run time, so a
    /// condition that reads it is not decided from its initial value (``readsChangingState(_:)``).
    private func staticPropertyValue(_ property: SourceIndex.PropertyInfo, ofType type: String, frame: inout Frame) -> Value {
        if readsChangingState(property) { return .unknown(property.name) }
        return propertyValue(property, ofType: type, frame: &frame)
    }

    /// Counts a read of a stored `var` (of an instance, a global or a type: state the app may
    /// change by the time UIKit asks) in ``mutableReads``, and says whether the read gives no
    /// value: while a condition is decided from what the source fixes
    /// (``readingConstantsOnly``), a `var`'s initial value is not what it holds.
    private func readsChangingState(_ property: SourceIndex.PropertyInfo) -> Bool {
        guard property.isVariable && property.getter == nil else { return false }
        mutableReads += 1
        return readingConstantsOnly
    }

    // MARK: - Operators

    /// A sequence expression's elements: read from the syntax once per node, however often a
    /// loop evaluates the expression.
    func elements(of sequence: SequenceExprSyntax) -> [ExprSyntax] {
        if let known = sequenceElements[sequence.id] { return known }
        let elements = Array(sequence.elements)
        sequenceElements[sequence.id] = elements
        return elements
    }

    /// An unfolded operator sequence: assignment binds loosest, then `? :`, `??`, comparisons
    /// and logic (unknown booleans), then `+`/`-`, then `|`.
    func evaluateSequence(_ elements: [ExprSyntax], frame: inout Frame, hint: String?) -> Value {
        if elements.count == 1 { return evaluate(elements[0], frame: &frame, hint: hint) }
        // Assignment: `a = b`, `a += b`.
        if let index = elements.firstIndex(where: { $0.is(AssignmentExprSyntax.self) || Self.isCompoundAssignment($0) }) {
            let target = Array(elements[..<index])
            let valueElements = Array(elements[(index + 1)...])
            let op = elements[index].is(AssignmentExprSyntax.self) ? "=" : (elements[index].as(BinaryOperatorExprSyntax.self)?.operator.text ?? "=")
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
            let conditionText = elements[..<index].map(\.sourceText).joined(separator: " ")
            var thenFrame = frame
            thenFrame.conditions.append(conditionText)
            let thenValue = evaluate(ternary.thenExpression, frame: &thenFrame, hint: hint)
            var elseFrame = frame
            elseFrame.conditions.append("!(\(conditionText))")
            let elseValue = evaluateSequence(Array(elements[(index + 1)...]), frame: &elseFrame, hint: hint)
            return ternaryValue(thenValue, elseValue, condition: conditionText)
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
            if elements[castIndex].is(UnresolvedAsExprSyntax.self), castIndex + 1 < elements.count {
                return cast(value, to: elements[castIndex + 1].sourceText)
            }
            return value
        }
        return .unknown(elements.map(\.sourceText).joined(separator: " "))
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
    func ternaryValue(_ thenValue: Value, _ elseValue: Value, condition: String) -> Value {
        func isSingle(_ value: Value) -> Bool { value.isKnown && value.items == nil && !value.isCommand }
        let nilOrSingle = (thenValue.isNull && isSingle(elseValue)) || (elseValue.isNull && isSingle(thenValue))
        if !nilOrSingle && (thenValue.isCommand || elseValue.isCommand || thenValue.items != nil || elseValue.items != nil) {
            return .array(flatten(thenValue, conditions: [condition]) + flatten(elseValue, conditions: ["!(\(condition))"]))
        }
        return choice([.init(value: thenValue, conditions: [condition]), .init(value: elseValue, conditions: ["!(\(condition))"])])
    }

    /// One of `branches`: the value itself when every branch gives the same one, the known
    /// branches as ``Value/alternatives(_:)`` otherwise (a branch that is itself a choice is
    /// spread out under both its conditions).
    func choice(_ branches: [Value.Item]) -> Value {
        var spread: [Value.Item] = []
        for branch in branches {
            if case .alternatives(let inner) = branch.value {
                spread += inner.map { .init(value: $0.value, conditions: Self.nested(branch.conditions, $0.conditions)) }
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
        let text = condition.sourceText
        var thenFrame = frame
        thenFrame.conditions.append(text)
        let thenValue = evaluate(thenExpression, frame: &thenFrame, hint: hint)
        var elseFrame = frame
        elseFrame.conditions.append("!(\(text))")
        let elseValue = evaluate(elseExpression, frame: &elseFrame, hint: hint)
        return ternaryValue(thenValue, elseValue, condition: text)
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
        case ("...", .int(let a), .int(let b)) where a <= b && b - a < Self.maximumIterations:
            return .array((a...b).map { .init(value: .int($0), conditions: []) })
        case ("..<", .int(let a), .int(let b)) where a <= b && b - a <= Self.maximumIterations:
            return .array((a..<b).map { .init(value: .int($0), conditions: []) })
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
        let (targetText, isSelf, field) = assignmentTarget(target)
        // A stored property's declared type says what `.key(…)` or `.none` is.
        var hint: String?
        if !field.containsBytes(of: "."), isSelf || frame.locals[field] == nil, let selfType = frame.selfType {
            hint = findProperty(field, of: selfType, static: nil)?.0.type
        }
        var value = evaluateSequence(valueElements, frame: &frame, hint: hint)
        // `list += more` on an array grows it in place (``append(_:to:frame:)``): an array built
        // by n such statements stays linear to build.
        if op == "+=", case .array? = readTarget(path: field, isSelf: isSelf, frame: frame) {
            switch value {
            case .array(let more):
                append(more.map { .init(value: $0.value, conditions: Self.nested(frame.conditions, $0.conditions)) },
                       to: targetText, path: field, isSelf: isSelf, frame: &frame)
                return
            case let single where single.isCommand:
                append([.init(value: single, conditions: frame.conditions)], to: targetText, path: field, isSelf: isSelf, frame: &frame)
                return
            default:
                break
            }
        }
        if op == "+=" || op == "|=" {
            if let existing = readTarget(path: field, isSelf: isSelf, frame: frame) { value = binary(op == "+=" ? "+" : "|", existing, value, text: targetText) }
        } else if case .array(let items) = value, !frame.conditions.isEmpty {
            value = .array(items.map { .init(value: $0.value, conditions: Self.nested(frame.conditions, $0.conditions)) })
        }
        writeTarget(targetText, value: value, frame: &frame)
    }

    /// An assignment's target text and the field of `self` or local it names (``selfPath(of:)``),
    /// read from the syntax once per assignment (``assignmentTargets``). `self.list! += …` and
    /// `self.list?.x = …` assign through the optional.
    private func assignmentTarget(_ target: [ExprSyntax]) -> (text: String, isSelf: Bool, field: String) {
        if let first = target.first, let known = assignmentTargets[first.id] { return known }
        let text = target.map(\.sourceText).joined(separator: " ").withoutOptionality
        let (isSelf, field) = Self.selfPath(of: text)
        if let first = target.first { assignmentTargets[first.id] = (text, isSelf, field) }
        return (text, isSelf, field)
    }

    /// `table[key] = value` on a dictionary a local or stored property holds: the entry is set
    /// when the source fixes the key; a key it does not fix makes the whole table unknown. The
    /// value runs whatever the target (a command made in `list[i] = UIKeyCommand(…)` is made).
    private func assignEntry(_ entry: SubscriptCallExprSyntax, valueElements: [ExprSyntax], frame: inout Frame) {
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
    private func assignProperty(_ property: String, ofElement element: SubscriptCallExprSyntax,
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
    private func append(_ items: [Value.Item], to target: String, path name: String, isSelf: Bool, frame: inout Frame) {
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

    func apply(property: String, value: Value, to command: inout CommandValue) {
        switch property {
        case "wantsPriorityOverSystemBehavior":
            if case .bool(let flag) = value { command.wantsPriority = flag }
        case "title":
            if case .string(let title) = value { command.title = title }
        case "discoverabilityTitle":
            if case .string(let title) = value { command.discoverabilityTitle = title }
        case "attributes":
            command.attributes = attributeNames(value)
        case "propertyList":
            if case .string(let text) = value { command.propertyList = text }
        default:
            break
        }
    }

    func attributeNames(_ value: Value) -> [String] {
        switch value {
        case .array(let items): return items.flatMap { attributeNames($0.value) }.sorted()
        case .enumCase(_, let name, _): return [name]
        case .unknown(let text):
            let name = text.split(separator: ".").last.map(String.init) ?? text
            return ["destructive", "disabled", "hidden", "keepsMenuPresented"].contains(name) ? [name] : []
        default: return []
        }
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
        let condition = "\(collection.sourceText) contains it"
        return constants.compactMap { constant in
            guard let value = property(constant.name, of: element, frame: &frame, static: true), value.isKnown else { return nil }
            return .init(value: value, conditions: [condition])
        }
    }
}

/// Whether a body assigns a field: `field = …`, `self.field += …`, `self.field! += …`, `field.x = …`,
/// `field[i] = …`, a mutating call on it (`field.append(…)`), or `&field` passed `inout`.
final class FieldAssignmentFinder: SyntaxVisitor {
    let field: String
    private(set) var found = false

    /// Methods of the standard collections and option sets that change the value they are
    /// called on.
    static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeValue", "removeSubrange",
        "merge", "updateValue", "formUnion", "formIntersection", "formSymmetricDifference", "subtract", "sort",
        "reverse", "shuffle", "replaceSubrange", "toggle", "popLast",
    ]

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
