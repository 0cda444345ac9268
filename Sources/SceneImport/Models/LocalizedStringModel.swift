import Foundation
import SwiftSyntax

/// Foundation's and SwiftUI's strings: `NSLocalizedString`, `String(localized:)`,
/// `String(format:)`, `LocalizedStringKey`, `Text`, and the `localized` helpers apps write,
/// each looked up in the app's strings tables.
enum LocalizedStringModel: FrameworkModel {
    static let stringType = "String"
    static let functions: Set<String> = ["NSLocalizedString", stringType, "LocalizedStringKey", "Text"]
    static let methods: Set<String> = localizingNames.union([utf8BufferName])
    /// `StaticString.withUTF8Buffer(_:)`, which hands the closure the string's bytes.
    static let utf8BufferName = "withUTF8Buffer"
    static let claimsOtherNames = true

    /// A localizing function the app calls but does not declare (a C function of a library
    /// outside the imported folders, `LocalizedString(key, "domain")`): read as Foundation's
    /// lookup of its first argument.
    static func claims(_ name: String, in evaluator: Evaluator) -> Bool {
        name.containsBytes(of: "ocalized") && !evaluator.index.declaresFunctionOrType(named: name)
    }
    static let types: Set<String> = [stringType]
    static let describesValues = true
    static var openTypes: Set<String> { types }
    static var extendedTypes: [String] { [stringType] }
    /// Whether `text` (a getter's source) reads localized strings.
    static func readsLocalizedStrings(_ text: String) -> Bool {
        text.containsBytes(of: "NSLocalizedString") || text.containsBytes(of: "localized")
    }

    /// The names apps give a string method or property that localizes it.
    static let localizingNames: Set<String> = ["localize", "localized", "localizedString"]

    static func call(_ site: CallSite, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? {
        let args = site.arguments
        if site.name == "NSLocalizedString" {
            if let first = args.first, case .string(let key) = evaluator.evaluate(first.expression, frame: &frame) {
                return .string(evaluator.strings.lookup(key) ?? fallback(labelled: "value", in: args, evaluator, &frame) ?? key)
            }
            return site.unknown
        }
        let isString = site.name == stringType
        if isString, args.first?.label == "format" {
            return evaluator.formatted(args, frame: &frame) ?? site.unknown
        }
        if isString, let bytes = args.first, bytes.label == "decoding",
           args.contains(where: { $0.label == "as" && $0.expression.sourceText.containsBytes(of: "UTF8") }) {
            // `String(decoding: buffer, as: UTF8.self)` of a string's own bytes is that string.
            let value = evaluator.evaluate(bytes.expression, frame: &frame)
            return value.stringValue != nil ? value : site.unknown
        }
        if let localized = args.first(where: { $0.label == "localized" || $0.label == nil }) {
            let value = evaluator.evaluate(localized.expression, frame: &frame)
            if case .string(let key) = value {
                return .string(evaluator.strings.lookup(key) ?? fallback(labelled: "defaultValue", in: args, evaluator, &frame) ?? key)
            }
            if isString, case .int(let n) = value { return .string(String(n)) }
            if isString, case .unknown = value, localized.label == nil { return value }
        }
        return site.unknown
    }

    /// What a lookup whose key no strings table holds gives: the string the call's `value:`
    /// (`NSLocalizedString`) or `defaultValue:` (`String(localized:defaultValue:)`) argument
    /// fixes, the development language's text, as Foundation returns it; `nil` without one.
    private static func fallback(labelled label: String, in args: [(label: String?, expression: ExprSyntax)],
                                 _ evaluator: Evaluator, _ frame: inout Evaluator.Frame) -> String? {
        guard let argument = args.first(where: { $0.label == label }),
              case .string(let text) = evaluator.evaluate(argument.expression, frame: &frame), !text.isEmpty else { return nil }
        return text
    }

    /// `key.localized` on a string the source fixes: its entry in the strings tables.
    static func property(_ name: String, of base: Value, in evaluator: Evaluator) -> Value? {
        guard case .string(let key) = base, localizingNames.contains(name) else { return nil }
        return .string(evaluator.strings.lookup(key) ?? key)
    }

    /// `key.localized()` on a string the source fixes: its entry in the strings tables. And
    /// `bundle.localizedString(forKey: key, value: nil, table: "Localizable")`, Foundation's
    /// lookup that SwiftGen's generated `L10n.tr(…)` calls, on any bundle: the key's entry, else
    /// the `value:` given, else the key, as Foundation returns them.
    static func method(_ site: MethodSite, on base: Value, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? {
        if site.name == utf8BufferName {
            // The closure reads the bytes as the string they spell (``call(_:in:frame:)``).
            guard case .string = base, let closure = site.arguments.first?.expression.as(ClosureExprSyntax.self) else { return nil }
            return evaluator.callClosure(closure, with: [base], frame: &frame)
        }
        if site.name == "localizedString", let keyArgument = site.arguments.first(where: { $0.label == "forKey" }) {
            guard case .string(let key) = evaluator.evaluate(keyArgument.expression, frame: &frame) else { return site.call.unknown }
            return .string(evaluator.strings.lookup(key) ?? fallback(labelled: "value", in: site.arguments, evaluator, &frame) ?? key)
        }
        guard case .string(let key) = base else { return nil }
        return .string(evaluator.strings.lookup(key) ?? key)
    }
}

extension Evaluator {
    /// `String(format: "%@-%d", name, n)`: the text, when the format and every argument are
    /// fixed and each conversion is one the importer writes as Foundation does (`%@` of a
    /// string, `%d`, `%i`, `%ld`, `%u` of a number, `%C` of a UTF-16 code unit, `%%`); `nil`
    /// otherwise (`%c` keeps only a number's low byte, `%x`, widths and precisions are not read).
    func formatted(_ args: [(label: String?, expression: ExprSyntax)], frame: inout Frame) -> Value? {
        guard case .string(let format)? = args.first.map({ evaluate($0.expression, frame: &frame) }) else { return nil }
        // `String(format:locale:arguments:)` (SwiftGen's `L10n.tr`): a format without
        // conversions is its own text whatever the locale and arguments; the values of one with
        // conversions, in a `CVarArg` array, are not read.
        if args.contains(where: { $0.label == "locale" || $0.label == "arguments" }) {
            return format.contains("%") ? nil : .string(format)
        }
        return self.format(format, with: args.dropFirst().map { evaluate($0.expression, frame: &frame) })
    }

    /// `format` with `arguments` put in its conversions, as ``formatted(_:frame:)`` reads them;
    /// `nil` when a conversion is not one it writes or its argument is not fixed.
    func format(_ format: String, with arguments: [Value]) -> Value? {
        var values = arguments[...]
        var result = ""
        var characters = format.makeIterator()
        while let character = characters.next() {
            guard character == "%" else {
                result.append(character)
                continue
            }
            var conversion = ""
            while let next = characters.next() {
                conversion.append(next)
                if next.isLetter && next != "l" || next == "@" || next == "%" { break }
            }
            if conversion == "%" {
                result.append("%")
                continue
            }
            guard let value = values.popFirst() else { return nil }
            switch (conversion, value) {
            case ("@", .string(let text)): result += text
            case ("d", .int(let n)), ("i", .int(let n)), ("ld", .int(let n)), ("li", .int(let n)):
                result += String(n)
            case ("u", .int(let n)) where n >= 0:
                result += String(n)
            case ("C", .int(let n)):
                guard let scalar = UInt16(exactly: n).flatMap({ Unicode.Scalar($0) }) else { return nil }
                result.unicodeScalars.append(scalar)
            default:
                return nil
            }
        }
        return .string(result)
    }
}
