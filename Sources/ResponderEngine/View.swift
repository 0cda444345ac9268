import KeyTraceCore

/// A view in a window's hierarchy: the model of `UIView` as a responder.
///
/// A view's next responder is its view controller when it is that controller's root view,
/// otherwise its superview (UIKit's rule). Moving views invalidates collections that include
/// them (``CacheInvalidationReason/chainMutation``), and removing the first responder from a
/// window makes it resign.
open class View: Responder {
    /// `true` for `View` itself; subclasses are called (``Responder/forwardsEveryPress``).
    open override class var forwardsEveryPress: Bool { self == View.self }

    // Parent pointers are `unowned` rather than `weak`: a weakly referenced object gets a side
    // table, which puts every retain and release of it on the runtime's slow path — and views
    // are retained on every dispatch. Parents clear these pointers when they go away (deinit).

    /// The superview, if any.
    @exclusivity(unchecked) public private(set) unowned(safe) var superview: View?
    /// The subviews, back to front.
    @exclusivity(unchecked) public private(set) var subviews: [View] = []
    /// The view controller whose root view this is.
    @exclusivity(unchecked) public internal(set) unowned(safe) var owningViewController: ViewController?

    deinit {
        // Subviews' superview is this view (an invariant); an unowned reference to an object
        // being destroyed cannot even be read, so the pointers are cleared without comparing.
        for view in subviews { view.superview = nil }
    }

    /// The owning view controller when this is its root view, otherwise the superview; `nil` for a
    /// detached view (UIKit's rule, R11). An override whose answer changes must call
    /// ``Responder/invalidateKeyCommands(_:)`` with ``CacheInvalidationReason/chainMutation`` so the
    /// `cached` policy re-collects (R23).
    open override var next: Responder? {
        if let owningViewController { return owningViewController }
        return superview
    }

    /// The owning view controller for a root view; for a subview of a controller's root view, that
    /// controller (the unnamed root view is skipped); otherwise the superview.
    open override var pathParent: Responder? {
        if let owningViewController { return owningViewController }
        if let superview, let controller = superview.owningViewController { return controller }
        return superview
    }

    /// The window this view is in.
    public var window: Window? {
        var found: Window?
        Responder.walk(from: self, via: { ($0 as? View).flatMap { $0.superview ?? $0.owningViewController?.hostView } }) {
            found = $0 as? Window
            return found == nil
        }
        return found
    }

    /// Adds `view` as the frontmost subview (removing it from any previous superview).
    /// Moving a view within its window keeps the first responder inside it.
    public func addSubview(_ view: View) {
        view.detachFromSuperview()
        subviews.append(view)
        view.superview = self
        view.invalidateSubtree(.chainMutation)
    }

    /// Removes this view from its superview. If the first responder was inside, it resigns.
    public func removeFromSuperview() {
        let application = self.window?.application
        guard detachFromSuperview() else { return }
        if let application, let first = application.firstResponder, first.isInside(self) {
            application.resignFirstResponder()
        }
    }

    @discardableResult
    private func detachFromSuperview() -> Bool {
        guard let superview else { return false }
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
        invalidateSubtree(.chainMutation)
        return true
    }

    /// The subview named `name`, searching depth-first.
    public func descendant(named name: String) -> View? {
        for view in subviews {
            if view.name == name { return view }
            if let found = view.descendant(named: name) { return found }
        }
        return nil
    }

    func invalidateSubtree(_ reason: CacheInvalidationReason) {
        invalidateKeyCommands(reason)
        for view in subviews { view.invalidateSubtree(reason) }
        owningViewController?.invalidateKeyCommands(reason)
    }
}

extension Responder {
    /// Whether this responder is `ancestor` or lies below it in the view hierarchy.
    func isInside(_ ancestor: View) -> Bool {
        firstInChain { $0 === ancestor } != nil
    }
}
