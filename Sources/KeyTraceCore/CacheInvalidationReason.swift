/// Why the key-command cache of the `cached` query policy was thrown away (R23).
///
/// Raw values are stable: traces store them.
public enum CacheInvalidationReason: UInt8, Hashable, Sendable, CaseIterable {
    /// The first responder changed.
    case firstResponderChange = 0
    /// A responder's `next` changed, or responders were added or removed.
    case chainMutation = 1
    /// A responder called `setNeedsKeyCommandsUpdate()`.
    case explicitUpdate = 2
    /// A scene state value that commands depend on changed.
    case stateChange = 3
    /// The main menu was rebuilt.
    case mainMenuRebuild = 4
    /// The layout or writing direction changed.
    case layoutChange = 5

    /// A stable lowercase-hyphenated name.
    public var name: String {
        switch self {
        case .firstResponderChange: return "first-responder-change"
        case .chainMutation: return "chain-mutation"
        case .explicitUpdate: return "explicit-update"
        case .stateChange: return "state-change"
        case .mainMenuRebuild: return "main-menu-rebuild"
        case .layoutChange: return "layout-change"
        }
    }
}
