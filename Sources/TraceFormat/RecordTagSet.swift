/// The entry tags (0–255) of the records other than keys whose kinds a ``RecordKinds`` holds,
/// as a 256-bit map: a filtered scan tests each record it steps over with one shift and mask
/// instead of mapping the tag to its kind. ``RecordKinds/containsRecord(ofType:)`` decides
/// each bit; this only caches its answers.
@usableFromInline
struct RecordTagSet: Sendable {
    /// The kinds the map was made for.
    @usableFromInline let kinds: RecordKinds
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    @usableFromInline
    init(_ kinds: RecordKinds) {
        self.kinds = kinds
        for tag in 0...UInt8.max where kinds.containsRecord(ofType: tag) {
            let bit = UInt64(1) &<< UInt64(tag & 63)
            switch tag >> 6 {
            case 0: words.0 |= bit
            case 1: words.1 |= bit
            case 2: words.2 |= bit
            default: words.3 |= bit
            }
        }
    }

    /// Every tag: stepping over records with this set stops at the first record, whatever its kind.
    @usableFromInline static let every = RecordTagSet(.all)

    /// Whether a record with entry tag `tag` is of one of the kinds.
    @inline(__always)
    func contains(_ tag: UInt8) -> Bool {
        let word: UInt64
        switch tag >> 6 {
        case 0: word = words.0
        case 1: word = words.1
        case 2: word = words.2
        default: word = words.3
        }
        return word &>> UInt64(tag & 63) & 1 != 0
    }
}
