/// Unusual conditions a dispatch met; reported, never fatal.
public struct DispatchDiagnostics: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// One bit per condition: bit 0 ``cycleInChain`` through bit 4 ``unmatchedPress``.
    public let rawValue: UInt16
    /// Creates a set from its bits; bits with no named condition are kept but have no entry in ``names``.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// `next` pointers formed a cycle; the walk stopped at the repeated responder (R11).
    public static let cycleInChain = DispatchDiagnostics(rawValue: 1 << 0)
    /// No first responder: the deepest view controller stood in (R10).
    public static let noFirstResponder = DispatchDiagnostics(rawValue: 1 << 1)
    /// No key window: the chain holds only the application.
    public static let noKeyWindow = DispatchDiagnostics(rawValue: 1 << 2)
    /// A matching command's action has no target in the chain.
    public static let actionWithoutTarget = DispatchDiagnostics(rawValue: 1 << 3)
    /// A key-up or change arrived for a key that was not down.
    public static let unmatchedPress = DispatchDiagnostics(rawValue: 1 << 4)

    private static let names: [(DispatchDiagnostics, String)] = [
        (.cycleInChain, "cycle-in-chain"), (.noFirstResponder, "no-first-responder"),
        (.noKeyWindow, "no-key-window"), (.actionWithoutTarget, "action-without-target"),
        (.unmatchedPress, "unmatched-press"),
    ]

    /// Stable names of the set conditions.
    public var names: [String] { DispatchDiagnostics.names.filter { contains($0.0) }.map(\.1) }

    public var description: String { names.joined(separator: ",") }
}
