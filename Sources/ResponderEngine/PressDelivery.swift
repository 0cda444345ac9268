import KeyTraceCore

/// One delivery of a press along a responder chain (`pressesBegan` and friends).
///
/// The engine starts a delivery at the first responder; a responder that does not handle the
/// press calls ``forward(_:)`` (what its default implementation does), which passes it to the
/// next responder of the chain snapshot. The delivery therefore never loops on a cyclic chain.
/// Whoever does not forward has handled the press.
public struct PressDelivery {
    /// The phase being delivered.
    public let phase: KeyPhase
    /// The chain the press travels along.
    public let chain: ResponderChain
    /// The index in ``chain`` of the responder currently holding the press.
    public private(set) var index: Int
    /// Whether the press went past the last responder unhandled.
    public private(set) var reachedEnd: Bool = false
    /// Set by a text-input responder that consumed the press as text (R16).
    public var consumedAsText: Bool = false
    /// The index of the last responder the press may reach: a cancellation goes only as far as
    /// the responder that handled the press's `pressesBegan` (R20).
    private let endIndex: Int

    init(phase: KeyPhase, chain: ResponderChain, index: Int = 0, through last: Int? = nil) {
        self.phase = phase
        self.chain = chain
        self.index = index
        self.endIndex = min(last ?? (chain.count - 1), chain.count - 1)
    }

    /// Passes the press to the next responder in the chain, as calling `super` does in UIKit.
    public mutating func forward(_ press: KeyPress) {
        deliver(press, from: index + 1)
    }

    mutating func start(_ press: KeyPress) {
        deliver(press, from: index)
    }

    /// Delivers to the first responder from `first` on that handles presses itself, stepping
    /// over those that only forward (``Responder/forwardsEveryPress``) unless they take key
    /// input (``Responder/adoptsKeyInput``).
    private mutating func deliver(_ press: KeyPress, from first: Int) {
        var next = first
        while next <= endIndex {
            let responder = chain[next]
            if !responder.passesPressesOn || responder.adoptsKeyInput {
                index = next
                deliver(press, to: responder)
                return
            }
            next += 1
        }
        reachedEnd = true
    }

    private mutating func deliver(_ press: KeyPress, to responder: Responder) {
        switch phase {
        case .began: responder.pressesBegan(press, with: &self)
        case .changed: responder.pressesChanged(press, with: &self)
        case .ended: responder.pressesEnded(press, with: &self)
        case .cancelled: responder.pressesCancelled(press, with: &self)
        }
    }

    /// The responder that handled the press, or `nil` when nobody did.
    public var handler: Responder? { reachedEnd || chain.isEmpty ? nil : chain[index] }
}
