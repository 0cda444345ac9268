/// The identifiers a text contains, as 64-bit hashes in an open-addressing table: "does this
/// file mention `name`?" for an identifier is one hash and a probe or two, where a substring
/// search reads the whole file each time. The importer asks it for hundreds of names per file
/// (helper functions, type names).
///
/// An identifier is a maximal run of ASCII letters, digits and `_`, or of bytes of non-ASCII
/// characters (so `$name` and `` `name` `` contain `name`); the text's strings and comments are
/// read as code is. Two identifiers with the same hash would make a name look mentioned when it
/// is not; callers use the answer only to skip files that cannot matter, so such a collision
/// costs a walk, never a result.
struct IdentifierHashes {
    private var slots: [UInt64]
    private var mask: Int
    private var count = 0

    /// Reads the identifiers of `text`.
    init(_ text: String) {
        slots = Array(repeating: 0, count: 256)
        mask = 255
        var text = text
        text.withUTF8 { bytes in
            var hash: UInt64 = 0
            var inIdentifier = false
            for byte in bytes {
                if Self.isIdentifierByte(byte) {
                    if !inIdentifier {
                        hash = Self.seed
                        inIdentifier = true
                    }
                    hash = (hash ^ UInt64(byte)) &* Self.prime
                } else if inIdentifier {
                    insert(hash)
                    inIdentifier = false
                }
            }
            if inIdentifier { insert(hash) }
        }
    }

    /// Whether the text contains the identifier `name` (`false` for a name that is not one
    /// identifier: ask ``isIdentifier(_:)`` first).
    func contains(_ name: String) -> Bool {
        guard let hash = Self.hash(name) else { return false }
        return contains(hash: hash)
    }

    /// Whether the text contains any identifier of `names` (another table, made of the names
    /// joined by spaces): one probe of `names` per distinct identifier here.
    func containsAny(of names: IdentifierHashes) -> Bool {
        slots.contains { $0 != 0 && names.contains(hash: $0) }
    }

    /// Whether the text contains the identifier whose ``hash(_:)`` is `hash` (for one name
    /// asked of many texts).
    func contains(hash: UInt64) -> Bool {
        var slot = Int(truncatingIfNeeded: Self.mixed(hash)) & mask
        while true {
            let held = slots[slot]
            if held == hash { return true }
            if held == 0 { return false }
            slot = (slot &+ 1) & mask
        }
    }

    /// Whether `name` is one identifier in the sense above, so that ``contains(_:)`` answers
    /// for it.
    static func isIdentifier(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy(isIdentifierByte)
    }

    private mutating func insert(_ value: UInt64) {
        let hash = Self.nonZero(value)
        var slot = Int(truncatingIfNeeded: Self.mixed(hash)) & mask
        while true {
            let held = slots[slot]
            if held == hash { return }
            if held == 0 { break }
            slot = (slot &+ 1) & mask
        }
        slots[slot] = hash
        count += 1
        if count * 2 > slots.count { grow() }
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: 0, count: old.count * 2)
        mask = slots.count - 1
        count = 0
        for hash in old where hash != 0 { insert(hash) }
    }

    @inline(__always)
    private static func nonZero(_ hash: UInt64) -> UInt64 { hash == 0 ? 1 : hash }

    @inline(__always)
    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...0xFF:
            return true
        default:
            return false
        }
    }

    /// FNV-1a over the name's bytes, never 0 (an empty slot); `nil` for a name that is not
    /// one identifier.
    static func hash(_ name: String) -> UInt64? {
        guard isIdentifier(name) else { return nil }
        var hash = seed
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* prime }
        return nonZero(hash)
    }

    private static let seed: UInt64 = 0xCBF2_9CE4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// FNV's low bits are weak for short keys: the slot comes from a multiplied copy.
    @inline(__always)
    private static func mixed(_ hash: UInt64) -> UInt64 { (hash &* 0x9E37_79B9_7F4A_7C15) >> 32 }
}
