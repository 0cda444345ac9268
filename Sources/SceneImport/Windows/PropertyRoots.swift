import SwiftSyntax

extension RootExpressionReader {
    /// What a property of `owner` holds when the code reads it as a window root
    /// (`window.rootViewController = rootController`, `coordinator.rootViewController`), in the
    /// order the app gives it:
    /// 1. its initialiser (`lazy var tabs = MainTabs()`);
    /// 2. for a computed property, what its getter returns, with `self` bound to `receiver`
    ///    (`var wrappedInNavigation: UINavigationController` an app extension of UIKit adds);
    /// 3. what the owner's initialisers store in it (`self.navigationController =
    ///    UINavigationController()` in a coordinator's `init`);
    /// 4. what the owner's methods store in it (`rootController = MainTabs()` in a
    ///    `buildControllers()` the launch calls first), when it is declared as UIKit's class or
    ///    the stored value is an app subclass of what it is declared as: the object is what was
    ///    stored, whatever the declaration says. Of several, the app's normal path
    ///    (``weight(_:)``);
    /// 5. the type it is declared as.
    func tree(ofProperty property: SourceIndex.PropertyInfo, of owner: SourceIndex.TypeInfo, receiver: BoundArgument?,
              depth: Int) -> RootTree? {
        if let initializer = property.initializer,
           let found = tree(of: initializer, in: Scope(type: owner, body: Syntax(initializer)), depth: depth + 1) {
            return found
        }
        if property.initializer == nil, let getter = property.getter {
            var inner = Scope(type: owner, body: Syntax(getter))
            inner.arguments["self"] = receiver
            if let found = returned(by: getter).lazy.compactMap({ self.tree(of: $0, in: inner, depth: depth + 1) }).first { return found }
        }
        let declared = property.type?.withoutOptionality
        if property.getter == nil, !property.isStatic {
            for (values, body) in stored(in: property.name, by: owner.functions.filter { $0.kind == .initializer }) {
                if let value = values.first, let found = tree(of: value, in: Scope(type: owner, body: Syntax(body)), depth: depth + 1) {
                    return found
                }
            }
            if property.isVariable, let stored = storedByMethods(property.name, of: owner, declared: declared, depth: depth) { return stored }
        }
        if let declared, isAppController(declared) { return .app(index.type(named: declared)?.name ?? declared) }
        return declared.flatMap(RootTree.Container.init(rawValue:)).map { .system($0) }
    }

    /// What the owner's methods (not its initialisers) store in its property `name` that an
    /// object declared as `declared` can be: anything when UIKit's class declares it, else an
    /// app subclass of the declared class. `nil` when they store none.
    private func storedByMethods(_ name: String, of owner: SourceIndex.TypeInfo, declared: String?, depth: Int) -> RootTree? {
        let declaredByApp = declared.map { isAppController($0) } ?? false
        var candidates: [RootTree] = []
        for (values, body) in stored(in: name, by: owner.functions.filter { $0.kind == .function && !$0.isStatic }) {
            for value in values {
                guard let found = tree(of: value, in: Scope(type: owner, body: Syntax(body)), depth: depth + 1),
                      !candidates.contains(found) else { continue }
                if declaredByApp, let declared, found.name == declared || !index.inherits(found.name, from: declared) { continue }
                candidates.append(found)
            }
        }
        return normalPath(among: candidates)
    }
}

extension RootExpressionReader {
    /// The app classes whose instances the code stores in the property a call's receiver names
    /// (`coordinator = AppCoordinator(window: window)` for `coordinator?.start()`), when they
    /// are subclasses of the class it is declared as: the method that runs is theirs
    /// (`override func start()`), not the declared class's. Empty for any other receiver.
    func storedSubclasses(of receiver: ExprSyntax, in scope: Scope) -> [SourceIndex.TypeInfo] {
        var name = receiver.sourceText.withoutOptionality
        if name.hasPrefix("self.") { name = String(name.dropFirst(5)) }
        guard !name.contains("."), !name.contains("("),
              let declared = ([scope.type] + index.ancestors(of: scope.type.name)).lazy.compactMap({ $0.properties[name] }).first?.type?.withoutOptionality,
              index.type(named: declared)?.kind == .class else { return [] }
        var found: [SourceIndex.TypeInfo] = []
        for (values, _) in stored(in: name, by: scope.type.functions) {
            for value in values {
                guard let call = Self.unwrapped(value).as(FunctionCallExprSyntax.self),
                      let type = index.type(named: call.calledExpression.sourceText), type.kind == .class, type.name != declared,
                      index.inherits(type.name, from: declared), !found.contains(where: { $0.name == type.name }) else { continue }
                found.append(type)
            }
        }
        return found
    }
}

extension RootExpressionReader {
    /// The values each of `functions` stores in `name` (`name = x`, `self.name = x`), in order,
    /// with its body, but those in a branch the device rules out (`if isPhone { … }` on a pad);
    /// bodies that never mention the name are skipped by the index's byte offsets.
    fileprivate func stored(in name: String, by functions: [SourceIndex.FunctionInfo]) -> [(values: [ExprSyntax], body: CodeBlockSyntax)] {
        functions.compactMap { function in
            guard let body = function.body, index.text(of: body, mentions: name) else { return nil }
            let assignments = BindingFinder(name: name, conditions: index.conditions)
            assignments.walk(body)
            return (assignments.assignments.filter { !idiom.rulesOut($0, within: Syntax(body)) }, body)
        }
    }
}
