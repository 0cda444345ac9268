import SceneImportBudget

/// Recognises a file's top-level declarations: `@interface`, `@protocol`, `@implementation`
/// and their members, and file-level constants (``declare()``); then scans each method body
/// with ``ObjectiveCBodyScanner`` (``scanBodies(sharing:)``), once the constants other files
/// define are known.
///
/// Anything else (C functions, typedefs, macros such as `NS_ASSUME_NONNULL_BEGIN`) is skipped
/// to its `;` or past its braces. Every step moves forward by at least one token.
package struct ObjectiveCDeclarationParser {
    let stream: ObjectiveCTokenStream
    private let definitions: [String: [ObjectiveCToken]]
    private(set) var interfaces: [ObjectiveCInterface] = []
    private(set) var protocols: [ObjectiveCProtocol] = []
    private(set) var implementations: [ObjectiveCImplementation] = []
    /// File-level constants with values the scanner fixes.
    private(set) var constants: [String: ObjectiveCValue] = [:]
    /// The constants declared `static`: a `.m` file's own, seen by no other file.
    private var staticConstants: Set<String> = []
    /// The element sizes of the file-level C arrays among ``constants``, for `sizeof`.
    private var arrayElementSizes: [String: Int] = [:]
    /// File-level object variables (`static NSArray *cache = nil;`), by name: the file's
    /// methods fill them, and read and assign them as they do an instance variable.
    private var fileVariables: [String: ObjectiveCProperty] = [:]
    /// The file's C function definitions, in source order.
    private(set) var functions: [ObjectiveCFunction] = []
    /// Method bodies to scan once every declaration is known.
    private var pendingBodies: [(implementation: Int, method: Int, body: Range<Int>)] = []

    /// The build the file is read for (`@available` checks in bodies).
    let conditions: ObjectiveCConditions
    /// The work every body scan may do.
    let budget: EvaluationBudget

    init(stream: ObjectiveCTokenStream, definitions: [String: [ObjectiveCToken]], conditions: ObjectiveCConditions = ObjectiveCConditions(),
         budget: EvaluationBudget = .standard) {
        self.stream = stream
        self.definitions = definitions
        self.conditions = conditions
        self.budget = budget
    }

    var tokens: [ObjectiveCToken] { stream.tokens }

    /// Reads the declarations, then the method bodies with the file's own constants alone.
    mutating func run() {
        declare()
        scanBodies(sharing: [:])
    }

    /// The constants other files see: a header's constants and `#define`s (wherever it is
    /// imported), a `.m` file's constants not declared `static` (declared `extern` elsewhere).
    func exportedConstants(isHeader: Bool) -> [String: ObjectiveCValue] {
        guard !isHeader else { return constants }
        return constants.filter { !staticConstants.contains($0.key) && definitions[$0.key] == nil }
    }

    /// Reads the file's declarations and constants; method bodies wait for ``scanBodies(sharing:)``.
    mutating func declare() {
        for name in definitions.keys.sorted() {
            guard let replacement = definitions[name], !replacement.isEmpty else { continue }
            let local = ObjectiveCTokenStream(tokens: replacement, bytes: [])
            var scanner = ObjectiveCBodyScanner(stream: local, context: .init(constants: constants, budget: budget))
            let value = scanner.evaluate(0..<replacement.count)
            if value.isFixed { constants[name] = value }
        }
        var index = 0
        while index < stream.count {
            let token = tokens[index]
            if token.kind == .atKeyword {
                switch token.value {
                case "interface": index = parseInterface(at: index)
                case "protocol": index = parseProtocol(at: index)
                case "implementation": index = parseImplementation(at: index)
                default: index = skipStatement(from: index + 1)
                }
            } else {
                index = parseFileLevelDeclaration(at: index)
            }
        }
    }

    // MARK: Declarations outside @ blocks

    private static let blockKeywords: Set<String> = ["interface", "protocol", "implementation", "end", "class"]

    func isBlockKeyword(_ index: Int) -> Bool {
        stream.kind(index) == .atKeyword && Self.blockKeywords.contains(stream.value(index) ?? "")
    }

    /// Skips to just after the next top-level `;`, or to the next `@` block keyword.
    private func skipStatement(from start: Int) -> Int {
        var index = start
        while index < stream.count {
            if stream.isPunctuation(index, ";") { return index + 1 }
            if isBlockKeyword(index) { return max(index, start) }
            index = stream.skip(index)
        }
        return index
    }

    /// A file-level (or `@implementation`-level) declaration: a constant is recorded, a
    /// function or type body is skipped.
    private mutating func parseFileLevelDeclaration(at start: Int) -> Int {
        var index = start
        while index < stream.count {
            if isBlockKeyword(index) || (index > start && isMethodStart(index)) { return max(index, start + 1) }
            if stream.isPunctuation(index, ";") {
                recordConstant(start..<index)
                return index + 1
            }
            if stream.isPunctuation(index, "{"), !stream.isPunctuation(index - 1, "=") {
                // A function or type body (an initialiser list after `=` is part of a constant).
                let close = stream.partner(of: index)
                recordFunction(declaration: start..<index, body: index + 1..<close)
                return stream.isPunctuation(close + 1, ";") ? close + 2 : close + 1
            }
            index = stream.skip(index)
        }
        return max(index, start + 1)
    }

    func isMethodStart(_ index: Int) -> Bool {
        (stream.isPunctuation(index, "-") || stream.isPunctuation(index, "+"))
            && (stream.isPunctuation(index + 1, "(") || stream.kind(index + 1) == .identifier)
            && (index == 0 || stream.isPunctuation(index - 1, ";") || stream.isPunctuation(index - 1, "}")
                || stream.kind(index - 1) == .atKeyword || stream.kind(index - 1) == .identifier)
    }

    /// A C function definition, `static UIKeyCommand *Make(NSString *input, SEL action) { … }`:
    /// its name is the identifier before the parameter list, and each parameter's name is the
    /// last identifier of its declaration (`void` alone declares none).
    private mutating func recordFunction(declaration range: Range<Int>, body: Range<Int>) {
        let close = range.upperBound - 1
        guard range.count >= 4, stream.isPunctuation(close, ")") else { return }
        var open = range.lowerBound
        while open < close, !(stream.isPunctuation(open, "(") && stream.partner(of: open) == close) { open = stream.skip(open) }
        guard open < close, open > range.lowerBound, stream.kind(open - 1) == .identifier, let name = stream.value(open - 1),
            open - 1 > range.lowerBound,
            !tokens[range.lowerBound..<open - 1].contains(where: { $0.isPunctuation("=") || $0.isPunctuation("(") || $0.isIdentifier("typedef") })
        else { return }
        var parameters: [String] = []
        for part in stream.splitTopLevel(open + 1..<close) where !part.isEmpty {
            guard let last = part.last(where: { stream.kind($0) == .identifier }), let parameter = stream.value(last) else { return }
            if part.count == 1 && parameter == "void" { continue }
            parameters.append(parameter)
        }
        let returnType = stream.text(range.lowerBound..<open - 1)
        functions.append(.init(name: name, returnType: returnType, parameters: parameters, body: body, line: stream.line(open - 1)))
    }

    /// `static NSString *const kName = @"…";` and the like.
    private mutating func recordConstant(_ range: Range<Int>) {
        guard let equals = stream.firstTopLevel(in: range, where: { $0.isPunctuation("=") }) else {
            if range.count >= 2 { recordFileVariable(declaredBy: range.lowerBound..<range.upperBound - 1, name: range.upperBound - 1) }
            return
        }
        var nameIndex = equals - 1
        if stream.isPunctuation(nameIndex, "]") { nameIndex -= 2 }
        guard nameIndex >= range.lowerBound, stream.kind(nameIndex) == .identifier, let name = stream.value(nameIndex) else { return }
        var scanner = ObjectiveCBodyScanner(stream: stream, context: .init(constants: constants, budget: budget))
        let value = scanner.evaluate(equals + 1..<range.upperBound)
        if case .null = value, recordFileVariable(declaredBy: range.lowerBound..<nameIndex, name: nameIndex) { return }
        // A C array of fixed values (`static const long masks[] = { … }`) is a constant too.
        let isFixedArray = value.items.map { !$0.isEmpty && $0.allSatisfy { $0.condition.isAlways && $0.value.isFixed } } ?? false
        guard value.isFixed || (isFixedArray && stream.isPunctuation(nameIndex + 1, "[")) else { return }
        constants[name] = value
        if stream.isPunctuation(nameIndex + 1, "["),
            let size = ObjectiveCBodyScanner.cTypeSize(of: tokens[range.lowerBound..<nameIndex].map(\.value))
        {
            arrayElementSizes[name] = size
        }
        if tokens[range.lowerBound..<equals].contains(where: { $0.kind == .identifier && $0.value == "static" }) {
            staticConstants.insert(name)
        }
    }

    /// Records `static NSArray *cache` (declared by the words in `range`, named at `name`) as a
    /// file variable when it is one: `static`, not `const`, a pointer to an object.
    @discardableResult
    private mutating func recordFileVariable(declaredBy range: Range<Int>, name: Int) -> Bool {
        let words = tokens[range]
        guard !range.isEmpty, stream.kind(name) == .identifier, let variable = stream.value(name),
            words.contains(where: { $0.isIdentifier("static") }), words.contains(where: { $0.isPunctuation("*") }),
            !words.contains(where: { $0.isIdentifier("const") || $0.isIdentifier("extern") || $0.isPunctuation("(") || $0.isIdentifier("typedef") }),
            let typeName = words.first(where: { $0.kind == .identifier && !$0.isIdentifier("static") })?.value
        else { return false }
        let type = words.filter { !$0.isIdentifier("static") }.map(\.value).joined(separator: " ")
        fileVariables[variable] = ObjectiveCProperty(kind: .instanceVariable, name: variable, type: type, typeName: typeName,
                                                     attributes: [], isOutlet: false, line: stream.line(name))
        return true
    }

    // MARK: @interface and @protocol

    private mutating func parseInterface(at start: Int) -> Int {
        guard stream.kind(start + 1) == .identifier, let name = stream.value(start + 1) else { return start + 1 }
        var index = start + 2
        var protocols: [String] = []
        var category: String?
        var superclass: String?
        if stream.isPunctuation(index, "<") {
            let (names, after) = angleList(at: index)
            // `@interface Box<T> : NSObject` has generic parameters, not protocols.
            if !stream.isPunctuation(after, ":") { protocols = names }
            index = after
        }
        if stream.isPunctuation(index, "(") {
            category = stream.text(index + 1..<stream.partner(of: index))
            index = stream.skip(index)
        }
        if stream.isPunctuation(index, ":"), stream.kind(index + 1) == .identifier {
            superclass = stream.value(index + 1)
            index += 2
            if stream.isPunctuation(index, "<") {
                let (names, after) = angleList(at: index)
                let isGenericArguments = tokens[index..<min(after, stream.count)].contains { $0.isPunctuation("*") }
                if !isGenericArguments { protocols = names }
                index = after
                if isGenericArguments, stream.isPunctuation(index, "<") {
                    let (more, next) = angleList(at: index)
                    protocols = more
                    index = next
                }
            }
        }
        if protocols.isEmpty, stream.isPunctuation(index, "<") {
            let (names, after) = angleList(at: index)
            protocols = names
            index = after
        }
        var instanceVariables: [ObjectiveCProperty] = []
        if stream.isPunctuation(index, "{") {
            instanceVariables = parseInstanceVariables(index + 1..<stream.partner(of: index))
            index = stream.skip(index)
        }
        let members = parseMembers(from: index)
        interfaces.append(
            ObjectiveCInterface(
                className: name, superclass: superclass, category: category, protocols: protocols,
                properties: members.properties, instanceVariables: instanceVariables, methods: members.methods,
                line: tokens[start].line))
        return members.end
    }

    private mutating func parseProtocol(at start: Int) -> Int {
        guard stream.kind(start + 1) == .identifier, let name = stream.value(start + 1) else { return start + 1 }
        var index = start + 2
        var refined: [String] = []
        if stream.isPunctuation(index, "<") {
            let (names, after) = angleList(at: index)
            refined = names
            index = after
        }
        if stream.isPunctuation(index, ";") || stream.isPunctuation(index, ",") { return skipStatement(from: index) }
        let members = parseMembers(from: index)
        protocols.append(
            ObjectiveCProtocol(
                name: name, refinedProtocols: refined, properties: members.properties, methods: members.methods,
                line: tokens[start].line))
        return members.end
    }

    /// The identifiers at depth 1 of a `<…>` list starting at `start`, and the index after it.
    private func angleList(at start: Int) -> (names: [String], end: Int) {
        var names: [String] = []
        var depth = 0
        var index = start
        while index < stream.count {
            let token = tokens[index]
            if token.kind == .punctuation {
                switch token.value {
                case "<": depth += 1
                case ">": depth -= 1
                case ">>": depth -= 2
                case ";", "{", "}", "(", ")": return (names, index)
                default: break
                }
            } else if isBlockKeyword(index) {
                return (names, index)
            } else if depth == 1, token.kind == .identifier, !ObjectiveCTypeName.qualifiers.contains(token.value) {
                names.append(token.value)
            }
            index += 1
            if depth <= 0 { return (names, index) }
        }
        return (names, index)
    }

    private struct Members {
        var properties: [ObjectiveCProperty] = []
        var methods: [ObjectiveCMethod] = []
        var end: Int
    }

    /// Members up to and including `@end`.
    private func parseMembers(from start: Int) -> Members {
        var members = Members(end: start)
        var index = start
        while index < stream.count {
            let token = tokens[index]
            if token.isAtKeyword("end") {
                members.end = index + 1
                return members
            }
            if isBlockKeyword(index) {
                members.end = index
                return members
            }
            if token.isAtKeyword("property") {
                let (property, next) = parseProperty(at: index)
                if let property { members.properties.append(property) }
                index = max(next, index + 1)
            } else if token.isPunctuation("-") || token.isPunctuation("+") {
                let (method, next) = parseMethodSignature(at: index)
                if let method { members.methods.append(method) }
                index = max(next, index + 1)
                if stream.isPunctuation(index, ";") {
                    index += 1
                } else if stream.isPunctuation(index, "{") {
                    index = stream.skip(index)
                }
            } else if token.kind == .atKeyword {
                index += 1
            } else {
                index = skipMember(from: index)
            }
        }
        members.end = index
        return members
    }

    /// Skips a member the scanner does not read: to after its `;`, or to the next `@`
    /// keyword or method start.
    private func skipMember(from start: Int) -> Int {
        var index = start
        while index < stream.count {
            if stream.isPunctuation(index, ";") { return index + 1 }
            if index > start, stream.kind(index) == .atKeyword || isMethodStart(index) { return index }
            index = stream.skip(index)
        }
        return max(index, start + 1)
    }

    // MARK: @implementation

    private mutating func parseImplementation(at start: Int) -> Int {
        guard stream.kind(start + 1) == .identifier, let name = stream.value(start + 1) else { return start + 1 }
        var index = start + 2
        var category: String?
        if stream.isPunctuation(index, "(") {
            category = stream.text(index + 1..<stream.partner(of: index))
            index = stream.skip(index)
        }
        if stream.isPunctuation(index, ":"), stream.kind(index + 1) == .identifier { index += 2 }
        var implementation = ObjectiveCImplementation(
            className: name, category: category, instanceVariables: [], methods: [], line: tokens[start].line)
        if stream.isPunctuation(index, "{") {
            implementation.instanceVariables = parseInstanceVariables(index + 1..<stream.partner(of: index))
            index = stream.skip(index)
        }
        let implementationIndex = implementations.count
        while index < stream.count {
            let token = tokens[index]
            if token.isAtKeyword("end") {
                index += 1
                break
            }
            if isBlockKeyword(index) { break }
            if (token.isPunctuation("-") || token.isPunctuation("+")) && (stream.isPunctuation(index + 1, "(") || stream.kind(index + 1) == .identifier) {
                let (signature, next) = parseMethodSignature(at: index)
                index = max(next, index + 1)
                if stream.isPunctuation(index, ";"), stream.isPunctuation(index + 1, "{") { index += 1 }
                guard var method = signature else { continue }
                if stream.isPunctuation(index, "{") {
                    let close = stream.partner(of: index)
                    method.body = ObjectiveCMethodBody()
                    pendingBodies.append((implementationIndex, implementation.methods.count, index + 1..<close))
                    index = close + 1
                } else if stream.isPunctuation(index, ";") {
                    index += 1
                }
                implementation.methods.append(method)
            } else if token.kind == .atKeyword {
                index = skipStatement(from: index + 1)
            } else if var method = parseMacroMethod(at: index) {
                let open = stream.partner(of: index + 1) + 1
                let close = stream.partner(of: open)
                method.body = ObjectiveCMethodBody()
                pendingBodies.append((implementationIndex, implementation.methods.count, open + 1..<close))
                implementation.methods.append(method)
                index = close + 1
            } else {
                index = parseFileLevelDeclaration(at: index)
            }
        }
        implementation.keyCommandsReplacement = keyCommandsReplacement(in: implementation, start: start, end: index)
        implementations.append(implementation)
        return index
    }

    /// The instance method of `implementation` that its `+load` or `+initialize` (in the
    /// tokens `start..<end`) swaps in for `keyCommands`: the body names `@selector(keyCommands)`
    /// and `@selector(X)` of an instance method `X` the block defines.
    private func keyCommandsReplacement(in implementation: ObjectiveCImplementation, start: Int, end: Int) -> String? {
        // Only a block with a `+load` or `+initialize` can swap methods: most have neither, and
        // the file's bodies are not walked for them.
        guard implementation.methods.contains(where: { $0.isClassMethod && ($0.selector == "load" || $0.selector == "initialize") })
        else { return nil }
        let defined = Set(implementation.methods.filter { !$0.isClassMethod && $0.selector != "keyCommands" }.map(\.selector))
        guard !defined.isEmpty else { return nil }
        for (_, methodIndex, body) in pendingBodies where body.lowerBound >= start && body.upperBound <= end {
            let method = implementation.methods.indices.contains(methodIndex) ? implementation.methods[methodIndex] : nil
            guard let method, method.isClassMethod, method.selector == "load" || method.selector == "initialize" else { continue }
            var named: [String] = []
            var index = body.lowerBound
            while index < body.upperBound {
                if stream.kind(index) == .atKeyword, stream.value(index) == "selector", stream.isPunctuation(index + 1, "(") {
                    let close = stream.partner(of: index + 1)
                    named.append(stream.text(index + 2..<close).filter { !$0.isWhitespace })
                    index = close + 1
                } else {
                    index += 1
                }
            }
            guard named.contains("keyCommands") else { continue }
            if let replacement = named.first(where: { defined.contains($0) }) { return replacement }
        }
        return nil
    }

    /// The class factories the file's `UIKeyCommand` categories define, by selector.
    func commandFactories() -> [String: ObjectiveCCommandFactory] {
        var factories: [String: ObjectiveCCommandFactory] = [:]
        for (implementationIndex, methodIndex, range) in pendingBodies where implementations[implementationIndex].className == "UIKeyCommand" {
            let method = implementations[implementationIndex].methods[methodIndex]
            guard method.isClassMethod,
                  let factory = ObjectiveCCommandFactory.read(parameters: method.parameters, body: range, in: stream) else { continue }
            factories[method.selector] = factory
        }
        return factories
    }

    /// Scans each method body. `shared` holds the constants other files export; the file's own
    /// constants take precedence over them. `factories` are the app's `UIKeyCommand` category
    /// factories; `headerMembers` the members headers declare, by class.
    mutating func scanBodies(sharing shared: [String: ObjectiveCValue], factories: [String: ObjectiveCCommandFactory] = [:],
                             headerMembers: [String: [ObjectiveCProperty]] = [:]) {
        let constants = shared.isEmpty ? constants : shared.merging(constants) { _, own in own }
        var helpers: [Int: [String: ObjectiveCBodyScanner.Helper]] = [:]
        for (implementationIndex, methodIndex, range) in pendingBodies {
            let method = implementations[implementationIndex].methods[methodIndex]
            guard !method.isClassMethod, !method.isAction else { continue }
            let returnsCommand = ObjectiveCTypeName.isKeyCommandPointer(method.returnType)
            guard returnsCommand || (method.returnType == "void" && !method.parameters.isEmpty) else { continue }
            helpers[implementationIndex, default: [:]][method.selector] = .init(
                body: range, parameters: method.parameters.map(\.name), returnsCommand: returnsCommand)
        }
        var functionHelpers: [String: ObjectiveCBodyScanner.Helper] = [:]
        for function in functions where function.isHelper {
            functionHelpers[function.name] = .init(
                body: function.body, parameters: function.parameters, returnsCommand: function.returnsCommand)
        }
        for (implementationIndex, methodIndex, range) in pendingBodies {
            let implementation = implementations[implementationIndex]
            let method = implementation.methods[methodIndex]
            let context = ObjectiveCBodyScanner.Context(
                constants: constants, className: implementation.className, method: method,
                members: members(of: implementation, headers: headerMembers[implementation.className] ?? []), helpers: helpers[implementationIndex] ?? [:], functions: functionHelpers,
                arrayElementSizes: arrayElementSizes, build: conditions, commandFactories: factories, budget: budget)
            var scanner = ObjectiveCBodyScanner(stream: stream, context: context)
            implementations[implementationIndex].methods[methodIndex].body = scanner.scanBody(range)
        }
        // A function body is read on its own only when it names `UIKeyCommand`: the commands
        // it creates itself are what a provider might not reach.
        for index in functions.indices where tokens[functions[index].body].contains(where: { $0.isIdentifier("UIKeyCommand") }) {
            let context = ObjectiveCBodyScanner.Context(
                constants: constants, functions: functionHelpers, arrayElementSizes: arrayElementSizes, build: conditions,
                commandFactories: factories, budget: budget)
            var scanner = ObjectiveCBodyScanner(stream: stream, context: context)
            for parameter in functions[index].parameters {
                scanner.locals[parameter] = .init(value: .unknown(parameter), declaredClass: nil, isStatic: false)
            }
            functions[index].scanned = scanner.scanBody(functions[index].body)
        }
    }

    /// Properties and instance variables the file declares for the implementation's class, by
    /// name (instance variables also by their name without the leading `_`), over those the
    /// `headers` declare.
    private func members(of implementation: ObjectiveCImplementation, headers: [ObjectiveCProperty]) -> [String: ObjectiveCProperty] {
        var result: [String: ObjectiveCProperty] = [:]
        let declared = interfaces.filter { $0.className == implementation.className }
        let variables = headers.filter { $0.kind == .instanceVariable } + declared.flatMap(\.instanceVariables) + implementation.instanceVariables
        for variable in variables {
            let name = variable.name.hasPrefix("_") ? String(variable.name.dropFirst()) : variable.name
            result[name] = variable
        }
        // A property stands for its `_name` storage, but not for an instance variable declared
        // under its own name, which a bare `name` in a method reads.
        let ownNames = Set(variables.map(\.name))
        for property in headers.filter({ $0.kind == .property }) + declared.flatMap(\.properties) where !ownNames.contains(property.name) {
            result[property.name] = property
        }
        for (name, variable) in fileVariables where result[name] == nil { result[name] = variable }
        return result
    }
}
