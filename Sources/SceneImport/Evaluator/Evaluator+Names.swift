import KeyTraceCore
import Foundation
import SceneImportVocabulary
import SwiftSyntax

extension Evaluator {
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
        for element in elements(of: array) {
            items.append(.init(value: evaluate(element, frame: &frame, hint: ModifierFlagsModel.uiKitType), condition: .always))
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
        var branches: [Condition] = []
        for item in items where !item.condition.isAlways && !branches.contains(item.condition) { branches.append(item.condition) }
        guard branches.count == 2, let first = branches[0].tests.last, let second = branches[1].tests.last,
              branches[0].tests.dropLast() == branches[1].tests.dropLast(), first == second.negated else { return value }
        return .alternatives(branches.map { condition in
            let parts = items.filter { $0.condition.isAlways || $0.condition == condition }
            return Value.Item(value: .array(parts.map { Value.Item(value: $0.value, condition: .always) }), condition: condition)
        })
    }

    /// A modifier flag set from a value that may be an array of flags.
    func asModifiers(_ value: Value) -> ModifierFlags? {
        switch value {
        case .modifiers(let set): return set
        case .array(let items) where items.count == 1:
            // `[.command]` as often as not: the one set itself, not a union built from it.
            return asModifiers(items[0].value)
        case .array(let items):
            var flags: ModifierFlags = []
            for item in items {
                guard let set = asModifiers(item.value) else { return nil }
                flags.formUnion(set)
            }
            return flags
        case .int(let raw): return ModifierFlagsModel.flags(rawValue: raw)
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
        var inner = Frame(selfType: type ?? frame.selfType, condition: initialisedOnce ? .always : frame.condition)
        inner.returnHint = Self.resolvingSelf(property.type, in: inner.selfType)
        if type == frame.selfType {
            inner.selfFields = frame.selfFields
            inner.selfIsHeldValue = frame.selfIsHeldValue
            // An enum case's own property: `self` is the case.
            if let selfValue = frame.locals["self"] { inner.locals["self"] = selfValue }
        }
        let memoKey = memoKey(declaration, selfType: inner.selfType, selfIsHeldValue: inner.selfIsHeldValue, values: [inner.locals["self"] ?? .null],
                              sharedFields: inner.selfFields, condition: inner.condition)
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
        if initialisedOnce { prefixEffects(since: marks, with: frame.condition) }
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
            let key = memoKey(body, selfType: info.name, values: [], sharedFields: [:], condition: .always)
            _ = memoised(key, running: body, sharesFields: true, frame: &inner) { inner in
                execute(body.statements, frame: &inner)
                return .null
            }
            prefixEffects(since: marks, with: frame.condition)
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
        if GeneratedStringsModel.mayBeAccessor(baseText), let text = generatedStrings.text(ofAccessor: baseText + "." + name) { return .string(text) }
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
            // A class's static members include its superclasses' (`.reload` where a
            // `UIKeyCommand` is expected, declared in `extension UIMenuElement`).
            var ancestor = index.superclass(of: type)
            var depth = 0
            while let current = ancestor, depth < 8 {
                if let value = staticMember(name, of: current, frame: &frame) { return value }
                ancestor = index.superclass(of: current)
                depth += 1
            }
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
        if info.properties[name]?.isStatic == true, info.inherited.contains(ModifierFlagsModel.optionSetProtocol), let value = ModifierFlagsModel.member(name) {
            return value
        }
        if let property = info.properties[name], property.isStatic {
            return staticPropertyValue(property, ofType: info.name, frame: &frame)
        }
        if info.enumCases[name] != nil {
            return .enumCase(type: info.name, name: name, payload: [])
        }
        if name == "allCases", info.kind == .enum {
            return .array(info.enumCaseOrder.map { .init(value: .enumCase(type: info.name, name: $0, payload: []), condition: .always) })
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
    func staticPropertyValue(_ property: SourceIndex.PropertyInfo, ofType type: String, frame: inout Frame) -> Value {
        if readsChangingState(property) { return .unknown(property.name) }
        return propertyValue(property, ofType: type, frame: &frame)
    }

    /// Counts a read of a stored `var` (of an instance, a global or a type: state the app may
    /// change by the time UIKit asks) in ``mutableReads``, and says whether the read gives no
    /// value: while a condition is decided from what the source fixes
    /// (``readingConstantsOnly``), a `var`'s initial value is not what it holds.
    func readsChangingState(_ property: SourceIndex.PropertyInfo) -> Bool {
        guard property.isVariable && property.getter == nil else { return false }
        mutableReads += 1
        return readingConstantsOnly
    }
}
