import SceneImportVocabulary

/// Declarations and assignments: locals, block variables, properties and instance variables
/// given values, and the commands those values hold.
extension ObjectiveCBodyScanner {
    private static let declarationQualifiers: Set<String> = [
        "static", "const", "__block", "__weak", "__strong", "__unused", "__kindof", "nullable", "nonnull",
        "_Nullable", "_Nonnull", "__unsafe_unretained", "__autoreleasing", "unsigned", "signed", "long", "short",
    ]

    mutating func expressionStatement(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        if blockVariable(range) || declaration(range) { return }
        if let equals = stream.firstTopLevel(in: range, where: { $0.kind == .punctuation && ($0.value == "=" || $0.value == "|=") }) {
            let value = evaluate(equals + 1..<range.upperBound)
            let target = range.lowerBound..<equals
            if stream.isPunctuation(equals, "|="), let slot = slot(of: target), case .modifiers(let old) = read(slot),
                case .modifiers(let added) = value
            {
                write(.modifiers(old.union(added)), to: slot)
                return
            }
            if equals + 2 == range.upperBound, stream.kind(equals + 1) == .identifier, let name = stream.value(equals + 1),
               case .member(let member)? = slot(of: target) {
                recordInitializerStore(of: name, in: member)
            }
            assign(value, to: target, expression: stream.text(equals + 1..<range.upperBound))
            return
        }
        _ = evaluate(range)
    }

    /// A block variable, `void (^addKey)(NSString *key, UIKeyModifierFlags flags) = ^(NSString
    /// *key, UIKeyModifierFlags flags) { … };`: its body runs where the block is called, not
    /// here (``blocks``); `false` when the statement is none.
    private mutating func blockVariable(_ range: Range<Int>) -> Bool {
        guard let open = stream.firstTopLevel(in: range, where: { $0.isPunctuation("(") }), stream.isPunctuation(open + 1, "^"),
            stream.kind(open + 2) == .identifier, let name = stream.value(open + 2), stream.isPunctuation(open + 3, ")"),
            let equals = stream.firstTopLevel(in: range, where: { $0.isPunctuation("=") }), equals > open,
            stream.isPunctuation(equals + 1, "^")
        else { return false }
        // The literal's return type (`^BOOL (…)`) is skipped; its parameters' names are the last
        // word of each declaration.
        var index = equals + 2
        while index < range.upperBound, stream.kind(index) == .identifier || stream.isPunctuation(index, "*") { index += 1 }
        var parameters: [String] = []
        if stream.isPunctuation(index, "(") {
            let close = stream.partner(of: index)
            for part in stream.splitTopLevel(index + 1..<close) where !part.isEmpty {
                guard let last = part.last(where: { stream.kind($0) == .identifier }), let parameter = stream.value(last) else { return false }
                if part.count == 1 && parameter == "void" { continue }
                parameters.append(parameter)
            }
            index = close + 1
        }
        guard index < range.upperBound, stream.isPunctuation(index, "{") else { return false }
        blocks[name] = Helper(body: index + 1..<stream.partner(of: index), parameters: parameters, capturesLocals: true)
        return true
    }

    /// An initialiser's `self.side = side` (or `_side = side`): the member holds what the
    /// initialiser is given for that parameter (``ObjectiveCMethodBody/initializerStores``).
    private mutating func recordInitializerStore(of name: String, in member: String) {
        guard helperDepth == 0, blockDepth == 0, let method = context.method, !method.isClassMethod, method.selector.hasPrefix("init"),
              let parameter = method.parameters.first(where: { !$0.label.isEmpty && $0.name == name })
        else { return }
        body.initializerStores[member] = parameter.label
    }

    /// A local declaration `Type *name = value, *other;`; `false` when the statement is none.
    private mutating func declaration(_ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        var isStatic = false
        while index < range.upperBound, stream.kind(index) == .identifier, Self.declarationQualifiers.contains(stream.value(index) ?? "") {
            if stream.isIdentifier(index, "static") { isStatic = true }
            // A type of qualifier words only (`const long flags[]`, `unsigned x = 0`): the last
            // word before the name is the type.
            let nextIsName = stream.kind(index + 1) == .identifier
                && (index + 2 >= range.upperBound || ["=", ",", "["].contains { stream.isPunctuation(index + 2, $0) })
            if nextIsName && !["static", "const"].contains(stream.value(index) ?? "") { break }
            index += 1
        }
        guard index < range.upperBound, stream.kind(index) == .identifier, let typeName = stream.value(index),
            !["return", "self", "super"].contains(typeName)
        else { return false }
        let typeStart = index
        index += 1
        if stream.isPunctuation(index, "<") {
            var level = 0
            while index < range.upperBound {
                if stream.isPunctuation(index, "<") { level += 1 }
                if stream.isPunctuation(index, ">") { level -= 1 }
                if stream.isPunctuation(index, ">>") { level -= 2 }
                index += 1
                if level <= 0 { break }
            }
        }
        while index < range.upperBound, stream.isPunctuation(index, "*") || (stream.kind(index) == .identifier && Self.declarationQualifiers.contains(stream.value(index) ?? "")) {
            index += 1
        }
        guard stream.kind(index) == .identifier,
            index + 1 >= range.upperBound || stream.isPunctuation(index + 1, "=") || stream.isPunctuation(index + 1, ",") || stream.isPunctuation(index + 1, "[")
        else { return false }
        let typeText = stream.text(typeStart..<index)
        let declared = ObjectiveCTypeName.objectClass(of: typeText)
        for (position, part) in stream.splitTopLevel(index..<range.upperBound).enumerated() {
            var lower = part.lowerBound
            while stream.isPunctuation(lower, "*") { lower += 1 }
            guard let name = stream.value(lower), stream.kind(lower) == .identifier else { continue }
            let partClass = position == 0 ? declared : (stream.isPunctuation(part.lowerBound, "*") ? ObjectiveCTypeName.objectClass(of: typeName + " *") : nil)
            var value = ObjectiveCValue.null
            if let equals = stream.firstTopLevel(in: part, where: { $0.isPunctuation("=") }) {
                value = evaluate(equals + 1..<part.upperBound)
            } else if !isStatic {
                value = .unknown(name)
            }
            if isStatic, locals[name]?.isStatic == true { continue }
            let elementSize = stream.isPunctuation(lower + 1, "[")
                ? Self.cTypeSize(of: tokens[typeStart..<index].map(\.value) + (lower > part.lowerBound ? ["*"] : [])) : nil
            locals[name] = Local(
                value: value, declaredClass: partClass, isStatic: isStatic, depth: openConditions.count, elementSize: elementSize)
        }
        return true
    }

    /// Where an assignment or a mutating message stores its value.
    package enum Slot {
        case local(String)
        case member(String)
    }

    func slot(of range: Range<Int>) -> Slot? {
        let count = range.upperBound - range.lowerBound
        if count == 1, let name = stream.value(range.lowerBound), stream.kind(range.lowerBound) == .identifier {
            if locals[name] != nil { return .local(name) }
            if name.hasPrefix("_") { return .member(String(name.dropFirst())) }
            if context.members[name]?.kind == .instanceVariable { return .member(name) }
            return nil
        }
        if count == 3, stream.isIdentifier(range.lowerBound, "self"), stream.isPunctuation(range.lowerBound + 1, "."),
            let name = stream.value(range.lowerBound + 2)
        {
            return .member(name)
        }
        return nil
    }

    func read(_ slot: Slot) -> ObjectiveCValue {
        switch slot {
        case .local(let name): return locals[name]?.value ?? .unknown(name)
        case .member(let name): return memberValues[name] ?? .member(name)
        }
    }

    /// Stores a value. An assignment (`merging`) under conditions opened after the slot was
    /// declared keeps the values other branches assigned, each under its own conditions.
    mutating func write(_ value: ObjectiveCValue, to slot: Slot, merging: Bool = false) {
        let existing: ObjectiveCValue?
        let depth: Int
        switch slot {
        case .local(let name):
            existing = locals[name]?.value
            depth = locals[name]?.depth ?? openConditions.count
        case .member(let name):
            existing = memberValues[name]
            depth = 0
        }
        var stored = value
        let added = Condition(openConditions.dropFirst(depth).filter(\.isRecorded).flatMap(\.condition.tests))
        if merging, !added.isAlways {
            var items: [ObjectiveCValue.Item] = []
            switch existing {
            case .alternatives(let old)?: items = old
            case .null?, .unknown?, .member?, nil: break
            case let other?: items = [.init(value: other, condition: .always)]
            }
            items.append(.init(value: value, condition: added))
            stored = .alternatives(items)
        }
        switch slot {
        case .local(let name):
            let old = locals[name]
            locals[name] = Local(
                value: stored, declaredClass: old?.declaredClass, isStatic: old?.isStatic ?? false, depth: old?.depth ?? depth)
        case .member(let name):
            memberValues[name] = stored
            body.storedMembers.insert(name)
        }
    }

    private mutating func assign(_ value: ObjectiveCValue, to target: Range<Int>, expression: String) {
        if let slot = slot(of: target) {
            write(value, to: slot, merging: true)
            return
        }
        let count = target.upperBound - target.lowerBound
        guard count >= 3, stream.isPunctuation(target.upperBound - 2, "."), let property = stream.value(target.upperBound - 1) else {
            _ = evaluate(target)
            return
        }
        let base = target.lowerBound..<target.upperBound - 2
        let line = stream.line(target.lowerBound)
        switch property {
        case "rootViewController":
            addContainment(.windowRoot, parent: stream.text(base), child: value, expression: expression, line: line)
        case "viewControllers":
            let member: String? = if case .member(let name)? = slot(of: base) { name } else { nil }
            if member == nil { put(value, in: evaluate(base), expression: expression) }
            for item in value.items ?? [] {
                addContainment(.viewControllers, parent: stream.text(base), child: item.value, expression: expression, line: line,
                               extra: item.condition, parentMember: member)
            }
        case "wantsPriorityOverSystemBehavior":
            if case .bool(true) = value { updateCommands(in: evaluate(base)) { $0.wantsPriority = true } }
        case "discoverabilityTitle", "title":
            let text = Self.text(of: value, expression: expression)
            updateCommands(in: evaluate(base)) { command in
                if property == "title" { command.title = text } else { command.discoverabilityTitle = text }
            }
        case "attributes":
            if case .attributes(let names) = value { updateCommands(in: evaluate(base)) { $0.attributes = names.sorted() } }
        default:
            _ = evaluate(base)
        }
    }

    /// Applies `change` to every command `value` holds.
    mutating func updateCommands(in value: ObjectiveCValue, _ change: (inout ObjectiveCKeyCommand) -> Void) {
        for branch in value.branches {
            if case .command(let index) = branch.value, body.keyCommands.indices.contains(index) {
                change(&body.keyCommands[index])
            }
        }
    }
}
