import Foundation
import SwiftSyntax

/// One kind of run-time test whose value at launch the source fixes. The scene is the app at
/// launch, so a state flag standing for such tests starts at the value they have then.
protocol LaunchValueRule: Sendable {
    /// The value of `test` (spaces taken out, no `!` or `== true` around it) when the app
    /// launches, read for a command of `owner`; `nil` when this rule does not decide it.
    static func launchValue(of test: String, owner: String, model: AppModel) -> Bool?
}

/// The launch-value rules, asked in this order (``LaunchValueRule``).
enum LaunchValues {
    static let registered: [any LaunchValueRule.Type] = [
        StoredBoolLiteral.self,
        UnsetUserDefault.self,
    ]

    /// The value of a condition's text at launch: a lone test, or tests joined by `&&` or `,`
    /// of which one is `false` at launch (the others then do not matter) or all are `true`;
    /// `nil` when the source does not fix it.
    static func value(of condition: String, owner: String, model: AppModel) -> Bool? {
        let conjuncts = Self.conjuncts(of: condition)
        var all: Bool? = true
        for conjunct in conjuncts {
            switch value(ofTest: conjunct, owner: owner, model: model) {
            case false?: return false
            case true?: continue
            case nil: all = nil
            }
        }
        return all
    }

    /// One test's value at launch, with the `!`, `== true`, `!= false` and `self.` around it
    /// read.
    static func value(ofTest test: String, owner: String, model: AppModel) -> Bool? {
        var text = test.filter { $0 != " " }
        var inverted = false
        while text.hasPrefix("!") {
            text.removeFirst()
            inverted.toggle()
        }
        while text.hasPrefix("("), text.hasSuffix(")"), Self.conjuncts(of: String(text.dropFirst().dropLast())).count == 1,
              balanced(text.dropFirst().dropLast()) {
            text = String(text.dropFirst().dropLast())
        }
        for (suffix, inverts) in [("==true", false), ("==false", true), ("!=true", true), ("!=false", false)] where text.hasSuffix(suffix) {
            text = String(text.dropLast(suffix.count))
            if inverts { inverted.toggle() }
            break
        }
        if text.hasPrefix("self.") { text = String(text.dropFirst(5)) }
        guard !text.isEmpty else { return nil }
        for rule in registered {
            if let value = rule.launchValue(of: text, owner: owner, model: model) { return value != inverted }
        }
        return nil
    }

    /// The parts of a condition joined at its top level by `&&` or `,`; the whole condition
    /// when it has a top-level `||` (a disjunction is not read part by part).
    static func conjuncts(of condition: String) -> [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        var characters = Array(condition)[...]
        while let character = characters.popFirst() {
            switch character {
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            case "|" where depth == 0 && characters.first == "|":
                return [condition.trimmingCharacters(in: .whitespaces)]
            case "&" where depth == 0 && characters.first == "&":
                characters.removeFirst()
                parts.append(current)
                current = ""
                continue
            case "," where depth == 0:
                parts.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        parts.append(current)
        return parts.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private static func balanced(_ text: Substring) -> Bool {
        var depth = 0
        for character in text {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if depth < 0 { return false }
        }
        return depth == 0
    }
}

/// A stored `Bool` property of the command's type or a superclass whose declaration gives it
/// a literal (`var in_ime = false`): that literal.
enum StoredBoolLiteral: LaunchValueRule {
    static func launchValue(of test: String, owner: String, model: AppModel) -> Bool? {
        guard test.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        for info in [model.index.type(named: owner)].compactMap({ $0 }) + model.index.ancestors(of: owner) {
            guard let property = info.properties[test] else { continue }
            guard property.isVariable, property.getter == nil,
                  let literal = property.initializer?.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind else { return nil }
            return literal == .keyword(.true)
        }
        return nil
    }
}

/// `UserDefaults.standard.bool(forKey: key)`: `false` on a fresh install, unless the app
/// registers a default for the key (`register(defaults: [key: true])`, `registerDefaults:`),
/// which the import does not read: a file that registers defaults and names the key leaves
/// the test a run-time one.
enum UnsetUserDefault: LaunchValueRule {
    static let reader = ".bool(forKey:"
    static let registrations = ["register(defaults", "registerDefaults"]

    static func launchValue(of test: String, owner: String, model: AppModel) -> Bool? {
        guard test.hasSuffix(")"), let call = test.range(of: reader), test.prefix(upTo: call.lowerBound).containsBytes(of: "efaults") else {
            return nil
        }
        let key = String(test[call.upperBound...].dropLast())
        guard !key.isEmpty else { return nil }
        let written = key.hasPrefix("\"") ? String(key.dropFirst().dropLast()) : key.split(separator: ".").last.map(String.init) ?? key
        for (file, text) in model.index.texts where registrations.contains(where: { text.containsBytes(of: $0) }) {
            if model.index.file(file, mentions: written) { return nil }
        }
        return false
    }
}
