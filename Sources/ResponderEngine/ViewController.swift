import KeyTraceCore

/// A view controller: the model of `UIViewController` as a responder.
///
/// Its next responder is the presenting controller when presented modally, otherwise its root
/// view's superview (the window for a window's root controller), otherwise its parent.
/// Commands added with ``addKeyCommand(_:)`` are collected after ``keyCommands`` (R11).
open class ViewController: Responder {
    /// `true` for `ViewController` itself; subclasses are called (``Responder/forwardsEveryPress``).
    open override class var forwardsEveryPress: Bool { self == ViewController.self }

    /// The root view. It has no name of its own, so subviews' paths run through the controller.
    public let view: View
    /// Child controllers, in order.
    @exclusivity(unchecked) public private(set) var children: [ViewController] = []
    /// The parent controller.
    @exclusivity(unchecked) public private(set) unowned(safe) var parent: ViewController?
    /// The controller this one presents modally.
    @exclusivity(unchecked) public private(set) var presentedViewController: ViewController?
    /// The controller that presents this one.
    @exclusivity(unchecked) public private(set) unowned(safe) var presentingViewController: ViewController?
    /// The display title (`UIViewController.title`), e.g. a tab's name.
    public var title: String?
    /// Commands added with ``addKeyCommand(_:)``.
    @exclusivity(unchecked) public private(set) var addedKeyCommands: [KeyCommand] = []

    /// Creates a controller named `name` with an empty root view.
    public init(name: String, view: View = View(name: "")) {
        self.view = view
        super.init(name: name)
        view.owningViewController = self
    }

    deinit {
        // These all point at this controller (invariants); cleared without reading them.
        view.owningViewController = nil
        for child in children { child.parent = nil }
        presentedViewController?.presentingViewController = nil
    }

    /// The presenting controller when presented modally, else the root view's superview (the window
    /// for a window's root controller), else the parent controller (R11). An override whose answer
    /// changes must call ``Responder/invalidateKeyCommands(_:)`` so the `cached` policy re-collects (R23).
    open override var next: Responder? {
        if let presentingViewController { return presentingViewController }
        if let superview = view.superview { return superview }
        return parent
    }

    /// The parent controller, else the presenting controller, else the root view's superview: paths
    /// follow containment (`window/tabs/library`), which can differ from ``next``.
    open override var pathParent: Responder? {
        if let parent { return parent }
        if let presentingViewController { return presentingViewController }
        return view.superview
    }

    var hostView: View? {
        view.superview ?? presentingViewController?.view ?? parent?.view
    }

    /// `UIViewController.addKeyCommand(_:)`.
    public func addKeyCommand(_ command: KeyCommand) {
        addedKeyCommands.append(command)
        invalidateKeyCommands(.explicitUpdate)
    }

    /// `UIViewController.removeKeyCommand(_:)`: removes commands equal to `command`.
    public func removeKeyCommand(_ command: KeyCommand) {
        addedKeyCommands.removeAll { $0 == command }
        invalidateKeyCommands(.explicitUpdate)
    }

    /// Adds a child controller; its root view becomes a subview of `container` (default: the root view).
    public func addChild(_ child: ViewController, in container: View? = nil) {
        child.removeFromParent()
        children.append(child)
        child.parent = self
        (container ?? view).addSubview(child.view)
        child.invalidateKeyCommands(.chainMutation)
    }

    /// Removes this controller from its parent.
    public func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        view.removeFromSuperview()
        invalidateKeyCommands(.chainMutation)
    }

    /// The child a keyboard user is in: the selected tab, the top of a navigation stack.
    /// Plain controllers have none.
    open var selectedChild: ViewController? { nil }

    /// The controller that stands in for a missing first responder (R10): the presented
    /// controller if any, else the selected child, recursively, else this controller.
    public var deepestViewController: ViewController {
        var current = self
        var steps = 0
        while steps < Responder.maximumChainLength {
            if let presented = current.presentedViewController { current = presented }
            else if let child = current.selectedChild { current = child }
            else { break }
            steps += 1
        }
        return current
    }

    /// Presents `controller` modally. The first responder moves into it when it can.
    public func present(_ controller: ViewController) {
        if let presentedViewController {
            presentedViewController.present(controller)
            return
        }
        presentedViewController = controller
        controller.presentingViewController = self
        controller.invalidateKeyCommands(.chainMutation)
        view.window?.application?.noteModalChange(presented: controller)
    }

    /// Dismisses the controller this one presents (or this one, when it is presented).
    /// Returns whether something was dismissed.
    @discardableResult
    public func dismiss() -> Bool {
        if let presented = presentedViewController {
            let application = view.window?.application ?? application
            presented.dismissPresented()
            presentedViewController = nil
            presented.presentingViewController = nil
            presented.invalidateKeyCommands(.chainMutation)
            application?.noteModalChange(dismissed: presented, returningTo: self)
            return true
        }
        if let presenting = presentingViewController { return presenting.dismiss() }
        return false
    }

    private func dismissPresented() {
        guard let presented = presentedViewController else { return }
        presented.dismissPresented()
        presentedViewController = nil
        presented.presentingViewController = nil
    }

    /// The topmost presented controller above this one, or `nil`.
    public var topPresentedViewController: ViewController? {
        var top = presentedViewController
        while let next = top?.presentedViewController { top = next }
        return top
    }
}
