import KeyTraceCore
import KeyTraceSupport

extension JSONValue {
    /// ``canonicalText`` laid out for people: object keys sorted, two spaces of indentation per
    /// level, arrays of scalars on one line. Equal documents give equal text, so a generated file
    /// changes only when its content does.
    public var prettyCanonicalText: String {
        var writer = PrettyJSONWriter()
        write(to: &writer)
        return writer.text
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    /// Writes the value with ``PrettyJSONWriter``, which owns the layout, each object's members
    /// sorted by key. Members are read in place, not copied out of the list.
    private func write(to writer: inout PrettyJSONWriter) {
        switch self {
        case .array(let items) where !items.allSatisfy(\.isScalar):
            writer.openArray()
            for i in items.indices {
                writer.item()
                items[i].write(to: &writer)
            }
            writer.closeArray()
        case .object(let members) where !members.isEmpty:
            writer.openObject()
            let sorted = Self.sortedByKey(members)
            for i in sorted.indices {
                writer.key(sorted[i].key)
                sorted[i].value.write(to: &writer)
            }
            writer.closeObject()
        default:
            // Scalars, `{}` and arrays of scalars are written on one line, as canonical text.
            writer.appendCompact(self)
        }
    }
}
