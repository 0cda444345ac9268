import SwiftSyntax

/// The SwiftUI text control each view focuses as it appears: a control bound to a focus state
/// (`TextField(…).focused($isFocused)`, `.focused($field, equals: .title)`) that the view sets
/// to that control on appearing (`.onAppear { isFocused = true }`, `.task { field = .title }`,
/// `.defaultFocus($field, .title)`). SwiftUI makes that control first responder, as a UIKit
/// screen's `becomeFirstResponder()` in `viewDidAppear` does, so each is a
/// ``FirstResponderReader/Request`` of the view for the control's node.
struct SwiftUIFocus {
    let index: SourceIndex

    /// The requests of the views `isView` accepts, by view. `controls` gives the text controls
    /// a view builds (``AppModel/swiftUITextControls``): a control of a kind the view builds
    /// more than once is not told apart from its siblings, so it makes no request.
    func requests(ofViewsWhere isView: (String) -> Bool, controls: (String) -> [String]) -> [String: [FirstResponderReader.Request]] {
        var result: [String: [FirstResponderReader.Request]] = [:]
        for key in index.types.keys.sorted() {
            guard let info = index.types[key], isView(info.name), index.type(info, mentions: "focused") else { continue }
            let finder = FocusFinder(conditions: index.conditions)
            for property in info.properties.values.sorted(by: { $0.name < $1.name }) {
                if let getter = property.getter { finder.walk(getter) }
            }
            for function in info.functions { if let body = function.body { finder.walk(body) } }
            for bound in finder.bound {
                guard let set = finder.sets.first(where: { $0.name == bound.name && Self.same(bound.value ?? "true", $0.value) }),
                      let system = FocusableClass.swiftUIControls[bound.control],
                      controls(info.name).count(where: { $0 == bound.control }) == 1 else { continue }
                let request = FirstResponderReader.Request(owner: info.name, property: bound.control, viewClass: system.name,
                                                           method: set.method, location: index.location(set.node))
                if result[info.name]?.contains(where: { $0.property == bound.control }) != true { result[info.name, default: []].append(request) }
            }
        }
        return result
    }

    /// Whether a value set to a focus state is the one a control is bound to: `true`, or the
    /// same case however written (`.title`, `Field.title`).
    private static func same(_ bound: String, _ set: String) -> Bool {
        func last(_ text: String) -> Substring { text.split(separator: ".").last ?? Substring(text) }
        return last(bound) == last(set)
    }
}

/// The focus bindings of a view's text controls and the values its appearance sets.
private final class FocusFinder: ActiveCodeVisitor {
    /// `control(…).focused($name)` or `.focused($name, equals: value)`.
    var bound: [(name: String, value: String?, control: String)] = []
    /// `name = value` at the top of an appearance closure, or `.defaultFocus($name, value)`.
    var sets: [(name: String, value: String, method: String, node: Syntax)] = []

    /// The modifiers whose closure runs as the view appears.
    private static let appearance: Set<String> = ["onAppear", "task"]

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self) else { return .visitChildren }
        let modifier = member.declName.baseName.text
        let arguments = Array(node.arguments)
        if modifier == "focused", let name = Self.binding(arguments.first?.expression), let control = Self.control(under: member.base) {
            bound.append((name, arguments.first { $0.label?.text == "equals" }?.expression.trimmedDescription, control))
        } else if modifier == "defaultFocus", arguments.count >= 2, let name = Self.binding(arguments[0].expression) {
            sets.append((name, arguments[1].expression.trimmedDescription, modifier, Syntax(node)))
        } else if Self.appearance.contains(modifier), let closure = node.trailingClosure {
            // Only what the closure does on every appearance: its own statements, not a branch's.
            for item in closure.statements {
                guard let sequence = item.item.as(ExprSyntax.self)?.as(SequenceExprSyntax.self) else { continue }
                let elements = Array(sequence.elements)
                guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else { continue }
                var name = elements[0].trimmedDescription
                if name.hasPrefix("self.") { name = String(name.dropFirst(5)) }
                sets.append((name, elements[2].trimmedDescription, modifier, Syntax(item)))
            }
        }
        return .visitChildren
    }

    /// `name` of a `$name` binding.
    private static func binding(_ expression: ExprSyntax?) -> String? {
        guard let text = expression?.as(DeclReferenceExprSyntax.self)?.baseName.text, text.hasPrefix("$") else { return nil }
        return String(text.dropFirst())
    }

    /// The SwiftUI text control a modifier chain starts from (`TextField("Title", text: $title)`).
    private static func control(under base: ExprSyntax?) -> String? {
        var current = base
        while let expression = current {
            guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
            if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
                let name = reference.baseName.text
                return FocusableClass.swiftUIControls[name] != nil ? name : nil
            }
            current = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
        }
        return nil
    }
}
