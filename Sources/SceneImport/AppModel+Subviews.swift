import SwiftSyntax

extension AppModel {
    /// A view a type's code adds as a subview, as written, with the type and the code around it.
    typealias Subview = (expression: ExprSyntax, owner: SourceIndex.TypeInfo, root: Syntax)

    /// The subviews a screen (a controller) adds that take key presses; a view's own subviews
    /// are what its properties hold (``FocusableViews``), and so is a class some type holds in
    /// a property, which the scene places where it is held. Their types are read only when the
    /// app has such a view class at all.
    mutating func addSubviewEdges(_ subviews: [Subview], evaluator: Evaluator) {
        guard subviews.contains(where: { role($0.owner.name) == .controller }) else { return }
        let providers = Set(inventory.map(\.declaredIn))
        let focusable = FocusableViews(model: self, placedElsewhere: [])
        let held = Set(index.orderedTypes.flatMap { $0.properties.values.compactMap(\.heldClass) })
        let takingKeys = Set(index.orderedTypes.map(\.name).filter {
            !held.contains($0) && takesKeys($0, providers: providers, focusable: focusable)
        })
        guard !takingKeys.isEmpty else { return }
        for (expression, owner, root) in subviews where role(owner.name) == .controller {
            for child in index.typeNames(of: expression, in: owner, root: root) where child != owner.name && takingKeys.contains(child) {
                addEdge(Edge(parent: owner.name, child: child, kind: .child, location: evaluator.location(expression)))
            }
        }
    }

    /// Whether an app view class takes key presses: it can become first responder (a text or
    /// web view, a `UIKeyInput` view, one allowing `canBecomeFirstResponder`) or is one of the
    /// command `providers`.
    private func takesKeys(_ type: String, providers: Set<String>, focusable: FocusableViews) -> Bool {
        guard [.view, .textField, .textView].contains(role(type)), index.type(named: type)?.kind == .class else { return false }
        return providers.contains(type) || focusable.focusable(type, property: "") != nil
    }
}
