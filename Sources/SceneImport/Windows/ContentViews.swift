import SwiftSyntax

/// The content views UIKit's content configurations (iOS 14) put on a screen: a cell or
/// supplementary view given `contentConfiguration = C(…)` shows the view `C.makeContentView()`
/// makes, and the text fields that view holds are the screen's to focus.
///
///     struct CoordinatesConfiguration: UIContentConfiguration {
///         func makeContentView() -> UIView & UIContentView { CoordinatesView(configuration: self) }
///     }
///     // in GoToInputViewController's cell registration:
///     cell.contentConfiguration = CoordinatesConfiguration(…)
///
/// The type whose code assigns the configuration holds the content view: the controller whose
/// cell registration or data source does it, or a cell class that configures itself. The
/// configuration may reach the assignment through a local (`let configuration: …` set in a
/// `switch`), so every configuration the same function, initialiser or closure-made property
/// constructs counts.
struct ContentViews {
    /// The content view classes each type configures, in the order its code constructs them.
    private(set) var byOwner: [String: [String]] = [:]

    /// None.
    init() {}

    init(index: SourceIndex) {
        let made = Self.contentViewsMade(in: index)
        guard !made.isEmpty else { return }
        var files: [String: [Int]?] = [:]
        for key in index.types.keys.sorted() {
            guard let info = index.types[key] else { continue }
            var roots: [Syntax] = info.functions.compactMap { $0.body.map(Syntax.init) }
            roots += info.properties.values.sorted { $0.location < $1.location }.compactMap { $0.initializer.map(Syntax.init) }
            for root in roots {
                let file = index.sourceOfRoot[root.root.id]?.file ?? ""
                let assignments = files[file] ?? index.offsets(of: ["contentConfiguration"], inFile: file)
                files[file] = assignments
                let span = root.positionAfterSkippingLeadingTrivia.utf8Offset..<root.endPositionBeforeTrailingTrivia.utf8Offset
                guard let assignments, ByteSearch.contains(assignments, offsetIn: span) else { continue }
                let finder = ConstructionFinder(viewMode: .sourceAccurate)
                finder.walk(root)
                guard finder.assignsContentConfiguration else { continue }
                for name in finder.constructed {
                    guard let configuration = index.type(named: name, writtenIn: info.name)?.name else { continue }
                    for view in made[configuration] ?? [] where view != info.name && !(byOwner[info.name]?.contains(view) ?? false) {
                        byOwner[info.name, default: []].append(view)
                    }
                }
            }
        }
    }

    /// Each configuration type's content views: the app classes its `makeContentView()` returns.
    private static func contentViewsMade(in index: SourceIndex) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for key in index.types.keys.sorted() {
            guard let info = index.types[key],
                  let function = info.functions.first(where: { $0.name == "makeContentView" && $0.parameters.isEmpty }),
                  let body = function.body else { continue }
            let returned = body.statements.compactMap { $0.item.as(ReturnStmtSyntax.self)?.expression }
                + (body.statements.count == 1 ? [body.statements.first?.item.as(ExprSyntax.self)].compactMap { $0 } : [])
            let views = returned.flatMap { index.typeNames(of: $0, in: info, root: Syntax(body)) }
                .filter { index.inherits($0, from: "UIView") }
            if !views.isEmpty { result[info.name] = views }
        }
        return result
    }

    /// Whether a body assigns `contentConfiguration`, and the names it calls as constructions.
    private final class ConstructionFinder: SyntaxVisitor {
        var assignsContentConfiguration = false
        var constructed: [String] = []

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let elements = Array(node.elements)
            if elements.count >= 3, elements[1].is(AssignmentExprSyntax.self), elements[0].sourceText.hasSuffix("contentConfiguration") {
                assignsContentConfiguration = true
            }
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            var name = node.calledExpression.sourceText
            if name.hasSuffix(".init") { name = String(name.dropLast(5)) }
            if let first = name.first, first.isUppercase, !constructed.contains(name) { constructed.append(name) }
            return .visitChildren
        }
    }
}
