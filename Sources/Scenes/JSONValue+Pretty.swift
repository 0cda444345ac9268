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

    /// Appends the pretty text of a value nested `depth` levels deep to `bytes`. Punctuation
    /// and indentation go in byte by byte: appending a literal's UTF-8 view costs more than
    /// the bytes it holds. Members are read in place, not copied out of the list.
    private func appendPretty(to bytes: inout [UInt8], depth: Int) {
        func indent(_ depth: Int) {
            for _ in 0..<(2 * depth) { bytes.append(UInt8(ascii: " ")) }
        }
        switch self {
        case .array(let items) where !items.allSatisfy(\.isScalar):
            bytes.append(UInt8(ascii: "["))
            bytes.append(UInt8(ascii: "\n"))
            for i in items.indices {
                indent(depth + 1)
                items[i].appendPretty(to: &bytes, depth: depth + 1)
                if i + 1 < items.count { bytes.append(UInt8(ascii: ",")) }
                bytes.append(UInt8(ascii: "\n"))
            }
            indent(depth)
            bytes.append(UInt8(ascii: "]"))
        case .object(let members) where !members.isEmpty:
            bytes.append(UInt8(ascii: "{"))
            bytes.append(UInt8(ascii: "\n"))
            let sorted = Self.sortedByKey(members)
            for i in sorted.indices {
                indent(depth + 1)
                JSONString.appendQuoted(sorted[i].key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                bytes.append(UInt8(ascii: " "))
                sorted[i].value.appendPretty(to: &bytes, depth: depth + 1)
                if i + 1 < sorted.count { bytes.append(UInt8(ascii: ",")) }
                bytes.append(UInt8(ascii: "\n"))
            }
            indent(depth)
            bytes.append(UInt8(ascii: "}"))
        default:
            // Scalars, `{}` and arrays of scalars are written on one line, as canonical text.
            appendCompactText(to: &bytes, sortingKeys: true)
        }
    }
}
