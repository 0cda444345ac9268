/// Responder paths numbered densely from 0: equal paths share a number, and a number names one
/// path until it is defined anew or the table emptied. Paths are equal when their UTF-8 bytes
/// are (unlike `String`, a precomposed `é` and `e` with a combining accent differ, as in a trace).
///
/// The recorder's dispatching side interns the paths its events name (``intern(_:)``) and sends
/// each new one as a definition; its writing side mirrors the table from those definitions
/// (``define(_:as:)``) and turns numbers back into paths. A replay interns the paths of live
/// resolutions to key its record cache by number.
///
/// ```swift
/// var table = PathTable()
/// table.intern("UIWindow/Editor")   // (0, isNew: true)
/// table.intern("UIWindow/Editor")   // (0, isNew: false)
/// table[0]                          // "UIWindow/Editor"
/// ```
public struct PathTable: Sendable {
    private var paths: [String] = []
    /// Keyed by bytes: `String` keys would merge canonically equivalent paths.
    private var numbers: [[UInt8]: Int32] = [:]

    /// An empty table.
    public init() {}

    /// How many paths the table holds (the next new path gets this number).
    public var count: Int { paths.count }

    /// The number of `path`, and whether this call gave it one.
    public mutating func intern(_ path: String) -> (number: Int32, isNew: Bool) {
        let bytes = Array(path.utf8)
        if let number = numbers[bytes] { return (number, false) }
        let number = Int32(truncatingIfNeeded: paths.count)
        paths.append(path)
        numbers[bytes] = number
        return (number, true)
    }

    /// Records `path` as number `number`, as another table numbered it: the next number appends
    /// it, a number already held is given the new path. Returns whether a number held before
    /// changed its path (numbers beyond the next one are ignored and return `false`).
    @discardableResult
    public mutating func define(_ path: String, as number: Int32) -> Bool {
        guard number >= 0, Int(number) <= paths.count else { return false }
        let bytes = Array(path.utf8)
        if Int(number) == paths.count {
            paths.append(path)
            numbers[bytes] = number
            return false
        }
        let old = Array(paths[Int(number)].utf8)
        if numbers[old] == number { numbers[old] = nil }
        paths[Int(number)] = path
        numbers[bytes] = number
        return old != bytes
    }

    /// The path numbered `number`, `nil` for a number the table does not hold.
    public subscript(number: Int32) -> String? {
        number >= 0 && Int(number) < paths.count ? paths[Int(number)] : nil
    }

    /// Forgets every path; numbers start from 0 again.
    public mutating func removeAll() {
        paths.removeAll(keepingCapacity: true)
        numbers.removeAll(keepingCapacity: true)
    }
}
