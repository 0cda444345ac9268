import SceneImportVocabulary
import SwiftSyntax

/// Memoised evaluation: a function, property getter or closure run once per declaration and
/// abstract context, however many call sites reach it.
///
/// The context is everything the run can read: its arguments, the instance fields it shares
/// with the caller, the caller's conditions (every command it creates is logged under them),
/// the creation site a factory call gives its commands, `self`'s type and the evaluator's
/// mode. Hashing those values (``Value/fingerprint(into:)``) gives the key. A hit replays what
/// the run did: its result, the commands it created and added, and the fields it left. A run
/// the call depth or the budget cut short is not stored, since a second attempt from another
/// call stack may see further; a recursion gives unknown from every call stack alike. A run in
/// constants-only mode (deciding a condition, ``Evaluator/readingConstantsOnly``) runs none of
/// the app's code, so it has keys of its own. While a shortcut helper runs (``Evaluator/shortcutLog``),
/// a run that may attach a shortcut is not memoised, since a replay would not log its shortcuts
/// again; one that cannot (the app's game logic a view's helper calls twelve times) is, under
/// keys of its own.
struct MemoKey: Hashable {
    var declaration: SyntaxIdentifier
    var context: Int
}

/// How the memo has fared with one declaration: how many of its runs were stored in
/// ``Evaluator/memo``, how many context values ``Evaluator/memoKey(_:selfType:selfIsHeldValue:values:changing:sharedFields:locals:condition:site:returnHint:)``
/// has walked and hashed for it while none of its runs was replayed (``Evaluator/memoTrialValues``),
/// and whether a stored run was replayed.
struct MemoTrial {
    var stores = 0
    var hashedValues = 0
    var replayed = false

    /// Whether the memo gives up on the declaration: none of its runs was replayed within
    /// ``Evaluator/memoTrialRuns`` stored runs or ``Evaluator/memoTrialValues`` hashed values.
    var gaveUp: Bool {
        !replayed && (stores >= Evaluator.memoTrialRuns || hashedValues >= Evaluator.memoTrialValues)
    }
}

/// What one memoised run did.
struct MemoEntry {
    var result: Value
    var created: [Value.Item]
    var added: [Value.Item]
    var selfFields: [String: Value]?
    /// Whether the run read a stored `var` (``Evaluator/mutableReads``).
    var readsMutableState = false
}

extension Evaluator {
    /// How many values a run's context (its arguments, the fields it shares, the locals it
    /// reads) may hold and still be memoised. A larger context — a table being filled, a game's
    /// whole state passed from call to call — meets a new value at nearly every call: hashing
    /// it would cost as much as the context at each call, for no hit.
    static let largestMemoisedContext = 256

    /// How many runs of one declaration are stored before the memo gives up on it when none
    /// was replayed: code whose context is new at every call (a closure appending to the array
    /// a loop is building) would pay the hashing at each call, for no hit, and each stored
    /// run's copy of the shared fields makes the next append copy the array. A declaration that
    /// many call sites reach with the same context is replayed well before this.
    static let memoTrialRuns = 16

    /// How many context values the memo walks and hashes for one declaration before it gives up
    /// on it when none of its runs was replayed. Trial runs with large contexts (a closure appending
    /// to a stored list of hundreds of commands, each call seeing the list one longer) would
    /// otherwise hash the whole list at each of ``memoTrialRuns`` calls; a declaration reached
    /// twice with the same context is replayed, and so kept, well within this.
    static let memoTrialValues = 4 * largestMemoisedContext

    /// The key of a run of `declaration` in this context (`selfIsHeldValue` is
    /// ``Frame/selfIsHeldValue``, `changing` the parameters and locals it reads that hold changing
    /// state, ``Frame/changingLocals``); `nil` when the context holds more
    /// than ``largestMemoisedContext`` values (the run is then not memoised). `returnHint` is the
    /// type the caller expects a closure to return (a closure's `return .init(…)` builds it); a
    /// function's or property's comes from its own declaration.
    func memoKey(_ declaration: some SyntaxProtocol, selfType: String?, selfIsHeldValue: Bool = false, values: [Value],
                 changing: Set<String> = [], sharedFields: [String: Value]?, locals: [String: Value]? = nil, condition: Condition,
                 site: SourceLocation? = nil, returnHint: String? = nil) -> MemoKey? {
        let trial = memoTrials[declaration.id] ?? MemoTrial()
        if trial.gaveUp { return nil }
        let onTrial = !trial.replayed
        var room = Self.largestMemoisedContext
        for value in values { room = value.room(within: room) }
        for table in [sharedFields, locals] {
            for value in (table ?? [:]).values { room = value.room(within: room) }
        }
        // A context too large to memoise counts as fully walked: the next call's is likely as large.
        if onTrial { memoTrials[declaration.id, default: MemoTrial()].hashedValues &+= Self.largestMemoisedContext &- max(room, 0) }
        guard room >= 0 else { return nil }
        var hasher = Hasher()
        hasher.combine(site)
        hasher.combine(mode == .menu)
        hasher.combine(readingConstantsOnly)
        hasher.combine(shortcutLog != nil)
        hasher.combine(selfType)
        hasher.combine(selfIsHeldValue)
        hasher.combine(returnHint)
        hasher.combine(values.count)
        for value in values { value.fingerprint(into: &hasher) }
        hasher.combine(changing)
        hasher.combine(condition)
        if let sharedFields { Value.fingerprint(sharedFields, into: &hasher) } else { hasher.combine(-1) }
        if let locals { Value.fingerprint(locals, into: &hasher) } else { hasher.combine(-2) }
        return MemoKey(declaration: declaration.id, context: hasher.finalize())
    }

    /// Whether the memo is given up on a closure before its first run: one that changes a
    /// stored property of `self` (`self.list! += […]`, `self.count = …`) meets new shared fields
    /// at every call, so each trial would hash a context that grows with every call, for no
    /// hit. Called once per closure; the answer is kept as the memo's given-up trial.
    func givesUpMemo(onClosureChangingSelf closure: ClosureExprSyntax) -> Bool {
        guard memoTrials[closure.id] == nil else { return false }
        let finder = SelfAssignmentFinder(viewMode: .sourceAccurate)
        finder.walk(closure.statements)
        guard finder.found else {
            memoTrials[closure.id] = MemoTrial()
            return false
        }
        memoTrials[closure.id] = MemoTrial(stores: Self.memoTrialRuns)
        return true
    }

    /// Whether the memo gave up on `declaration`: none of its runs was replayed within
    /// ``memoTrialRuns`` stored runs or ``memoTrialValues`` hashed values. Its runs then have
    /// no key, and a caller need not gather their context.
    func memoGaveUp(on declaration: some SyntaxProtocol) -> Bool {
        memoTrials[declaration.id]?.gaveUp ?? false
    }

    /// Runs `body` once per key: later calls replay the first run's effects. `declaration` is
    /// the code the run executes: while shortcuts are logged, a run of code that may attach one
    /// is not memoised.
    func memoised(_ key: MemoKey?, running declaration: some SyntaxProtocol, sharesFields: Bool, frame: inout Frame,
                  _ body: (inout Frame) -> Value) -> Value {
        if shortcutLog != nil, mayAttachShortcuts(declaration) { return body(&frame) }
        guard let key else { return body(&frame) }
        if let entry = memo[key] {
            memoHits &+= 1
            memoTrials[key.declaration, default: MemoTrial()].replayed = true
            // Replaying the run's log is work too: a callee called again and again (its log
            // repeated in each caller's) grows the log only as far as the budget lets the next
            // step go.
            let replay = entry.created.count &+ entry.added.count
            meter.providerSteps &+= replay
            meter.totalSteps &+= replay
            created += entry.created
            recordAddedItems(entry.added)
            if sharesFields, let fields = entry.selfFields { frame.selfFields = fields }
            if entry.readsMutableState { mutableReads &+= 1 }
            return entry.result
        }
        let createdBefore = created.count
        let addedBefore = added.count
        let truncationsBefore = meter.truncations
        let readsBefore = mutableReads
        let callerLimit = meter.callLimit
        let limit = meter.budget.callLimit(startingAt: meter.providerSteps, callerLimit: callerLimit)
        let allowance = limit &- meter.providerSteps
        if let tried = cutAllowances[key], tried >= allowance {
            // The same run, given as much or more, already ran out: it would again.
            meter.truncations &+= 1
            return .unknown("cut short")
        }
        meter.callLimit = limit
        let result = body(&frame)
        meter.callLimit = callerLimit
        if meter.providerSteps > limit { cutAllowances[key] = max(cutAllowances[key] ?? 0, allowance) }
        if meter.truncations == truncationsBefore {
            // Copies of the run's part of the logs: a slice would share the logs' storage, and
            // every later append to them would then copy the whole log.
            memo[key] = MemoEntry(result: result, created: Array(created[createdBefore...]), added: Array(added[addedBefore...]),
                                  selfFields: sharesFields ? frame.selfFields : nil, readsMutableState: mutableReads != readsBefore)
            memoTrials[key.declaration, default: MemoTrial()].stores &+= 1
        }
        return result
    }
}

extension Evaluator {
    /// Whether `code` calls `.keyboardShortcut(…)` or a shortcut helper (``shortcutHelperNames``),
    /// and so may attach a shortcut; walked once per node.
    func mayAttachShortcuts(_ code: some SyntaxProtocol) -> Bool {
        if let known = attachingCode[code.id] { return known }
        let finder = ShortcutFinder(helpers: shortcutHelperNames)
        finder.walk(code)
        let attaches = !finder.calls.isEmpty
        attachingCode[code.id] = attaches
        return attaches
    }
}

extension Value {
    /// `room` less the values this one holds (itself, its elements, fields, members and payload,
    /// all the way down); the walk stops once the result is negative, so it costs at most
    /// `room` steps.
    func room(within room: Int) -> Int {
        var left = room &- 1
        guard left >= 0 else { return left }
        switch self {
        case .array(let items), .alternatives(let items):
            for index in items.indices where left >= 0 { left = items[index].value.room(within: left) }
        case .object(_, let fields):
            for value in fields.values where left >= 0 { left = value.room(within: left) }
        case .tuple(let members):
            for member in members where left >= 0 { left = member.value.room(within: left) }
        case .enumCase(_, _, let payload):
            for value in payload where left >= 0 { left = value.room(within: left) }
        default:
            break
        }
        return left
    }

    /// Feeds the value's structure into `hasher`: equal values feed equal input.
    func fingerprint(into hasher: inout Hasher) {
        switch self {
        case .unknown(let text): hasher.combine(0); hasher.combine(text)
        case .null: hasher.combine(1)
        case .bool(let flag): hasher.combine(2); hasher.combine(flag)
        case .int(let number): hasher.combine(3); hasher.combine(number)
        case .string(let text): hasher.combine(4); hasher.combine(text)
        case .modifiers(let flags): hasher.combine(5); hasher.combine(flags.rawValue)
        case .selector(let name): hasher.combine(6); hasher.combine(name)
        case .command(let command): hasher.combine(7); command.fingerprint(into: &hasher)
        case .array(let items): hasher.combine(8); Self.fingerprint(items, into: &hasher)
        case .tuple(let members):
            hasher.combine(9)
            hasher.combine(members.count)
            for member in members {
                hasher.combine(member.label)
                member.value.fingerprint(into: &hasher)
            }
        case .object(let type, let fields): hasher.combine(10); hasher.combine(type); Self.fingerprint(fields, into: &hasher)
        case .enumCase(let type, let name, let payload):
            hasher.combine(11)
            hasher.combine(type)
            hasher.combine(name)
            hasher.combine(payload.count)
            for value in payload { value.fingerprint(into: &hasher) }
        case .typeReference(let name): hasher.combine(12); hasher.combine(name)
        case .shortcut(let input, let modifiers): hasher.combine(13); hasher.combine(input); hasher.combine(modifiers)
        case .closure(let closure): hasher.combine(14); hasher.combine(closure.id)
        case .resource(let file): hasher.combine(15); hasher.combine(file)
        case .alternatives(let items): hasher.combine(16); Self.fingerprint(items, into: &hasher)
        }
    }

    /// Items with their conditions, in order. Each condition goes in as its own hash, worked
    /// out once for a run of items under one condition (a list built in one branch shares it),
    /// which an equality check finds at once.
    static func fingerprint(_ items: [Item], into hasher: inout Hasher) {
        hasher.combine(items.count)
        var last: (condition: Condition, hash: Int)?
        // By index: an item is read in place, not copied out of the list.
        for index in items.indices {
            items[index].value.fingerprint(into: &hasher)
            if let last, last.condition == items[index].condition {
                hasher.combine(last.hash)
            } else {
                let hash = items[index].condition.hashValue
                hasher.combine(hash)
                last = (items[index].condition, hash)
            }
        }
    }

    /// A table of values, whatever its order: each entry is hashed on its own and the entries'
    /// hashes are added, as `Dictionary` hashes itself (sorting the keys of every object at
    /// every call cost more than the hashing).
    static func fingerprint(_ table: [String: Value], into hasher: inout Hasher) {
        hasher.combine(table.count)
        var sum = 0
        for (key, value) in table {
            var entry = Hasher()
            entry.combine(key)
            value.fingerprint(into: &entry)
            sum &+= entry.finalize()
        }
        hasher.combine(sum)
    }
}

/// Whether code assigns to a stored property of `self` (`self.x = …`, `self.list! += …`).
private final class SelfAssignmentFinder: SyntaxVisitor {
    var found = false

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard !found else { return .skipChildren }
        let elements = Array(node.elements)
        if elements.count >= 3, elements[0].trimmedDescription.hasPrefix("self.") {
            if elements[1].is(AssignmentExprSyntax.self) {
                found = true
            } else if let op = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text,
                      op.hasSuffix("="), !["==", "!=", "<=", ">=", "==="].contains(op) {
                found = true
            }
        }
        return found ? .skipChildren : .visitChildren
    }
}
