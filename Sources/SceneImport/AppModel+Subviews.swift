import SwiftSyntax

extension AppModel {
    /// A view a type's code adds as a subview, as written, with the view it is added to (`nil`
    /// for the type's own), the type and the code around it.
    typealias Subview = (expression: ExprSyntax, receiver: ExprSyntax?, owner: SourceIndex.TypeInfo, root: Syntax)

    /// The subviews that take key presses and that a screen (a controller) adds, or that a
    /// helper object adds to one of the app's view classes it reaches (`controller?.mapView?
    /// .addSubview(label)` in a helper object puts the label in the map view). A view's own
    /// subviews are what its properties hold (``FocusableViews``), and so is a class a responder
    /// holds in a property, which the scene places where it is held. Their types are read only
    /// when the app has such a view class at all.
    mutating func addSubviewEdges(_ subviews: [Subview], evaluator: Evaluator) {
        guard !subviews.isEmpty else { return }
        let providers = Set(inventory.map(\.declaredIn))
        // Only ``FocusableViews/focusable(_:property:)`` is asked: no held views are read.
        let focusable = FocusableViews(model: self, placedElsewhere: [], rootViews: ControllerRootViews(index: index), localClasses: [])
        // Held by a responder the scene places: a helper object's view is still placed here.
        let responderRoles: [Role] = [.controller, .view, .textField, .textView, .responder, .swiftUIView]
        let held = Set(index.orderedTypes.filter { responderRoles.contains(role($0.name)) }.flatMap { $0.properties.values.compactMap(\.heldClass) })
        let takingKeys = Set(index.orderedTypes.map(\.name).filter { takesKeys($0, providers: providers, focusable: focusable) })
        guard !takingKeys.isEmpty else { return }
        for (expression, receiver, owner, root) in subviews {
            guard let parent = container(of: receiver, addedBy: owner, root: root) else { continue }
            // What a screen's own code adds and a responder holds is placed where it is held.
            let placedByHolder = parent == owner.name ? held : []
            for child in index.typeNames(of: expression, in: owner, root: root)
            where child != parent && takingKeys.contains(child) && !placedByHolder.contains(child) {
                addEdge(Edge(parent: parent, child: child, kind: .child, location: evaluator.location(expression)))
            }
        }
    }

    /// The type whose views a subview joins: a controller's own for a controller's code, else
    /// the one app view class the receiver names when the code is a helper object's (not a
    /// view's: what a view adds to its own subviews is what its properties hold).
    private func container(of receiver: ExprSyntax?, addedBy owner: SourceIndex.TypeInfo, root: Syntax) -> String? {
        switch role(owner.name) {
        case .controller: return owner.name
        case .view, .textField, .textView, .responder, .swiftUIView: return nil
        default: break
        }
        guard let receiver else { return nil }
        let views = index.typeNames(of: receiver, in: owner, root: root).filter { index.type(named: $0)?.kind == .class && role($0) == .view }
        return views.count == 1 ? views.first : nil
    }

    /// Whether an app view class takes key presses: it can become first responder (a text or
    /// web view, a `UIKeyInput` view, one allowing `canBecomeFirstResponder`) or is one of the
    /// command `providers`.
    private func takesKeys(_ type: String, providers: Set<String>, focusable: FocusableViews) -> Bool {
        guard [.view, .textField, .textView].contains(role(type)), index.type(named: type)?.kind == .class else { return false }
        return providers.contains(type) || focusable.focusable(type, property: "") != nil
    }
}
