/// How Swift method names become Objective-C selectors (the rules `@objc` applies).
///
/// - `find(_:)` → `find:`; `refresh()` → `refresh`
/// - `handleKeyCommand(sender:)` → `handleKeyCommandWithSender:` (a first label is appended
///   to the base name with `With` and a capital)
/// - `move(_:animated:)` → `move:animated:`
enum SelectorName {
    /// The selector of a method with base name `base` and argument labels `labels` (`nil` for
    /// an unlabelled argument).
    static func objectiveC(base: String, labels: [String?]) -> String {
        guard let first = labels.first else { return base }
        var selector = base
        if let label = first {
            selector += "With" + label.prefix(1).uppercased() + label.dropFirst()
        }
        selector += ":"
        for label in labels.dropFirst() {
            selector += (label ?? "") + ":"
        }
        return selector
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
        let type = parts.count > 1 ? parts.dropLast().joined(separator: ".") : nil
        return (type == "self" || type == "Self" ? nil : type, base, labels)
    }
}
