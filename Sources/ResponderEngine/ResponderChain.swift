import KeyTraceCore

/// An immutable snapshot of a responder chain: the responders from the chain's start to the
/// application (and its delegate), in order.
///
/// Immutable once built (hence `Sendable`; the responders themselves belong to one thread).
/// A responder met twice ends the walk; ``cycleDetectedAt`` then names it (R11).
public final class ResponderChain: @unchecked Sendable {
    /// The responders, first responder (or its stand-in, R10) first.
    public let responders: ContiguousArray<Responder>
    /// The responder met a second time, when `next` pointers form a cycle.
    public let cycleDetectedAt: Responder?
    /// Whether the first responder accepts text (R16).
    public let isTextInputActive: Bool

    /// The empty chain.
    public static let empty = ResponderChain(responders: [], cycleDetectedAt: nil)

    init(responders: ContiguousArray<Responder>, cycleDetectedAt: Responder?) {
        self.responders = responders
        self.cycleDetectedAt = cycleDetectedAt
        self.isTextInputActive = responders.first?.acceptsTextInput ?? false
    }

    /// Walks `next` from `start` until the chain ends, a responder repeats, or
    /// ``Responder/maximumChainLength`` is reached.
    ///
    /// Chains are short, so a repeat is looked for by comparing identities with the responders
    /// collected so far; only a chain longer than ``linearSearchLimit`` builds a set for it.
    public static func walk(from start: Responder?) -> ResponderChain {
        guard let start else { return .empty }
        var responders = ContiguousArray<Responder>()
        responders.reserveCapacity(linearSearchLimit)
        var seen: Set<ObjectIdentifier>?  // once the chain outgrows a linear search
        var current: Responder? = start
        var cycle: Responder?
        while let responder = current {
            let repeated = seen?.contains(ObjectIdentifier(responder))
                ?? responders.contains { $0 === responder }
            guard !repeated, responders.count < Responder.maximumChainLength else {
                cycle = responder
                break
            }
            responders.append(responder)
            if seen != nil {
                seen?.insert(ObjectIdentifier(responder))
            } else if responders.count == linearSearchLimit {
                seen = Set(responders.lazy.map(ObjectIdentifier.init))
            }
            current = responder.next
        }
        return ResponderChain(responders: responders, cycleDetectedAt: cycle)
    }

    /// Up to this many responders, a walk finds a repeat by comparing identities.
    static let linearSearchLimit = 16

    /// The number of responders.
    @inlinable public var count: Int { responders.count }
    /// Whether the chain has no responders.
    @inlinable public var isEmpty: Bool { responders.isEmpty }
    /// The first responder or its stand-in.
    public var start: Responder? { responders.first }

    /// The responder at `index`.
    @inlinable public subscript(index: Int) -> Responder { responders[index] }

    /// The position of `responder` in the chain, or `nil`.
    public func index(of responder: Responder) -> Int? {
        responders.firstIndex { $0 === responder }
    }

    /// The responders' paths, first responder first.
    public var paths: [String] { responders.map(\.path) }
}

extension ResponderChain: CustomStringConvertible {
    /// `list → library → tabs → window → application`.
    public var description: String {
        var text = responders.map(\.description).joined(separator: " → ")
        if let cycle = cycleDetectedAt { text += " ⟲ \(cycle.description) (cycle)" }
        return text.isEmpty ? "(empty chain)" : text
    }
}
