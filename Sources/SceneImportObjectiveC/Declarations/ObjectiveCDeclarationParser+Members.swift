/// Members of `@interface` and `@implementation` blocks: properties, instance variables and
/// method signatures.
extension ObjectiveCDeclarationParser {
    private static func isMacroName(_ name: String) -> Bool {
        name.contains("_") && name.allSatisfy { $0.isUppercase || $0.isNumber || $0 == "_" }
    }

    func parseProperty(at start: Int) -> (ObjectiveCProperty?, Int) {
        var index = start + 1
        var attributes: [String] = []
        if stream.isPunctuation(index, "(") {
            attributes = stream.splitTopLevel(index + 1..<stream.partner(of: index)).map { stream.text($0) }
            index = stream.skip(index)
        }
        var end = index
        while end < stream.count, !stream.isPunctuation(end, ";"), !isBlockKeyword(end), stream.kind(end) != .atKeyword {
            end = stream.skip(end)
        }
        let property = declaredVariable(index..<max(index, min(end, stream.count)), kind: .property, attributes: attributes)
        return (property, stream.isPunctuation(end, ";") ? end + 1 : end)
    }

    /// A declaration `Type *name` (trailing macros such as `API_AVAILABLE(ios(13.0))` and
    /// `NS_SWIFT_NAME(x)` ignored; `void (^name)(…)` block types understood).
    private func declaredVariable(_ range: Range<Int>, kind: ObjectiveCProperty.Kind, attributes: [String]) -> ObjectiveCProperty? {
        var items: [Int] = []
        var index = range.lowerBound
        while index < range.upperBound {
            items.append(index)
            index = stream.skip(index)
        }
        // Drop trailing macros: `NAME(…)` groups and bare `NAME_NAME` words.
        while items.count > 2 {
            let last = items[items.count - 1]
            let previous = items[items.count - 2]
            if stream.isPunctuation(last, "("), stream.kind(previous) == .identifier {
                items.removeLast(2)
            } else if stream.kind(last) == .identifier, Self.isMacroName(stream.value(last) ?? ""), stream.kind(previous) != .punctuation || stream.isPunctuation(previous, "*") {
                items.removeLast()
            } else if stream.isPunctuation(last, "[") {
                items.removeLast()
            } else {
                break
            }
        }
        guard let lastItem = items.last else { return nil }
        var nameIndex: Int?
        if stream.kind(lastItem) == .identifier {
            nameIndex = lastItem
        } else if let group = items.first(where: { stream.isPunctuation($0, "(") && (stream.isPunctuation($0 + 1, "^") || stream.isPunctuation($0 + 1, "*")) }) {
            nameIndex = stream.kind(group + 2) == .identifier ? group + 2 : nil
        }
        guard let nameIndex, let name = stream.value(nameIndex) else { return nil }
        var typeWords: [String] = []
        var isOutlet = false
        var cursor = range.lowerBound
        let typeEnd = min(stream.skip(lastItem), range.upperBound, stream.count)
        while cursor < typeEnd {
            let token = tokens[cursor]
            if cursor == nameIndex {
                cursor += 1
                continue
            }
            if token.isIdentifier("IBOutlet") || token.isIdentifier("IBOutletCollection") { isOutlet = true }
            if token.isIdentifier("IBOutletCollection") {
                cursor = stream.isPunctuation(cursor + 1, "(") ? stream.skip(cursor + 1) : cursor + 1
                continue
            }
            if token.kind == .identifier, ObjectiveCTypeName.qualifiers.contains(token.value) {
                cursor += 1
                continue
            }
            if token.kind == .identifier, Self.isMacroName(token.value), stream.isPunctuation(cursor + 1, "(") {
                cursor = stream.skip(cursor + 1)
                continue
            }
            typeWords.append(stream.text(cursor..<cursor + 1))
            cursor += 1
        }
        let type = Self.joinTypeWords(typeWords)
        return ObjectiveCProperty(
            kind: kind, name: name, type: type, typeName: ObjectiveCTypeName.base(of: type), attributes: attributes,
            isOutlet: isOutlet, line: tokens[nameIndex].line)
    }

    /// Joins type tokens the way they are usually written: `NSArray<UIKeyCommand *> *`.
    static func joinTypeWords(_ words: [String]) -> String {
        var text = ""
        for word in words {
            if text.isEmpty || word == "<" || word == ">" || word == "," || word == ")" || text.hasSuffix("<") || text.hasSuffix("(")
                || text.hasSuffix("^") || (word == "*" && text.hasSuffix("*"))
            {
                text += word
            } else {
                text += " " + word
            }
        }
        return text
    }

    func parseInstanceVariables(_ range: Range<Int>) -> [ObjectiveCProperty] {
        var result: [ObjectiveCProperty] = []
        for part in stream.splitTopLevel(range, separator: ";") {
            var lower = part.lowerBound
            while lower < part.upperBound, stream.kind(lower) == .atKeyword { lower += 1 }
            guard lower < part.upperBound else { continue }
            if let variable = declaredVariable(lower..<part.upperBound, kind: .instanceVariable, attributes: []) {
                result.append(variable)
            }
        }
        return result
    }


    /// Reads `-`/`+ (Type)part:(Type)name …` and returns the method and the index of the token
    /// that ends the signature (`;` or `{`).
    func parseMethodSignature(at start: Int) -> (ObjectiveCMethod?, Int) {
        var index = start + 1
        var returnType = "id"
        if stream.isPunctuation(index, "(") {
            returnType = stream.text(index + 1..<stream.partner(of: index))
            index = stream.skip(index)
        }
        guard stream.kind(index) == .identifier || stream.isPunctuation(index, ":") else { return (nil, index) }
        let line = stream.line(index)
        let (selector, parameters, end) = parseSelectorParts(at: index)
        index = end
        // Variadic tails and attributes (`NS_REQUIRES_SUPER`, `API_AVAILABLE(…)`) up to `;` or `{`.
        while index < stream.count, !stream.isPunctuation(index, ";"), !stream.isPunctuation(index, "{"), stream.kind(index) != .atKeyword,
            !(index > start + 1 && isMethodStart(index))
        {
            index = stream.skip(index)
        }
        let method = ObjectiveCMethod(
            isClassMethod: tokens[start].isPunctuation("+"), selector: selector, returnType: returnType,
            parameters: parameters, line: line, body: nil)
        return (method, index)
    }

    /// Reads a selector with its parameters from `start`: `keyCommands`, or `part:(Type)name …`;
    /// returns them and the index of the token after the last part.
    private func parseSelectorParts(at start: Int) -> (selector: String, parameters: [ObjectiveCMethod.Parameter], end: Int) {
        var index = start
        var selector = ""
        var parameters: [ObjectiveCMethod.Parameter] = []
        if stream.kind(index) == .identifier, !stream.isPunctuation(index + 1, ":") {
            selector = stream.value(index) ?? ""
            index += 1
        } else {
            while index < stream.count {
                var label = ""
                if stream.kind(index) == .identifier, stream.isPunctuation(index + 1, ":") {
                    label = stream.value(index) ?? ""
                    index += 2
                } else if stream.isPunctuation(index, ":") {
                    index += 1
                } else {
                    break
                }
                var type: String?
                if stream.isPunctuation(index, "(") {
                    type = stream.text(index + 1..<stream.partner(of: index))
                    index = stream.skip(index)
                }
                var name = ""
                if stream.kind(index) == .identifier, !stream.isPunctuation(index + 1, ":") || !(stream.isPunctuation(index + 2, "(")) {
                    name = stream.value(index) ?? ""
                    index += 1
                }
                selector += label + ":"
                parameters.append(.init(label: label, type: type, name: name))
            }
        }
        return (selector, parameters, index)
    }

    /// A method a macro defines in an `@implementation`: `NAME(part:(Type)name …) { … }`, as
    /// React Native's `RCT_EXPORT_METHOD(setKeyCommands:(id)json) { … }` and
    /// `RCT_REMAP_METHOD(jsName, part:(Type)name …) { … }` (the selector after the last
    /// top-level comma) expand to an instance method returning `void`. `nil` when the
    /// parentheses hold no selector or no body follows.
    func parseMacroMethod(at start: Int) -> ObjectiveCMethod? {
        guard stream.kind(start) == .identifier, stream.isPunctuation(start + 1, "(") else { return nil }
        let close = stream.partner(of: start + 1)
        guard close > start + 2, stream.isPunctuation(close + 1, "{") else { return nil }
        let arguments = stream.splitTopLevel(start + 2..<close, separator: ",")
        guard let last = arguments.last, last.lowerBound < last.upperBound, stream.kind(last.lowerBound) == .identifier else { return nil }
        let (selector, parameters, end) = parseSelectorParts(at: last.lowerBound)
        guard !selector.isEmpty, end == last.upperBound else { return nil }
        return ObjectiveCMethod(isClassMethod: false, selector: selector, returnType: "void", parameters: parameters,
                                line: stream.line(last.lowerBound), body: nil)
    }
}
