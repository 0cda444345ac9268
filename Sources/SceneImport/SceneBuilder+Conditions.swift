import Foundation
import SceneImportVocabulary
import SwiftSyntax

/// The writing direction's tests, and the state flags that stand for the other run-time
/// conditions of the scene's commands.
extension SceneBuilder {
    /// Whether `test` may test the writing direction at all: every test
    /// ``isRightToLeftTest(_:)`` knows names `RTL` or `…ightToLeft`.
    private static func mayTestDirection(_ test: String) -> Bool {
        test.containsBytes(of: "RTL") || test.containsBytes(of: "ightToLeft")
    }

    /// Whether a test's source tests right-to-left layout: `isRTL`, `UIApplication.isRTL`,
    /// `…effectiveUserInterfaceLayoutDirection == .rightToLeft`,
    /// `…userInterfaceLayoutDirection == .rightToLeft`.
    static func isRightToLeftTest(_ source: String) -> Bool {
        // Other tests are passed over unread.
        guard mayTestDirection(source) else { return false }
        let text = source.withoutSpaces
        if text == "isRTL" || text.hasSuffix(".isRTL") || text == "isRightToLeft" || text.hasSuffix(".isRightToLeft") { return true }
        return text.containsBytes(of: "LayoutDirection==.rightToLeft") || text.hasSuffix("LayoutDirection==UIUserInterfaceLayoutDirection.rightToLeft")
    }

    /// What the scene's writing direction decides for a condition: `false` when a
    /// right-to-left test in it fails, `true` when it consists of direction tests that hold, `nil`
    /// when other tests remain (``withoutDirection(_:)``).
    static func directionDecision(_ condition: Condition, rightToLeft: Bool) -> Bool? {
        // A condition that names no direction test has a test that is not one.
        guard condition.tests.contains(where: { mayTestDirection($0.source) }) else { return nil }
        var allDirection = true
        for part in condition.parts {
            guard isRightToLeftTest(part.source) else { allDirection = false; continue }
            if rightToLeft == part.isNegated { return false }
        }
        return allDirection ? true : nil
    }

    /// The condition without its writing-direction tests.
    static func withoutDirection(_ condition: Condition) -> Condition {
        guard condition.tests.contains(where: { mayTestDirection($0.source) }) else { return condition }
        let parts = condition.parts
        let kept = parts.filter { !isRightToLeftTest($0.source) }
        return kept.count == parts.count ? condition : Condition(kept)
    }

    /// A test with the `!` its source begins with taken into its negation: `!isEditing` is
    /// the negation of `isEditing`, `!(a == b)` of `a == b`, `!!x` is `x`; other tests as they are.
    static func positiveForm(_ test: Condition.Test) -> Condition.Test {
        var source = Substring(test.source.trimmingCharacters(in: .whitespaces))
        var negated = test.isNegated
        while source.hasPrefix("!"), !source.hasPrefix("!=") {
            source = source.dropFirst().drop { $0 == " " }
            negated.toggle()
            // `!(a == b)`: the parentheses go when they enclose the whole rest.
            if source.hasPrefix("("), source.hasSuffix(")"), Self.enclosesAll(source) { source = source.dropFirst().dropLast() }
        }
        return Condition.Test(String(source), isNegated: negated)
    }

    /// Whether the opening parenthesis at the start of `text` closes at its end.
    private static func enclosesAll(_ text: Substring) -> Bool {
        var depth = 0
        for (offset, character) in text.enumerated() {
            if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
            if depth == 0 { return offset == text.count - 1 }
        }
        return false
    }

    /// The value a flag has when the app launches, when the source fixes it
    /// (``LaunchValues``): the tests it stands for, read for the type whose command it gates
    /// first. `nil` otherwise.
    func launchValue(of flag: String, state: BuildState) -> Int? {
        guard let test = state.flagTests[flag], let owner = state.flagOwners[flag],
              let value = LaunchValues.value(of: test, owner: owner, model: model) else { return nil }
        return value ? 1 : 0
    }

    /// The state flag standing for a run-time condition: the condition's words in camel case.
    func flagName(for condition: String, state: inout BuildState) -> String {
        if let existing = state.flags[condition] { return existing }
        var words: [String] = []
        var current = ""
        for character in condition {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
            if character == "!" { words.append("not") }
        }
        if !current.isEmpty { words.append(current) }
        var name = words.enumerated().map { $0.offset == 0 ? $0.element.prefix(1).lowercased() + $0.element.dropFirst() : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }.joined()
        if name.isEmpty { name = "condition" }
        if name.count > 48 { name = String(name.prefix(48)) }
        var unique = name
        var counter = 2
        let taken = Set(state.flags.values)
        while taken.contains(unique) {
            unique = name + String(counter)
            counter += 1
        }
        state.flags[condition] = unique
        return unique
    }
}
