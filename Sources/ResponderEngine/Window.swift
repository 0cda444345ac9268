import KeyTraceCore

/// A window: the top of a view hierarchy, whose next responder is the application.
open class Window: View {
    /// `true` for `Window` itself; subclasses are called (``Responder/forwardsEveryPress``).
    open override class var forwardsEveryPress: Bool { self == Window.self }

    /// The application the window belongs to.
    @exclusivity(unchecked) public internal(set) unowned(safe) var owningApplication: Application?

    /// The root view controller; setting it installs its view in the window.
    @exclusivity(unchecked) public var rootViewController: ViewController? {
        didSet {
            oldValue?.view.removeFromSuperview()
            if let rootViewController { addSubview(rootViewController.view) }
            invalidateSubtree(.chainMutation)
        }
    }

    /// Creates a window named `name` (default `window`).
    public override init(name: String = "window") {
        super.init(name: name)
    }

    /// The superview for a nested window, otherwise the application the window belongs to (R11).
    open override var next: Responder? { superview ?? owningApplication }
    /// The superview, or `nil` for a top-level window: paths start at the window's name.
    open override var pathParent: Responder? { superview }

    /// The window's application.
    public override var application: Application? { owningApplication }
}
