import SwiftSyntax
import SceneImportVocabulary

/// Reads what an expression assigned to `rootViewController` (or returned by a function that
/// makes the root) builds: the app's controllers and the UIKit containers around them
/// (``RootTree``). A container held in a local or a property gets the children the same body
/// gives it: `viewControllers = […]`, `setViewControllers(_:animated:)`,
/// `setViewController(_:for:)` columns, `pushViewController(_:animated:)`, `addChild(_:)`.
struct RootExpressionReader {
    let index: SourceIndex
    let idiom: IdiomTests

    /// Where an expression is read: the type whose code it is, and the body it is in (locals are
    /// looked up there).
    struct Scope {
        var type: SourceIndex.TypeInfo
        var body: Syntax
        /// The arguments the caller passed, by parameter name, when the body is a function the
        /// entry point calls (`replaceRoot(with: initial)`).
        var arguments: [String: BoundArgument] = [:]
        /// The declared types of the function's parameters, by name.
        var parameterTypes: [String: String] = [:]

        /// The scope of `function`'s body called with `call` from this scope: its parameters
        /// bound to the call's arguments, in order, and `self` to the receiver the call names
        /// (`Editor().embeddedInNavigation()` runs an app extension of `UIViewController` with
        /// `self` the editor).
        func calling(_ function: SourceIndex.FunctionInfo, owner: SourceIndex.TypeInfo, with call: FunctionCallExprSyntax) -> Scope? {
            guard let body = function.body else { return nil }
            var bound: [String: BoundArgument] = [:]
            if let receiver = call.calledExpression.as(MemberAccessExprSyntax.self)?.base { bound["self"] = binding(ofSelfTo: receiver) }
            var types: [String: String] = [:]
            var arguments = Array(call.arguments)[...]
            let calleeScope = Scope(type: owner, body: Syntax(body))
            for parameter in function.parameters {
                if let type = parameter.type?.withoutOptionality { types[parameter.name] = type }
                // An argument goes to the parameter its label names; a parameter it skips takes
                // its default value, read in the callee.
                let label = parameter.label == "_" ? nil : parameter.label
                if let argument = arguments.first, argument.label?.text == label {
                    bound[parameter.name] = BoundArgument(expression: argument.expression, scope: self)
                    arguments.removeFirst()
                } else if let value = parameter.defaultValue {
                    bound[parameter.name] = BoundArgument(expression: value, scope: calleeScope)
                }
            }
            return Scope(type: owner, body: Syntax(body), arguments: bound, parameterTypes: types)
        }

        /// `self` in a member an instance `receiver` runs, read in this scope; `nil` when the
        /// receiver is `self` (already what `self` reads) or a type (`Root.make()`: `self` is
        /// the type, not a controller).
        func binding(ofSelfTo receiver: ExprSyntax) -> BoundArgument? {
            let written = RootExpressionReader.unwrapped(receiver)
            if written.sourceText == "self" { return arguments["self"] }
            if let reference = written.as(DeclReferenceExprSyntax.self), reference.baseName.text.first?.isUppercase == true { return nil }
            return BoundArgument(expression: written, scope: self)
        }
    }

    /// An argument bound to a parameter, read in its caller's scope.
    final class BoundArgument {
        let expression: ExprSyntax
        let scope: Scope

        init(expression: ExprSyntax, scope: Scope) {
            self.expression = expression
            self.scope = scope
        }
    }

    /// How many commands the screen of each app type holds: where a local takes one of several
    /// roots in branches the idiom does not decide (a login screen or the main screen), the one
    /// holding the most stands for the app's normal path.
    var commandsUnder: (String) -> Int = { _ in 0 }
    /// What the app model says is a controller.
    var isController: (String) -> Bool = { _ in false }

    /// How deep the reader follows locals, properties and functions that return the root.
    private static let maximumDepth = 8

    func tree(of expression: ExprSyntax, in scope: Scope, depth: Int = 0) -> RootTree? {
        guard depth < Self.maximumDepth else { return nil }
        // `root = storyboard.instantiateViewController(withIdentifier: "Tabs") as! Tabs`, read
        // from the value alone (an assignment's, so only at the top): the app class it is cast to.
        if depth == 0, let castType = Self.castType(after: expression), isAppController(castType) { return .app(castType) }
        let expression = Self.unwrapped(expression)
        if let cast = expression.as(AsExprSyntax.self) {
            let name = cast.type.sourceText.withoutOptionality
            if isAppController(name) { return .app(name) }
            return tree(of: cast.expression, in: scope, depth: depth + 1)
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if let mark = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
               let ternary = elements[mark].as(UnresolvedTernaryExprSyntax.self), mark + 1 < elements.count {
                // `signedIn ? Tabs() : Login()`: the side the idiom takes, else the app's normal
                // path of the two (``weight(_:)``).
                let condition = elements[..<mark].map(\.sourceText).joined(separator: " ")
                let otherwise = elements[(mark + 1)...]
                let elseTree = { otherwise.count == 1 ? otherwise.first.flatMap { self.tree(of: $0, in: scope, depth: depth + 1) }
                    : self.tree(of: ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(Array(otherwise)))), in: scope, depth: depth + 1) }
                switch idiom.decides(condition) {
                case true?: return tree(of: ternary.thenExpression, in: scope, depth: depth + 1)
                case false?: return elseTree()
                case nil:
                    let sides = [tree(of: ternary.thenExpression, in: scope, depth: depth + 1), elseTree()].compactMap { $0 }
                    return normalPath(among: sides)
                }
            }
            if let cast = elements.firstIndex(where: { $0.is(UnresolvedAsExprSyntax.self) }), cast + 1 < elements.count {
                let name = elements[cast + 1].sourceText.withoutOptionality
                if isAppController(name) { return .app(name) }
            }
            return elements.first.flatMap { tree(of: $0, in: scope, depth: depth + 1) }
        }
        if let ternary = expression.as(TernaryExprSyntax.self) {
            let branch = idiom.decides(ternary.condition.sourceText) == false ? ternary.elseExpression : ternary.thenExpression
            return tree(of: branch, in: scope, depth: depth + 1)
        }
        if let call = expression.as(FunctionCallExprSyntax.self) { return tree(ofCall: call, in: scope, depth: depth) }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            let baseName = base.sourceText
            if baseName == "self" { return named(member.declName.baseName.text, in: scope, depth: depth) }
            // `Root.shared`, `Root.instance`: a type's own shared instance.
            if isAppController(baseName) {
                let property = index.type(named: baseName)?.properties[member.declName.baseName.text]
                if let declared = property?.type?.withoutOptionality, isAppController(declared) { return .app(declared) }
                return .app(index.type(named: baseName)?.name ?? baseName)
            }
            // `Screens.main`: a static property of one of the app's types.
            if let owner = index.type(named: baseName), let property = owner.properties[member.declName.baseName.text], property.isStatic {
                return tree(ofProperty: property, of: owner, receiver: nil, depth: depth)
            }
            // `AppCoordinator.shared.rootViewController`, `coordinator.rootController`: the
            // property of the app type the base is.
            for owner in receiverTypes(base, in: scope) {
                let name = member.declName.baseName.text
                guard let property = owner.properties[name] else { continue }
                return tree(ofProperty: property, of: owner, receiver: scope.binding(ofSelfTo: base), depth: depth)
            }
            return undeclaredWrapper(member.declName.baseName.text, around: base, in: scope, depth: depth)
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return named(reference.baseName.text, in: scope, depth: depth, at: Syntax(reference))
        }
        return nil
    }

    /// `x`, `self.x`: a local of the body, else a property of the type.
    private func named(_ name: String, in scope: Scope, depth: Int, at reference: Syntax? = nil) -> RootTree? {
        if let argument = scope.arguments[name] { return tree(of: argument.expression, in: argument.scope, depth: depth + 1) }
        var found: RootTree?
        let locals = BindingFinder(name: name, conditions: index.conditions)
        locals.walk(scope.body)
        if let reference { locals.resolve(at: reference) }
        let initializer = locals.initializer.flatMap { $0.sourceText == "nil" ? nil : $0 }
        // An assignment on a path that leaves the body before the use does not set what it reads.
        let reaching = initializer != nil ? [] : locals.assignments.filter { assignment in
            reference.map { BindingFinder.reaches(assignment, $0) } ?? true
        }
        if let initializer {
            found = tree(of: initializer, in: scope, depth: depth + 1)
            if found == nil, let annotation = locals.annotation {
                // `let nav: UINavigationController = .withCustomBar()`: the type's static factory
                // (an app extension of UIKit's class), else the type the local is declared as.
                found = implicitFactoryTree(initializer, of: annotation, in: scope, depth: depth)
                    ?? (isAppController(annotation) ? .app(annotation) : RootTree.Container(rawValue: annotation).map { .system($0) })
            }
        } else if !reaching.isEmpty {
            // `var initial: UIViewController?` then assigned in branches.
            let assignments = reaching.filter { !idiom.rulesOut($0, within: scope.body) }
            let candidates = assignments.compactMap { tree(of: $0, in: scope, depth: depth + 1) }
            found = normalPath(among: candidates, alternatives: assignments.count)
        } else if let annotation = locals.annotation, isAppController(annotation) {
            found = .app(annotation)
        } else {
            for candidate in [scope.type] + index.ancestors(of: scope.type.name) {
                guard let property = candidate.properties[name] else { continue }
                found = tree(ofProperty: property, of: scope.type, receiver: scope.arguments["self"], depth: depth)
                break
            }
        }
        guard var result = found else { return nil }
        let statements = ContainerStatementFinder(name: name, idiom: idiom, conditions: index.conditions)
        statements.walk(scope.body)
        for child in statements.children {
            if let tree = tree(of: child, in: scope, depth: depth + 1), !result.children.contains(tree) { result.children.append(tree) }
        }
        if result.container != nil {
            for tree in handedOverChildren(of: name, in: scope, depth: depth) where !result.children.contains(tree) { result.children.append(tree) }
        }
        return result
    }

    /// Orders alternatives the source leaves to run time: the app's normal path before a screen
    /// that gates it (``RootTree/isGateway``), then the screen holding more commands.
    func weight(_ tree: RootTree) -> (Int, Int) {
        (tree.isGateway ? 0 : 1, tree.appTypes.reduce(0) { $0 + commandsUnder($1) })
    }

    /// The app's normal path among roots the source leaves to run time (``weight(_:)``, the
    /// first of equals), marked chosen among branches when the code had more than one
    /// (`alternatives`, by default the candidates read).
    func normalPath(among candidates: [RootTree], alternatives: Int? = nil) -> RootTree? {
        var chosen = candidates.enumerated().max { lhs, rhs in
            let (left, right) = (weight(lhs.element), weight(rhs.element))
            return (left.0, left.1, -lhs.offset) < (right.0, right.1, -rhs.offset)
        }?.element
        if (alternatives ?? candidates.count) > 1 { chosen?.chosenAmongBranches = true }
        return chosen
    }

    private func tree(ofCall call: FunctionCallExprSyntax, in scope: Scope, depth: Int) -> RootTree? {
        // `{ let nav = UINavigationController(…); return nav }()`: what the closure returns,
        // its locals read in its own statements.
        if let closure = call.calledExpression.as(ClosureExprSyntax.self) {
            let inner = Scope(type: scope.type, body: Syntax(closure.statements))
            return returned(by: closure.statements).lazy.compactMap { tree(of: $0, in: inner, depth: depth + 1) }.first
        }
        // `UIStoryboard(name: "Main", bundle: nil).instantiateInitialViewController()`: the
        // storyboard's initial controller, in the plain UIKit container the storyboard puts it in.
        if let initial = index.storyboardInitial(instantiatedBy: call), isAppController(initial.appClass) {
            let app = RootTree.app(index.type(named: initial.appClass)?.name ?? initial.appClass)
            return initial.container.flatMap(RootTree.Container.init(rawValue:)).map { .system($0, children: [app]) } ?? app
        }
        // `storyboard.instantiateViewController(withIdentifier: "MainTabBarController")`: the
        // class of the storyboard's controller with that identifier.
        if let classes = index.storyboardClasses(instantiatedBy: call) {
            let controllers = classes.filter(isAppController)
            return controllers.count == 1 ? controllers.first.map { .app($0) } : nil
        }
        var callee = call.calledExpression.sourceText
        if callee.hasSuffix(".init") { callee = String(callee.dropLast(5)) }
        if let generic = callee.firstIndex(of: "<") { callee = String(callee[..<generic]) }
        func argument(_ label: String) -> ExprSyntax? { call.arguments.first { $0.label?.text == label }?.expression }
        if let container = RootTree.Container(rawValue: callee) {
            var node = RootTree.system(container)
            if let root = argument("rootViewController").flatMap({ tree(of: $0, in: scope, depth: depth + 1) }) { node.children.append(root) }
            if container == .hosting, let view = argument("rootView").flatMap({ swiftUIView(in: $0) }) { node.children.append(.app(view)) }
            return node
        }
        if isAppController(callee) {
            let name = index.type(named: callee)?.name ?? callee
            var node = RootTree.app(name)
            if let root = argument("rootViewController").flatMap({ tree(of: $0, in: scope, depth: depth + 1) }) { node.children.append(root) }
            return node
        }
        // `Root.shared()`, `Root.sharedInstance()`, `makeRoot()`, `self.coordinator.rootController()`,
        // and `Root.makeViewController()` from a protocol extension's `static func … -> Self`.
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base?.sourceText, isAppController(base) {
            let name = member.declName.baseName.text
            if index.type(named: base)?.functions.contains(where: { $0.name == name && $0.isStatic }) == true
                || index.functionsByName[name]?.contains(where: { $0.isStatic && $0.returnType?.withoutOptionality == "Self" }) == true {
                return .app(index.type(named: base)?.name ?? base)
            }
        }
        if let library = libraryContainer(callee, call: call, in: scope, depth: depth) { return library }
        let function = calledFunction(call, in: scope)
        // `container.resolve(Main.self)`: a dependency container's generic factory makes the
        // app controller the call names by its metatype.
        if function == nil || function?.function.returnsGenericParameter == true,
           let resolved = call.arguments.lazy.compactMap({ Self.metatypeName($0.expression) }).first(where: isAppController) {
            return .app(index.type(named: resolved)?.name ?? resolved)
        }
        guard let function, function.function.kind == .function else {
            if function == nil, returnsReceiver(call, function: nil), let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base,
               let receiver = tree(of: base, in: scope, depth: depth + 1) {
                return receiver
            }
            guard call.arguments.isEmpty, call.trailingClosure == nil,
                  let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else { return nil }
            return undeclaredWrapper(member.declName.baseName.text, around: base, in: scope, depth: depth)
        }
        if returnsReceiver(call, function: function.function), let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base,
           let receiver = tree(of: base, in: scope, depth: depth + 1) {
            return receiver
        }
        return returnedTree(of: function.function, owner: function.owner, call: call, in: scope, depth: depth)
    }

    /// Whether a method call gives an object of the class it is called on
    /// (`UINavigationController(rootViewController: Home()).then { … }`): the method found is
    /// declared to return `Self`, or, on a receiver of UIKit's class where none is found, every
    /// method of that name the app declares is (a protocol extension's `then`).
    private func returnsReceiver(_ call: FunctionCallExprSyntax, function: SourceIndex.FunctionInfo?) -> Bool {
        if let function { return function.returnType?.withoutOptionality == "Self" }
        guard let name = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
              let declared = index.functionsByName[name], !declared.isEmpty else { return false }
        return declared.allSatisfy { !$0.isStatic && $0.returnType?.withoutOptionality == "Self" }
    }

    /// `Main.self` → `Main`.
    private static func metatypeName(_ expression: ExprSyntax) -> String? {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
              let base = member.base?.sourceText, base.first?.isUppercase == true else { return nil }
        return base
    }

    /// Argument labels that name the screen a library's container shows first, among the
    /// controllers it takes (a side menu's content, a drawer's center, a reveal's front).
    private static let shownScreenLabels = ["rootViewController", "content", "center", "centre", "front", "main", "root", "detail", "home"]

    /// `ASNavigationController(rootViewController: Feed())`, `SideMenuController(contentViewController:
    /// home, menuViewController: menu)`: a container class from a library the import does not
    /// read (the app declares no such type, UIKit has none), holding the screen it shows first,
    /// the argument ``shownScreenLabels`` name, else its first the reader follows to a screen.
    /// Its kind is the UIKit container its name ends like (`…NavigationController`), else a plain
    /// controller. `nil` for any other call.
    private func libraryContainer(_ callee: String, call: FunctionCallExprSyntax, in scope: Scope, depth: Int) -> RootTree? {
        guard callee.hasSuffix("Controller"), !callee.contains("."), callee.first?.isUppercase == true, !call.arguments.isEmpty,
              index.type(named: callee) == nil, !index.declaresFunctionOrType(named: callee) else { return nil }
        let ordered = call.arguments.sorted { lhs, rhs in
            func rank(_ argument: LabeledExprSyntax) -> Int {
                let label = argument.label?.text.lowercased() ?? ""
                return Self.shownScreenLabels.firstIndex { label.hasPrefix($0.lowercased()) } ?? Self.shownScreenLabels.count
            }
            return rank(lhs) < rank(rhs)
        }
        guard let shown = ordered.lazy.compactMap({ self.tree(of: $0.expression, in: scope, depth: depth + 1) }).first else { return nil }
        let container: RootTree.Container = callee.hasSuffix("NavigationController") ? .navigation
            : callee.hasSuffix("TabBarController") ? .tabBar : callee.hasSuffix("SplitViewController") ? .split : .plain
        return RootTree(name: callee, container: container, children: [shown])
    }

    /// `intro.wrapNavigationController`, `intro.embeddedInNavigation()`: a helper on UIKit's
    /// classes from a package the import does not read (nothing the app declares has the
    /// name), whose name says it puts the receiver in a navigation controller. What the
    /// receiver builds, in one; `nil` for any other name.
    private func undeclaredWrapper(_ name: String, around base: ExprSyntax, in scope: Scope, depth: Int) -> RootTree? {
        guard name.range(of: "navigation", options: .caseInsensitive) != nil,
              !index.declaresFunctionOrType(named: name), !index.types.values.contains(where: { $0.properties[name] != nil }),
              let inner = tree(of: base, in: scope, depth: depth + 1), inner.container != .navigation else { return nil }
        return .system(.navigation, children: [inner])
    }

    /// What statements return: their `return`s' values, else the one expression they are (a
    /// closure or getter of one expression).
    func returned(by statements: CodeBlockItemListSyntax) -> [ExprSyntax] {
        let returns = ReturnFinder(conditions: index.conditions)
        returns.walk(statements)
        guard returns.expressions.isEmpty else { return returns.expressions }
        return statements.count == 1 ? [statements.first?.item.as(ExprSyntax.self)].compactMap { $0 } : []
    }

    /// `.factory()` written where the context is `type` (a local declared `let nav:
    /// UINavigationController = .withCustomBar()`): what the type's static function of that
    /// name returns; `nil` when the expression is no such call.
    private func implicitFactoryTree(_ expression: ExprSyntax, of type: String, in scope: Scope, depth: Int) -> RootTree? {
        guard let call = Self.unwrapped(expression).as(FunctionCallExprSyntax.self),
              let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
              let owner = index.type(named: type) else { return nil }
        let name = member.declName.baseName.text
        guard let function = owner.functions.first(where: { $0.name == name && $0.isStatic && $0.body != nil }) else { return nil }
        return returnedTree(of: function, owner: owner, call: call, in: scope, depth: depth)
    }

    /// What an app function a call runs returns: its declared app controller, else the tree of
    /// each expression it returns, the first the reader can follow.
    private func returnedTree(of function: SourceIndex.FunctionInfo, owner: SourceIndex.TypeInfo, call: FunctionCallExprSyntax,
                              in scope: Scope, depth: Int) -> RootTree? {
        if let returned = function.returnType?.withoutOptionality, isAppController(returned) { return .app(returned) }
        guard let body = function.body, let inner = scope.calling(function, owner: owner, with: call) else { return nil }
        let returns = ReturnFinder(conditions: index.conditions)
        returns.walk(body)
        // A body of one expression returns it (`func makeRoot() -> UIViewController { Root() }`),
        // also when `#if` picks the expression.
        let items = activeItems(body.statements)
        let expressions = returns.expressions.isEmpty && items.count == 1 ? items.compactMap { $0.item.as(ExprSyntax.self) } : returns.expressions
        return expressions.filter { !idiom.rulesOut($0, within: Syntax(body)) }.lazy.compactMap { tree(of: $0, in: inner, depth: depth + 1) }.first
    }

    /// The app function a call runs: `f()`, `self.f()` on the scope's type (or a superclass),
    /// `x.f()` on the type the receiver is, `Type.f()` on that type.
    func calledFunction(_ call: FunctionCallExprSyntax, in scope: Scope) -> (owner: SourceIndex.TypeInfo, function: SourceIndex.FunctionInfo)? {
        let name: String
        var owners: [SourceIndex.TypeInfo]
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
            owners = [scope.type] + index.ancestors(of: scope.type.name)
            // `SceneCoordinator(scene: scene)`: the app type's initialiser runs.
            if let type = index.type(named: name, writtenIn: scope.type.name), type.kind == .class || type.kind == .struct {
                let labels = call.arguments.map { $0.label?.text }
                let initializers = ([type] + index.ancestors(of: type.name)).flatMap { owner in
                    owner.functions.filter { $0.kind == .initializer && $0.body != nil }.map { (owner, $0) }
                }
                return initializers.first { $0.1.parameters.map(\.label) == labels } ?? initializers.first
            }
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
            name = member.declName.baseName.text
            let receiver = Self.unwrapped(base)
            if receiver.sourceText == "self" {
                owners = [scope.type] + index.ancestors(of: scope.type.name)
            } else if let type = index.type(named: receiver.sourceText.withoutOptionality), type.kind != .extensionOnly {
                owners = [type] + index.ancestors(of: type.name)
            } else {
                owners = storedSubclasses(of: receiver, in: scope).flatMap { [$0] + index.ancestors(of: $0.name) } + receiverTypes(receiver, in: scope)
            }
        } else {
            return nil
        }
        let labels = call.arguments.map { $0.label?.text }
        for owner in owners {
            let matching = owner.functions.filter { $0.name == name && $0.body != nil }
            if let exact = matching.first(where: { $0.parameters.map(\.label) == labels }) ?? matching.first { return (owner, exact) }
        }
        return nil
    }

    /// The app types a receiver expression is: a local's or property's declared type or
    /// initialiser, `Type.shared`.
    private func receiverTypes(_ receiver: ExprSyntax, in scope: Scope) -> [SourceIndex.TypeInfo] {
        var text = receiver.sourceText.withoutOptionality
        if text.hasPrefix("self.") { text = String(text.dropFirst(5)) }
        if let dot = text.firstIndex(of: "."), let type = index.type(named: String(text[..<dot])) {
            // `UIApplication.shared.switchRoot(…)`: a method the app adds to the system class.
            if type.kind == .extensionOnly { return text[text.index(after: dot)...] == "shared" ? [type] : [] }
            // `Coordinator.shared.start()`: a shared instance of the type.
            let property = type.properties[String(text[text.index(after: dot)...])]
            if let declared = property?.type?.withoutOptionality, let found = index.type(named: declared) { return [found] + index.ancestors(of: found.name) }
            return [type] + index.ancestors(of: type.name)
        }
        if let argument = scope.arguments[text] {
            if let call = RootExpressionReader.unwrapped(argument.expression).as(FunctionCallExprSyntax.self),
               let type = index.type(named: call.calledExpression.sourceText), type.kind != .extensionOnly {
                return [type] + index.ancestors(of: type.name)
            }
            let types = receiverTypes(argument.expression, in: argument.scope)
            if !types.isEmpty { return types }
        }
        if let declared = scope.parameterTypes[text], let type = index.type(named: declared) { return [type] + index.ancestors(of: type.name) }
        let names = index.typeNames(of: receiver, in: scope.type, root: scope.body)
        return names.compactMap { index.type(named: $0) }.flatMap { [$0] + index.ancestors(of: $0.name) }
    }

    /// A body's statements, those of the compiled `#if` clauses in place of their blocks.
    private func activeItems(_ items: CodeBlockItemListSyntax) -> [CodeBlockItemSyntax] {
        items.flatMap { item -> [CodeBlockItemSyntax] in
            guard let block = item.item.as(IfConfigDeclSyntax.self) else { return [item] }
            guard case .statements(let inner)? = index.conditions.activeClause(of: block)?.elements else { return [] }
            return activeItems(inner)
        }
    }

    /// The first app SwiftUI view an expression builds (`ContentView()`, `RootView().environment(…)`).
    func swiftUIView(in expression: some SyntaxProtocol) -> String? {
        let calls = CallNameFinder(conditions: index.conditions)
        calls.walk(expression)
        return calls.names.first { name in
            guard let info = index.type(named: name) else { return false }
            return index.isSwiftUIView(info)
        }.map { index.type(named: $0)?.name ?? $0 }
    }

    /// Whether `name` is a class the app declares that is a view controller: one that inherits
    /// from `UIViewController`, or that the app model knows as a controller (a subclass of a
    /// pod's controller the import does not read).
    func isAppController(_ name: String) -> Bool {
        guard let info = index.type(named: name), info.kind == .class else { return false }
        return index.inherits(info.name, from: "UIViewController") || isController(info.name)
    }

    /// The type an unfolded `as`/`as?`/`as!` right after `expression` in its sequence names
    /// (`a = value as? Type`), or `nil`.
    static func castType(after expression: ExprSyntax) -> String? {
        guard let list = expression.parent?.as(ExprListSyntax.self),
              let index = list.firstIndex(where: { $0.id == expression.id }) else { return nil }
        let cast = list.index(after: index)
        guard cast != list.endIndex, list[cast].is(UnresolvedAsExprSyntax.self) else { return nil }
        let type = list.index(after: cast)
        return type == list.endIndex ? nil : list[type].sourceText.withoutOptionality
    }

    static func unwrapped(_ expression: ExprSyntax) -> ExprSyntax {
        var current = expression
        while true {
            if let unwrap = current.as(ForceUnwrapExprSyntax.self) { current = unwrap.expression; continue }
            if let optional = current.as(OptionalChainingExprSyntax.self) { current = optional.expression; continue }
            if let tryExpression = current.as(TryExprSyntax.self) { current = tryExpression.expression; continue }
            if let awaitExpression = current.as(AwaitExprSyntax.self) { current = awaitExpression.expression; continue }
            if let tuple = current.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
                current = only.expression
                continue
            }
            return current
        }
    }
}

/// A local's initialiser or type annotation in a body (the first binding of the name).
final class BindingFinder: ActiveCodeVisitor {
    let name: String
    var initializer: ExprSyntax?
    var annotation: String?
    /// The values later assigned to it (`name = x`), in order.
    var assignments: [ExprSyntax] = []

    init(name: String, conditions: CompilationConditions) {
        self.name = name
        super.init(conditions: conditions)
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[0].sourceText == name || elements[0].sourceText == "self." + name {
            assignments.append(elements[2])
        }
        return .visitChildren
    }

    /// Every declaration of `name`, in source order.
    private var declarations: [PatternBindingSyntax] = []

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if node.pattern.sourceText == name {
            declarations.append(node)
            if initializer == nil, annotation == nil {
                initializer = node.initializer?.value
                annotation = node.typeAnnotation?.type.sourceText.withoutOptionality
            }
        }
        return .visitChildren
    }

    /// Whether the value `assignment` stores can still be held at `reference`: it comes first,
    /// and no block around it that does not hold the use leaves the body (`return`, `throw`)
    /// after it.
    static func reaches(_ assignment: ExprSyntax, _ reference: Syntax) -> Bool {
        guard assignment.position < reference.position else { return false }
        var current = Syntax(assignment)
        while let parent = current.parent {
            if let list = parent.as(CodeBlockItemListSyntax.self) {
                if list.position <= reference.position && reference.position < list.endPosition { return true }
                let exits = list.contains { item in
                    item.position >= current.endPosition && (item.item.is(ReturnStmtSyntax.self) || item.item.is(ThrowStmtSyntax.self))
                }
                if exits { return false }
            }
            current = parent
        }
        return true
    }

    /// Takes the declaration a use at `reference` sees, when several branches declare locals of
    /// the same name (`let controller = Login()` in one, `let controller = Main()` in the
    /// other): the last one before it whose block holds it.
    func resolve(at reference: Syntax) {
        let position = reference.position
        guard declarations.count > 1, let seen = declarations.last(where: { declaration in
            guard declaration.endPosition <= position else { return false }
            var block = declaration.parent
            while let current = block, !current.is(CodeBlockItemListSyntax.self) { block = current.parent }
            guard let block else { return false }
            return block.position <= position && position < block.endPosition
        }) else { return }
        initializer = seen.initializer?.value
        annotation = seen.typeAnnotation?.type.sourceText.withoutOptionality
    }
}

/// The expressions a function body returns, in order, in compiled code (the returns of the
/// closures and functions inside it left out).
final class ReturnFinder: ActiveCodeVisitor {
    var expressions: [ExprSyntax] = []

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if let expression = node.expression { expressions.append(expression) }
        return .skipChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// The names of the calls in an expression, outermost first (`A(B())` gives A, B).
final class CallNameFinder: ActiveCodeVisitor {
    var names: [String] = []
    /// The call of each name, in the same order.
    var nodes: [FunctionCallExprSyntax] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
            names.append(reference.baseName.text)
            nodes.append(node)
        } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
                  let base = member.base {
            names.append(base.sourceText)
            nodes.append(node)
        }
        return .visitChildren
    }
}
