import SwiftSyntax

/// How much work the evaluator may do, so that no app makes an import run for minutes.
///
/// Every expression evaluated and every statement executed is one step. Each provider (one
/// `keyCommands` getter for one type, one method that calls `addKeyCommand`, one
/// `buildMenu(with:)`, one containment or validation reading) may take
/// ``stepsPerProvider``; the whole import may take ``totalSteps``. When a limit is reached,
/// the provider's remaining code evaluates to unknown values, and the report names the
/// provider, the place where evaluation stopped and the steps it took: nothing is cut short
/// silently. The syntactic sweep (``CreationSiteSweep``) still lists every command the cut
/// code creates, as found but not followed.
public struct EvaluationBudget: Sendable, Equatable {
    /// Steps one provider may take.
    public var stepsPerProvider: Int
    /// Steps the whole import may take.
    public var totalSteps: Int

    public init(stepsPerProvider: Int, totalSteps: Int) {
        self.stepsPerProvider = stepsPerProvider
        self.totalSteps = totalSteps
    }

    /// A step costs a few microseconds, so an import stays within seconds. Of the nineteen real
    /// apps of the corpus, seventeen take at most 21 000 steps for the whole import; two reach
    /// the limit of one provider, and the sweep keeps what those providers create.
    public static let standard = EvaluationBudget(stepsPerProvider: 100_000, totalSteps: 2_000_000)
}

/// Where evaluation was cut short by the budget.
struct EvaluationCut: Sendable, Hashable {
    /// The provider that ran out: `Type.keyCommands`, `Type.buildMenu(with:)`, …
    var provider: String
    /// Where the next step would have been.
    var location: SourceLocation
    /// Steps the provider took before it stopped.
    var steps: Int
    /// Whether the whole import's budget ran out (every later provider is cut too).
    var importBudget: Bool
}

extension Evaluator {
    /// Starts counting a new provider's steps.
    func beginProvider(_ name: String) {
        provider = name
        providerSteps = 0
        providerCut = false
    }

    /// Takes one step; `false` when the budget is spent (the caller then gives up on the node,
    /// and the first cut of each provider is logged with the node's place).
    @inline(__always)
    func spend(at node: some SyntaxProtocol) -> Bool {
        providerSteps &+= 1
        totalSteps &+= 1
        if providerSteps <= budget.stepsPerProvider && totalSteps <= budget.totalSteps { return true }
        truncations &+= 1
        if !providerCut {
            providerCut = true
            cuts.append(EvaluationCut(provider: provider, location: location(node), steps: providerSteps,
                                      importBudget: totalSteps > budget.totalSteps))
        }
        return false
    }
}
