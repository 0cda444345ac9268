import SwiftSyntax

/// The app's bundled resources read in code: `Bundle.url(forResource:withExtension:)`,
/// `path(forResource:ofType:)`, `Data(contentsOf:)`, property lists, JSON and decoders, read
/// from the files the import was given.
enum ResourceModel: FrameworkModel {
    static let functions: Set<String> = [
        "url", "path", "Data", "URL", "NSArray", "NSDictionary", "jsonObject", "propertyList", "decode",
    ]
    static let methods: Set<String> = functions

    static func call(_ site: CallSite, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? {
        evaluator.resourceCall(site.name, args: site.arguments, frame: &frame)
    }

    static func methodOnReceiver(_ site: MethodSite, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? {
        evaluator.resourceCall(site.name, args: site.arguments, frame: &frame)
    }
}

extension Evaluator {
    /// Calls that find or read a bundled resource file, or `nil` for any other call:
    ///
    /// - `Bundle.….url(forResource:withExtension:)` and `path(forResource:ofType:)` → the file;
    /// - `Data(contentsOf:)`, `URL(fileURLWithPath:)`, `String(contentsOf:)`-free wrappers keep it;
    /// - `NSArray(contentsOf:)`, `NSDictionary(contentsOf:)` (and `contentsOfFile:`),
    ///   `JSONSerialization.jsonObject(with:)`, `PropertyListSerialization.propertyList(from:…)`
    ///   and `JSONDecoder`/`PropertyListDecoder` `decode(T.self, from:)` → its contents.
    func resourceCall(_ name: String, args: [(label: String?, expression: ExprSyntax)], frame: inout Frame) -> Value? {
        guard let first = args.first else { return nil }
        switch (name, first.label) {
        case ("url", "forResource"), ("path", "forResource"):
            guard case .string(let resource) = evaluate(first.expression, frame: &frame) else { return nil }
            let typeLabel = name == "url" ? "withExtension" : "ofType"
            var type: String?
            if let typeArgument = args.first(where: { $0.label == typeLabel }) {
                switch evaluate(typeArgument.expression, frame: &frame) {
                case .string(let text): type = text
                case .null: type = nil
                default: return nil
                }
            }
            return resources.file(named: resource, type: type).map(Value.resource)
        case ("Data", "contentsOf"), ("URL", "fileURLWithPath"), ("URL", "filePath"):
            let value = evaluate(first.expression, frame: &frame)
            if case .resource = value { return value }
            return nil
        case ("NSArray", "contentsOf"), ("NSArray", "contentsOfFile"), ("NSDictionary", "contentsOf"),
             ("NSDictionary", "contentsOfFile"), ("jsonObject", "with"), ("propertyList", "from"):
            return contents(of: evaluate(first.expression, frame: &frame), decodingAs: nil)
        case ("decode", _):
            guard let source = args.first(where: { $0.label == "from" }) else { return nil }
            return contents(of: evaluate(source.expression, frame: &frame), decodingAs: Self.decodedElementType(first.expression))
        default:
            return nil
        }
    }

    /// The contents of a resource value, read once per file and type.
    private func contents(of value: Value, decodingAs type: String?) -> Value? {
        guard case .resource(let file) = value else { return nil }
        let key = file.path + "\u{0}" + (type ?? "")
        if let loaded = loadedResources[key] { return loaded }
        let loaded = ResourceFiles.contents(of: file, decodingAs: type) ?? .unknown("unreadable resource \(file.displayPath)")
        loadedResources[key] = loaded
        return loaded
    }

    /// The type a `decode` call decodes each dictionary as: `Shortcut` for `[Shortcut].self`
    /// or `Shortcut.self`; `nil` for dictionaries and `Any`.
    static func decodedElementType(_ expression: ExprSyntax) -> String? {
        var text = expression.sourceText
        guard text.hasSuffix(".self") else { return nil }
        text.removeLast(5)
        while text.hasPrefix("[") && text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        guard !text.contains(":"), !text.contains("["), text != "Any" else { return nil }
        return text
    }

    /// A dictionary literal whose keys the source fixes (`[.save: "cmd`s", .bold: "cmd`b"]`,
    /// `["ctl": .control]`): a `Dictionary` table by key; unknown when a key is not fixed. The
    /// declared type (`[KeyAction: String]`) says what `.save` and `.control` are.
    func evaluateDictionary(_ dictionary: DictionaryExprSyntax, frame: inout Frame, hint: String?) -> Value {
        guard case .elements(let elements) = dictionary.content else { return .table([:]) }
        var keyHint: String?
        var valueHint: String?
        if let hint = hint?.withoutOptionality.withoutSpaces, hint.hasPrefix("["), hint.hasSuffix("]"),
           let colon = hint.firstIndex(of: ":") {
            keyHint = String(hint[hint.index(after: hint.startIndex)..<colon])
            valueHint = String(hint[hint.index(after: colon)..<hint.index(before: hint.endIndex)])
        }
        var fields: [String: Value] = [:]
        for element in elements {
            guard let key = Self.dictionaryKey(evaluate(element.key, frame: &frame, hint: keyHint)) else { return .unknown(dictionary.sourceText) }
            fields[key] = evaluate(element.value, frame: &frame, hint: valueHint)
        }
        return .table(fields)
    }

    /// `Dictionary(uniqueKeysWithValues: entries.map { ($0.action, $0) })`: a table by key, when
    /// every element is a `(key, value)` pair present without a condition and every key is one
    /// the source fixes; `nil` otherwise.
    func dictionary(fromPairs pairs: Value) -> Value? {
        guard let items = pairs.items else { return nil }
        var fields: [String: Value] = [:]
        for item in items {
            guard item.condition.isAlways, case .tuple(let members) = item.value, members.count == 2,
                  let key = Self.dictionaryKey(members[0].value) else { return nil }
            fields[key] = members[1].value
        }
        return .table(fields)
    }

    /// A dictionary key as a table's field name: a string, a number, or an enum case's name.
    static func dictionaryKey(_ key: Value) -> String? {
        switch key {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .enumCase(_, let name, let payload) where payload.isEmpty: return name
        default: return nil
        }
    }

    /// `dictionary["key"]` (or `[.case]`) and `array[index]` on values the evaluator knows.
    func evaluateSubscript(_ subscriptCall: SubscriptCallExprSyntax, frame: inout Frame) -> Value {
        let base = evaluate(subscriptCall.calledExpression, frame: &frame)
        guard subscriptCall.arguments.count == 1, let argument = subscriptCall.arguments.first,
              argument.label == nil else { return .unknown(subscriptCall.sourceText) }
        let key = evaluate(argument.expression, frame: &frame)
        switch (base, key) {
        case (.object(_, let fields), _):
            guard let name = Self.dictionaryKey(key) else { return .unknown(subscriptCall.sourceText) }
            return fields[name] ?? .null
        case (.array(let items), .int(let offset)) where items.indices.contains(offset):
            return items[offset].value
        default:
            return .unknown(subscriptCall.sourceText)
        }
    }
}
