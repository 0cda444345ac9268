import KeyTraceCore
import SceneImportVocabulary

/// Message expressions `[receiver selector:argument …]`: key command factories, arrays,
/// `addKeyCommand:`, containment (``recordContainment(_:)``), and messages to `self` and to classes.
extension ObjectiveCBodyScanner {
    /// One `label:argument` part of a message.
    package struct Argument {
        var label: String
        var range: Range<Int>
    }

    /// Selectors whose last argument is a `nil`-terminated or format list.
    private static let variadicSelectors: Set<String> = [
        "arrayWithObjects:", "initWithObjects:", "stringWithFormat:", "initWithFormat:", "localizedStringWithFormat:",
        "dictionaryWithObjectsAndKeys:", "initWithObjectsAndKeys:",
    ]

    private static let dictionaryClasses: Set<String> = ["NSDictionary", "NSMutableDictionary"]

    /// Messages that run a block once per element of their receiver, with the element as the
    /// block's first parameter.
    private static let enumerationSelectors: Set<String> = [
        "enumerateSubstringsInRange:options:usingBlock:", "enumerateObjectsUsingBlock:",
        "enumerateObjectsWithOptions:usingBlock:", "enumerateKeysAndObjectsUsingBlock:",
        "enumerateKeysAndObjectsWithOptions:usingBlock:",
    ]

    private static let arrayClasses: Set<String> = ["NSArray", "NSMutableArray"]

    /// Whether a class message creates a key command.
    static func isKeyCommandFactory(_ selector: String) -> Bool {
        selector.hasPrefix("keyCommandWithInput:") || selector.hasPrefix("commandWithTitle:image:action:input:")
    }

    /// Runs the message whose `[` is at `open` and returns its value.
    mutating func message(at open: Int) -> ObjectiveCValue {
        let close = min(stream.partner(of: open), stream.count)
        guard open + 1 < close, depth < context.budget.nestingDepth else { return .unknown(stream.text(open..<close)) }
        let text = stream.text(open..<min(close + 1, stream.count))
        let (receiver, afterReceiver) = postfix(at: open + 1, upper: close)
        let receiverRange = open + 1..<afterReceiver
        var selector = ""
        var arguments: [Argument] = []
        if afterReceiver + 1 == close, stream.kind(afterReceiver) == .identifier, let name = stream.value(afterReceiver) {
            selector = name
        } else {
            var index = afterReceiver
            while index < close {
                var label = ""
                var start = index
                if stream.kind(index) == .identifier, stream.isPunctuation(index + 1, ":") {
                    label = stream.value(index) ?? ""
                    start = index + 2
                } else if stream.isPunctuation(index, ":") {
                    start = index + 1
                } else {
                    sweep(index..<close)
                    return .unknown(text)
                }
                let end = nextPart(from: start, close: close)
                arguments.append(Argument(label: label, range: start..<end))
                selector += label + ":"
                index = max(end, index + 1)
            }
        }
        guard !selector.isEmpty else { return .unknown(text) }
        if Self.enumerationSelectors.contains(selector), let block = arguments.last?.range,
            let elements = Self.enumeratedElements(of: receiver, selector: selector),
            runBlock(at: block, once: elements)
        {
            return .null
        }
        var values: [ObjectiveCValue] = []
        var variadic: [ObjectiveCValue] = []
        for (position, argument) in arguments.enumerated() {
            if position == arguments.count - 1, Self.variadicSelectors.contains(selector) {
                let parts = stream.splitTopLevel(argument.range).map { evaluate($0) }
                values.append(parts.first ?? .unknown(""))
                variadic = Array(parts.dropFirst())
            } else {
                values.append(evaluate(argument.range))
            }
        }
        let send = Send(
            receiver: receiver, receiverRange: receiverRange, selector: selector, arguments: arguments, values: values,
            variadic: variadic, text: text, line: stream.line(open))
        return dispatch(send)
    }

    /// What an enumeration message hands its block, when the receiver is fixed: the composed
    /// characters of a string, the elements of an array, the keys of a dictionary.
    private static func enumeratedElements(of receiver: ObjectiveCValue, selector: String) -> [ObjectiveCValue.Item]? {
        switch receiver {
        case .string(let text) where selector.hasPrefix("enumerateSubstrings"):
            return text.map { .init(value: .string(String($0)), condition: .always) }
        case .array(let items) where selector.hasPrefix("enumerateObjects"):
            return items
        case .dictionary(let keys, _) where selector.hasPrefix("enumerateKeys"):
            return keys
        default:
            return nil
        }
    }

    /// Runs the block literal at `range` once per element, its first parameter bound to the
    /// element under the element's conditions; `false` (nothing run) when `range` is not a
    /// block literal with a named first parameter, or the work would pass the limit.
    private mutating func runBlock(at range: Range<Int>, once elements: [ObjectiveCValue.Item]) -> Bool {
        guard stream.isPunctuation(range.lowerBound, "^"), let open = (range.lowerBound..<range.upperBound).first(where: { stream.isPunctuation($0, "(") }),
            open == range.lowerBound + 1
        else { return false }
        let close = stream.partner(of: open)
        let firstEnd = stream.firstTopLevel(in: open + 1..<close) { $0.isPunctuation(",") } ?? close
        guard firstEnd - 1 > open, stream.kind(firstEnd - 1) == .identifier, let parameter = stream.value(firstEnd - 1),
            close + 1 < range.upperBound, stream.isPunctuation(close + 1, "{")
        else { return false }
        let bodyClose = stream.partner(of: close + 1)
        let bodyCost = max(bodyClose - close, 1)
        guard elements.count <= context.budget.objectiveCLoopPasses, work + elements.count * bodyCost < workLimit else { return false }
        let declared = ObjectiveCTypeName.objectClass(of: stream.text(open + 1..<firstEnd - 1) + " *")
        let saved = locals[parameter]
        blockDepth += 1
        for element in elements {
            locals[parameter] = Local(value: element.value, declaredClass: declared, isStatic: false)
            let condition = OpenCondition(
                condition: element.condition, range: nil, isRecorded: !element.condition.isAlways)
            withCondition(condition) { $0.runStatements(close + 2..<bodyClose) }
        }
        blockDepth -= 1
        locals[parameter] = saved
        return true
    }

    /// Where the argument starting at `start` ends: at the next `label:` (or bare `:`) outside
    /// brackets and ternaries.
    private func nextPart(from start: Int, close: Int) -> Int {
        var pendingTernaries = 0
        var index = start
        while index < close {
            if stream.isPunctuation(index, "?") {
                pendingTernaries += 1
            } else if stream.isPunctuation(index, ":") {
                if pendingTernaries == 0, index > start { return index }
                pendingTernaries = max(pendingTernaries - 1, 0)
            } else if index > start, pendingTernaries == 0, stream.kind(index) == .identifier, stream.isPunctuation(index + 1, ":") {
                return index
            }
            index = stream.skip(index)
        }
        return close
    }

    /// A message with its evaluated parts.
    package struct Send {
        var receiver: ObjectiveCValue
        var receiverRange: Range<Int>
        var selector: String
        var arguments: [Argument]
        var values: [ObjectiveCValue]
        var variadic: [ObjectiveCValue]
        var text: String
        var line: Int

        func value(_ label: String) -> ObjectiveCValue? {
            arguments.firstIndex { $0.label == label }.map { values[$0] }
        }

        func range(_ label: String) -> Range<Int>? {
            arguments.first { $0.label == label }?.range
        }
    }

    private mutating func dispatch(_ send: Send) -> ObjectiveCValue {
        recordContainment(send)
        let selector = send.selector
        if selector == "becomeFirstResponder", blockDepth == 0 { recordFocusRequest(send) }
        if selector == "isKindOfClass:", stream.text(send.receiverRange).hasSuffix("rootViewController"),
           let tested = send.arguments.first.map({ stream.text($0.range) }).flatMap(Self.testedClass) {
            body.rootClassTests.append(.init(className: tested, line: send.line))
        }
        switch send.receiver {
        case .classReference(let className):
            if Self.isKeyCommandFactory(selector) { return createCommands(receiverClass: className, send: send) }
            if let element = menuElement(className: className, send: send) { return element }
            if className == "UIKeyCommand", let factory = context.commandFactories[selector] {
                // A category's factory reads as the UIKit one it passes its arguments to.
                var forwarded = send
                forwarded.selector = factory.uikitSelector
                forwarded.arguments = send.arguments.map { .init(label: factory.labels[$0.label] ?? $0.label, range: $0.range) }
                return createCommands(receiverClass: className, send: forwarded)
            }
            if selector == "alloc" || selector == "allocWithZone:" { return .allocated(className: className) }
            if selector == "class" { return .classReference(className) }
            if Self.arrayClasses.contains(className) {
                switch selector {
                case "array", "new", "arrayWithCapacity:": return .array([])
                case "arrayWithObject:": return .array(send.values.first.map { $0.branches } ?? [])
                case "arrayWithObjects:":
                    let all = send.values + send.variadic
                    return .array(all.filter { if case .null = $0 { return false } else { return true } }.flatMap(\.branches))
                case "arrayWithArray:": return send.values.first ?? .unknown(send.text)
                default: break
                }
            }
            if Self.dictionaryClasses.contains(className) {
                switch selector {
                case "dictionary", "new": return .dictionary(keys: [], values: [])
                case "dictionaryWithObjectsAndKeys:": return Self.dictionary(objectsAndKeys: send.values + send.variadic)
                case "dictionaryWithDictionary:": return send.values.first ?? .unknown(send.text)
                default: break
                }
            }
            if className == "NSString" {
                if selector == "stringWithFormat:" || selector == "localizedStringWithFormat:" {
                    return Self.format(send.values.first, send.variadic) ?? .unknown(send.text)
                }
                if selector == "stringWithString:" { return send.values.first ?? .unknown(send.text) }
                // `[NSString stringWithCharacters:&c length:1]` for a `unichar` the loop fixes.
                if selector == "stringWithCharacters:length:", let pointer = send.arguments.first?.range, pointer.count == 2,
                    stream.isPunctuation(pointer.lowerBound, "&"), let name = stream.value(pointer.lowerBound + 1),
                    let code = locals[name]?.value.integer, send.values.count == 2, send.values[1].integer == 1,
                    let scalar = Unicode.Scalar(UInt32(truncatingIfNeeded: code)), code >= 0
                {
                    return .string(String(Character(scalar)))
                }
            }
            if className == "NSCharacterSet" || className == "NSMutableCharacterSet",
               selector == "characterSetWithCharactersInString:", case .string(let characters)? = send.values.first {
                return .characterSet(Set(characters.utf16))
            }
            if selector == "new" {
                return ObjectiveCContainer.classes.contains(className) ? makeContainer(className, send: nil) : .object(className: className)
            }
            body.classMessages.append(.init(receiverClass: className, selector: selector, condition: recordedCondition, line: send.line))
            if send.values.isEmpty { classMessageTexts[send.text] = (className, selector) }
            return .unknown(send.text)
        case .allocated(let className):
            guard selector.hasPrefix("init") else { return .unknown(send.text) }
            if Self.arrayClasses.contains(className) {
                if selector == "initWithArray:" { return send.values.first ?? .unknown(send.text) }
                if selector == "initWithObjects:" {
                    let all = send.values + send.variadic
                    return .array(all.filter { if case .null = $0 { return false } else { return true } }.flatMap(\.branches))
                }
                return .array([])
            }
            if Self.dictionaryClasses.contains(className) {
                if selector == "initWithObjectsAndKeys:" { return Self.dictionary(objectsAndKeys: send.values + send.variadic) }
                if selector == "initWithDictionary:" { return send.values.first ?? .unknown(send.text) }
                return .dictionary(keys: [], values: [])
            }
            if ObjectiveCContainer.classes.contains(className) { return makeContainer(className, send: send) }
            return .object(className: className)
        case .selfReference:
            body.selfMessages.append(.init(receiverClass: nil, selector: selector, condition: recordedCondition, line: send.line))
            if let helper = context.helpers[selector], helperDepth < context.budget.helperDepth, work < workLimit {
                body.helpersRun.insert(selector)
                return runHelper(helper, send: send)
            }
        case .superReference:
            return .superCall(selector)
        default:
            break
        }
        return instanceMessage(send)
    }

    private mutating func instanceMessage(_ send: Send) -> ObjectiveCValue {
        let selector = send.selector
        if recordMenuChange(send) { return .null }
        switch selector {
        case "addKeyCommand:":
            let value = send.values.first ?? .unknown("")
            let indices = value.branches.compactMap { branch -> Int? in
                if case .command(let index) = branch.value { return index }
                return nil
            }
            body.addedKeyCommands.append(
                .init(
                    receiver: stream.text(send.receiverRange), commands: indices,
                    expression: send.range("addKeyCommand").map { stream.text($0) } ?? "", condition: recordedCondition,
                    line: send.line))
        case "addObject:", "insertObject:atIndex:", "addObjectsFromArray:":
            guard let slot = slot(of: send.receiverRange), let added = send.values.first else { break }
            var items = Self.elements(of: read(slot))
            let conditions = recordedCondition
            let newItems = selector == "addObjectsFromArray:" ? Self.elements(of: added) : added.branches
            for item in newItems { items.append(.init(value: item.value, condition: conditions.merging(item.condition))) }
            write(.array(items), to: slot)
        case "arrayByAddingObjectsFromArray:", "arrayByAddingObject:":
            guard let added = send.values.first else { break }
            let newItems = selector == "arrayByAddingObjectsFromArray:" ? Self.elements(of: added) : added.branches
            return .array(Self.elements(of: send.receiver) + newItems)
        case "mutableCopy", "copy":
            return send.receiver
        case "setWantsPriorityOverSystemBehavior:":
            if case .bool(true)? = send.values.first { updateCommands(in: send.receiver) { $0.wantsPriority = true } }
        case "count":
            if let items = send.receiver.items, items.allSatisfy(\.condition.isAlways) { return .int(items.count) }
        case "objectAtIndex:":
            if let items = send.receiver.items, case .int(let offset)? = send.values.first, items.indices.contains(offset) {
                return items[offset].value
            }
        case "objectForKey:", "objectForKeyedSubscript:":
            if let key = send.values.first, let found = Self.lookUp(key, in: send.receiver) { return found }
        case "keyEnumerator", "allKeys":
            if case .dictionary(let keys, _) = send.receiver { return .array(keys) }
        case "objectEnumerator", "allValues":
            if case .dictionary(_, let values) = send.receiver { return .array(values) }
        case "stringByAppendingString:":
            if case .string(let left) = send.receiver, case .string(let right)? = send.values.first { return .string(left + right) }
        default:
            if send.values.isEmpty, let number = Self.numberValue(selector, of: send.receiver) { return number }
            if case .string(let string) = send.receiver {
                if send.values.isEmpty, let value = Self.stringProperty(selector, of: string) { return value }
                if let value = Self.stringMessage(selector, to: string, with: send.values) { return value }
            }
        }
        if case .selfReference = send.receiver { return .selfCall(selector) }
        rememberInstanceMessage(send)
        return .unknown(send.text)
    }

    /// A `becomeFirstResponder` message to `self` or to a member (``ObjectiveCMethodBody/FocusRequest``).
    private mutating func recordFocusRequest(_ send: Send) {
        let member: String?
        if case .selfReference = send.receiver {
            member = nil
        } else if case .member(let name)? = slot(of: send.receiverRange) {
            member = name
        } else {
            return
        }
        body.focusRequests.append(.init(member: member, condition: recordedCondition, line: send.line))
    }

    /// The value a dictionary the source fixes holds under `key` (`map[key]`, `[map
    /// objectForKey:key]`), when the key is fixed and was written under no condition; `nil`
    /// otherwise.
    static func lookUp(_ key: ObjectiveCValue, in dictionary: ObjectiveCValue) -> ObjectiveCValue? {
        func same(_ written: ObjectiveCValue) -> Bool {
            switch (written, key) {
            case (.string(let a), .string(let b)): return a == b
            case (.int(let a), .int(let b)): return a == b
            default: return false
            }
        }
        guard case .dictionary(let keys, let values) = dictionary,
              let found = keys.firstIndex(where: { same($0.value) && $0.condition.isAlways }), values.indices.contains(found),
              values[found].condition.isAlways else { return nil }
        return values[found].value
    }

    /// The class an `isKindOfClass:` argument names: `[X class]`, `X.class`.
    static func testedClass(_ argument: String) -> String? {
        var text = Substring(argument.filter { !$0.isWhitespace })
        if text.hasPrefix("["), text.hasSuffix("class]") {
            text = text.dropFirst().dropLast(6)
        } else if text.hasSuffix(".class") {
            text = text.dropLast(6)
        } else {
            return nil
        }
        guard let first = text.first, first.isUppercase, text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return String(text)
    }

    /// What an `NSString` message with an argument the source fixes returns, on a string the
    /// source fixes: tests (`hasPrefix:`, `hasSuffix:`, `isEqualToString:`, `containsString:`),
    /// `rangeOfString:`, `rangeOfCharacterFromSet:` (of a set the source fixes), substrings
    /// (`substringWithRange:` of an `NSMakeRange` too) and
    /// `characterAtIndex:`; `nil` for any other message or argument. Indices count
    /// UTF-16 code units, as `NSString` does.
    static func stringMessage(_ selector: String, to string: String, with values: [ObjectiveCValue]) -> ObjectiveCValue? {
        guard let argument = values.first, values.count == 1 else { return nil }
        let units = Array(string.utf16)
        switch (selector, argument) {
        case ("hasPrefix:", .string(let prefix)): return .bool(units.starts(with: prefix.utf16))
        case ("hasSuffix:", .string(let suffix)): return .bool(units.reversed().starts(with: suffix.utf16.reversed()))
        case ("isEqualToString:", .string(let other)): return .bool(string == other)
        case ("containsString:", .string(let part)): return .bool(part.isEmpty ? false : string.contains(part))
        case ("rangeOfString:", .string(let part)):
            let needle = Array(part.utf16)
            guard !needle.isEmpty, needle.count <= units.count else { return .range(location: Int.max, length: 0) }
            for start in 0...(units.count - needle.count) where units[start..<start + needle.count].elementsEqual(needle) {
                return .range(location: start, length: needle.count)
            }
            return .range(location: Int.max, length: 0)
        case ("substringWithRange:", .range(let location, let length))
            where location >= 0 && length >= 0 && location <= units.count && length <= units.count - location:
            return .string(String(decoding: units[location..<location + length], as: UTF16.self))
        case ("rangeOfCharacterFromSet:", .characterSet(let set)):
            guard let start = units.firstIndex(where: set.contains) else { return .range(location: Int.max, length: 0) }
            return .range(location: start, length: 1)
        case ("componentsSeparatedByString:", .string(let separator)) where !separator.isEmpty:
            return .array(string.components(separatedBy: separator).map { .init(value: .string($0), condition: .always) })
        case ("characterAtIndex:", .int(let index)) where index >= 0 && index < units.count:
            return .int(Int(units[index]))
        case ("substringFromIndex:", .int(let index)) where index >= 0 && index <= units.count:
            return .string(String(decoding: units[index...], as: UTF16.self))
        case ("substringToIndex:", .int(let index)) where index >= 0 && index <= units.count:
            return .string(String(decoding: units[..<index], as: UTF16.self))
        default:
            return nil
        }
    }

    /// An `NSString` property (or argument-less message) on a string the source fixes: `length`,
    /// `lowercaseString`, `uppercaseString`; `nil` for any other.
    static func stringProperty(_ name: String, of string: String) -> ObjectiveCValue? {
        switch name {
        case "length": return .int(string.utf16.count)
        case "lowercaseString": return .string(string.lowercased())
        case "uppercaseString": return .string(string.uppercased())
        default: return nil
        }
    }

    /// `initWithObjectsAndKeys: value, key, value, key, …, nil`: the pairs before the `nil`.
    static func dictionary(objectsAndKeys arguments: [ObjectiveCValue]) -> ObjectiveCValue {
        var keys: [ObjectiveCValue.Item] = []
        var values: [ObjectiveCValue.Item] = []
        var remaining = arguments[...]
        while let value = remaining.first, let key = remaining.dropFirst().first {
            if case .null = value { break }
            values.append(.init(value: value, condition: .always))
            keys.append(.init(value: key, condition: .always))
            remaining = remaining.dropFirst(2)
        }
        return .dictionary(keys: keys, values: values)
    }

    /// Runs `helper`'s body with its parameters bound to the message's values; what it adds to
    /// members and the commands it creates stay, its locals and returns do not. An array the
    /// message passes from a local or member (`[self addCommandsTo:_keyCommands]`) is the same
    /// mutable array in the helper, so what the helper adds to it is written back. A factory's
    /// value is what it returns (each return under the conditions it is reached under), any
    /// other helper's `nil`.
    mutating func runHelper(_ helper: Helper, send: Send) -> ObjectiveCValue {
        let savedLocals = locals
        let savedReturns = returns
        let savedLine = helperCallLine
        if !helper.capturesLocals { locals = [:] }
        returns = []
        for (name, value) in zip(helper.parameters, send.values) where !name.isEmpty {
            locals[name] = Local(value: value, declaredClass: nil, isStatic: false)
        }
        helperDepth += 1
        helperCallLine = savedLine ?? send.line
        runStatements(helper.body)
        helperDepth -= 1
        helperCallLine = savedLine
        let returned = returns
        let arrays = zip(helper.parameters, send.arguments).compactMap { name, argument -> (Range<Int>, ObjectiveCValue)? in
            guard case .array(let items)? = locals[name]?.value, !items.isEmpty else { return nil }
            return (argument.range, .array(items))
        }
        if helper.capturesLocals {
            // The block's own locals and parameters end with it; what it did to the locals it
            // captured stays done.
            var captured = savedLocals
            for (name, local) in locals where savedLocals[name] != nil && !helper.parameters.contains(name) { captured[name] = local }
            locals = captured
        } else {
            locals = savedLocals
        }
        returns = savedReturns
        for (range, array) in arrays {
            if let slot = slot(of: range) { write(array, to: slot) }
        }
        guard helper.returnsCommand else { return .null }
        if returned.count == 1, let only = returned.first, only.condition.isAlways { return only.value }
        return .alternatives(returned.flatMap { site in
            site.value.branches.map { .init(value: $0.value, condition: site.condition.merging($0.condition)) }
        })
    }

    /// The elements a value contributes to an array it is concatenated into: an array's items,
    /// or the value itself (a call's result) as one entry.
    static func elements(of value: ObjectiveCValue) -> [ObjectiveCValue.Item] {
        switch value {
        case .array(let items): return items
        case .null: return []
        case .alternatives(let branches):
            return branches.flatMap { branch in
                elements(of: branch.value).map { .init(value: $0.value, condition: branch.condition.merging($0.condition)) }
            }
        default: return [.init(value: value, condition: .always)]
        }
    }

    // MARK: Key commands

    private mutating func createCommands(receiverClass: String, send: Send) -> ObjectiveCValue {
        let roles: [(role: String, label: String)] = [
            ("input", "keyCommandWithInput"), ("input", "input"), ("modifierFlags", "modifierFlags"), ("action", "action"),
            ("title", "commandWithTitle"), ("discoverabilityTitle", "discoverabilityTitle"),
            ("propertyList", "propertyList"), ("attributes", "attributes"),
        ]
        // Each combination of ternary branches in the arguments gives one command.
        var combinations: [(values: [String: ObjectiveCValue], condition: Condition)] = [([:], .always)]
        var expressions: [String: String] = [:]
        for (role, label) in roles {
            guard let value = send.value(label), let range = send.range(label) else { continue }
            expressions[role] = stream.text(range)
            let branches = value.branches
            guard branches.count * combinations.count <= 16 else {
                for index in combinations.indices { combinations[index].values[role] = .unknown(stream.text(range)) }
                continue
            }
            combinations = combinations.flatMap { combination in
                branches.map { branch in
                    var values = combination.values
                    values[role] = branch.value
                    return (values: values, condition: combination.condition.merging(branch.condition))
                }
            }
        }
        var items: [ObjectiveCValue.Item] = []
        for combination in combinations {
            let values = combination.values
            var command = ObjectiveCKeyCommand(
                receiverClass: receiverClass, factory: send.selector, input: nil, inputExpression: nil, modifiers: nil,
                modifiersExpression: nil, action: nil, actionExpression: nil, title: nil, discoverabilityTitle: nil,
                attributes: [], propertyList: nil, wantsPriority: false,
                condition: recordedCondition.merging(combination.condition), line: helperCallLine ?? send.line)
            switch values["input"] {
            case .string(let input)?: command.input = input
            default: command.inputExpression = expressions["input"]
            }
            switch values["modifierFlags"] {
            case .modifiers(let flags)?: command.modifiers = flags
            case .null?: command.modifiers = []
            case .int(let raw)?:
                command.modifiers = ModifierFlags(exactly: raw)
                if command.modifiers == nil { command.modifiersExpression = expressions["modifierFlags"] }
            case nil: command.modifiers = []
            default: command.modifiersExpression = expressions["modifierFlags"]
            }
            switch values["action"] {
            case .selector(let action)?: command.action = action
            default: command.actionExpression = expressions["action"]
            }
            command.title = values["title"].flatMap { Self.text(of: $0, expression: expressions["title"] ?? "") }
            command.discoverabilityTitle = values["discoverabilityTitle"].flatMap {
                Self.text(of: $0, expression: expressions["discoverabilityTitle"] ?? "")
            }
            if case .string(let list)? = values["propertyList"] { command.propertyList = list }
            if case .attributes(let names)? = values["attributes"] { command.attributes = names.sorted() }
            items.append(.init(value: .command(body.keyCommands.count), condition: combination.condition))
            body.keyCommands.append(command)
        }
        if items.count == 1, let only = items.first, only.condition.isAlways { return only.value }
        return .alternatives(items)
    }

    // MARK: Strings

    /// `[NSString stringWithFormat:…]` when the format and its arguments are fixed.
    static func format(_ format: ObjectiveCValue?, _ arguments: [ObjectiveCValue]) -> ObjectiveCValue? {
        guard case .string(let pattern)? = format else { return nil }
        var result = ""
        var remaining = arguments[...]
        var characters = pattern[...]
        while let character = characters.popFirst() {
            guard character == "%" else {
                result.append(character)
                continue
            }
            while let next = characters.first, "lhqzjt0123456789-+ #.".contains(next) { characters.removeFirst() }
            guard let conversion = characters.popFirst() else { return nil }
            if conversion == "%" {
                result.append("%")
                continue
            }
            switch remaining.popFirst() {
            case .string(let text)? where conversion == "@" || conversion == "s": result += text
            case .int(let number)? where "diuc".contains(conversion):
                if conversion == "c", let scalar = Unicode.Scalar(UInt32(truncatingIfNeeded: number)) {
                    result.unicodeScalars.append(scalar)
                } else {
                    result += String(number)
                }
            case .int(let number)? where conversion == "@": result += String(number)
            case .string(let text)? where conversion == "c" && text.unicodeScalars.count == 1: result += text
            default: return nil
            }
        }
        return .string(result)
    }
}
