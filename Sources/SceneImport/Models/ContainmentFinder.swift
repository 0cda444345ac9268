import SceneImportVocabulary
import SwiftSyntax

/// What one type's code shows of containment, walked by `AppModel` (its `readContainment`):
/// `addChild(x)`, `present(x, …)`, `viewControllers = […]`, `setViewControllers([…])`,
/// `setViewController(x, for: .primary)`, `rootViewController = x`, `pushViewController(x, …)`,
/// `UIHostingController(rootView:)`, the cells a type registers or dequeues, an alert's text
/// field, the subviews it adds, and the app's own methods named after UIKit's (`router.push(vc)`,
/// `_pushInitialViewController(vc)`, `presentModally(vc)`, `showDetail(vc)`), which coordinators
/// and routers wrap UIKit's in.
final class ContainmentFinder: MentionedItemsVisitor {
    /// What a call shows, and whether the call is the app's own method named after UIKit's
    /// (its first argument then counts only when it is a controller).
    var found: [(expression: ExprSyntax, kind: AppModel.Edge.Kind, isAppMethod: Bool)] = []
    /// Cell classes the code registers or dequeues, as written (``AppModel/Edge/Kind/cell``).
    var cells: [(type: String, node: Syntax)] = []
    /// The classes the code casts or tests a `rootViewController` for.
    var rootClassTests: [(type: String, node: Syntax)] = []
    /// The alerts the code gives a text field (`alert.addTextField { … }`), as written.
    var textFieldAlerts: Set<String> = []
    /// The views the code adds as subviews (`addSubview(x)`, `insertSubview(x, …)`,
    /// `addArrangedSubview(x)`), as written.
    var subviews: [ExprSyntax] = []

    /// Calls that give a table or collection view's cell (or supplementary view), which the
    /// code casts to its class.
    private static let cellGetters: Set<String> = [
        "dequeueReusableCell", "dequeueReusableSupplementaryView", "dequeueReusableHeaderFooterView",
        "dequeueConfiguredReusableCell", "cellForItem", "cellForRow", "supplementaryView", "headerView", "footerView",
    ]

    /// `UICollectionView.CellRegistration<Cell, Item>` and `SupplementaryRegistration<View>`.
    override func visit(_ node: GenericSpecializationExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.expression.sourceText
        if name.hasSuffix("CellRegistration") || name.hasSuffix("SupplementaryRegistration"),
           let first = node.genericArgumentClause.arguments.first {
            cells.append((first.argument.sourceText, Syntax(node)))
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let name: String
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
            name = member.declName.baseName.text
        } else if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else {
            return .visitChildren
        }
        if name == "addTextField", let receiver = node.calledExpression.as(MemberAccessExprSyntax.self)?.base {
            textFieldAlerts.insert(receiver.sourceText)
        }
        guard let first = node.arguments.first?.expression else { return .visitChildren }
        switch name {
        case "addChild", "addChildViewController": found.append((first, .child, false))
        case "present": found.append((first, .presented, false))
        case "pushViewController", "show", "showDetailViewController": found.append((first, .child, false))
        case "setViewControllers": found.append((first, .tab, false))
        case "addSubview", "insertSubview", "addArrangedSubview", "insertArrangedSubview": subviews.append(first)
        case "register":
            // `register(Cell.self, forCellReuseIdentifier:)` and its collection view forms (not
            // any `register(_:)`: an interpreter registering a library is no cell).
            if node.arguments.contains(where: { $0.label?.text.hasSuffix("ReuseIdentifier") == true }),
               let member = first.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self", let base = member.base {
                cells.append((base.sourceText, Syntax(node)))
            }
        case "setViewController":
            guard let written = node.arguments.first(where: { $0.label?.text == "for" })?.expression.sourceText,
                  let column = SplitViewColumn(written: written) else { break }
            found.append((first, column.isCompact ? .compactColumn : .column, false))
        case "UIHostingController":
            if let rootView = node.arguments.first(where: { $0.label?.text == "rootView" }) { found.append((rootView.expression, .hosted, false)) }
        default:
            let verb = name.drop { $0 == "_" }
            if verb.hasPrefix("present") {
                found.append((first, .presented, true))
            } else if verb.hasPrefix("push") || verb.hasPrefix("show") {
                found.append((first, .child, true))
            }
        }
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        // `tableView.dequeueReusableCell(withIdentifier:for:) as? Cell`
        for position in elements.indices.dropLast(2) where elements[position + 1].is(UnresolvedAsExprSyntax.self) {
            guard let call = elements[position].as(FunctionCallExprSyntax.self),
                  let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                  Self.cellGetters.contains(member.declName.baseName.text) else { continue }
            cells.append((elements[position + 2].sourceText.withoutOptionality, Syntax(call)))
        }
        // `window?.rootViewController as? MainSplitViewController`, `… is Main`
        for position in elements.indices.dropLast(2)
        where elements[position + 1].is(UnresolvedAsExprSyntax.self) || elements[position + 1].is(UnresolvedIsExprSyntax.self) {
            let tested = elements[position].sourceText.withoutOptionality
            if tested.hasSuffix("rootViewController") { rootClassTests.append((elements[position + 2].sourceText.withoutOptionality, Syntax(node))) }
        }
        guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self) else { return .visitChildren }
        let target = elements[0].sourceText
        let value = elements[2]
        if target.hasSuffix("rootViewController") {
            found.append((value, .windowRoot, false))
        } else if target.hasSuffix("viewControllers") {
            found.append((value, .tab, false))
        }
        return .visitChildren
    }
}
