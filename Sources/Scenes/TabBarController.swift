import KeyTraceCore
import ResponderEngine

/// A tab bar controller: ⌘1…⌘9 select tab N when it exists, moving the first responder into it
/// (responder-semantics §G). Its children are the tabs; the selected tab is its ``selectedChild``.
public final class TabBarController: ViewController {
    /// Overrides no press method: deliveries step over it.
    public override class var forwardsEveryPress: Bool { true }

    /// The selected tab's index.
    @exclusivity(unchecked) public private(set) var selectedIndex = 0
    /// Called after the selection changed, to move focus into the tab.
    var didSelect: ((ViewController) -> Void)?

    /// Creates a tab bar controller.
    public override init(name: String, view: View = View(name: "")) {
        super.init(name: name, view: view)
        implement("selectTab:") { [unowned self] sender in
            guard let text = sender.command.propertyList, let index = Int(text) else { return }
            self.select(index)
        }
    }

    /// The selected tab.
    public override var selectedChild: ViewController? {
        children.indices.contains(selectedIndex) ? children[selectedIndex] : nil
    }

    /// ⌘1…⌘9 for the first nine tabs, titled after them, then any declared commands.
    public override var keyCommands: [KeyCommand]? {
        children.prefix(9).enumerated().map { index, tab in
            KeyCommand(title: tab.title ?? tab.name, input: .character(String(index + 1)), modifierFlags: .command,
                       action: "selectTab:", propertyList: String(index))
        } + declaredKeyCommands
    }

    /// Shows tab `index` (0-based) if it exists, without moving focus: the tab the scene shows
    /// at launch.
    public func show(_ index: Int) {
        guard children.indices.contains(index) else { return }
        selectedIndex = index
    }

    /// Selects tab `index` (0-based) if it exists and moves focus into it.
    public func select(_ index: Int) {
        guard children.indices.contains(index) else { return }
        selectedIndex = index
        invalidateKeyCommands(.chainMutation)
        didSelect?(children[index])
    }
}

