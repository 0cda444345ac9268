import SceneImportBudget
import SceneImportVocabulary

/// Runs through one method body (or evaluates one file-level initialiser) and records what it
/// does with key commands, responders and controllers.
///
/// The scanner is an abstract interpreter over tokens: both branches of an `if` run, each under
/// its condition; loops over literal data run once per element (at most
/// the budget's ``EvaluationBudget/objectiveCLoopPasses``); everything else runs once. Locals,
/// properties and instance variables assigned in the body hold ``ObjectiveCValue``s. Work is
/// bounded by the ``EvaluationBudget`` the Swift evaluator runs under too: nesting deeper than
/// its ``EvaluationBudget/nestingDepth`` and steps beyond its
/// ``EvaluationBudget/stepsPerProvider`` are skipped.
package struct ObjectiveCBodyScanner {
    /// What the scanner knows besides the body.
    package struct Context {
        /// File-level constants and `#define`s with fixed values.
        var constants: [String: ObjectiveCValue]
        var className = ""
        var method: ObjectiveCMethod?
        /// The class's properties and instance variables declared in the file, by name without `_`.
        var members: [String: ObjectiveCProperty] = [:]
        /// The class's instance methods in the file that return `void` and take parameters, by
        /// selector: a message to `self` runs one with its arguments bound (``Helper``).
        var helpers: [String: Helper] = [:]
        /// The file's C functions a call runs in place (``ObjectiveCFunction/isHelper``), by name.
        var functions: [String: Helper] = [:]
        /// The file-level C arrays' element sizes in bytes, by name, for `sizeof`.
        var arrayElementSizes: [String: Int] = [:]
        /// The build the body is read for.
        var build = ObjectiveCConditions()
        /// The app's `UIKeyCommand` category factories, by selector.
        var commandFactories: [String: ObjectiveCCommandFactory] = [:]
        /// The work the scan may do: steps per body, helper depth, loop passes, nesting.
        var budget = EvaluationBudget.standard
    }

    /// A method whose body a message to `self` runs in place, with its parameters bound to the
    /// message's arguments: `[self addKey:@"a" withModifiers:UIKeyModifierControl]` adds what
    /// `addKey:withModifiers:` adds, created at the message's line; a factory method's message
    /// gives the command it returns.
    package struct Helper {
        var body: Range<Int>
        var parameters: [String]
        /// The method returns a key command (`- (UIKeyCommand *)commandWithTitle:…`): the
        /// message's value is what the method returns, and the commands it makes are created
        /// at the message's line, as the app's factory makes them there.
        var returnsCommand = false
        /// A block variable's body (``ObjectiveCBodyScanner/blocks``): it sees the locals of
        /// the code around it, and what it does to them stays done (`[commands addObject:…]`).
        var capturesLocals = false
    }

    /// A run-time condition the code being scanned is under: an `if`, a `case`, a ternary or
    /// a loop over elements present under conditions of their own.
    package struct OpenCondition {
        var condition: Condition
        /// The condition's tokens (for `canPerformAction:withSender:` rules): an `if`'s or a
        /// ternary's one test.
        var range: Range<Int>?
        /// `false` for a cache's `nil` check (`if (!_commands)`), which is no condition on the
        /// commands the cache holds.
        var isRecorded: Bool

        /// Whether the code runs where the condition's one test fails (an `else`).
        var isNegated: Bool { condition.tests.count == 1 && condition.tests[0].isNegated }
    }

    /// A local variable.
    package struct Local {
        var value: ObjectiveCValue
        var declaredClass: String?
        var isStatic: Bool
        /// How many conditions were open where the local was declared.
        var depth = 0
        /// For a C array (`long flags[] = { … }`), the size of one element in bytes, for `sizeof`.
        var elementSize: Int?
    }

    /// A `return` in the body.
    package struct ReturnSite {
        var value: ObjectiveCValue
        var condition: Condition
        /// The static local or member the expression reads, for cache detection.
        var storage: ObjectiveCReturnedCommands.Storage
        var line: Int
    }

    let stream: ObjectiveCTokenStream
    let context: Context
    var body = ObjectiveCMethodBody()
    var openConditions: [OpenCondition] = []
    var locals: [String: Local] = [:]
    /// Properties and instance variables assigned in the body, by name without `_`.
    var memberValues: [String: ObjectiveCValue] = [:]
    /// The class and selector of each class message whose value the scanner does not know, by
    /// the message's text (`[Factory makeRoot]`): what a controller reference made by one names.
    var classMessageTexts: [String: (className: String, selector: String)] = [:]
    /// The instance method each instance message whose value the scanner does not know runs,
    /// by the message's text (`[[RootManager shared] rootViewController]`).
    var instanceMessageTexts: [String: ObjectiveCControllerReference.InstanceMethod] = [:]
    var returns: [ReturnSite] = []
    /// The block variables declared so far (`void (^addKey)(NSString *, UIKeyModifierFlags) =
    /// ^(…) { … };`), by name: a call `addKey(@"a", 0)` runs the block's body in place, with its
    /// parameters bound, as a helper's (``Helper``).
    var blocks: [String: Helper] = [:]
    /// The block variables a call ran (``blocks``): one no call runs (passed on as a value) runs
    /// once where the body ends, so what it creates is still found.
    var calledBlocks: Set<String> = []
    var depth = 0
    var blockDepth = 0
    /// How many loop passes are open around the code being scanned (``runPass(at:end:)``).
    var loopDepth = 0
    /// Whether the code reached a `continue` unconditionally: the rest of the pass is skipped.
    var isContinuing = false
    /// What the last `if` statement's test was when the source decides it; `nil` when the
    /// test is the run time's.
    var lastTest: Bool?
    var work = 0
    /// Helper runs open around the code being scanned, and the line of the outermost message
    /// that started one: commands a helper creates are created there.
    var helperDepth = 0
    var helperCallLine: Int?

    init(stream: ObjectiveCTokenStream, context: Context) {
        self.stream = stream
        self.context = context
    }

    /// The steps the body may take (``EvaluationBudget/stepsPerProvider``).
    var workLimit: Int { context.budget.stepsPerProvider }

    var tokens: [ObjectiveCToken] { stream.tokens }

    /// The recorded conditions, outermost first.
    var recordedCondition: Condition { Condition(openConditions.lazy.filter(\.isRecorded).flatMap(\.condition.tests)) }

    /// Scans a method body (the tokens between its braces).
    mutating func scanBody(_ range: Range<Int>) -> ObjectiveCMethodBody {
        if let method = context.method {
            for parameter in method.parameters where !parameter.name.isEmpty {
                let declared = parameter.type.flatMap(ObjectiveCTypeName.objectClass(of:))
                locals[parameter.name] = Local(value: .unknown(parameter.name), declaredClass: declared, isStatic: false)
            }
        }
        runStatements(range)
        for (name, block) in blocks.sorted(by: { $0.key < $1.key }) where !calledBlocks.contains(name) {
            for parameter in block.parameters { locals[parameter] = Local(value: .unknown(parameter), declaredClass: nil, isStatic: false) }
            blockDepth += 1
            runStatements(block.body)
            blockDepth -= 1
        }
        finishReturns()
        finishReturnedControllers()
        return body
    }

    // MARK: Returned commands

    private mutating func finishReturns() {
        guard let method = context.method else { return }
        let returnsCommands =
            method.selector == "keyCommands" || method.returnType.contains("NSArray")
            || method.returnType.contains("UIKeyCommand") || method.returnType.contains("NSMutableArray")
        guard returnsCommands, !returns.isEmpty else { return }
        var entries: [ObjectiveCReturnedCommands.Entry] = []
        var storage = ObjectiveCReturnedCommands.Storage.builtPerCall
        for site in returns {
            switch site.storage {
            case .staticVariable(let name) where locals[name]?.isStatic == true:
                storage = site.storage
            case .instanceVariable(let name) where memberValues[name] != nil:
                storage = site.storage
            default:
                break
            }
            appendEntries(of: site.value, condition: site.condition, to: &entries, depth: 0)
        }
        // An element several returns give is returned under the conditions they share: ⌘, added
        // before `if (!enabled) return commands;` and returned again at the end is unconditional.
        var unique: [ObjectiveCReturnedCommands.Entry] = []
        for entry in entries {
            if let at = unique.firstIndex(where: { $0.element == entry.element }) {
                unique[at].condition = Condition(unique[at].condition.tests.filter(entry.condition.tests.contains))
            } else {
                unique.append(entry)
            }
        }
        body.returnedCommands = ObjectiveCReturnedCommands(
            elements: unique, storage: storage, commandsCreatedPerBuild: body.keyCommands.count,
            line: returns.first?.line ?? method.line)
    }

    private func appendEntries(
        of value: ObjectiveCValue, condition: Condition, to entries: inout [ObjectiveCReturnedCommands.Entry], depth: Int
    ) {
        guard depth < 16 else { return }
        switch value {
        case .command(let index):
            entries.append(.init(element: .command(index), condition: condition))
        case .array(let items), .alternatives(let items):
            for item in items {
                appendEntries(of: item.value, condition: condition.merging(item.condition), to: &entries, depth: depth + 1)
            }
        case .selfCall(let selector):
            entries.append(.init(element: .selfCall(selector), condition: condition))
        case .superCall(let selector):
            entries.append(.init(element: .superCall(selector), condition: condition))
        case .member(let name):
            if let assigned = memberValues[name], case .member = assigned {
                entries.append(.init(element: .stored(name), condition: condition))
            } else if let assigned = memberValues[name] {
                appendEntries(of: assigned, condition: condition, to: &entries, depth: depth + 1)
            } else {
                entries.append(.init(element: .stored(name), condition: condition))
            }
        case .null:
            break
        case .unknown(let text):
            entries.append(.init(element: .unknown(text), condition: condition))
        default:
            entries.append(.init(element: .unknown(Self.describe(value)), condition: condition))
        }
    }

    static func describe(_ value: ObjectiveCValue) -> String {
        switch value {
        case .unknown(let text): return text
        case .string(let text): return "@\"\(text)\""
        case .int(let number): return String(number)
        case .object(let name), .allocated(let name), .classReference(let name): return name
        default: return "\(value)"
        }
    }

    // MARK: Conditions

    /// Whether a condition only tests whether a cache is `nil`: a static local
    /// (`!commands`, `commands == nil`), or a property or instance variable (`!_commands`,
    /// `self.commands`) that `branch` assigns or returns.
    func isCacheCheck(_ range: Range<Int>, branch: Range<Int>?) -> Bool {
        var names: [String] = []
        var index = range.lowerBound
        while index < range.upperBound && index < stream.count {
            let token = tokens[index]
            switch token.kind {
            case .identifier where ["nil", "NULL", "Nil", "self"].contains(token.value):
                break
            case .identifier:
                names.append(token.value)
            case .punctuation where ["!", "(", ")", "==", "!=", "."].contains(token.value):
                break
            default:
                return false
            }
            index += 1
        }
        guard names.count == 1, let name = names.first else { return false }
        if locals[name]?.isStatic == true { return true }
        guard let branch, branch.lowerBound < branch.upperBound else { return false }
        let bare = name.hasPrefix("_") ? String(name.dropFirst()) : name
        var cursor = branch.lowerBound
        while cursor < min(branch.upperBound, stream.count) {
            let token = tokens[cursor]
            if token.kind == .identifier, token.value == "_" + bare || (token.value == bare && stream.isPunctuation(cursor - 1, ".")) {
                if stream.isPunctuation(cursor + 1, "=") || stream.isIdentifier(cursor - 1, "return")
                    || (stream.isIdentifier(cursor - 2, "self") && stream.isIdentifier(cursor - 3, "return"))
                {
                    return true
                }
            }
            cursor += 1
        }
        return false
    }

    /// Runs `body` under `condition`. A `continue` reached in it is reached only under the
    /// condition, so the code after it still runs.
    mutating func withCondition<T>(_ condition: OpenCondition, _ body: (inout Self) -> T) -> T {
        openConditions.append(condition)
        let wasContinuing = isContinuing
        defer {
            openConditions.removeLast()
            isContinuing = wasContinuing
        }
        return body(&self)
    }
}
