/// How the dispatcher asks responders for their `keyCommands` (R23).
public enum QueryPolicy: String, Hashable, Sendable, CaseIterable {
    /// Re-enumerate the chain as UIKit does: on key-down, again for deferred commands, on
    /// key-up and after every first-responder change. The baseline that shows what an app's
    /// `keyCommands` costs.
    case uikit
    /// Collect once per chain state and reuse until invalidated (first-responder change, chain
    /// mutation, `setNeedsKeyCommandsUpdate()`, state change, main-menu rebuild). Never changes
    /// a resolution.
    case cached
}
