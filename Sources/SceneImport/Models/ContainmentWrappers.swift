import SwiftSyntax

/// The app's own methods that contain the controller they are given: a method whose body passes
/// one of its parameters to `addChild(_:)` (`addChildViewController:` in Swift 3), as in
///
///     private func addChildViewControllerAndChildView(_ vc: UIViewController) {
///         addChild(vc); view.addSubview(vc.view); vc.didMove(toParent: self)
///     }
///
/// A call of such a method (`addChildViewControllerAndChildView(metaFlow)`, `root.embed(editor)`)
/// contains its argument in the receiver as `addChild` would; ``ContainmentFinder`` reads it so.
/// A method overriding `addChild` itself is no wrapper: the finder reads `addChild` already.
struct ContainmentWrappers {
    /// Each wrapper's name and the position of the argument it contains.
    private(set) var argumentPosition: [String: Int] = [:]

    /// The names, for the word search that picks the files worth walking.
    var names: [String] { argumentPosition.keys.sorted() }

    static let containingCalls: Set<String> = ["addChild", "addChildViewController"]

    init() {}

    init(index: SourceIndex) {
        // Whether each file (by its tree) mentions `addChild` at all: most do not.
        var mentions: [SyntaxIdentifier: Bool] = [:]
        for key in index.types.keys.sorted() {
            guard let info = index.types[key] else { continue }
            for function in info.functions where function.kind == .function && !function.parameters.isEmpty {
                guard let body = function.body, !Self.containingCalls.contains(function.name) else { continue }
                let root = body.root.id
                let mentioned = mentions[root] ?? (index.offsets(of: ["addChild"], inFile: index.sourceOfRoot[root]?.file ?? "")?.isEmpty == false)
                mentions[root] = mentioned
                guard mentioned, let position = Self.containedParameter(of: function, body: body) else { continue }
                // Two methods of one name that contain different arguments name neither.
                if let known = argumentPosition[function.name], known != position { argumentPosition[function.name] = -1 } else {
                    argumentPosition[function.name] = position
                }
            }
        }
        argumentPosition = argumentPosition.filter { $0.value >= 0 }
    }

    /// The position of the parameter `function`'s body passes to `addChild`, or `nil`.
    private static func containedParameter(of function: SourceIndex.FunctionInfo, body: CodeBlockSyntax) -> Int? {
        let finder = ChildCallFinder(viewMode: .sourceAccurate)
        finder.walk(body)
        for name in finder.arguments {
            if let position = function.parameters.firstIndex(where: { $0.name == name }) { return position }
        }
        return nil
    }

    /// The names passed as the first argument of `addChild`/`addChildViewController` calls.
    private final class ChildCallFinder: SyntaxVisitor {
        var arguments: [String] = []

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            let called = node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                ?? node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            if let called, ContainmentWrappers.containingCalls.contains(called),
               let argument = node.arguments.first?.expression.as(DeclReferenceExprSyntax.self) {
                arguments.append(argument.baseName.text)
            }
            return .visitChildren
        }

        // A closure or nested function has parameters of its own.
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }
}
