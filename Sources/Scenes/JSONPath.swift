/// Where a value sits in a JSON document (`windows[0].root.commands[3].when`), kept as steps
/// and written out only when a message names it: reading a valid scene formats no path.
package indirect enum JSONPath: CustomStringConvertible, Sendable {
    /// A path already written out (`""` is the document itself).
    case text(String)
    /// The member `key` of the object at the parent path.
    case member(JSONPath, String)
    /// The element at `index` of the array at the parent path.
    case element(JSONPath, Int)

    /// The member `key` of the object at this path.
    package func member(_ key: String) -> JSONPath { .member(self, key) }

    /// The element at `index` of the array at this path.
    package func element(_ index: Int) -> JSONPath { .element(self, index) }

    /// The path as errors write it: members joined by `.` (none before a member of the
    /// document itself), elements as `[index]`.
    package var description: String {
        switch self {
        case .text(let text):
            return text
        case .member(let parent, let key):
            let written = parent.description
            return written.isEmpty ? key : "\(written).\(key)"
        case .element(let parent, let index):
            return "\(parent.description)[\(index)]"
        }
    }
}
