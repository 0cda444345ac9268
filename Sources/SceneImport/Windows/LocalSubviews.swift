import SwiftSyntax

/// The views of UIKit's text and web classes (``FocusableClass/registered``), and of the app's
/// classes built on them (`class CodeTextView: UITextView`), a type's methods make in a local
/// and add as a subview, which the type then shows without holding them in a property:
///
///     let field = UITextField()
///     field.placeholder = "Name"
///     view.addSubview(field)
///
/// Each is named by its local (`field`), the name a `field.becomeFirstResponder()` beside it
/// uses. A view made inline (`addSubview(UITextField())`) has no name and is not read, and one
/// the same body hides or removes again is a stand-in no user sees.
struct LocalSubviews {
    /// A local a method adds as a subview, and the class it makes.
    struct Local: Equatable {
        var name: String
        var viewClass: String
    }

    /// The classes whose locals count: the registered ones, and the app's classes built on one.
    static func classes(in index: SourceIndex) -> Set<String> {
        var result = Set(FocusableClass.registered.map(\.name))
        for info in index.orderedTypes where info.kind == .class {
            var base = index.systemBase(of: info.name)
            var seen: Set<String> = []
            while let name = base, seen.insert(name).inserted, !result.contains(name) { base = SourceIndex.systemSuperclass[name] }
            if let name = base, FocusableClass.registered.contains(where: { $0.name == name }) { result.insert(info.name) }
        }
        return result
    }

    /// The locals `info`'s methods add as subviews, each name once, in source order; `classes`
    /// is ``classes(in:)``.
    static func added(by info: SourceIndex.TypeInfo, index: SourceIndex, classes: Set<String>) -> [Local] {
        // Every adding call holds `Subview(`: one search finds them all.
        let words = [ContainmentModel.subviewWord]
        guard index.files(declaring: info).contains(where: { file in
            index.file(file, mentions: words[0]) && classes.contains { index.file(file, mentions: $0) }
        }) else { return [] }
        var result: [Local] = []
        for function in info.functions {
            // Only a body that adds a subview is walked.
            guard let body = function.body, let file = index.sourceOfRoot[body.root.id]?.file,
                  let offsets = index.offsets(of: words, inFile: file),
                  ByteSearch.contains(offsets, offsetIn: body.position.utf8Offset..<body.endPosition.utf8Offset) else { continue }
            let finder = Finder(classes: classes)
            finder.walk(body)
            for name in finder.added where !finder.hidden.contains(name) {
                guard let viewClass = finder.made[name], !result.contains(where: { $0.name == name }) else { continue }
                result.append(Local(name: name, viewClass: viewClass))
            }
        }
        return result
    }

    /// The locals a body makes of `classes`, and the names it adds as subviews.
    private final class Finder: SyntaxVisitor {
        let classes: Set<String>
        var made: [String: String] = [:]
        var added: [String] = []
        /// Locals the body hides or takes out again (`temp.isHidden = true`,
        /// `temp.removeFromSuperview()`): a stand-in the user never sees.
        var hidden: Set<String> = []

        init(classes: Set<String>) {
            self.classes = classes
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
            guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, made[name] == nil else { return .visitChildren }
            // `let field = UITextField(…)`, `UITextField.init(…)`, or `let field: UITextField = …`.
            var called = node.initializer?.value.as(FunctionCallExprSyntax.self)?.calledExpression
            if let member = called?.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init" { called = member.base }
            let type = node.typeAnnotation?.type
            let annotated = (type?.as(OptionalTypeSyntax.self)?.wrappedType ?? type)?.as(IdentifierTypeSyntax.self)?.name.text
            if let found = [called?.as(DeclReferenceExprSyntax.self)?.baseName.text, annotated].compactMap({ $0 }).first(where: classes.contains) {
                made[name] = found
            }
            return .visitChildren
        }

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let elements = node.elements
            guard elements.count == 3, let first = elements.first, let member = first.as(MemberAccessExprSyntax.self),
                  member.declName.baseName.text == "isHidden", let base = member.base?.as(DeclReferenceExprSyntax.self),
                  elements.last?.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true) else { return .visitChildren }
            hidden.insert(base.baseName.text)
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "removeFromSuperview",
               let base = member.base?.as(DeclReferenceExprSyntax.self) {
                hidden.insert(base.baseName.text)
            }
            let called = node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                ?? node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            if let called, ContainmentModel.subviewCalls.contains(called),
               let argument = node.arguments.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text {
                added.append(argument)
            }
            return .visitChildren
        }
    }
}
