import KeyTraceSupport

/// A string compared and hashed by its UTF-8 bytes.
///
/// `String` equality is canonical equivalence (a precomposed `é` equals `e` with a combining
/// accent), which would let a chunk's string table hand one string's bytes to another. A trace
/// keeps bytes, so its tables key strings by this instead.
struct ExactString: Hashable {
    var string: String

    init(_ string: String) { self.string = string }

    static func == (lhs: ExactString, rhs: ExactString) -> Bool {
        var l = lhs.string, r = rhs.string
        return l.withUTF8 { a in
            r.withUTF8 { b in
                guard a.count == b.count else { return false }
                guard let x = a.baseAddress, let y = b.baseAddress, a.count > 0 else { return true }
                return memcmp(x, y, a.count) == 0
            }
        }
    }

    func hash(into hasher: inout Hasher) {
        var s = string
        s.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
