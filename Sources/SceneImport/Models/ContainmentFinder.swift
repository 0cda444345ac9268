import SceneImportVocabulary
import SwiftSyntax

/// What one type's code shows of containment, walked by `AppModel` (its `readContainment`):
/// `addChild(x)`, `present(x, …)`, `viewControllers = […]`, `setViewControllers([…])`,
/// `setViewController(x, for: .primary)`, `rootViewController = x`, `pushViewController(x, …)`,
/// `UIHostingController(rootView:)`, the cells a type registers or dequeues, an alert's text
/// field, the subviews it adds, and the app's own methods named after UIKit's (`router.push(vc)`,
/// `_pushInitialViewController(vc)`, `presentModally(vc)`, `showDetail(vc)`), which coordinators
/// and routers wrap UIKit's in, and the app's methods that pass a controller on to `addChild`
/// (``ContainmentWrappers``).
final class ContainmentFinder: MentionedItemsVisitor {
    /// What a call shows, whether the call is the app's own method named after UIKit's (its
    /// first argument then counts only when it is a controller), and the container a call or
    /// assignment that sets up containment names as its receiver (`tabs` in
    /// `tabs.viewControllers = …`, `split` in `split.setViewController(…, for: .secondary)`,
    /// `shell` in `shell.addChild(…)`); `nil` for `self`, for none, and for a push, a show or a
    /// presentation, which stay with the code that shows the screen (a coordinator's are screens
    /// the user reaches).
    var found: [(expression: ExprSyntax, kind: AppModel.Edge.Kind, isAppMethod: Bool, receiver: ExprSyntax?)] = []
    /// The expressions of ``found`` that a push or a show names (`pushViewController(_:animated:)`,
    /// `show(_:sender:)`, an app's `push…`/`show…` method): screens shown after launch, when the
    /// user gets there.
    var shownLater: Set<SyntaxIdentifier> = []
    /// Cell classes the code registers or dequeues, as written (``AppModel/Edge/Kind/cell``).
    var cells: [(type: String, node: Syntax)] = []
    /// The classes the code casts or tests a `rootViewController` for.
    var rootClassTests: [(type: String, node: Syntax)] = []
    /// The alerts the code gives a text field (`alert.addTextField { … }`), as written.
    var textFieldAlerts: Set<String> = []
    /// The views the code adds as subviews (`addSubview(x)`, `insertSubview(x, …)`,
    /// `addArrangedSubview(x)`), as written, each with the view it is added to (`nil` for the
    /// type's own).
    var subviews: [(view: ExprSyntax, receiver: ExprSyntax?)] = []
    /// The app's methods that contain the controller they are given (``ContainmentWrappers``).
    var wrappers = ContainmentWrappers()

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
        // iOS 18's tabs (`tabs = [UITab(title:…) { _ in Library() }]`): the closure a tab
        // calls for its view controller makes the tab's content.
        if Self.tabClasses.contains(name), let made = Self.returnedExpression(of: node.trailingClosure) {
            found.append((made, .tab, false, nil))
        }
        guard let first = node.arguments.first?.expression else { return .visitChildren }
        let receiver = Self.receiver(of: node.calledExpression.as(MemberAccessExprSyntax.self)?.base)
        // `alert.present(from: root)`: the argument is where the receiver is shown from.
        let showsReceiver = Self.presenterLabels.contains(node.arguments.first?.label?.text ?? "")
        switch name {
        case "addChild", "addChildViewController": found.append((first, .child, false, receiver))
        case "present":
            if !showsReceiver {
                found.append((first, .presented, false, nil))
                for argument in Self.wrappedControllers(first) { found.append((argument, .presented, true, nil)) }
            }
        case "pushViewController", "show", "showDetailViewController":
            if !showsReceiver {
                found.append((first, .child, false, nil))
                shownLater.insert(first.id)
                for argument in Self.wrappedControllers(first) {
                    found.append((argument, .child, true, nil))
                    shownLater.insert(argument.id)
                }
            }
        case "init":
            // `super.init(rootViewController: list)` in a navigation controller subclass: its root.
            if node.calledExpression.as(MemberAccessExprSyntax.self)?.base?.is(SuperExprSyntax.self) == true,
               node.arguments.first?.label?.text == "rootViewController" {
                found.append((first, .navigationRoot, false, nil))
            }
        case "setViewControllers": found.append((first, .tab, false, receiver))
        case let call where ContainmentModel.subviewCalls.contains(call): subviews.append((first, receiver))
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
            found.append((first, column.isCompact ? .compactColumn : .column, false, receiver))
        case "UIHostingController":
            if let rootView = node.arguments.first(where: { $0.label?.text == "rootView" }) { found.append((rootView.expression, .hosted, false, nil)) }
        default:
            let verb = name.drop { $0 == "_" }
            if let position = wrappers.argumentPosition[name], position < node.arguments.count {
                let argument = node.arguments[node.arguments.index(node.arguments.startIndex, offsetBy: position)].expression
                found.append((argument, .child, true, receiver))
            } else if verb.hasPrefix("present"), !showsReceiver {
                found.append((first, .presented, true, nil))
            } else if verb.hasPrefix("push") || verb.hasPrefix("show"), !showsReceiver {
                found.append((first, .child, true, nil))
                shownLater.insert(first.id)
            }
        }
        return .visitChildren
    }

    /// The receiver an expression names, without optional chaining or force unwrapping; `nil`
    /// for `self` (the type itself) and for none.
    static func receiver(of base: ExprSyntax?) -> ExprSyntax? {
        var current = base
        while let expression = current {
            if let chained = expression.as(OptionalChainingExprSyntax.self) { current = chained.expression; continue }
            if let forced = expression.as(ForceUnwrapExprSyntax.self) { current = forced.expression; continue }
            break
        }
        guard let expression = current, expression.as(DeclReferenceExprSyntax.self)?.baseName.text != "self" else { return nil }
        return expression
    }

    /// The arguments of an app function that a shown expression calls
    /// (`present(Utils.popupNavigation(for: changeEmail), …)`), and the value an app method it
    /// calls is called on (`present(settings.embeddedInNavigationController(), …)`): a function
    /// given a controller and returning the one to show wraps it (in a navigation controller, a
    /// popover) or returns it, so what it is given is shown too. They count only when they are
    /// controllers (``found``'s `isAppMethod`). A type's initializer (`Nav(rootViewController:)`)
    /// is read by the expression's own types.
    static func wrappedControllers(_ shown: ExprSyntax) -> [ExprSyntax] {
        var expression = shown
        while let unwrapped = expression.as(ForceUnwrapExprSyntax.self)?.expression ?? expression.as(OptionalChainingExprSyntax.self)?.expression {
            expression = unwrapped
        }
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return [] }
        let called = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        guard let called, called.first?.isLowercase == true, called != "init" else { return [] }
        let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
        return call.arguments.map(\.expression) + [base].compactMap { $0 }
    }

    /// The labels with which an app's showing method takes the controller it shows the
    /// receiver from or on, rather than the one it shows.
    private static let presenterLabels: Set<String> = ["from", "on", "over", "in"]

    /// UIKit's tab classes that take a view controller provider (`UITab`, `UISearchTab`, and
    /// `UITabGroup`'s default content).
    private static let tabClasses: Set<String> = ["UITab", "UISearchTab", "UITabGroup"]

    /// The expression a closure returns: its one expression, or its `return`'s.
    private static func returnedExpression(of closure: ClosureExprSyntax?) -> ExprSyntax? {
        guard let statements = closure?.statements, statements.count == 1, let item = statements.first?.item else { return nil }
        if let expression = item.as(ExprSyntax.self) { return expression }
        return item.as(ReturnStmtSyntax.self)?.expression
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
            found.append((value, .windowRoot, false, nil))
        } else if target.hasSuffix("viewControllers") {
            found.append((value, .tab, false, Self.receiver(of: elements[0].as(MemberAccessExprSyntax.self)?.base)))
        }
        return .visitChildren
    }
}
