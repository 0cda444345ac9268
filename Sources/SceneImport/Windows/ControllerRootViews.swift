import SwiftSyntax

/// The app view class each controller makes its own view: the one its `loadView()` assigns
/// (`view = CanvasView()`, or a local holding one), else the custom class of the view its
/// storyboard scene gives it (`<view key="view" customClass="CanvasView">`). A subclass has its
/// superclass's. The view's next responder is the controller, and `view.becomeFirstResponder()`
/// in the controller focuses it.
struct ControllerRootViews {
    private var byController: [String: String] = [:]
    private let index: SourceIndex

    /// None: for a reading that asks no controller's view.
    init(index: SourceIndex) {
        self.index = index
    }

    /// Reads every controller `isController` accepts; `isView` says which app classes are views.
    init(index: SourceIndex, isController: (String) -> Bool, isView: (String) -> Bool) {
        self.index = index
        for (controller, view) in index.storyboardViewClasses where isView(view) { byController[controller] = view }
        for info in index.orderedTypes where isController(info.name) {
            for function in info.functions where function.name == "loadView" && !function.isStatic {
                guard let body = function.body else { continue }
                let assignments = ViewAssignmentFinder(conditions: index.conditions)
                assignments.walk(body)
                let classes = assignments.values.flatMap { index.typeNames(of: $0, in: info, root: Syntax(body)) }
                if let view = classes.last(where: isView) { byController[info.name] = view }
            }
        }
    }

    /// The view class `controller`'s own view is, or its nearest superclass's.
    func viewClass(of controller: String) -> String? {
        if let own = byController[controller] { return own }
        return index.ancestors(of: controller).lazy.compactMap { byController[$0.name] }.first
    }
}

/// The values a body assigns to the controller's own view (`view = x`, `self.view = x`).
private final class ViewAssignmentFinder: ActiveCodeVisitor {
    var values: [ExprSyntax] = []

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), ["view", "self.view"].contains(elements[0].sourceText) {
            values.append(elements[2])
        }
        return .visitChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

extension AppModel {
    /// The controllers' own views of app classes, read from the app's `loadView()` methods
    /// and storyboards.
    func controllerRootViews() -> ControllerRootViews {
        ControllerRootViews(index: index, isController: { role($0) == .controller },
                            isView: { [.view, .textField, .textView].contains(role($0)) })
    }
}
