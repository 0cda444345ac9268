import KeyTraceCore
import KeyTraceSupport

extension JSONValue {
    /// ``canonicalText`` laid out for people: object keys sorted, two spaces of indentation per
    /// level, arrays of scalars on one line. Equal documents give equal text, so a generated file
    /// changes only when its content does.
    public var prettyCanonicalText: String {
        var text = ""
        appendPretty(to: &text, indent: "")
        return text
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    private func appendPretty(to text: inout String, indent: String) {
        switch self {
        case .array(let items) where items.isEmpty || items.allSatisfy(\.isScalar):
            text += canonicalText
        case .array(let items):
            let inner = indent + "  "
            text += "[\n"
            for (i, item) in items.enumerated() {
                text += inner
                item.appendPretty(to: &text, indent: inner)
                text += i + 1 < items.count ? ",\n" : "\n"
            }
            text += indent + "]"
        case .object(let members) where members.isEmpty:
            text += "{}"
        case .object(let members):
            let inner = indent + "  "
            text += "{\n"
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (i, member) in sorted.enumerated() {
                text += inner + JSONString.quote(member.key) + ": "
                member.value.appendPretty(to: &text, indent: inner)
                text += i + 1 < sorted.count ? ",\n" : "\n"
            }
            text += indent + "}"
        default:
            text += canonicalText
        }
    }
}
