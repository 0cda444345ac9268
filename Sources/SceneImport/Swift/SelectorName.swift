/// How Swift method names become Objective-C selectors (the rules `@objc` applies).
///
/// - `find(_:)` → `find:`; `refresh()` → `refresh`
/// - `handleKeyCommand(sender:)` → `handleKeyCommandWithSender:` (a first label is appended
///   to the base name with `With` and a capital)
/// - `write(fromCommand:)` → `writeFromCommand:`, `moveTo(point:)` → `moveToPoint:` (no `With`
///   when the label's first word or the base name's last word is a preposition)
/// - `move(_:animated:)` → `move:animated:`
enum SelectorName {
    /// The selector of a method with base name `base` and argument labels `labels` (`nil` for
    /// an unlabelled argument).
    static func objectiveC(base: String, labels: [String?]) -> String {
        guard let first = labels.first else { return base }
        var selector = base
        if let label = first {
            if !isPreposition(firstWord(of: label)) && !isPreposition(lastWord(of: base)) { selector += "With" }
            selector += label.prefix(1).uppercased() + label.dropFirst()
        }
        selector += ":"
        for label in labels.dropFirst() {
            selector += (label ?? "") + ":"
        }
        return selector
    }

    /// The words Swift's selector rule treats as prepositions (its `PartsOfSpeech` list).
    private static let prepositions: Set<Substring> = [
        "above", "after", "along", "alongside", "as", "at", "before", "below", "by", "following", "for", "from",
        "given", "in", "including", "inside", "into", "matching", "of", "on", "passing", "preceding", "since",
        "to", "until", "using", "via", "when", "with", "within",
    ]

    private static func isPreposition(_ word: Substring) -> Bool { prepositions.contains(Substring(word.lowercased())) }

    /// The first camel-case word: `fromCommand` → `from`.
    private static func firstWord(of name: String) -> Substring {
        name.prefix { !$0.isUppercase }
    }

    /// The last camel-case word: `moveTo` → `To`, `refresh` → `refresh`.
    private static func lastWord(of name: String) -> Substring {
        guard let start = name.lastIndex(where: \.isUppercase) else { return Substring(name) }
        return name[start...]
    }

    /// Parses a Swift declaration reference such as `Type.find(_:)`, `find(_:)`, `refresh` into
    /// a base name and, when written, its labels.
    static func parse(_ text: String) -> (type: String?, base: String, labels: [String?]?) {
        var body = Substring(text.filter { !$0.isWhitespace })
        var labels: [String?]?
        if let open = body.firstIndex(of: "("), body.hasSuffix(")") {
            let inside = body[body.index(after: open)..<body.index(before: body.endIndex)]
            labels = inside.split(separator: ":", omittingEmptySubsequences: true).map { $0 == "_" ? nil : String($0) }
            body = body[..<open]
        }
        let parts = body.split(separator: ".")
        let base = parts.last.map(String.init) ?? String(body)
        // Joined as `String`s: joining the substrings themselves takes the unspecialised path.
        let type = parts.count > 1 ? parts.dropLast().map(String.init).joined(separator: ".") : nil
        return (type == "self" || type == "Self" ? nil : type, base, labels)
    }

    /// Splits `save as (C) -> () -> Void` (an overload picked by its function type) into the
    /// reference and the number of arguments the type's last parameter list holds; `nil` when
    /// the text has no top-level `as` or the type is not a function type.
    static func coercion(in text: String) -> (reference: String, arity: Int)? {
        let characters = Array(text)
        var depth = 0
        var split: Int?
        for i in characters.indices {
            switch characters[i] {
            case "(", "[", "<": depth += 1
            case ")", "]", ">": depth -= 1
            case "a" where depth == 0 && i > 0 && characters[i - 1].isWhitespace && i + 2 < characters.count
                && characters[i + 1] == "s" && characters[i + 2].isWhitespace:
                split = split ?? i
            default: break
            }
        }
        guard let split else { return nil }
        let type = characters[(split + 2)...].filter { !$0.isWhitespace }
        // The last parameter list is the group of parentheses before the type's last `->`.
        guard let arrow = lastArrow(in: type), arrow > 0, type[arrow - 1] == ")" else { return nil }
        var open = arrow - 1
        var level = 0
        var commas = 0
        var empty = true
        while open >= 0 {
            let c = type[open]
            let arrowHead = c == ">" && open > 0 && type[open - 1] == "-"
            if c == ")" || c == "]" || (c == ">" && !arrowHead) { level += 1 } else if c == "(" || c == "[" || c == "<" { level -= 1 }
            if level == 0 { break }
            if level == 1 && c == "," { commas += 1 }
            if level >= 1 && open != arrow - 1 { empty = false }
            open -= 1
        }
        guard open >= 0 else { return nil }
        return (String(characters[..<split]), empty ? 0 : commas + 1)
    }

    /// The index of the `-` of the last top-level `->` in `type`.
    private static func lastArrow(in type: [Character]) -> Int? {
        var depth = 0
        var last: Int?
        for i in type.indices {
            switch type[i] {
            case "(", "[": depth += 1
            case ")", "]": depth -= 1
            case "-" where depth == 0 && i + 1 < type.count && type[i + 1] == ">": last = i
            default: break
            }
        }
        return last
    }
}
