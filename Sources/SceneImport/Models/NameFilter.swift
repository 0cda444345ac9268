/// A filter over a fixed set of names that answers "certainly not in the set" without hashing:
/// a name's length and its first and last bytes pick one bit of a 64 × 64 table.
///
/// The evaluator asks the registry about every call and member it meets, and most of those are
/// of the app's own names; hashing each of them to learn that cost more than the lookups it
/// guards. A `true` answer is followed by the real lookup.
struct NameFilter {
    private var rows = [UInt64](repeating: 0, count: 64)

    init(_ names: some Sequence<String>) {
        for name in names {
            let (row, bit) = Self.slot(of: name)
            rows[row] |= bit
        }
    }

    /// Whether `name` may be one of the names; `false` is certain.
    func mayContain(_ name: String) -> Bool {
        let (row, bit) = Self.slot(of: name)
        return rows[row] & bit != 0
    }

    private static func slot(of name: String) -> (row: Int, bit: UInt64) {
        // A native string's bytes are read in place; the generic `last` of a `UTF8View` walks
        // its index backwards instead.
        let ends = name.utf8.withContiguousStorageIfAvailable { bytes in
            (count: bytes.count, first: Int(bytes.first ?? 0), last: Int(bytes.last ?? 0))
        } ?? (count: name.utf8.count, first: Int(name.utf8.first ?? 0), last: Int(name.utf8.last ?? 0))
        return ((ends.count &* 31 &+ ends.last) & 63, 1 << UInt64(ends.first & 63))
    }
}
