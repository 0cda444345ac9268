import SwiftSyntax

extension AppModel {
    /// The view modifiers that show their content as a modal presentation, not inside the view.
    static let swiftUIPresentations: Set<String> = ["sheet", "fullScreenCover", "popover", "alert", "confirmationDialog", "inspector"]

    /// Takes in SwiftUI's containment: a `UIHostingController<View>` subclass hosts its view, a
    /// view whose code builds another app view holds it (`body`, the helpers `body` calls), and
    /// a view built in a `.sheet`, `.fullScreenCover` or `.popover`, in a `TabView`'s tab after
    /// its first, or in a navigation link's destination is a screen the user reaches from it
    /// (a presented edge; a destination's is marked pushed, a tab's has its position).
    mutating func addSwiftUIContainment() {
        // The app's view helpers (`extension View { func nativeSearchable(…) }`) that build text
        // controls: a view calling one builds them.
        var helperControls: [String: [String]] = [:]
        // The app's views such a helper builds (`func inboxToolbar()` calling
        // `modifier(InboxToolbar())`) or presents (`func withSheetDestinations(…)` calling
        // `sheet(item:)`): a view calling it builds or presents them.
        var helperViews: [String: [(type: String, node: FunctionCallExprSyntax, presented: Bool)]] = [:]
        for function in index.type(named: "View")?.functions ?? [] {
            guard let body = function.body else { continue }
            let finder = ViewConstructionFinder(conditions: index.conditions)
            finder.walk(body)
            if !finder.textControls.isEmpty { helperControls[function.name] = finder.textControls }
            let views = finder.constructions.compactMap { construction -> (type: String, node: FunctionCallExprSyntax, presented: Bool)? in
                guard let view = index.type(named: construction.name, writtenIn: nil), view.kind == .struct, role(view.name) == .swiftUIView else { return nil }
                return (view.name, construction.node, construction.presented)
            }
            if !views.isEmpty { helperViews[function.name] = views }
        }
        // A `UIHostingController<View>` subclass hosts its view, however it is made.
        for key in index.types.keys.sorted() {
            guard let info = index.types[key], let hosted = info.hostedView, let location = info.location,
                  let view = index.type(named: hosted, writtenIn: info.name), role(view.name) == .swiftUIView else { continue }
            addEdge(Edge(parent: info.name, child: view.name, kind: .hosted, location: location))
        }
        for key in index.types.keys.sorted() {
            guard let info = index.types[key], role(info.name) == .swiftUIView else { continue }
            var roots: [Syntax] = info.functions.compactMap { $0.body.map(Syntax.init) }
            for property in info.properties.values.sorted(by: { $0.name < $1.name }) {
                if let getter = property.getter { roots.append(Syntax(getter)) }
            }
            for root in roots {
                let finder = ViewConstructionFinder(conditions: index.conditions)
                finder.helperControls = helperControls
                finder.walk(root)
                if !finder.textControls.isEmpty { addTextControls(finder.textControls, builtBy: info.name) }
                for called in finder.calledHelpers.sorted() {
                    for (view, node, presented) in helperViews[called] ?? [] where view != info.name {
                        addEdge(Edge(parent: info.name, child: view, kind: presented ? .presented : .child, location: index.location(node)))
                    }
                }
                for (name, node, presented) in finder.constructions {
                    guard let child = index.type(named: name, writtenIn: info.name), child.name != info.name, child.kind == .struct else { continue }
                    // A view in a `TabView` tab other than the first shows once the user selects
                    // that tab: a screen the user reaches, as a presented one is.
                    let tab = finder.laterTabs[node.id]
                    // A navigation link's destination shows once the user follows the link.
                    let pushed = finder.destinations.contains(node.id)
                    let kind: Edge.Kind = presented || tab != nil || pushed ? .presented : .child
                    if role(child.name) == .swiftUIView {
                        addEdge(Edge(parent: info.name, child: child.name, kind: kind, location: index.location(node), tab: tab, pushed: pushed))
                    } else if let made = representedClass(of: child) {
                        // `UIViewRepresentable` / `UIViewControllerRepresentable`: the UIKit view or
                        // controller it makes sits where the SwiftUI view builds it.
                        addEdge(Edge(parent: info.name, child: made, kind: kind == .presented ? .presented : .hosted, location: index.location(node)))
                    }
                }
            }
        }
    }
}

extension AppModel {
    /// The protocols through which SwiftUI shows a UIKit view or controller, and the method that
    /// makes it.
    static let representables: [String: String] = ["UIViewRepresentable": "makeUIView", "UIViewControllerRepresentable": "makeUIViewController"]

    /// The app class a representable's `makeUIView(context:)` / `makeUIViewController(context:)`
    /// makes: its declared return type, else the type of what it returns.
    func representedClass(of info: SourceIndex.TypeInfo) -> String? {
        guard let method = info.inherited.lazy.compactMap({ Self.representables[$0] }).first,
              let function = info.functions.first(where: { $0.name == method }) else { return nil }
        if let returned = function.returnType?.withoutOptionality, let type = index.type(named: returned), type.kind == .class { return type.name }
        guard let body = function.body else { return nil }
        let calls = CallNameFinder(conditions: index.conditions)
        calls.walk(body)
        return calls.names.lazy.compactMap { index.type(named: $0) }.first { $0.kind == .class && role($0.name) != .other }?.name
    }
}

/// The views a SwiftUI view's code constructs (`Name(…)`, `Name { … }`), each marked when it is
/// built inside a presentation modifier's arguments, and the SwiftUI text controls it builds in
/// place (``FocusableClass/swiftUIControls``).
private final class ViewConstructionFinder: ActiveCodeVisitor {
    var constructions: [(name: String, node: FunctionCallExprSyntax, presented: Bool)] = []
    var textControls: [String] = []
    /// The app's view helpers that build text controls, by name.
    var helperControls: [String: [String]] = [:]
    private var presentationDepth = 0

    /// The names of the functions it calls on a view or on `self` (`.withSheetDestinations(…)`).
    var calledHelpers: Set<String> = []
    /// The constructions in a `TabView`'s tabs after its first, by call, with the tab's
    /// position: the first tab shows at launch, the others once the user selects them.
    var laterTabs: [SyntaxIdentifier: Int] = [:]
    private var tabs: [Int] = []
    /// The constructions in a navigation link's destination (`NavigationLink(destination:)`,
    /// `NavigationLink { … } label: { … }`, `.navigationDestination(for:) { … }`), shown once
    /// the user follows the link.
    var destinations: Set<SyntaxIdentifier> = []
    private var destinationDepth = 0

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self), TypeNameSpelling.mayNameType(reference.baseName.text) {
            record(reference.baseName.text, node)
        }
        // A nested view named with its outer type (`StatusEditor.MainView(mode: .new)`).
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
           base.baseName.text.first?.isUppercase == true, member.declName.baseName.text.first?.isUppercase == true {
            record(base.baseName.text + "." + member.declName.baseName.text, node)
        }
        if let destination = Self.destination(of: node) {
            if let base = node.calledExpression.as(MemberAccessExprSyntax.self)?.base { walk(base) }
            for part in destination.shown { walk(part) }
            destinationDepth += 1
            for part in destination.later { walk(part) }
            destinationDepth -= 1
            return .skipChildren
        }
        // A tab's label (`.tabItem { … }`, `Tab(…) { … } label: { … }`) is in the tab bar,
        // shown at launch whichever tab is selected.
        if !tabs.isEmpty, let label = Self.tabLabel(of: node) {
            if let base = node.calledExpression.as(MemberAccessExprSyntax.self)?.base { walk(base) }
            walk(node.arguments)
            if let closure = node.trailingClosure, label != .trailingClosure { walk(closure) }
            let saved = tabs
            tabs = []
            switch label {
            case .trailingClosure: if let closure = node.trailingClosure { walk(closure) }
            case .labelClosure: for closure in node.additionalTrailingClosures where closure.label.text == "label" { walk(closure.closure) }
            }
            tabs = saved
            for closure in node.additionalTrailingClosures where closure.label.text != "label" { walk(closure.closure) }
            return .skipChildren
        }
        // `TabView { Home().tabItem { … }; Search().tabItem { … } }`, `TabView { Tab(…) { Home() } … }`:
        // each statement of its content is a tab.
        if node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "TabView", let content = node.trailingClosure {
            walk(node.arguments)
            for (position, statement) in content.statements.enumerated() {
                if position > 0 { tabs.append(position) }
                walk(statement)
                if position > 0 { tabs.removeLast() }
            }
            return .skipChildren
        }
        // A text control (`TextField(…)`, `.searchable(…)`, or `searchable(…)` on `self` in a
        // helper), or an app helper that builds some.
        let called = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        if presentationDepth == 0, tabs.isEmpty, destinationDepth == 0, let called {
            if FocusableClass.swiftUIControls[called] != nil { textControls.append(called) }
            textControls += helperControls[called] ?? []
            calledHelpers.insert(called)
        }
        // `.sheet(item:)` on a view, or `sheet(item:)` on `self` in a view helper.
        if let called, AppModel.swiftUIPresentations.contains(called) {
            if let base = node.calledExpression.as(MemberAccessExprSyntax.self)?.base { walk(base) }
            presentationDepth += 1
            walk(node.arguments)
            if let closure = node.trailingClosure { walk(closure) }
            walk(node.additionalTrailingClosures)
            presentationDepth -= 1
            return .skipChildren
        }
        return .visitChildren
    }

    /// Notes a construction of `name`, with the screen it is on: presented, a later tab, or a
    /// navigation link's destination.
    private func record(_ name: String, _ node: FunctionCallExprSyntax) {
        constructions.append((name, node, presentationDepth > 0))
        if let tab = tabs.last { laterTabs[node.id] = tab }
        if destinationDepth > 0 { destinations.insert(node.id) }
    }

    /// The parts of a navigation link shown where it is (its label, its value) and those it
    /// shows once followed (its destination); `nil` for any other call.
    private static func destination(of node: FunctionCallExprSyntax) -> (shown: [Syntax], later: [Syntax])? {
        let arguments = node.arguments.map { (label: $0.label?.text, syntax: Syntax($0.expression)) }
        let extra = node.additionalTrailingClosures.map { (label: Optional($0.label.text), syntax: Syntax($0.closure)) }
        let trailing = node.trailingClosure.map { Syntax($0) }
        if node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "navigationDestination" {
            return ([], arguments.map(\.syntax) + [trailing].compactMap { $0 } + extra.map(\.syntax))
        }
        guard node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "NavigationLink" else { return nil }
        var shown = arguments.filter { $0.label != "destination" }.map(\.syntax)
        var later = arguments.filter { $0.label == "destination" }.map(\.syntax)
        // `NavigationLink { Destination() } label: { … }`: the trailing closure is the
        // destination; with `destination:` given, or none, it is the label.
        if let trailing {
            if extra.contains(where: { $0.label == "label" }) { later.append(trailing) } else { shown.append(trailing) }
        }
        shown += extra.filter { $0.label != "destination" }.map(\.syntax)
        later += extra.filter { $0.label == "destination" }.map(\.syntax)
        return (shown, later)
    }

    /// Where a call holds a tab's label: `.tabItem { … }` in its trailing closure, `Tab(…) { … }
    /// label: { … }` in its `label:` closure.
    private enum TabLabel { case trailingClosure, labelClosure }

    private static func tabLabel(of node: FunctionCallExprSyntax) -> TabLabel? {
        if node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "tabItem" { return .trailingClosure }
        if node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Tab",
           node.additionalTrailingClosures.contains(where: { $0.label.text == "label" }) { return .labelClosure }
        return nil
    }
}
