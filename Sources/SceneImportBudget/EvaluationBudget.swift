/// How much work the importer's two source readers may do, so that no app makes an import run
/// for minutes: the Swift evaluator and the Objective-C scanner both run under one budget.
///
/// Both count the same unit: every expression evaluated and every statement executed is one
/// step. A provider (in Swift, one `keyCommands` getter for one type, one method that calls
/// `addKeyCommand`, one `buildMenu(with:)`, one containment or validation reading; in
/// Objective-C, one method body or file-level initialiser) may take ``stepsPerProvider``; the
/// Swift evaluation of the whole import may take ``totalSteps``.
///
/// Within a Swift provider, each call the evaluator follows (a function, a property getter, a
/// closure) may take half of what its caller has left, and never less than ``callFloor`` steps
/// while the caller has that many: one costly call on the way (a getter that walks a document
/// model to decide a flag) then gives unknown, and the code after it still runs with the other
/// half. When a limit is reached, the code it covers evaluates to unknown values, and the report
/// names the provider, the place where evaluation stopped and the steps taken: nothing is cut
/// short silently. The syntactic sweep still lists every command the cut code creates, as found
/// but not followed.
///
/// The shape limits bound what one step can unfold: calls followed inside one another
/// (``callDepth`` in Swift, ``helperDepth`` for the Objective-C helpers a message runs in place),
/// the passes of one loop (``loopPasses``, each language's own share), and how deeply nested
/// statements and expressions the Objective-C scanner descends (``nestingDepth``; Swift's
/// nesting is bounded by its parser).
public struct EvaluationBudget: Sendable, Equatable {
    /// Steps one provider may take.
    public var stepsPerProvider: Int
    /// Steps the whole import's Swift evaluation may take.
    public var totalSteps: Int
    /// Steps a followed call may always take while its caller has them, however deep it is.
    public var callFloor: Int
    /// Calls the Swift evaluator follows inside one another (functions, getters, closures).
    public var callDepth: Int
    /// Objective-C helper methods, functions and blocks a message runs in place, one inside
    /// another.
    public var helperDepth: Int
    /// Passes a Swift loop (or collection transform, or range) is unrolled into.
    public var loopPasses: Int
    /// Passes an Objective-C loop over literal data is unrolled into.
    public var objectiveCLoopPasses: Int
    /// Statements and expressions the Objective-C scanner descends into, one inside another.
    public var nestingDepth: Int

    public init(stepsPerProvider: Int, totalSteps: Int, callFloor: Int = 4_096, callDepth: Int = 14, helperDepth: Int = 3,
                loopPasses: Int = 2_048, objectiveCLoopPasses: Int = 256, nestingDepth: Int = 120) {
        self.stepsPerProvider = stepsPerProvider
        self.totalSteps = totalSteps
        self.callFloor = callFloor
        self.callDepth = callDepth
        self.helperDepth = helperDepth
        self.loopPasses = loopPasses
        self.objectiveCLoopPasses = objectiveCLoopPasses
        self.nestingDepth = nestingDepth
    }

    /// The step count at which a call that starts at `steps` stops, when its caller stops at
    /// `callerLimit`: half of what the caller has left, or ``callFloor`` when that is more
    /// (and the caller has it).
    package func callLimit(startingAt steps: Int, callerLimit: Int) -> Int {
        let left = max(0, min(callerLimit, stepsPerProvider) - steps)
        return steps + max(left / 2, min(left, callFloor))
    }

    /// A step costs a few microseconds, so an import stays within seconds. Of the 479 apps of
    /// the corpus, the costliest Swift import takes about 113 000 steps; a few providers reach
    /// the limit of one, and the sweep keeps what those providers create.
    public static let standard = EvaluationBudget(stepsPerProvider: 100_000, totalSteps: 2_000_000)
}
