import SwiftSyntax

extension Evaluator {
    /// The most titles a run-time choice is spelled out into (a title with several
    /// interpolated choices multiplies them).
    static let runTimeTitleLimit = 8

    /// A title the app picks at run time between strings the source fixes: a ternary
    /// (`running ? "Pause" : "Start"`), or a string literal whose interpolations are such
    /// choices, written there or as a computed property returning one (`"Insert \(kind) Node"`
    /// with `var kind: String { sidebarFocused ? "Layer" : "Patch" }`). Its alternatives in
    /// source order, joined with ` / ` (``Value/titleText``).
    func runTimeTitle(_ expression: ExprSyntax, frame: inout Frame) -> String? {
        let texts = expression.as(StringLiteralExprSyntax.self).map { interpolatedChoices($0, frame: &frame) } ?? ternaryStrings(expression, frame: &frame)
        guard let texts, texts.count > 1 else { return nil }
        return Value.alternatives(texts.map { Value.Item(value: .string($0), condition: .always) }).titleText
    }

    /// The two strings a ternary the source fixes both sides of gives, in source order.
    private func ternaryStrings(_ expression: ExprSyntax, frame: inout Frame) -> [String]? {
        guard let elements = expression.as(SequenceExprSyntax.self).map({ Array($0.elements) }),
              let mark = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }), mark + 2 == elements.count,
              let ternary = elements[mark].as(UnresolvedTernaryExprSyntax.self) else { return nil }
        var sides: [String] = []
        for side in [ternary.thenExpression, elements[mark + 1]] {
            guard case .string(let text)? = fixedValue({ evaluate(side, frame: &frame) }) else { return nil }
            sides.append(text)
        }
        return sides
    }

    /// Every text a string literal gives when each interpolation is fixed or a ternary choice
    /// (written there, or the one expression of a computed property of `self` it names).
    private func interpolatedChoices(_ literal: StringLiteralExprSyntax, frame: inout Frame) -> [String]? {
        var texts = [""]
        for segment in literal.segments {
            if let text = segment.as(StringSegmentSyntax.self) {
                texts = texts.map { $0 + text.content.text }
                continue
            }
            guard let interpolation = segment.as(ExpressionSegmentSyntax.self), interpolation.expressions.count == 1,
                  let inner = interpolation.expressions.first?.expression else { return nil }
            if case .string(let fixed)? = fixedValue({ evaluate(inner, frame: &frame) }) {
                texts = texts.map { $0 + fixed }
                continue
            }
            var chosen = inner
            if let name = Self.nameOrSelfMember(inner), let type = frame.selfType,
               let getter = index.type(named: type)?.properties[name]?.getter, getter.count == 1,
               let only = getter.first?.item.as(ExprSyntax.self) ?? getter.first?.item.as(ReturnStmtSyntax.self)?.expression {
                chosen = only
            }
            guard let options = ternaryStrings(chosen, frame: &frame), texts.count * options.count <= Self.runTimeTitleLimit else { return nil }
            texts = texts.flatMap { text in options.map { text + $0 } }
        }
        return texts
    }
}
