import SceneImportBudget
import SwiftSyntax

/// Where evaluation was cut short by the budget.
struct EvaluationCut: Sendable, Hashable {
    /// The provider that ran out: `Type.keyCommands`, `Type.buildMenu(with:)`, …
    var provider: String
    /// Where the next step would have been.
    var location: SourceLocation
    /// Steps the provider took before it stopped.
    var steps: Int
    /// Whose limit was reached.
    var scope: Scope

    enum Scope: Sendable, Hashable {
        /// One call's share: the call gives unknown, and its caller goes on.
        case call
        /// The provider's budget: the rest of the provider gives unknown.
        case provider
        /// The whole import's budget: every later provider is cut too.
        case importWide
    }
}

/// The evaluator's work counters for one import, against one ``EvaluationBudget``: the steps
/// the running provider and the whole import took, the running call's limit, and every cut.
final class WorkMeter {
    let budget: EvaluationBudget
    /// The provider whose code is running, for the report when the budget cuts it short.
    private(set) var provider = ""
    var providerSteps = 0
    var providerCut = false
    /// Whether a call of the running provider has already been cut (only the first is logged).
    var providerCallCut = false
    /// The provider step count at which the running call stops (``EvaluationBudget/callLimit(startingAt:callerLimit:)``).
    var callLimit = Int.max
    var totalSteps = 0
    /// Every place the budget cut evaluation short, in the order it happened.
    var cuts: [EvaluationCut] = []
    /// How often a run gave up for a reason that depends on the call stack (depth, budget); a
    /// run during which this changed is not memoised.
    var truncations = 0

    init(budget: EvaluationBudget) {
        self.budget = budget
    }

    /// Starts counting a new provider's steps.
    func begin(provider name: String) {
        provider = name
        providerSteps = 0
        providerCut = false
        providerCallCut = false
        callLimit = .max
    }
}

extension Evaluator {
    /// Starts counting a new provider's steps.
    func beginProvider(_ name: String) {
        meter.begin(provider: name)
    }

    /// Takes one step; `false` when the budget is spent (the caller then gives up on the node,
    /// and the first cut of each kind in each provider is logged with the node's place).
    @inline(__always)
    func spend(at node: some SyntaxProtocol) -> Bool {
        meter.providerSteps &+= 1
        meter.totalSteps &+= 1
        if meter.providerSteps <= meter.callLimit && meter.providerSteps <= meter.budget.stepsPerProvider
            && meter.totalSteps <= meter.budget.totalSteps {
            return true
        }
        meter.truncations &+= 1
        let scope: EvaluationCut.Scope = meter.totalSteps > meter.budget.totalSteps ? .importWide
            : meter.providerSteps > meter.budget.stepsPerProvider ? .provider : .call
        if scope == .call ? !meter.providerCallCut : !meter.providerCut {
            if scope == .call { meter.providerCallCut = true } else { meter.providerCut = true }
            meter.cuts.append(EvaluationCut(provider: meter.provider, location: location(node), steps: meter.providerSteps, scope: scope))
        }
        return false
    }
}
