import ResponderEngine

/// A custom responder declared in a scene: a view whose next responder may be set explicitly
/// (`"next": "window/…"`) instead of following the hierarchy.
public final class SceneResponder: View {
    /// Overrides no press method: deliveries step over it.
    public override class var forwardsEveryPress: Bool { true }

    /// The explicit next responder, if the scene set one.
    weak var explicitNextResponder: Responder?

    /// The responder at the scene's `next` path when one is set, otherwise the hierarchy's
    /// (``View/next``). Cycles it would create are rejected when the scene loads.
    public override var next: Responder? { explicitNextResponder ?? super.next }
}
