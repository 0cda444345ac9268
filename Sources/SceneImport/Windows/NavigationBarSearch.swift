import Scenes
import SwiftSyntax

/// The controllers that put a search controller's bar in the navigation bar
/// (`navigationItem.searchController = searchController`, or a search bar as the navigation
/// item's `titleView`).
///
/// UIKit shows that search bar in the bar of the navigation controller showing the controller.
/// The navigation bar is a subview of the navigation controller's view, not of the controller's,
/// so the search field's responder chain runs `UISearchTextField` → `UISearchBar` →
/// `UINavigationBar` → the navigation controller, past the controller that set it. A controller
/// that no navigation controller shows has no navigation bar to hold it.
struct NavigationBarSearch {
    let index: SourceIndex

    /// The UIKit containers whose child's navigation bar the scene holds: a navigation
    /// controller's own, and the navigation controller a tab or a split view column wraps its
    /// child in.
    static let containers = ["UINavigationController", "UITabBarController", "UISplitViewController"]

    /// The property of `UINavigationItem` that installs a search controller.
    static let property = "searchController"

    /// The controllers that install a search controller in their navigation item, each with where
    /// it does so (the first assignment in source order).
    /// `parents` gives the controllers a controller is the child of: a child that installs the
    /// search controller in its parent's navigation item (`parent?.navigationItem.searchController
    /// = search`) installs it in theirs.
    func controllers(where included: (String) -> Bool, parents: (String) -> [String] = { _ in [] }) -> [String: SourceLocation] {
        var result: [String: SourceLocation] = [:]
        var installedByOthers: [(controller: String, location: SourceLocation)] = []
        for key in index.types.keys.sorted() {
            guard let info = index.types[key], index.type(info, mentions: Self.property) else { continue }
            let own = included(info.name)
            for function in info.functions where !function.isStatic {
                guard let body = function.body else { continue }
                let finder = AssignmentFinder(viewMode: .sourceAccurate)
                finder.walk(body)
                // `list.navigationItem.searchController = search` in a coordinator or the entry
                // point installs it in the controller `list` is.
                for (receiver, node) in finder.onOthers {
                    let controllers = finder.isParent(receiver) ? parents(info.name) : index.typeNames(of: receiver, in: info, root: Syntax(body))
                    for controller in controllers where included(controller) {
                        installedByOthers.append((controller, index.location(Syntax(node))))
                    }
                }
                if own, result[info.name] == nil, let found = finder.found { result[info.name] = index.location(Syntax(found)) }
            }
        }
        for (controller, location) in installedByOthers where result[controller] == nil { result[controller] = location }
        return result
    }

    /// The nodes a navigation controller's view holds for a search bar in its navigation bar:
    /// `UINavigationBar` holding `UISearchBar` holding the `UISearchTextField` that takes the
    /// focus, titled after the controller that installs it.
    static func navigationBarNode(installedBy controllers: [String]) -> NodeDefinition {
        var used = 0
        let bars = controllers.map { owner -> NodeDefinition in
            used += 1
            let field = NodeDefinition(kind: .textField, name: "UISearchTextField", canBecomeFirstResponder: true)
            return NodeDefinition(kind: .view, name: used == 1 ? "UISearchBar" : "UISearchBar-\(used)",
                                  title: owner + ".navigationItem.searchController", views: [field])
        }
        return NodeDefinition(kind: .view, name: "UINavigationBar", views: bars)
    }

    /// Finds `navigationItem.searchController = value` (also through `self.`) with a value other
    /// than `nil`, and `navigationItem.titleView = searchController.searchBar` (a search bar as
    /// the title view, which the navigation bar holds the same way).
    private final class AssignmentFinder: SyntaxVisitor {
        var found: SequenceExprSyntax?
        /// The same assignments made on another controller's navigation item
        /// (`list.navigationItem.searchController = search`), with that controller as written.
        var onOthers: [(receiver: ExprSyntax, node: SequenceExprSyntax)] = []

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let elements = Array(node.elements)
            guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self), !elements[2].is(NilLiteralExprSyntax.self) else { return .visitChildren }
            var target = elements[0].sourceText.filter { !$0.isWhitespace }
            if target.hasPrefix("self.") { target.removeFirst(5) }
            let installs = target.hasSuffix("navigationItem.searchController")
                || (target.hasSuffix("navigationItem.titleView") && elements[2].sourceText.lowercased().hasSuffix("searchbar"))
            guard installs else { return .visitChildren }
            if target.hasPrefix("navigationItem.") {
                if found == nil { found = node }
            } else if let item = elements[0].as(MemberAccessExprSyntax.self)?.base?.as(MemberAccessExprSyntax.self),
                      item.declName.baseName.text == "navigationItem", let receiver = item.base {
                onOthers.append((receiver, node))
            }
            return .skipChildren
        }

        /// Whether a receiver is the controller's parent (`parent?`, `self.parent`).
        func isParent(_ receiver: ExprSyntax) -> Bool {
            var text = receiver.sourceText.filter { !$0.isWhitespace && $0 != "?" && $0 != "!" }
            if text.hasPrefix("self.") { text.removeFirst(5) }
            return text == "parent"
        }
    }
}
