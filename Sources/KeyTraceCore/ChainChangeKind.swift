/// The kinds of responder-chain change a trace records.
///
/// Raw values are stable: traces store them.
public enum ChainChangeKind: UInt8, Hashable, Sendable, CaseIterable {
    /// The first responder moved (`becomeFirstResponder`, focus, effects).
    case firstResponder = 0
    /// Text input became active or inactive (the first responder accepts text or not).
    case textInput = 1
    /// A modal was presented or dismissed.
    case modal = 2
    /// Navigation pushed or popped a view controller.
    case navigation = 3
    /// The selected tab changed.
    case tab = 4

    /// A stable lowercase name.
    public var name: String {
        switch self {
        case .firstResponder: return "first-responder"
        case .textInput: return "text-input"
        case .modal: return "modal"
        case .navigation: return "navigation"
        case .tab: return "tab"
        }
    }
}
