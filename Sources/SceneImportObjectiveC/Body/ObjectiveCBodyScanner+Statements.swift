import SceneImportVocabulary

/// Statements: blocks, `if`/`else`, `switch`, loops, `return`, declarations and assignments.
extension ObjectiveCBodyScanner {
    /// Runs the statements in `range`. After `if (c) { … return …; }` (or `continue` in a loop)
    /// with no `else`, the rest of the block runs under `!(c)`, unless the source decides `c`
    /// false. A `continue` the code reaches unconditionally ends the loop's pass: the rest of
    /// the pass does not run.
    mutating func runStatements(_ range: Range<Int>) {
        var index = range.lowerBound
        let end = min(range.upperBound, stream.count)
        let outer = openConditions.count
        while index < end, !isContinuing {
            let exit = earlyExit(at: index, end: end)
            index = max(statement(at: index, end: end), index + 1)
            if let exit, !stream.isIdentifier(index, "else"), lastTest != false { openConditions.append(exit) }
        }
        if openConditions.count > outer { openConditions.removeSubrange(outer...) }
    }

    /// Runs one pass of a loop's body: a `continue` in it ends this pass only.
    mutating func runPass(at bodyStart: Int, end: Int) -> Int {
        loopDepth += 1
        defer {
            loopDepth -= 1
            isContinuing = false
        }
        return statement(at: bodyStart, end: end)
    }

    /// The condition that holds after the statement at `index` when it is an `if` without
    /// `else` whose branch ends in `return` (or, in a loop, `continue`).
    private func earlyExit(at index: Int, end: Int) -> OpenCondition? {
        guard stream.isIdentifier(index, "if"), stream.isPunctuation(index + 1, "(") else { return nil }
        let close = stream.partner(of: index + 1)
        let branch = close + 1
        guard branch < end else { return nil }
        var last = branch
        if stream.isPunctuation(branch, "{") {
            let blockClose = stream.partner(of: branch)
            var cursor = branch + 1
            while cursor < blockClose {
                last = cursor
                cursor = stream.firstTopLevel(in: cursor..<blockClose) { $0.isPunctuation(";") }.map { $0 + 1 } ?? blockClose
            }
        }
        guard stream.isIdentifier(last, "return") || (loopDepth > 0 && stream.isIdentifier(last, "continue")) else { return nil }
        return makeCondition(index + 2..<max(index + 2, min(close, end)), negated: true, branch: statementRange(at: branch, end: end))
    }

    /// The index of the first top-level `;` at or after `start` (or `end`).
    func statementEnd(from start: Int, end: Int) -> Int {
        guard start < end else { return end }
        return stream.firstTopLevel(in: start..<end) { $0.isPunctuation(";") } ?? end
    }

    /// Runs the statement at `index` and returns the index after it.
    mutating func statement(at index: Int, end: Int) -> Int {
        guard index < end, depth < context.budget.nestingDepth, work < workLimit else { return end }
        work += 1
        depth += 1
        defer { depth -= 1 }
        let token = tokens[index]
        if token.isPunctuation("{") {
            let close = stream.partner(of: index)
            runStatements(index + 1..<min(close, end))
            return close + 1
        }
        if token.isPunctuation(";") { return index + 1 }
        if token.kind == .atKeyword {
            switch token.value {
            case "autoreleasepool", "try", "finally":
                return statement(at: index + 1, end: end)
            case "catch", "synchronized":
                let after = stream.isPunctuation(index + 1, "(") ? stream.skip(index + 1) : index + 1
                return statement(at: after, end: end)
            default:
                break
            }
        }
        if token.kind == .identifier {
            switch token.value {
            case "if" where stream.isPunctuation(index + 1, "("):
                return ifStatement(at: index, end: end)
            case "for" where stream.isPunctuation(index + 1, "("):
                return forStatement(at: index, end: end)
            case "while" where stream.isPunctuation(index + 1, "("):
                let open = index + 1
                let close = stream.partner(of: open)
                let condition = makeCondition(open + 1..<max(open + 1, min(close, end)), negated: false)
                return withCondition(condition) { $0.runPass(at: close + 1, end: end) }
            case "do":
                let after = runPass(at: index + 1, end: end)
                guard stream.isIdentifier(after, "while") else { return after }
                return statementEnd(from: after, end: end) + 1
            case "switch" where stream.isPunctuation(index + 1, "("):
                return switchStatement(at: index, end: end)
            case "return":
                let close = statementEnd(from: index + 1, end: end)
                returnStatement(index + 1..<close)
                return close + 1
            case "continue":
                if loopDepth > 0 { isContinuing = true }
                return statementEnd(from: index, end: end) + 1
            case "break", "goto", "else":
                return statementEnd(from: index, end: end) + 1
            case "case", "default":
                let colon = stream.firstTopLevel(in: index..<end) { $0.isPunctuation(":") } ?? index
                return colon + 1
            default:
                break
            }
        }
        let close = statementEnd(from: index, end: end)
        expressionStatement(index..<close)
        return close + 1
    }

    /// A condition on the tokens in `range`; `branch` is the code it guards, for cache checks.
    func makeCondition(_ range: Range<Int>, negated: Bool, branch: Range<Int>? = nil) -> OpenCondition {
        let text = stream.text(range)
        return OpenCondition(
            condition: Condition(Condition.Test(text, isNegated: negated)), range: range,
            isRecorded: !isCacheCheck(range, branch: branch))
    }

    /// The tokens of the statement starting at `start`, without running it.
    func statementRange(at start: Int, end: Int) -> Range<Int> {
        guard start < end else { return start..<start }
        if stream.isPunctuation(start, "{") { return start..<max(start, min(stream.skip(start), end)) }
        return start..<max(start, min(statementEnd(from: start, end: end) + 1, end))
    }

    private mutating func ifStatement(at index: Int, end: Int) -> Int {
        let open = index + 1
        let close = stream.partner(of: open)
        let range = open + 1..<max(open + 1, min(close, end))
        if isAlwaysAvailable(range) {
            defer { lastTest = true }
            // `if (@available(iOS 13.4, *))` at a deployment target of 13.4 or later: the body
            // always runs, the `else` never does.
            return skippingElse(from: statement(at: close + 1, end: end), end: end)
        }
        if case .bool(let holds) = evaluate(range) {
            // A test the source decides (`[@"shift-a" hasPrefix:@"shift-"]`, `i != NSNotFound`
            // of a known range): only the branch it takes runs, with no condition.
            defer { lastTest = holds }
            if holds { return skippingElse(from: statement(at: close + 1, end: end), end: end) }
            let thenEnd = max(statementRange(at: close + 1, end: end).upperBound, close + 1)
            guard thenEnd < end, stream.isIdentifier(thenEnd, "else") else { return thenEnd }
            return statement(at: thenEnd + 1, end: end)
        }
        defer { lastTest = nil }
        let branch = statementRange(at: close + 1, end: end)
        let next = withCondition(makeCondition(range, negated: false, branch: branch)) { $0.statement(at: close + 1, end: end) }
        guard stream.isIdentifier(next, "else"), next < end else { return next }
        return withCondition(makeCondition(range, negated: true, branch: branch)) { $0.statement(at: next + 1, end: end) }
    }

    /// The index after an `else` at `next` and its statement (an `else if` chain with all its
    /// `else`s), or `next` when no `else` is there: the branches a decided test does not take.
    private func skippingElse(from next: Int, end: Int) -> Int {
        var next = next
        while next < end, stream.isIdentifier(next, "else") {
            var skipped = next + 1
            if stream.isIdentifier(skipped, "if"), stream.isPunctuation(skipped + 1, "(") { skipped = stream.skip(skipped + 1) }
            next = max(statementRange(at: skipped, end: end).upperBound, next + 1)
        }
        return next
    }

    /// Whether the tokens are `@available(…)` or `__builtin_available(…)` that always holds.
    private func isAlwaysAvailable(_ range: Range<Int>) -> Bool {
        let start = range.lowerBound
        let isAvailability = (stream.kind(start) == .atKeyword && stream.value(start) == "available")
            || stream.isIdentifier(start, "__builtin_available")
        guard isAvailability,
            stream.isPunctuation(start + 1, "("), stream.partner(of: start + 1) + 1 == range.upperBound
        else { return false }
        return context.build.alwaysAvailable(stream.text(start + 2..<stream.partner(of: start + 1)))
    }

    private mutating func switchStatement(at index: Int, end: Int) -> Int {
        let open = index + 1
        let close = stream.partner(of: open)
        let subject = stream.text(open + 1..<close)
        _ = evaluate(open + 1..<close)
        let bodyOpen = close + 1
        guard stream.isPunctuation(bodyOpen, "{") else { return statement(at: bodyOpen, end: end) }
        let bodyClose = min(stream.partner(of: bodyOpen), end)
        var labels: [String] = []
        var scan = bodyOpen + 1
        while scan < bodyClose {
            if stream.isIdentifier(scan, "case") {
                let colon = stream.firstTopLevel(in: scan + 1..<bodyClose) { $0.isPunctuation(":") } ?? bodyClose
                labels.append(stream.text(scan + 1..<colon))
                scan = colon + 1
            } else {
                scan = stream.skip(scan)
            }
        }
        var current: OpenCondition?
        var cursor = bodyOpen + 1
        while cursor < bodyClose, !isContinuing {
            if stream.isIdentifier(cursor, "case") || stream.isIdentifier(cursor, "default") {
                var matched: [String] = []
                var isDefault = false
                while cursor < bodyClose, stream.isIdentifier(cursor, "case") || stream.isIdentifier(cursor, "default") {
                    let colon = stream.firstTopLevel(in: cursor + 1..<bodyClose) { $0.isPunctuation(":") } ?? bodyClose
                    if stream.isIdentifier(cursor, "default") {
                        isDefault = true
                    } else {
                        matched.append("\(subject) == \(stream.text(cursor + 1..<colon))")
                    }
                    cursor = colon + 1
                }
                let tested = isDefault ? labels.map { "\(subject) == \($0)" } : matched
                current = tested.isEmpty ? nil : OpenCondition(
                    condition: Condition(Condition.Test(tested.joined(separator: " || "), isNegated: isDefault)),
                    range: nil, isRecorded: true)
                continue
            }
            if let condition = current {
                cursor = max(withCondition(condition) { $0.statement(at: cursor, end: bodyClose) }, cursor + 1)
            } else {
                cursor = max(statement(at: cursor, end: bodyClose), cursor + 1)
            }
        }
        return bodyClose + 1
    }

    // MARK: Loops

    private mutating func forStatement(at index: Int, end: Int) -> Int {
        let open = index + 1
        let close = max(min(stream.partner(of: open), end), open + 1)
        let header = open + 1..<close
        let bodyStart = close + 1
        let bodyEnd = bodyStart < end ? min(stream.isPunctuation(bodyStart, "{") ? stream.skip(bodyStart) : statementEnd(from: bodyStart, end: end) + 1, end) : end
        let bodyCost = max(bodyEnd - bodyStart, 1)
        if let inIndex = stream.firstTopLevel(in: header, where: { $0.isIdentifier("in") }), inIndex > header.lowerBound,
            let variable = stream.value(inIndex - 1)
        {
            let collection = evaluate(inIndex + 1..<close)
            let declared = ObjectiveCTypeName.objectClass(of: stream.text(header.lowerBound..<inIndex - 1) + " *")
            // Fast enumeration of a dictionary runs over its keys.
            let elements: [ObjectiveCValue.Item]? = if case .dictionary(let keys, _) = collection { keys } else { collection.items }
            if let items = elements, items.count <= context.budget.objectiveCLoopPasses, work + items.count * bodyCost < workLimit {
                var after = bodyEnd
                for item in items {
                    locals[variable] = Local(value: item.value, declaredClass: declared, isStatic: false)
                    let condition = OpenCondition(
                        condition: item.condition, range: nil,
                        isRecorded: !item.condition.isAlways)
                    after = withCondition(condition) { $0.runPass(at: bodyStart, end: end) }
                }
                return items.isEmpty ? bodyEnd : after
            }
            locals[variable] = Local(value: .unknown(variable), declaredClass: declared, isStatic: false)
            return runPass(at: bodyStart, end: end)
        }
        let parts = stream.splitTopLevel(header, separator: ";")
        if parts.count == 3, let range = countingRange(parts) ?? stringRange(parts), range.values.count <= context.budget.objectiveCLoopPasses,
            work + range.values.count * bodyCost < workLimit
        {
            var after = bodyEnd
            for value in range.values {
                locals[range.variable] = Local(value: .int(value), declaredClass: nil, isStatic: false)
                after = runPass(at: bodyStart, end: end)
            }
            return range.values.isEmpty ? bodyEnd : after
        }
        if let first = parts.first { expressionStatement(first) }
        for part in parts.dropFirst() { _ = evaluate(part) }
        if let first = parts.first, let equals = stream.firstTopLevel(in: first, where: { $0.isPunctuation("=") }),
            let variable = stream.value(equals - 1), stream.kind(equals - 1) == .identifier
        {
            locals[variable] = Local(value: .unknown(variable), declaredClass: nil, isStatic: false)
        }
        return runPass(at: bodyStart, end: end)
    }

    /// The values of `for (size_t i = 0; s[i] != '\0'; i++)` (or `s[i];`) over a C string the
    /// source fixes: one per character.
    private mutating func stringRange(_ parts: [Range<Int>]) -> (variable: String, values: [Int])? {
        let initial = parts[0]
        let test = parts[1]
        guard let equals = stream.firstTopLevel(in: initial, where: { $0.isPunctuation("=") }), stream.kind(equals - 1) == .identifier,
            let variable = stream.value(equals - 1), case .int(let start) = evaluate(equals + 1..<initial.upperBound), start >= 0,
            stream.text(parts[2]).filter({ !$0.isWhitespace }) == "\(variable)++" || stream.text(parts[2]).filter({ !$0.isWhitespace }) == "++\(variable)",
            test.count >= 4, stream.kind(test.lowerBound) == .identifier, stream.isPunctuation(test.lowerBound + 1, "["),
            stream.isIdentifier(test.lowerBound + 2, variable), stream.isPunctuation(test.lowerBound + 3, "]"),
            case .string(let text) = evaluate(test.lowerBound..<test.lowerBound + 1)
        else { return nil }
        let rest = stream.text(test.lowerBound + 4..<test.upperBound).filter { !$0.isWhitespace }
        guard rest.isEmpty || rest == "!='\\0'" || rest == "!=0" else { return nil }
        let count = text.unicodeScalars.count
        guard start <= count else { return nil }
        return (variable, Array(start..<count))
    }

    /// The values of `for (int i = A; i < B; i++)` when the source fixes them.
    private mutating func countingRange(_ parts: [Range<Int>]) -> (variable: String, values: [Int])? {
        let initial = parts[0]
        let test = parts[1]
        let step = parts[2]
        guard let equals = stream.firstTopLevel(in: initial, where: { $0.isPunctuation("=") }), stream.kind(equals - 1) == .identifier,
            let variable = stream.value(equals - 1), let start = evaluate(equals + 1..<initial.upperBound).integer
        else { return nil }
        guard let comparison = stream.firstTopLevel(in: test, where: { ["<", "<=", ">", ">=", "!="].contains($0.value) && $0.kind == .punctuation }),
            comparison == test.lowerBound + 1, stream.isIdentifier(test.lowerBound, variable),
            let bound = evaluate(comparison + 1..<test.upperBound).integer, let op = stream.value(comparison)
        else { return nil }
        var increment = 0
        let stepText = stream.text(step).filter { !$0.isWhitespace }
        if stepText == "\(variable)++" || stepText == "++\(variable)" {
            increment = 1
        } else if stepText == "\(variable)--" || stepText == "--\(variable)" {
            increment = -1
        } else if stepText.hasPrefix("\(variable)+="), let amount = Int(stepText.dropFirst(variable.count + 2)) {
            increment = amount
        } else if stepText.hasPrefix("\(variable)-="), let amount = Int(stepText.dropFirst(variable.count + 2)) {
            increment = -amount
        }
        guard increment != 0 else { return nil }
        var values: [Int] = []
        var value = start
        while values.count <= context.budget.objectiveCLoopPasses {
            let holds: Bool
            switch op {
            case "<": holds = value < bound
            case "<=": holds = value <= bound
            case ">": holds = value > bound
            case ">=": holds = value >= bound
            default: holds = value != bound
            }
            guard holds else { return (variable, values) }
            values.append(value)
            let (next, overflow) = value.addingReportingOverflow(increment)
            if overflow { return nil }
            value = next
        }
        return nil
    }

    // MARK: Return

    private mutating func returnStatement(_ range: Range<Int>) {
        guard blockDepth == 0, !range.isEmpty else { return }
        var storage = ObjectiveCReturnedCommands.Storage.builtPerCall
        var lower = range.lowerBound
        while stream.isPunctuation(lower, "("), stream.partner(of: lower) + 1 < range.upperBound { lower = stream.skip(lower) }
        let words = range.upperBound - lower
        if words == 1, let name = stream.value(lower), stream.kind(lower) == .identifier {
            if locals[name]?.isStatic == true {
                storage = .staticVariable(name)
            } else if locals[name] == nil, name.hasPrefix("_") {
                storage = .instanceVariable(String(name.dropFirst()))
            }
        } else if words == 3, stream.isIdentifier(lower, "self"), stream.isPunctuation(lower + 1, "."), let name = stream.value(lower + 2) {
            storage = .instanceVariable(name)
        }
        if let method = context.method, method.parameters.isEmpty, method.returnType == "BOOL" {
            body.returnedBooleans.append(stream.text(range))
        }
        let value = evaluate(range)
        returns.append(ReturnSite(value: value, condition: recordedCondition, storage: storage, line: stream.line(range.lowerBound)))
        recordValidation(returning: range)
    }

    /// A `canPerformAction:withSender:` rule: the innermost condition that tests the action
    /// against selectors.
    private mutating func recordValidation(returning range: Range<Int>) {
        guard let method = context.method, method.selector == "canPerformAction:withSender:",
            let parameter = method.parameters.first?.name
        else { return }
        for condition in openConditions.reversed() where !condition.isNegated {
            guard let tested = condition.range else { continue }
            let selectors = testedSelectors(tested, parameter: parameter)
            guard !selectors.isEmpty else { continue }
            for selector in selectors {
                body.validations.append(.init(selector: selector, condition: stream.text(range), line: stream.line(range.lowerBound)))
            }
            return
        }
    }

    /// The selectors a condition compares `parameter` with: `action == @selector(x:)`,
    /// `sel_isEqual(action, @selector(x:))`, alternatives joined by `||`.
    private func testedSelectors(_ range: Range<Int>, parameter: String) -> [String] {
        var result: [String] = []
        for part in stream.splitTopLevel(range, separator: "||") {
            var lower = part.lowerBound
            var upper = part.upperBound
            while stream.isPunctuation(lower, "("), stream.partner(of: lower) == upper - 1 {
                lower += 1
                upper -= 1
            }
            var mentionsParameter = false
            var selector: String?
            var index = lower
            while index < upper {
                if stream.isIdentifier(index, parameter) { mentionsParameter = true }
                if stream.isAtKeyword(index, "selector"), stream.isPunctuation(index + 1, "(") {
                    selector = stream.text(index + 2..<stream.partner(of: index + 1)).filter { !$0.isWhitespace }
                }
                if stream.isPunctuation(index, "&&") { return [] }
                index += 1
            }
            guard mentionsParameter, let selector else { return [] }
            result.append(selector)
        }
        return result
    }
}
