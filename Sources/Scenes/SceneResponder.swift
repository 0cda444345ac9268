import ResponderEngine

/// A custom responder declared in a scene: a view whose next responder may be set explicitly
/// (`"next": "window/…"`) instead of following the hierarchy.
public final class SceneResponder: View {
    /// The explicit next responder, if the scene set one.
    weak var explicitNextResponder: Responder?

    public override var next: Responder? { explicitNextResponder ?? super.next }
}
