import SwiftSyntax

extension SourceIndex {
    /// The app types an expression creates or refers to: `Foo()`, `Foo(…)`, a local or
    /// property whose initialiser or annotation names one, array literals of them,
    /// `UINavigationController(rootViewController: Foo())` (the root inside).
    /// `depth` counts the references followed (a local, a property, a call, a construction);
    /// the syntax around a value (an array, `!`, `?`, `try`, `await`, a subscript) shrinks the
    /// expression and counts none.
    func typeNames(of expression: ExprSyntax, in info: SourceIndex.TypeInfo, root: Syntax, depth: Int = 0) -> [String] {
        guard depth < 6 else { return [] }
        if let array = expression.as(ArrayExprSyntax.self) {
            return array.elements.flatMap { typeNames(of: $0.expression, in: info, root: root, depth: depth) }
        }
        if let unwrap = expression.as(ForceUnwrapExprSyntax.self) { return typeNames(of: unwrap.expression, in: info, root: root, depth: depth) }
        if let optional = expression.as(OptionalChainingExprSyntax.self) { return typeNames(of: optional.expression, in: info, root: root, depth: depth) }
        if let tried = expression.as(TryExprSyntax.self) { return typeNames(of: tried.expression, in: info, root: root, depth: depth) }
        if let awaited = expression.as(AwaitExprSyntax.self) { return typeNames(of: awaited.expression, in: info, root: root, depth: depth) }
        // `controllers[index]`: an element of what the collection holds.
        if let subscripted = expression.as(SubscriptCallExprSyntax.self) {
            return typeNames(of: subscripted.calledExpression, in: info, root: root, depth: depth)
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            // `lazy var nav: UINavigationController = { …; return Nav(rootViewController: root) }()`:
            // what the closure's top-level `return`s give, its locals read in it.
            if let closure = call.calledExpression.as(ClosureExprSyntax.self) {
                let returned = closure.statements.compactMap { $0.item.as(ReturnStmtSyntax.self)?.expression }
                    + (closure.statements.count == 1 ? [closure.statements.first?.item.as(ExprSyntax.self)].compactMap { $0 } : [])
                var names: [String] = []
                for value in returned {
                    for found in typeNames(of: value, in: info, root: Syntax(closure), depth: depth + 1) where !names.contains(found) { names.append(found) }
                }
                return names
            }
            var calleeName = call.calledExpression.sourceText
            if calleeName.hasSuffix(".init") { calleeName = String(calleeName.dropLast(5)) }
            if let generic = calleeName.firstIndex(of: "<") { calleeName = String(calleeName[..<generic]) }
            if ["UINavigationController", "UIHostingController"].contains(calleeName) || inherits(calleeName, from: "UINavigationController") {
                var inner = call.arguments.first { $0.label?.text == "rootViewController" || $0.label?.text == "rootView" }
                    .map { typeNames(of: $0.expression, in: info, root: root, depth: depth + 1) } ?? []
                if type(named: calleeName) != nil { inner.insert(calleeName, at: 0) }
                return inner
            }
            if type(named: calleeName) != nil { return [type(named: calleeName)?.name ?? calleeName] }
            // `[a, b].map { Wrapper(rootViewController: $0) }`: the wrapper and the elements.
            if let (base, transform) = Self.mapping(call) {
                let wrapper = transform.map { typeNames(of: $0, in: info, root: root, depth: depth + 1) } ?? []
                return wrapper + typeNames(of: base, in: info, root: root, depth: depth + 1).filter { !wrapper.contains($0) }
            }
            // `storyboard.instantiateViewController(withIdentifier: "editor")`: the class of the
            // storyboard controller with that identifier.
            if let classes = storyboardClasses(instantiatedBy: call) {
                return classes.filter { type(named: $0) != nil }
            }
            // A factory method of the type (`get(scene:)`, `makeEditor()`): what its `return`s give.
            if calleeName.hasPrefix("self.") { calleeName = String(calleeName.dropFirst(5)) }
            if !calleeName.contains(".") { return returnedTypeNames(of: calleeName, in: info, depth: depth + 1) }
            // A static factory of one of the app's types (`Snippets.create(context:)`): what it
            // returns, read in that type; one declared to return `Self` (a protocol extension's
            // `static func newFromStoryboard() -> Self`) makes the class it is called on.
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
               let owner = type(named: base.sourceText) {
                let name = member.declName.baseName.text
                if owner.kind == .class, functionsByName[name]?.contains(where: { $0.isStatic && $0.returnType?.withoutOptionality == "Self" }) == true {
                    return [owner.name]
                }
                return returnedTypeNames(of: name, in: owner, depth: depth + 1)
            }
            // A method of one of an app enum's cases (`Tab.search.makeController()`): what the
            // `case .search` of its `switch self` returns, else what the method returns.
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base?.as(MemberAccessExprSyntax.self),
               let typeName = base.base?.sourceText, let owner = type(named: typeName) {
                return returnedTypeNames(of: member.declName.baseName.text, in: owner, forCase: base.declName.baseName.text, depth: depth + 1)
            }
            // `component.makeView()`, `root?.rootComponent.makeView()`: what the app method of the
            // type the receiver is returns.
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
               functionsByName[member.declName.baseName.text] != nil {
                var names: [String] = []
                for owner in typeNames(of: base, in: info, root: root, depth: depth + 1) {
                    guard let ownerInfo = type(named: owner), ownerInfo.kind != .extensionOnly else { continue }
                    for found in returnedTypeNames(of: member.declName.baseName.text, in: ownerInfo, depth: depth + 1) where !names.contains(found) {
                        names.append(found)
                    }
                }
                return names
            }
            // `storyboard.instantiateViewController(withIdentifier:) as! Foo` is handled by the cast.
            return []
        }
        if let cast = expression.as(AsExprSyntax.self) {
            // A cast to a protocol names no screen: what the cast value is.
            let name = cast.type.sourceText.withoutOptionality
            let named = type(named: name).map { $0.kind != .protocol } ?? false
            return named ? [name] : typeNames(of: cast.expression, in: info, root: root, depth: depth + 1)
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if let castIndex = elements.firstIndex(where: { $0.is(UnresolvedAsExprSyntax.self) }), castIndex + 1 < elements.count {
                let name = elements[castIndex + 1].sourceText.withoutOptionality
                if type(named: name) != nil { return [name] }
            }
            return elements.first.map { typeNames(of: $0, in: info, root: root, depth: depth + 1) } ?? []
        }
        var name = expression.sourceText
        if name.hasPrefix("self.") { name = String(name.dropFirst(5)) }
        // `services.coordinator`, `Services.shared.coordinator`: the property of what the base is.
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base, base.sourceText != "self" {
            let owners = type(named: base.sourceText).map { [$0.name] } ?? typeNames(of: base, in: info, root: root, depth: depth + 1)
            var names: [String] = []
            for owner in owners {
                guard let ownerInfo = type(named: owner) else { continue }
                for found in propertyTypeNames(member.declName.baseName.text, of: ownerInfo, root: root, depth: depth + 1) ?? []
                where !names.contains(found) {
                    names.append(found)
                }
            }
            return names
        }
        guard !name.contains("."), !name.contains("(") else { return [] }
        // A local in the same body: its initialiser (also an `if let`/`guard let` binding's), its
        // annotation when that names an app type, else what the body assigns to it (a local each
        // `case` of a `switch` sets, declared as a system type the app extends or as a protocol).
        // Only the statements that mention the name are read.
        let locals = LocalFinder(name: name, use: Syntax(expression),
                                 mentions: sourceOfRoot[root.root.id].flatMap { offsets(of: [name], inFile: $0.file) })
        locals.walk(root)
        if let initial = locals.initializer { return typeNames(of: initial, in: info, root: root, depth: depth + 1) }
        if let annotation = locals.annotation, let declared = type(named: annotation),
           ![.extensionOnly, .protocol].contains(declared.kind) || locals.assigned.isEmpty {
            return [annotation]
        }
        if locals.isDeclared, !locals.assigned.isEmpty {
            var names: [String] = []
            for (value, scope) in locals.assigned {
                for found in typeNames(of: value, in: info, root: scope, depth: depth + 1) where !names.contains(found) { names.append(found) }
            }
            return names
        }
        // A parameter of the function the body is in: its declared app type (it shadows a
        // property of the same name).
        if let declared = Self.parameterType(name, around: root), let found = type(named: declared), found.kind != .extensionOnly {
            return [found.name]
        }
        // A parameter of one of the type's initialisers declared as a system type
        // (`init(viewControllers: [UIViewController])`): what the app's constructions pass.
        if let label = Self.initializerLabel(of: name, around: root) {
            return passedTypeNames(forLabels: [label], of: info, depth: depth + 1)
        }
        return propertyTypeNames(name, of: info, root: root, depth: depth) ?? []
    }

    /// The argument label of the parameter `name` of the initialiser `node` is in, when it is
    /// declared as UIKit controllers (`UIViewController`, `[UIViewController]`,
    /// `UINavigationController?`); `nil` when `node` is in no initialiser, the initialiser has
    /// no such parameter, it takes no label or another type (a frame, a model).
    private static func initializerLabel(of name: String, around node: Syntax) -> String? {
        var current: Syntax? = node
        while let scope = current, !scope.is(MemberBlockSyntax.self), !scope.is(SourceFileSyntax.self) {
            if scope.is(FunctionDeclSyntax.self) || scope.is(ClosureExprSyntax.self) { return nil }
            if let initializer = scope.as(InitializerDeclSyntax.self) {
                let parameter = initializer.signature.parameterClause.parameters.first { ($0.secondName ?? $0.firstName).text == name }
                guard let parameter, parameter.firstName.text != "_" else { return nil }
                let declared = parameter.type.trimmedDescription.withoutOptionality.filter { $0 != "[" && $0 != "]" }
                guard declared.hasPrefix("UI"), declared.hasSuffix("Controller") else { return nil }
                return parameter.firstName.text
            }
            current = scope.parent
        }
        return nil
    }

    /// The one app class inheriting `base` that `receiver` holds (``typeNames(of:in:root:depth:)``);
    /// `nil` when it gives none or several.
    func appClass(namedBy receiver: ExprSyntax, inheriting base: String, in info: SourceIndex.TypeInfo, root: Syntax) -> String? {
        let types = typeNames(of: receiver, in: info, root: root).filter { name in
            type(named: name)?.kind == .class && inherits(name, from: base)
        }
        return types.count == 1 ? types.first : nil
    }

    /// The declared type (without optionality) of the parameter `name` of the function or
    /// initialiser `node` is in.
    private static func parameterType(_ name: String, around node: Syntax) -> String? {
        var current: Syntax? = node
        while let scope = current, !scope.is(MemberBlockSyntax.self), !scope.is(SourceFileSyntax.self) {
            let clause = scope.as(FunctionDeclSyntax.self)?.signature.parameterClause
                ?? scope.as(InitializerDeclSyntax.self)?.signature.parameterClause
            if let clause {
                let parameter = clause.parameters.first { ($0.secondName ?? $0.firstName).text == name }
                return parameter.map { $0.type.trimmedDescription.withoutOptionality }
            }
            current = scope.parent
        }
        return nil
    }

    /// `base.map { transform }` (or `compactMap`): the collection mapped and the closure's one
    /// expression, when it has just one; `nil` for any other call.
    static func mapping(_ call: FunctionCallExprSyntax) -> (base: ExprSyntax, transform: ExprSyntax?)? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
              ["map", "compactMap"].contains(member.declName.baseName.text) else { return nil }
        let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self)
        return (base, closure.flatMap { $0.statements.count == 1 ? $0.statements.first?.item.as(ExprSyntax.self) : nil })
    }

    /// UIKit's containers an app subclasses to wrap its screens in.
    private static let wrappingContainers = ["UINavigationController", "UITabBarController", "UISplitViewController"]

    /// The app types the property `name` of `info` (or of an ancestor) holds; `nil` when neither
    /// has such a property.
    private func propertyTypeNames(_ name: String, of info: SourceIndex.TypeInfo, root: Syntax, depth: Int) -> [String]? {
        guard depth < 6 else { return nil }
        for candidate in [info] + ancestors(of: info.name) {
            guard let property = candidate.properties[name] else { continue }
            // An array of controllers (`[Nav]`) holds what one element does.
            let declared = property.type.map { written -> String in
                let type = written.withoutOptionality
                return type.hasPrefix("[") && type.hasSuffix("]") && !type.contains(":") ? String(type.dropFirst().dropLast()) : type
            }
            let declaredKind = declared.flatMap { type(named: $0)?.kind }
            // The app type it is declared as; for a system type the app extends (`let content:
            // UIViewController`), what the initialiser gives, else what constructions pass.
            var found: [String] = []
            if let declared, declaredKind != nil, declaredKind != .extensionOnly, declaredKind != .protocol {
                found = [declared]
            } else if let initializer = property.initializer {
                found = typeNames(of: initializer, in: info, root: root, depth: depth + 1)
            } else if property.isInstanceConstant {
                found = passedTypeNames(for: name, of: candidate, depth: depth + 1)
                // `self.contents = controllers.map { Nav(rootViewController: $0) }`: what an
                // initialiser stores in a property declared as UIKit's controllers, read in it.
                if found.isEmpty, let declared, declared.hasPrefix("UI"), declared.hasSuffix("Controller") {
                    found = storedTypeNames(to: name, in: candidate, kinds: [.initializer], depth: depth + 1)
                }
            }
            // A stored `var` of a system type, or of a container that wraps others, also holds
            // what the type's methods assign to it (`repl = Navigation(rootViewController:
            // REPL())` in `showREPL()`).
            let wraps = declaredKind == nil || declaredKind == .extensionOnly
                || declared.map { type in Self.wrappingContainers.contains { inherits(type, from: $0) } } == true
            if wraps, property.isVariable, !property.isStatic, property.getter == nil {
                for value in assignedTypeNames(to: name, in: candidate, depth: depth + 1) where !found.contains(value) { found.append(value) }
            }
            // A constant container (`let contents: [Nav]`) holds what the initialisers wrap in it.
            if wraps, declaredKind != nil, property.isInstanceConstant {
                for value in storedTypeNames(to: name, in: candidate, kinds: [.initializer], depth: depth + 1) where !found.contains(value) {
                    found.append(value)
                }
            }
            // Declared as a protocol: what the type's initialisers and methods store in it.
            if declaredKind == .protocol, property.getter == nil, !property.isStatic {
                for value in storedTypeNames(to: name, in: candidate, kinds: [.initializer, .function], depth: depth + 1) where !found.contains(value) {
                    found.append(value)
                }
            }
            if found.isEmpty, let declared, declaredKind != nil { return [declared] }
            return found
        }
        return nil
    }

    /// The app types the app's constructions of `info` pass for the stored `let` `property` its
    /// initialisers set from a parameter (`self.content = content` in `init(content:)`): a
    /// container given its child (`Wrapper(viewController: Editor())`), each argument read
    /// where its construction is written.
    fileprivate func passedTypeNames(for property: String, of info: SourceIndex.TypeInfo, depth: Int) -> [String] {
        guard depth < 6 else { return [] }
        var labels: [String] = []
        for function in info.functions where function.kind == .initializer {
            guard let body = function.body else { continue }
            let stores = StoreFinder(property: property)
            stores.walk(body)
            for parameter in function.parameters where stores.values.contains(parameter.name) {
                if let label = parameter.label, label != "_", !labels.contains(label) { labels.append(label) }
            }
        }
        return passedTypeNames(forLabels: labels, of: info, depth: depth)
    }

    /// The app types the app's constructions of `info` pass for the arguments labelled `labels`,
    /// each argument read where its construction is written.
    fileprivate func passedTypeNames(forLabels labels: [String], of info: SourceIndex.TypeInfo, depth: Int) -> [String] {
        guard !labels.isEmpty, depth < 6 else { return [] }
        var names: [String] = []
        for (call, enclosing) in constructions(of: info.name) {
            guard let argument = call.arguments.first(where: { $0.label.map { labels.contains($0.text) } ?? false })?.expression,
                  let site = enclosing.flatMap({ type(named: $0) }) else { continue }
            // Locals the argument names are read in the declaration the construction is in.
            var scope = Syntax(call)
            while let parent = scope.parent, !scope.is(FunctionDeclSyntax.self), !scope.is(InitializerDeclSyntax.self),
                  !scope.is(AccessorDeclSyntax.self), !scope.is(PatternBindingSyntax.self) {
                scope = parent
            }
            for found in typeNames(of: argument, in: site, root: scope, depth: depth) where !names.contains(found) {
                names.append(found)
            }
        }
        return names
    }
}

extension SourceIndex {
    /// The app types the methods of `info` assign to its property `property`, each value read
    /// in its method's body.
    fileprivate func assignedTypeNames(to property: String, in info: SourceIndex.TypeInfo, depth: Int) -> [String] {
        storedTypeNames(to: property, in: info, kinds: [.function], depth: depth)
    }

    /// The app types the functions of `kinds` of `info` store in its property `property`.
    fileprivate func storedTypeNames(to property: String, in info: SourceIndex.TypeInfo, kinds: Set<SourceIndex.FunctionInfo.Kind>,
                                     depth: Int) -> [String] {
        guard depth < 6 else { return [] }
        var names: [String] = []
        for function in info.functions where kinds.contains(function.kind) {
            guard let body = function.body else { continue }
            // Only the statements that mention the property are read.
            let mentions = offsets(of: [property], inFile: sourceOfRoot[body.root.id]?.file ?? "")
            if let mentions, !ByteSearch.contains(mentions, offsetIn: body.position.utf8Offset..<body.endPosition.utf8Offset) { continue }
            let stores = StoreFinder(property: property, mentions: mentions)
            stores.walk(body)
            add(typeNamesOfEach: stores.expressions, in: info, root: Syntax(body), depth: depth, to: &names)
        }
        return names
    }

    /// Adds the app types each of `values` gives to `names`, each type once.
    fileprivate func add(typeNamesOfEach values: [ExprSyntax], in info: SourceIndex.TypeInfo, root: Syntax, depth: Int,
                         to names: inout [String]) {
        for value in values {
            for found in typeNames(of: value, in: info, root: root, depth: depth) where !names.contains(found) { names.append(found) }
        }
    }
}

/// What a body stores in one property: `self.name = value` and `name = value`.
private final class StoreFinder: MentionedItemsVisitor {
    let property: String
    var expressions: [ExprSyntax] = []
    /// The stored values' source text.
    var values: [String] { expressions.map(\.sourceText) }

    init(property: String, mentions: [Int]? = nil) {
        self.property = property
        super.init(mentions: mentions)
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        if elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
           [property, "self." + property].contains(elements[0].sourceText) {
            expressions.append(elements[2])
        }
        return .visitChildren
    }
}

extension SourceIndex {
    /// The app types what the type's method `name` (or an ancestor's) returns makes: a static
    /// factory another language calls (`[VLMDesktopFactory makeRootViewController]`).
    func typesReturned(by name: String, of info: SourceIndex.TypeInfo) -> [String] {
        returnedTypeNames(of: name, in: info, depth: 0)
    }

    /// The classes of the storyboard controllers with the identifier a
    /// `storyboard.instantiateViewController(withIdentifier: "editor")` call names as a literal;
    /// `nil` for any other call.
    func storyboardClasses(instantiatedBy call: FunctionCallExprSyntax) -> [String]? {
        if let initial = storyboardInitial(instantiatedBy: call) { return [initial.appClass] }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "instantiateViewController",
              let identifier = call.arguments.first(where: { $0.label?.text == "withIdentifier" })?.expression.as(StringLiteralExprSyntax.self),
              identifier.segments.count == 1, let text = identifier.segments.first?.as(StringSegmentSyntax.self)?.content.text else { return nil }
        return storyboardClasses[text] ?? []
    }

    /// The app types the `return`s of the type's method `name` (or an ancestor's) give, each
    /// read in its method's body.
    /// `forCase` names the enum case the method is called on: a method that switches on `self`
    /// returns what that case's branch returns.
    fileprivate func returnedTypeNames(of name: String, in info: SourceIndex.TypeInfo, forCase: String? = nil, depth: Int) -> [String] {
        guard depth < 6 else { return [] }
        var names: [String] = []
        for candidate in [info] + ancestors(of: info.name) {
            for function in candidate.functions where function.kind == .function && function.name == name {
                guard let body = function.body else { continue }
                let returns = ReturnFinder(conditions: conditions)
                if let forCase, let branch = Self.branch(of: body, forCase: forCase) {
                    returns.walk(branch)
                } else {
                    returns.walk(body)
                }
                // A body of one expression returns it (`static func make() -> UIViewController { Root() }`).
                let implicit = body.statements.count == 1 ? body.statements.first?.item.as(ExprSyntax.self).map { [$0] } : nil
                let expressions = returns.expressions.isEmpty ? implicit ?? [] : returns.expressions
                add(typeNamesOfEach: expressions, in: info, root: Syntax(body), depth: depth, to: &names)
                // Returns the reading cannot follow (an element of a stored list): the app class
                // the method is declared to return (`-> EditorViewController?`).
                if names.isEmpty, let declared = body.parent?.as(FunctionDeclSyntax.self)?.signature.returnClause?.type.trimmedDescription.withoutOptionality,
                   let found = type(named: declared), found.kind == .class {
                    names.append(found.name)
                }
            }
        }
        return names
    }
}

extension SourceIndex {
    /// The `case` of a body's top-level `switch self` that matches `.name`.
    fileprivate static func branch(of body: CodeBlockSyntax, forCase name: String) -> SwitchCaseSyntax? {
        for statement in body.statements {
            let expression = statement.item.as(ExprSyntax.self) ?? statement.item.as(ExpressionStmtSyntax.self)?.expression
                ?? statement.item.as(ReturnStmtSyntax.self)?.expression
            guard let switchExpression = expression?.as(SwitchExprSyntax.self),
                  switchExpression.subject.trimmedDescription == "self" else { continue }
            for element in switchExpression.cases {
                guard let switchCase = element.as(SwitchCaseSyntax.self),
                      let label = switchCase.label.as(SwitchCaseLabelSyntax.self) else { continue }
                if label.caseItems.contains(where: { $0.pattern.trimmedDescription == "." + name }) { return switchCase }
            }
        }
        return nil
    }
}

/// A local's initialiser or type annotation in a body, and the values the body assigns to it.
private final class LocalFinder: MentionedItemsVisitor {
    let name: String
    var initializer: ExprSyntax?
    var annotation: String?
    /// Whether the body declares the local (`let x: T` with or without a value, `if let x`).
    var isDeclared = false
    /// What `name = value` statements assign, in order, each with the `case` or block it is in
    /// (where a local it reads is declared: each `case` may declare its own of one name).
    var assigned: [(value: ExprSyntax, scope: Syntax)] = []

    /// Where the local is read: a declaration counts only where its scope holds the read (a
    /// `guard let x` in a loop's body does not declare the `x` read after the loop).
    let use: Syntax

    init(name: String, use: Syntax, mentions: [Int]?) {
        self.name = name
        self.use = use
        super.init(mentions: mentions)
    }

    /// Whether the declaration at `node` is in scope where the local is read: a `let`'s scope
    /// is its statement list, an `if let`'s the `if` body and the conditions after it, a
    /// `guard let`'s the statements around the `guard`. A read outside the walked tree sees
    /// every declaration.
    private func isVisible(_ node: some SyntaxProtocol, binding: Bool) -> Bool {
        guard use.root.id == node.root.id else { return true }
        let laterCondition = { (conditions: ConditionElementListSyntax) in
            conditions.range.contains(self.use.position) && self.use.position >= node.endPosition
        }
        var current = Syntax(node)
        while let parent = current.parent {
            if binding, let ifExpression = parent.as(IfExprSyntax.self), current.id == ifExpression.conditions.id {
                return ifExpression.body.range.contains(use.position) || laterCondition(ifExpression.conditions)
            }
            if binding, let whileStatement = parent.as(WhileStmtSyntax.self), current.id == whileStatement.conditions.id {
                return whileStatement.body.range.contains(use.position) || laterCondition(whileStatement.conditions)
            }
            if parent.is(CodeBlockItemListSyntax.self) { return parent.range.contains(use.position) }
            current = parent
        }
        return true
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if !isDeclared, node.pattern.sourceText == name, isVisible(node, binding: false) {
            isDeclared = true
            initializer = node.initializer?.value
            annotation = node.typeAnnotation?.type.sourceText.replacingOccurrences(of: "?", with: "")
        }
        return .visitChildren
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        if !isDeclared, node.pattern.sourceText == name, let value = node.initializer?.value, isVisible(node, binding: true) {
            isDeclared = true
            initializer = value
        }
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[0].sourceText == name {
            var scope = Syntax(node)
            while let parent = scope.parent, !scope.is(SwitchCaseSyntax.self), !scope.is(CodeBlockSyntax.self) { scope = parent }
            assigned.append((elements[2], scope))
        }
        return .visitChildren
    }
}


extension SourceIndex {
    /// The elements of the local array `name` in `root`, in the order the code adds them: its
    /// initialiser's (`var tabs = [feed]`), then each `tabs.append(x)` and `tabs += [x]`; `nil`
    /// when `root` declares no such local with an array literal.
    static func arrayElements(ofLocal name: String, in root: Syntax) -> [ExprSyntax]? {
        let finder = ArrayBuildFinder(name: name)
        finder.walk(root)
        return finder.declared ? finder.elements : nil
    }

    private final class ArrayBuildFinder: SyntaxVisitor {
        let name: String
        var declared = false
        var elements: [ExprSyntax] = []

        init(name: String) {
            self.name = name
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
            if node.pattern.trimmedDescription == name, let array = node.initializer?.value.as(ArrayExprSyntax.self) {
                declared = true
                elements += array.elements.map(\.expression)
            }
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if declared, let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.base?.trimmedDescription == name {
                switch member.declName.baseName.text {
                case "append": elements += node.arguments.first.map { [$0.expression] } ?? []
                case "insert": if let first = node.arguments.first { elements.insert(first.expression, at: 0) }
                default: break
                }
            }
            return .visitChildren
        }

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let parts = Array(node.elements)
            if declared, parts.count == 3, parts[0].trimmedDescription == name,
               parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+=", let array = parts[2].as(ArrayExprSyntax.self) {
                elements += array.elements.map(\.expression)
            }
            return .visitChildren
        }
    }
}
