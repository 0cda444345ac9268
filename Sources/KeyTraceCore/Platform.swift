/// The platform an app runs on, as far as its hardware-keyboard handling differs: which shortcuts
/// the system keeps for itself, and which surfaces show the app's commands.
///
/// Raw values are the names the command line and scenes use.
public enum Platform: String, Hashable, Sendable, CaseIterable {
    /// iPadOS with a hardware keyboard attached.
    case ipad
    /// A Mac Catalyst app on macOS.
    case catalyst

    /// The platform a scene runs on unless it says otherwise: iPadOS, where a hardware keyboard
    /// is an accessory and shortcuts are found in the ⌘-hold overlay.
    public static let `default`: Platform = .ipad

    /// The platform's name for people: `iPadOS`, `macOS (Mac Catalyst)`.
    public var displayName: String {
        switch self {
        case .ipad: return "iPadOS"
        case .catalyst: return "macOS (Mac Catalyst)"
        }
    }
}
