/// Preprocessor directives: conditional compilation and `#define`.
extension ObjectiveCLexer {
    /// Reads the directive starting at the `#` at `position`, through the end of its line
    /// (with `\` continuations).
    mutating func directive() {
        position += 1
        let start = position
        var end = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\n") {
                if end > start, bytes[end - 1] == UInt8(ascii: "\\") || (bytes[end - 1] == UInt8(ascii: "\r") && end - 1 > start && bytes[end - 2] == UInt8(ascii: "\\")) {
                    line += 1
                    position += 1
                    end = position
                    continue
                }
                break
            }
            position += 1
            end = position
        }
        var sublexer = ObjectiveCLexer(bytes: Array(bytes[start..<end]), conditions: conditions, readsDirectives: false)
        sublexer.run()
        // At their places in the file, so that a macro's expansion reads as written.
        let tokens = sublexer.tokens.map { token in
            var token = token
            token.start += start
            token.end += start
            return token
        }
        apply(tokens)
    }

    private mutating func apply(_ words: [ObjectiveCToken]) {
        guard let name = words.first?.value else { return }
        let rest = Array(words.dropFirst())
        switch name {
        case "if":
            let holds = evaluate(rest) ?? 1 != 0
            open(holds)
        case "ifdef", "ifndef":
            let defined = rest.first.map { isDefined($0.value) } ?? nil
            let holds = defined.map { name == "ifdef" ? $0 : !$0 } ?? true
            open(holds)
        case "elif", "elifdef", "elifndef":
            guard var clause = clauses.popLast() else { return }
            if clause.taken {
                clause.active = false
            } else {
                let holds: Bool
                switch name {
                case "elifdef": holds = rest.first.map { isDefined($0.value) ?? true } ?? true
                case "elifndef": holds = rest.first.map { !(isDefined($0.value) ?? false) } ?? true
                default: holds = evaluate(rest) ?? 1 != 0
                }
                clause.active = clause.enclosingActive && holds
                clause.taken = holds
            }
            clauses.append(clause)
        case "else":
            guard var clause = clauses.popLast() else { return }
            clause.active = clause.enclosingActive && !clause.taken
            clause.taken = true
            clauses.append(clause)
        case "endif":
            _ = clauses.popLast()
        case "define" where isActive:
            guard let macro = rest.first, macro.kind == .identifier else { return }
            let isFunctionLike = rest.count > 1 && rest[1].isPunctuation("(") && rest[1].start == macro.end
            definitions[macro.value] = isFunctionLike ? [] : Array(rest.dropFirst())
            functionMacros[macro.value] = isFunctionLike ? ObjectiveCMacroExpansion.Macro(definition: Array(rest.dropFirst())) : nil
        case "undef" where isActive:
            if let macro = rest.first {
                definitions[macro.value] = nil
                functionMacros[macro.value] = nil
            }
        default:
            return
        }
    }

    private mutating func open(_ holds: Bool) {
        let enclosing = isActive
        clauses.append(Clause(enclosingActive: enclosing, taken: holds, active: enclosing && holds))
    }

    /// Whether a macro is defined: `nil` when the build does not decide it.
    private func isDefined(_ name: String) -> Bool? {
        if definitions[name] != nil || conditions.flags.contains(name) { return true }
        if conditions.decidedFlags.contains(name) { return false }
        return conditions.value(of: name) != nil ? true : nil
    }

    /// The value of a `#if` expression, or `nil` when it depends on something unknown.
    private func evaluate(_ words: [ObjectiveCToken]) -> Int? {
        var parser = DirectiveExpression(words: words, lexer: self)
        return parser.parseOr(depth: 0)
    }

    /// A recursive-descent evaluator for `#if` expressions with unknown values: `||` and `&&`
    /// decide when one side does, everything else is unknown if an operand is.
    private struct DirectiveExpression {
        let words: [ObjectiveCToken]
        let lexer: ObjectiveCLexer
        var index = 0
        static let maximumDepth = 64

        init(words: [ObjectiveCToken], lexer: ObjectiveCLexer) {
            self.words = words
            self.lexer = lexer
        }

        private func at(_ text: String) -> Bool {
            index < words.count && words[index].kind == .punctuation && words[index].value == text
        }

        mutating func parseOr(depth: Int) -> Int? {
            guard depth < Self.maximumDepth else { return nil }
            var value = parseAnd(depth: depth + 1)
            while at("||") {
                index += 1
                let right = parseAnd(depth: depth + 1)
                if value.map({ $0 != 0 }) == true || right.map({ $0 != 0 }) == true {
                    value = 1
                } else if value == nil || right == nil {
                    value = nil
                } else {
                    value = 0
                }
            }
            return value
        }

        private mutating func parseAnd(depth: Int) -> Int? {
            var value = parseComparison(depth: depth + 1)
            while at("&&") {
                index += 1
                let right = parseComparison(depth: depth + 1)
                if value == 0 || right == 0 {
                    value = 0
                } else if value == nil || right == nil {
                    value = nil
                } else {
                    value = 1
                }
            }
            return value
        }

        private mutating func parseComparison(depth: Int) -> Int? {
            var value = parseUnary(depth: depth + 1)
            while index < words.count, words[index].kind == .punctuation,
                ["==", "!=", "<", ">", "<=", ">="].contains(words[index].value)
            {
                let op = words[index].value
                index += 1
                let right = parseUnary(depth: depth + 1)
                guard let left = value, let right else {
                    value = nil
                    continue
                }
                let result: Bool
                switch op {
                case "==": result = left == right
                case "!=": result = left != right
                case "<": result = left < right
                case ">": result = left > right
                case "<=": result = left <= right
                default: result = left >= right
                }
                value = result ? 1 : 0
            }
            return value
        }

        private mutating func parseUnary(depth: Int) -> Int? {
            guard depth < Self.maximumDepth, index < words.count else { return nil }
            let word = words[index]
            index += 1
            if word.isPunctuation("!") { return parseUnary(depth: depth + 1).map { $0 == 0 ? 1 : 0 } }
            if word.isPunctuation("(") {
                let value = parseOr(depth: depth + 1)
                if at(")") { index += 1 }
                return value
            }
            if word.kind == .number { return Self.integer(word.value) }
            guard word.kind == .identifier else { return nil }
            if word.value == "defined" {
                let parenthesised = at("(")
                if parenthesised { index += 1 }
                guard index < words.count else { return nil }
                let name = words[index].value
                index += 1
                if parenthesised, at(")") { index += 1 }
                return lexer.isDefined(name).map { $0 ? 1 : 0 }
            }
            if at("(") {
                skipParenthesised()
                return nil
            }
            if let value = lexer.conditions.value(of: word.value) { return value }
            if let replacement = lexer.definitions[word.value], replacement.count == 1, replacement[0].kind == .number {
                return Self.integer(replacement[0].value)
            }
            return nil
        }

        private mutating func skipParenthesised() {
            var depth = 0
            while index < words.count {
                if at("(") { depth += 1 }
                if at(")") { depth -= 1 }
                index += 1
                if depth <= 0 { return }
            }
        }

        static func integer(_ text: String) -> Int? {
            var digits = Substring(text)
            while let last = digits.last, "uUlL".contains(last) { digits = digits.dropLast() }
            if digits.hasPrefix("0x") || digits.hasPrefix("0X") { return Int(digits.dropFirst(2), radix: 16) }
            return Int(digits)
        }
    }
}
