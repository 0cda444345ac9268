/// The checkpoints and stages of one dispatch: the single source of truth for stage names.
///
/// A dispatch takes a timestamp at each ``Checkpoint`` in order; stage *i* is the interval
/// from checkpoint *i* to checkpoint *i + 1*, so the stages of one dispatch sum exactly to its
/// end-to-end time. Names follow the `AToB` convention of Chrome's EventLatency.
///
/// ```
///  receive ─▶ chainWalk ─▶ collect ─▶ match ─▶ resolveTarget ─▶ perform ─▶ deliver ─▶ end
///     │ ReceiveTo-  │ ChainWalkTo- │ CollectTo- │ MatchTo-       │ ResolveTarget- │ PerformTo- │ DeliverTo-
///     │ ChainWalk   │ Collect      │ Match      │ ResolveTarget  │ ToPerform      │ Deliver    │ End
/// ```
public enum DispatchStage: UInt8, Hashable, Sendable, CaseIterable {
    /// Bookkeeping on receipt: press tracking, phase routing.
    case receiveToChainWalk = 0
    /// Walking `next` from the first responder (or validating the cached chain).
    case chainWalkToCollect = 1
    /// Collecting `keyCommands` from the chain and the main menu (or reusing the cache).
    case collectToMatch = 2
    /// Matching the event against the candidates (R5–R9, R12).
    case matchToResolveTarget = 3
    /// `target(forAction:withSender:)`, `canPerformAction` and `validate(_:)` (R13, R14).
    case resolveTargetToPerform = 4
    /// Performing the winning action.
    case performToDeliver = 5
    /// `pressesBegan`/`Ended`/`Cancelled` delivery and deferred commands (R18–R20).
    case deliverToEnd = 6

    /// A checkpoint: the instant a stage begins. There is one more checkpoint than stages.
    public enum Checkpoint: UInt8, Hashable, Sendable, CaseIterable {
        /// The checkpoints in dispatch order; stage *i* starts at checkpoint *i*, and `end` closes the
        /// last stage.
        case receive = 0, chainWalk, collect, match, resolveTarget, perform, deliver, end

        /// The checkpoint's name as stage names use it (`Receive`, `ChainWalk`, …).
        public var name: String {
            switch self {
            case .receive: return "Receive"
            case .chainWalk: return "ChainWalk"
            case .collect: return "Collect"
            case .match: return "Match"
            case .resolveTarget: return "ResolveTarget"
            case .perform: return "Perform"
            case .deliver: return "Deliver"
            case .end: return "End"
            }
        }
    }

    /// The checkpoint that starts this stage.
    public var start: Checkpoint { Checkpoint(rawValue: rawValue) ?? .receive }
    /// The checkpoint that ends this stage.
    public var end: Checkpoint { Checkpoint(rawValue: rawValue + 1) ?? .end }

    /// The stage's name, `StartToEnd` (e.g. `ReceiveToChainWalk`).
    public var name: String { start.name + "To" + end.name }

    /// What the stage measures, for reports and documentation.
    public var summary: String {
        switch self {
        case .receiveToChainWalk: return "receive: press tracking and phase routing"
        case .chainWalkToCollect: return "chain walk: next pointers from the first responder (or cache validation)"
        case .collectToMatch: return "keyCommands collection from the chain and main menu (or cache reuse)"
        case .matchToResolveTarget: return "matching the event against candidate commands"
        case .resolveTargetToPerform: return "target resolution and validation"
        case .performToDeliver: return "performing the action"
        case .deliverToEnd: return "press delivery (pressesBegan/Ended) and deferred commands"
        }
    }

    /// The number of checkpoints per dispatch.
    public static let checkpointCount = Checkpoint.allCases.count

    /// The stage with `name`, or `nil`.
    public init?(name: String) {
        guard let match = DispatchStage.allCases.first(where: { $0.name == name }) else { return nil }
        self = match
    }
}
