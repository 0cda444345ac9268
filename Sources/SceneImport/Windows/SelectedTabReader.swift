import SwiftSyntax

/// The tab each of the app's tab bar controllers shows at launch: `selectedIndex = 1` in the
/// tab bar's own initialiser or lifecycle (`selectedIndex`, `self.selectedIndex`), or on a
/// receiver that is one of the app's tab bar classes in an entry point, an initialiser or a
/// lifecycle method (`tabs.selectedIndex = 2`).
///
/// Only an integer literal counts, and only code that runs as the app launches: a selection an
/// action method makes is the user's, later.
struct SelectedTabReader {
    let index: SourceIndex

    /// The property UIKit's tab bar controller selects a tab by.
    static let property = "selectedIndex"

    /// The selected tab's index by tab bar class, the first assignment in source order winning.
    func selections() -> [String: Int] {
        var result: [String: Int] = [:]
        for key in index.types.keys.sorted() {
            guard let info = index.types[key], index.type(info, mentions: Self.property) else { continue }
            for function in info.functions where !function.isStatic && Self.runsAtLaunch(function) {
                guard let body = function.body else { continue }
                let finder = AssignmentFinder(viewMode: .sourceAccurate)
                finder.walk(body)
                for (receiver, value) in finder.found {
                    guard let tabBar = tabBar(named: receiver, in: info, root: Syntax(body)), result[tabBar] == nil else { continue }
                    result[tabBar] = value
                }
            }
        }
        return result
    }

    /// Whether UIKit runs `function` as the app launches: an initialiser, a view lifecycle
    /// method, or an entry point.
    static func runsAtLaunch(_ function: SourceIndex.FunctionInfo) -> Bool {
        function.kind == .initializer || FirstResponderReader.lifecycleMethods.contains(function.name) || AppModel.isEntryPoint(function)
    }

    /// The app's tab bar class a receiver names: the type itself for none, else the one app
    /// class inheriting `UITabBarController` the receiver's expression gives.
    private func tabBar(named receiver: ExprSyntax?, in info: SourceIndex.TypeInfo, root: Syntax) -> String? {
        guard let receiver else { return index.inherits(info.name, from: "UITabBarController") ? info.name : nil }
        return index.appClass(namedBy: receiver, inheriting: "UITabBarController", in: info, root: root)
    }

    /// `selectedIndex = 1`, `self.selectedIndex = 1`, `tabs.selectedIndex = 1` (optional
    /// chaining allowed), each with its receiver (``ContainmentFinder/receiver(of:)``: `nil` for
    /// the type itself) and the index.
    private final class AssignmentFinder: SyntaxVisitor {
        var found: [(receiver: ExprSyntax?, index: Int)] = []

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let elements = Array(node.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                  let literal = elements[2].as(IntegerLiteralExprSyntax.self), let value = Int(literal.literal.text), value >= 0 else {
                return .visitChildren
            }
            if let reference = elements[0].as(DeclReferenceExprSyntax.self), reference.baseName.text == SelectedTabReader.property {
                found.append((nil, value))
            } else if let member = elements[0].as(MemberAccessExprSyntax.self), member.declName.baseName.text == SelectedTabReader.property {
                found.append((ContainmentFinder.receiver(of: member.base), value))
            }
            return .visitChildren
        }
    }
}
