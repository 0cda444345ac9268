import KeyTraceCore
import KeyTraceSupport

extension JSONValue {
    /// ``canonicalText`` laid out for people: object keys sorted, two spaces of indentation per
    /// level, arrays of scalars on one line. Equal documents give equal text, so a generated file
    /// changes only when its content does.
    public var prettyCanonicalText: String {
        var bytes: [UInt8] = []
        appendPretty(to: &bytes, depth: 0)
        return String(decoding: bytes, as: UTF8.self)
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    /// Appends the pretty text of a value nested `depth` levels deep to `bytes`.
    private func appendPretty(to bytes: inout [UInt8], depth: Int) {
        func indent(_ depth: Int) { bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth)) }
        switch self {
        case .array(let items) where !items.allSatisfy(\.isScalar):
            bytes.append(contentsOf: "[\n".utf8)
            for (i, item) in items.enumerated() {
                indent(depth + 1)
                item.appendPretty(to: &bytes, depth: depth + 1)
                bytes.append(contentsOf: (i + 1 < items.count ? ",\n" : "\n").utf8)
            }
            indent(depth)
            bytes.append(UInt8(ascii: "]"))
        case .object(let members) where !members.isEmpty:
            bytes.append(contentsOf: "{\n".utf8)
            let sorted = Self.sortedByKey(members)
            for (i, member) in sorted.enumerated() {
                indent(depth + 1)
                JSONString.appendQuoted(member.key, to: &bytes)
                bytes.append(contentsOf: ": ".utf8)
                member.value.appendPretty(to: &bytes, depth: depth + 1)
                bytes.append(contentsOf: (i + 1 < sorted.count ? ",\n" : "\n").utf8)
            }
            indent(depth)
            bytes.append(UInt8(ascii: "}"))
        default:
            // Scalars, `{}` and arrays of scalars are written on one line, as canonical text.
            appendCompactText(to: &bytes, sortingKeys: true)
        }
    }
}
