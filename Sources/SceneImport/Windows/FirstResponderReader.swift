import SwiftSyntax

/// Finds what each type makes first responder when its screen appears: a
/// `becomeFirstResponder()` call in a lifecycle method (`viewDidAppear(_:)` and the like), or in
/// an app method one of them calls, on `self` or on a view the type holds in a property.
struct FirstResponderReader {
    let index: SourceIndex

    /// A responder a type makes first responder.
    struct Request: Equatable {
        /// The type whose lifecycle makes the call.
        var owner: String
        /// `nil` when the owner makes itself first responder; else the property holding the view.
        var property: String?
        /// The view's class: an app type, or UIKit's (`UITextField`, `UITextView`, …).
        var viewClass: String?
        var method: String
        var location: SourceLocation
    }

    /// The methods UIKit calls as a screen loads and appears, in the order it calls them.
    static let lifecycleMethods = ["loadView", "viewDidLoad", "awakeFromNib", "viewWillAppear", "viewIsAppearing", "viewDidAppear",
                                   "didMoveToSuperview", "didMoveToWindow"]

    /// The UIKit classes that take text, whose instances an app focuses by property.
    static let textClasses: Set<String> = ["UITextField", "UITextView", "UISearchTextField", "UISearchBar"]

    /// Every request, by owner, in lifecycle order; the last one a type makes wins (it runs last).
    func requests() -> [String: [Request]] {
        var result: [String: [Request]] = [:]
        for key in index.types.keys.sorted() {
            guard let info = index.types[key] else { continue }
            for method in Self.lifecycleMethods {
                for function in info.functions where function.name == method && !function.isStatic {
                    guard let body = function.body else { continue }
                    result[info.name, default: []] += requests(in: body, of: info, method: method, depth: 0)
                }
            }
        }
        return result
    }

    private func requests(in body: CodeBlockSyntax, of info: SourceIndex.TypeInfo, method: String, depth: Int) -> [Request] {
        let finder = BecomeFinder(conditions: index.conditions)
        finder.walk(body)
        var found: [Request] = []
        for call in finder.calls {
            let location = index.location(call.node)
            guard let receiver = call.receiver else {
                found.append(Request(owner: info.name, property: nil, viewClass: nil, method: method, location: location))
                continue
            }
            var name = receiver
            if name.hasPrefix("self.") { name = String(name.dropFirst(5)) }
            guard !name.contains("."), !name.contains("("), let property = property(name, of: info) else { continue }
            found.append(Request(owner: info.name, property: name, viewClass: property, method: method, location: location))
        }
        guard depth < 2 else { return found }
        // `focusEditor()` called from `viewDidAppear`: the helper's requests are the lifecycle's.
        for helper in finder.selfCalls {
            for function in ([info] + index.ancestors(of: info.name)).flatMap(\.functions) where function.name == helper && !function.isStatic {
                guard let helperBody = function.body, !Self.lifecycleMethods.contains(helper) else { continue }
                found += requests(in: helperBody, of: info, method: method, depth: depth + 1)
            }
        }
        return found
    }

    /// The class of a property that holds a responder view: an app view class, or one of
    /// UIKit's text classes.
    private func property(_ name: String, of info: SourceIndex.TypeInfo) -> String? {
        for candidate in [info] + index.ancestors(of: info.name) {
            guard let property = candidate.properties[name] else { continue }
            var declared = property.type?.withoutOptionality
            if declared == nil, let call = property.initializer?.as(FunctionCallExprSyntax.self) { declared = call.calledExpression.sourceText }
            guard var type = declared else { return nil }
            if type.hasSuffix("!") { type.removeLast() }
            if Self.textClasses.contains(type) { return type }
            if let app = index.type(named: type), app.kind == .class, index.inherits(app.name, from: "UIResponder") { return app.name }
            return nil
        }
        return nil
    }
}

/// `becomeFirstResponder()` calls (with their receivers' text) and calls of the type's own
/// methods, outside closures (which run later, if at all).
private final class BecomeFinder: ActiveCodeVisitor {
    var calls: [(node: FunctionCallExprSyntax, receiver: String?)] = []
    var selfCalls: [String] = []

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
            if reference.baseName.text == "becomeFirstResponder" { calls.append((node, nil)) } else { selfCalls.append(reference.baseName.text) }
        } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
            let receiver = RootExpressionReader.unwrapped(base).sourceText
            if member.declName.baseName.text == "becomeFirstResponder" {
                calls.append((node, receiver == "self" ? nil : receiver))
            } else if receiver == "self" {
                selfCalls.append(member.declName.baseName.text)
            }
        }
        return .visitChildren
    }
}
