import KeyTraceCore
import ResponderEngine

/// A navigation controller: ⌘[ and ⌘← go back (mirrored in right-to-left scenes), and the top
/// controller's bar-button key equivalents are offered (responder-semantics §G). Its children
/// are the stack, root first; the top is its ``selectedChild``.
public final class NavigationController: ViewController {
    /// Overrides no press method: deliveries step over it.
    public override class var forwardsEveryPress: Bool { true }

    /// Bar-button key equivalents per controller, set by the scene.
    var barButtons: [ObjectIdentifier: [KeyCommand]] = [:]
    /// Called after a push or pop, to move focus into the new top.
    var didShow: ((ViewController) -> Void)?

    /// Creates a navigation controller.
    public override init(name: String, view: View = View(name: "")) {
        super.init(name: name, view: view)
        implement("popViewController:") { [unowned self] _ in self.pop() }
    }

    /// Whether the stack holds more than its root.
    public var canPop: Bool { children.count > 1 }

    /// The top of the stack.
    public override var selectedChild: ViewController? { children.last }

    /// The names of the stack, root first.
    public var stack: [String] { children.map(\.name) }

    private static let back: [KeyCommand] = [
        KeyCommand(title: "Back", input: .character("["), modifierFlags: .command, action: "popViewController:"),
        KeyCommand(title: "Back", input: .special(.leftArrow), modifierFlags: .command, action: "popViewController:"),
    ]

    /// ⌘[ and ⌘← Back (`popViewController:`) while the stack can pop — at the root they are not
    /// offered at all, as KeyboardKit does, so they never shadow ⌘← commands farther up the
    /// chain (R12) — then the top controller's bar-button key equivalents, then
    /// ``Responder/declaredKeyCommands``. In a right-to-left scene, mirroring turns Back into ⌘]
    /// and ⌘→ (R4). Push and pop invalidate the collection (chain mutation).
    public override var keyCommands: [KeyCommand]? {
        let top = children.last.flatMap { barButtons[ObjectIdentifier($0)] } ?? []
        return (canPop ? NavigationController.back : []) + top + declaredKeyCommands
    }

    /// Pushes `controller` and shows it.
    public func push(_ controller: ViewController, barButtons buttons: [KeyCommand] = []) {
        barButtons[ObjectIdentifier(controller)] = buttons
        addChild(controller)
        invalidateKeyCommands(.chainMutation)
        didShow?(controller)
    }

    /// Pops the top controller unless it is the root.
    public func pop() {
        guard children.count > 1, let top = children.last else { return }
        barButtons[ObjectIdentifier(top)] = nil
        top.removeFromParent()
        invalidateKeyCommands(.chainMutation)
        if let newTop = children.last { didShow?(newTop) }
    }
}
