import SwiftSyntax

/// The app's responders as the source shows them: which types are responders of which kind,
/// which actions each implements, their validation rules, and how controllers contain each
/// other.
struct AppModel {
    let index: SourceIndex
    let inventory: [ImportedCommand]

    /// What UIKit component a type is, from its system superclass.
    enum Role: Equatable {
        case controller, view, textField, textView, application, windowScene, window, responder
        case swiftUIView, other
    }

    /// A validation rule read from `canPerformAction(_:withSender:)` or `validate(_:)`.
    struct Validation: Hashable {
        var action: String
        /// The condition under which the action is allowed, as source text.
        var condition: String
        var location: SourceLocation
    }

    /// Containment the source shows.
    struct Edge: Hashable {
        enum Kind: String { case child, navigationRoot, tab, presented, windowRoot, hosted }
        var parent: String
        var child: String
        var kind: Kind
        var location: SourceLocation
    }

    private(set) var roles: [String: Role] = [:]
    private(set) var actions: [String: [String]] = [:]
    private(set) var validations: [String: [Validation]] = [:]
    private(set) var edges: [Edge] = []
    /// Types set as a window's root controller.
    private(set) var windowRoots: [String] = []

    init(index: SourceIndex, inventory: [ImportedCommand], evaluator: Evaluator) {
        self.index = index
        self.inventory = inventory
        for key in index.types.keys.sorted() {
            guard let info = index.types[key] else { continue }
            roles[info.name] = role(of: info)
            let own = info.functions.filter { $0.kind == .function && !$0.isStatic && ($0.isObjC || $0.isOverride) }
            let selectors = own.filter { !$0.isOverride || Self.standardEditActions.contains($0.selector) }.map(\.selector)
            if !selectors.isEmpty { actions[info.name] = Array(Set(selectors)).sorted() }
            let rules = readValidations(of: info, evaluator: evaluator)
            if !rules.isEmpty { validations[info.name] = rules }
            readContainment(of: info, evaluator: evaluator)
        }
    }

    static let standardEditActions: Set<String> = [
        "copy:", "cut:", "paste:", "selectAll:", "delete:", "undo", "redo", "find:", "toggleBoldface:",
        "toggleItalics:", "toggleUnderline:", "increaseSize:", "decreaseSize:",
    ]

    private func role(of info: SourceIndex.TypeInfo) -> Role {
        if info.kind == .struct, info.inherited.contains(where: { ["View", "Commands", "App", "Scene"].contains($0) }) {
            return .swiftUIView
        }
        guard info.kind == .class else { return .other }
        if info.inherited.contains(where: { $0 == "UIWindowSceneDelegate" || $0 == "UISceneDelegate" }) { return .other }
        guard let base = index.systemBase(of: info.name) else { return .other }
        switch base {
        case "UITextField", "UISearchTextField": return .textField
        case "UITextView": return .textView
        case "UIApplication": return .application
        case "UIWindowScene", "UIScene": return .windowScene
        case "UIWindow": return .window
        case "UIResponder": return info.inherited.contains("UIApplicationDelegate") ? .application : .responder
        default:
            if base.hasSuffix("Controller") && base.hasPrefix("UI") { return .controller }
            if base.hasPrefix("UI") && (base.hasSuffix("View") || base.hasSuffix("Bar") || base == "UIControl"
                || base.hasSuffix("Picker") || base.hasSuffix("Button") || base.hasSuffix("Cell")) { return .view }
            return .other
        }
    }

    /// The actions a type implements, its own and its superclasses'.
    func implementedActions(of type: String) -> [String] {
        var result = Set(actions[type] ?? [])
        for ancestor in index.ancestors(of: type) { result.formUnion(actions[ancestor.name] ?? []) }
        return result.sorted()
    }

    func role(_ type: String) -> Role { roles[type] ?? .other }

    // MARK: - Validation

    private func readValidations(of info: SourceIndex.TypeInfo, evaluator: Evaluator) -> [Validation] {
        var result: [Validation] = []
        for function in info.functions {
            let isCanPerform = function.name == "canPerformAction" && function.parameters.count == 2
            let isValidate = function.name == "validate" && function.parameters.count == 1
            guard isCanPerform || isValidate, let body = function.body else { continue }
            let reader = ValidationReader(viewMode: .sourceAccurate)
            reader.walk(body)
            for (selectorText, condition, node) in reader.rules {
                let name = evaluator.selectorName(selectorText, frame: Evaluator.Frame(selfType: info.name))
                result.append(Validation(action: name, condition: condition, location: evaluator.location(node)))
            }
        }
        return result
    }

    // MARK: - Containment

    /// Containment from storyboards: relationship and embed segues between app classes, and
    /// the initial controller of each storyboard a window starts from as a window root.
    mutating func addContainment(from interface: InterfaceFiles) {
        for storyboard in interface.storyboards {
            if interface.entryStoryboards.contains(storyboard.name), let initial = storyboard.initialController,
               let root = storyboard.appClass(of: initial), index.type(named: root) != nil, !windowRoots.contains(root) {
                windowRoots.append(root)
            }
            for relationship in storyboard.relationships {
                guard let parent = storyboard.controllers[relationship.source]?.customClass,
                      let child = storyboard.appClass(of: relationship.destination),
                      index.type(named: parent) != nil, index.type(named: child) != nil, parent != child,
                      !edges.contains(where: { $0.parent == parent && $0.child == child }) else { continue }
                let kind: Edge.Kind = relationship.kind == "viewControllers" ? .tab
                    : relationship.kind == "rootViewController" ? .navigationRoot : .child
                edges.append(Edge(parent: parent, child: child, kind: kind,
                                  location: SourceLocation(file: storyboard.file, line: relationship.line)))
            }
        }
    }

    static let containmentWords = ["addChild", "present", "rootViewController", "viewControllers", "pushViewController", "show", "UIHostingController"]

    private mutating func readContainment(of info: SourceIndex.TypeInfo, evaluator: Evaluator) {
        guard Self.containmentWords.contains(where: { index.type(info, mentions: $0) }) else { return }
        var roots: [Syntax] = info.functions.compactMap { $0.body.map(Syntax.init) }
        for property in info.properties.values.sorted(by: { $0.name < $1.name }) {
            if let initializer = property.initializer { roots.append(Syntax(initializer)) }
            if let getter = property.getter { roots.append(Syntax(getter)) }
        }
        for root in roots {
            let finder = ContainmentFinder(viewMode: .sourceAccurate)
            finder.walk(root)
            for found in finder.found {
                for child in typeNames(of: found.expression, in: info, root: root) where child != info.name {
                    let parent = found.kind == .windowRoot ? "" : info.name
                    let edge = Edge(parent: parent, child: child, kind: found.kind, location: evaluator.location(found.expression))
                    if found.kind == .windowRoot {
                        if !windowRoots.contains(child) { windowRoots.append(child) }
                    } else if !edges.contains(where: { $0.parent == parent && $0.child == child }) {
                        edges.append(edge)
                    }
                }
            }
        }
    }

    /// The app types an expression creates or refers to: `Foo()`, `Foo(…)`, a local or
    /// property whose initialiser or annotation names one, array literals of them,
    /// `UINavigationController(rootViewController: Foo())` (the root inside).
    func typeNames(of expression: ExprSyntax, in info: SourceIndex.TypeInfo, root: Syntax, depth: Int = 0) -> [String] {
        guard depth < 6 else { return [] }
        if let array = expression.as(ArrayExprSyntax.self) {
            return array.elements.flatMap { typeNames(of: $0.expression, in: info, root: root, depth: depth + 1) }
        }
        if let unwrap = expression.as(ForceUnwrapExprSyntax.self) { return typeNames(of: unwrap.expression, in: info, root: root, depth: depth + 1) }
        if let optional = expression.as(OptionalChainingExprSyntax.self) { return typeNames(of: optional.expression, in: info, root: root, depth: depth + 1) }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            var calleeName = call.calledExpression.trimmedDescription
            if calleeName.hasSuffix(".init") { calleeName = String(calleeName.dropLast(5)) }
            if let generic = calleeName.firstIndex(of: "<") { calleeName = String(calleeName[..<generic]) }
            if ["UINavigationController", "UIHostingController"].contains(calleeName) || index.inherits(calleeName, from: "UINavigationController") {
                var inner = call.arguments.first { $0.label?.text == "rootViewController" || $0.label?.text == "rootView" }
                    .map { typeNames(of: $0.expression, in: info, root: root, depth: depth + 1) } ?? []
                if index.type(named: calleeName) != nil { inner.insert(calleeName, at: 0) }
                return inner
            }
            if index.type(named: calleeName) != nil { return [index.type(named: calleeName)?.name ?? calleeName] }
            // `storyboard.instantiateViewController(withIdentifier:) as! Foo` is handled by the cast.
            return []
        }
        if let cast = expression.as(AsExprSyntax.self) {
            let name = cast.type.trimmedDescription.replacingOccurrences(of: "?", with: "").replacingOccurrences(of: "!", with: "")
            return index.type(named: name) != nil ? [name] : typeNames(of: cast.expression, in: info, root: root, depth: depth + 1)
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if let castIndex = elements.firstIndex(where: { $0.is(UnresolvedAsExprSyntax.self) }), castIndex + 1 < elements.count {
                let name = elements[castIndex + 1].trimmedDescription.replacingOccurrences(of: "?", with: "").replacingOccurrences(of: "!", with: "")
                if index.type(named: name) != nil { return [name] }
            }
            return elements.first.map { typeNames(of: $0, in: info, root: root, depth: depth + 1) } ?? []
        }
        var name = expression.trimmedDescription
        if name.hasPrefix("self.") { name = String(name.dropFirst(5)) }
        guard !name.contains("."), !name.contains("(") else { return [] }
        // A local in the same body.
        let locals = LocalFinder(name: name, viewMode: .sourceAccurate)
        locals.walk(root)
        if let initial = locals.initializer { return typeNames(of: initial, in: info, root: root, depth: depth + 1) }
        if let annotation = locals.annotation, index.type(named: annotation) != nil { return [annotation] }
        // A property of the type.
        for candidate in [info] + index.ancestors(of: info.name) {
            guard let property = candidate.properties[name] else { continue }
            if let type = property.type?.replacingOccurrences(of: "?", with: "").replacingOccurrences(of: "!", with: ""),
               index.type(named: type) != nil {
                return [type]
            }
            if let initializer = property.initializer { return typeNames(of: initializer, in: info, root: root, depth: depth + 1) }
        }
        return []
    }
}

/// `addChild(x)`, `present(x, …)`, `viewControllers = […]`, `setViewControllers([…])`,
/// `rootViewController = x`, `pushViewController(x, …)`, `UIHostingController(rootView:)`.
private final class ContainmentFinder: SyntaxVisitor {
    var found: [(expression: ExprSyntax, kind: AppModel.Edge.Kind)] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let name: String
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
            name = member.declName.baseName.text
        } else if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else {
            return .visitChildren
        }
        guard let first = node.arguments.first?.expression else { return .visitChildren }
        switch name {
        case "addChild", "addChildViewController": found.append((first, .child))
        case "present": found.append((first, .presented))
        case "pushViewController", "show", "showDetailViewController": found.append((first, .child))
        case "setViewControllers": found.append((first, .tab))
        case "UIHostingController":
            if let rootView = node.arguments.first(where: { $0.label?.text == "rootView" }) { found.append((rootView.expression, .hosted)) }
        default: break
        }
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self) else { return .visitChildren }
        let target = elements[0].trimmedDescription
        let value = elements[2]
        if target.hasSuffix("rootViewController") {
            found.append((value, .windowRoot))
        } else if target.hasSuffix("viewControllers") {
            found.append((value, .tab))
        }
        return .visitChildren
    }
}

/// A local's initialiser or type annotation in a body.
private final class LocalFinder: SyntaxVisitor {
    let name: String
    var initializer: ExprSyntax?
    var annotation: String?

    init(name: String, viewMode: SyntaxTreeViewMode) {
        self.name = name
        super.init(viewMode: viewMode)
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if initializer == nil, node.pattern.trimmedDescription == name {
            initializer = node.initializer?.value
            annotation = node.typeAnnotation?.type.trimmedDescription.replacingOccurrences(of: "?", with: "")
        }
        return .visitChildren
    }
}

/// `case #selector(x): return cond` and `if action == #selector(x) { return cond }`.
private final class ValidationReader: SyntaxVisitor {
    var rules: [(selector: String, condition: String, node: Syntax)] = []

    override func visit(_ node: SwitchCaseSyntax) -> SyntaxVisitorContinueKind {
        guard case .case(let label) = node.label else { return .visitChildren }
        let selectors = label.caseItems.compactMap { item -> String? in
            guard let macro = item.pattern.as(ExpressionPatternSyntax.self)?.expression.as(MacroExpansionExprSyntax.self),
                  macro.macroName.text == "selector" else { return nil }
            return macro.arguments.first?.expression.trimmedDescription
        }
        guard !selectors.isEmpty, let condition = returnedCondition(node.statements) else { return .visitChildren }
        for selector in selectors { rules.append((selector, condition, Syntax(node))) }
        return .visitChildren
    }

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        let text = node.conditions.trimmedDescription
        guard text.contains("#selector("), let range = text.range(of: "#selector("),
              let end = text[range.upperBound...].firstIndex(of: ")") else { return .visitChildren }
        var selector = String(text[range.upperBound..<end])
        if text[end...].hasPrefix("):)") || selector.contains("(") { selector += ")" }
        if let condition = returnedCondition(node.body.statements) {
            rules.append((selector, condition, Syntax(node)))
        }
        return .visitChildren
    }

    /// `return cond` with a condition that is not a literal `true`.
    private func returnedCondition(_ statements: CodeBlockItemListSyntax) -> String? {
        for item in statements {
            if let returned = item.item.as(ReturnStmtSyntax.self)?.expression {
                let text = returned.trimmedDescription
                if text == "true" || text.hasPrefix("super.") { return nil }
                return text
            }
            if statements.count == 1, let expression = item.item.as(ExprSyntax.self) {
                let text = expression.trimmedDescription
                return text == "true" ? nil : text
            }
        }
        return nil
    }
}
