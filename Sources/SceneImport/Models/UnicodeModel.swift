import Foundation
import SwiftSyntax

/// The standard library's and Foundation's characters: `Character(…)`, `UnicodeScalar(…)`,
/// `Unicode.Scalar(…)` and the named `CharacterSet`s.
enum UnicodeModel: FrameworkModel {
    static let functions: Set<String> = ["Character", "UnicodeScalar"]

    static func call(_ site: CallSite, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? {
        let args = site.arguments
        if site.name == "Character" {
            if let first = args.first { return evaluator.evaluate(first.expression, frame: &frame, hint: LocalizedStringModel.stringType) }
            return site.unknown
        }
        guard args.count == 1, let scalar = Evaluator.scalar(of: evaluator.evaluate(args[0].expression, frame: &frame)) else {
            return site.unknown
        }
        return scalar
    }
}

extension Evaluator {
    /// The Unicode calls loops over code points make: `Unicode.Scalar(n)` (a one-scalar string,
    /// `nil` for a surrogate; `Unicode.Scalar("a")` is `"a"`, whose `.value` is its code point),
    /// and `CharacterSet.lowercaseLetters.contains(s)` and the other
    /// named sets, decided with Foundation's tables.
    func unicodeCall(_ member: MemberAccessExprSyntax, args: [(label: String?, expression: ExprSyntax)], frame: inout Frame) -> Value? {
        guard args.count == 1, let base = member.base?.sourceText else { return nil }
        let name = member.declName.baseName.text
        if base == "Unicode" && name == "Scalar" {
            return Self.scalar(of: evaluate(args[0].expression, frame: &frame))
        }
        guard name == "contains", base.hasPrefix("CharacterSet."),
              let set = Self.characterSets[String(base.dropFirst("CharacterSet.".count))],
              case .string(let text) = evaluate(args[0].expression, frame: &frame),
              let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1 else { return nil }
        return .bool(set.contains(scalar))
    }

    /// `Unicode.Scalar(x)` of a code point (``scalar(_:)``) or of a one-scalar string (the string
    /// itself); `nil` for any other argument.
    static func scalar(of argument: Value) -> Value? {
        switch argument {
        case .int(let code): return scalar(code)
        case .string(let text) where text.unicodeScalars.count == 1: return .string(text)
        default: return nil
        }
    }

    /// `Unicode.Scalar(code)` as a one-scalar string, or `nil` (`.null`) when `code` is none.
    static func scalar(_ code: Int) -> Value {
        guard let value = UInt32(exactly: code), let scalar = Unicode.Scalar(value) else { return .null }
        return .string(String(scalar))
    }

    /// Foundation's named character sets, by the name `CharacterSet.name` uses.
    static let characterSets: [String: CharacterSet] = [
        "lowercaseLetters": .lowercaseLetters, "uppercaseLetters": .uppercaseLetters, "letters": .letters,
        "decimalDigits": .decimalDigits, "alphanumerics": .alphanumerics, "punctuationCharacters": .punctuationCharacters,
        "symbols": .symbols, "whitespaces": .whitespaces, "whitespacesAndNewlines": .whitespacesAndNewlines,
        "controlCharacters": .controlCharacters, "capitalizedLetters": .capitalizedLetters,
    ]
}
