import SwiftSyntax

/// A container a body makes and hands to an app object that fills it, as the coordinator
/// pattern does:
///
/// ```swift
/// let navigationController = UINavigationController()
/// coordinator = MainCoordinator(navigationController: navigationController)
/// coordinator?.start()
/// window.rootViewController = navigationController
/// ```
///
/// The object's initialiser stores the container in a property (`self.navigationController =
/// navigationController`). What the initialiser, and the methods the body calls on the object
/// (with the methods those call on `self`), put in that property
/// (`navigationController.pushViewController(List(), animated: false)`) is what the container
/// holds. An object that hands the property on to another (`Child(navigationController:
/// navigationController).start()`) is followed the same way.
extension RootExpressionReader {
    /// How many methods of one object the reader runs, the ones the body calls and those they
    /// call on `self`.
    private static let methodsRun = 12
    /// How many method bodies one container's hand-overs read in all, objects handing it on
    /// included: what bounds the work whatever the source.
    private static let bodiesRead = 48

    /// The controllers the app objects `name` is handed to put in it, read where they do. A
    /// container read while another's hand-over is read, deep in the root tree, gets none.
    func handedOverChildren(of name: String, in scope: Scope, depth: Int) -> [RootTree] {
        guard depth < 4 else { return [] }
        var budget = Self.bodiesRead
        return handedOverChildren(of: name, in: scope, depth: depth, budget: &budget)
    }

    private func handedOverChildren(of name: String, in scope: Scope, depth: Int, budget: inout Int) -> [RootTree] {
        guard depth < 6, budget > 0 else { return [] }
        let finder = HandOverFinder(name: name, conditions: index.conditions)
        finder.walk(scope.body)
        var children: [RootTree] = []
        for construction in finder.constructions {
            guard let (owner, initializer) = calledFunction(construction.call, in: scope), initializer.kind == .initializer,
                  let body = initializer.body,
                  let parameter = initializer.parameters.first(where: { ($0.label == "_" ? nil : $0.label) == construction.label })
            else { continue }
            let stores = ParameterStoreFinder(parameter: parameter.name, conditions: index.conditions)
            stores.walk(body)
            guard let property = stores.property else { continue }
            for method in [body] + methods(of: owner, calledIn: finder.calledNames) {
                guard budget > 0 else { return children }
                budget -= 1
                let inner = Scope(type: owner, body: Syntax(method))
                let statements = ContainerStatementFinder(name: property, idiom: idiom, conditions: index.conditions)
                statements.walk(method)
                for child in statements.children {
                    if let tree = tree(of: child, in: inner, depth: depth + 1), !children.contains(tree) { children.append(tree) }
                }
                for tree in handedOverChildren(of: property, in: inner, depth: depth + 1, budget: &budget) where !children.contains(tree) {
                    children.append(tree)
                }
            }
        }
        return children
    }

    /// The bodies of `owner`'s methods among `names`, then of the methods they call on `self`.
    private func methods(of owner: SourceIndex.TypeInfo, calledIn names: [String]) -> [CodeBlockSyntax] {
        let types = [owner] + index.ancestors(of: owner.name)
        var pending = names
        var seen: Set<String> = []
        var bodies: [CodeBlockSyntax] = []
        while let name = pending.first, bodies.count < Self.methodsRun {
            pending.removeFirst()
            guard seen.insert(name).inserted,
                  let body = types.lazy.flatMap(\.functions).first(where: { $0.kind == .function && $0.name == name && !$0.isStatic })?.body
            else { continue }
            bodies.append(body)
            let calls = HandOverFinder(name: "", conditions: index.conditions)
            calls.walk(body)
            pending += calls.selfCalls
        }
        return bodies
    }
}

/// In one body: the constructions given `name` as an argument (`Coordinator(navigationController:
/// name)`), with its label; the names of the methods called on other receivers
/// (`coordinator?.start()`); and of those called on `self` (`showList()`, `self.showList()`).
private final class HandOverFinder: ActiveCodeVisitor {
    let name: String
    var constructions: [(call: FunctionCallExprSyntax, label: String?)] = []
    var calledNames: [String] = []
    var selfCalls: [String] = []

    init(name: String, conditions: CompilationConditions) {
        self.name = name
        super.init(conditions: conditions)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if !name.isEmpty, let first = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text.first, first.isUppercase,
           let argument = node.arguments.first(where: { [name, "self." + name].contains(RootExpressionReader.unwrapped($0.expression).sourceText) }) {
            constructions.append((node, argument.label?.text))
        }
        if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
            selfCalls.append(reference.baseName.text)
        } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
            let base = member.base.map { RootExpressionReader.unwrapped($0).sourceText }
            if base == "self" { selfCalls.append(member.declName.baseName.text) } else if base != name { calledNames.append(member.declName.baseName.text) }
        }
        return .visitChildren
    }
}

/// The property an initialiser stores one of its parameters in: `self.x = parameter` or
/// `x = parameter`.
private final class ParameterStoreFinder: ActiveCodeVisitor {
    let parameter: String
    var property: String?

    init(parameter: String, conditions: CompilationConditions) {
        self.parameter = parameter
        super.init(conditions: conditions)
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        guard property == nil, elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
              elements[2].sourceText == parameter else { return .visitChildren }
        let target = elements[0].sourceText
        property = target.hasPrefix("self.") ? String(target.dropFirst(5)) : target
        return .visitChildren
    }
}
