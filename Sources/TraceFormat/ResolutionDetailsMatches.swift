/// Remembers pairs of resolution records whose details (shortcut, title, action, paths,
/// blocking action) were found equal, so comparing records that share those details again
/// costs two identity compares instead of comparing six fields and their strings.
///
/// A replay compares every recorded resolution with its own, and both sides share their
/// details between records (the decoder's ``ResolutionDetailsCache`` and the replay's): the
/// same few pairs come back press after press. A remembered pair holds both details, so
/// neither can be changed in place (records copy their details before a change unless they
/// hold them alone) and an identity seen again still means the same fields.
///
/// ```swift
/// var matches = ResolutionDetailsMatches()
/// matches.haveSameDetails(recorded, replayed)   // compared field by field, remembered
/// matches.haveSameDetails(recorded2, replayed2) // sharing those details: two compares
/// ```
public struct ResolutionDetailsMatches {
    /// Both boxes, held so neither changes in place or is freed (an identifier stays theirs),
    /// and their identifiers, compared on a lookup without touching the boxes' reference counts.
    private struct Pair {
        var first: ResolutionRecord.Details?
        var second: ResolutionRecord.Details?
        var firstIdentifier: ObjectIdentifier?
        var secondIdentifier: ObjectIdentifier?
    }

    private static let slotCount = 64
    private var pairs: [Pair] = []

    /// An empty memo (its slots are allocated on the first pair remembered).
    public init() {}

    /// Whether `a` and `b` have the same details (``ResolutionRecord/hasSameDetails(as:)``).
    public mutating func haveSameDetails(_ a: ResolutionRecord, _ b: ResolutionRecord) -> Bool {
        let first = ObjectIdentifier(a.details)
        let second = ObjectIdentifier(b.details)
        if first == second { return true }
        let mixed = (UInt(bitPattern: first) &* 0x9E37_79B9_7F4A_7C15)
            ^ (UInt(bitPattern: second) &* 0xC2B2_AE3D_27D4_EB4F)
        let slot = Int(truncatingIfNeeded: mixed >> 58)  // 6 bits: 64 slots
        if !pairs.isEmpty && pairs[slot].firstIdentifier == first && pairs[slot].secondIdentifier == second {
            return true
        }
        guard a.details.hasSameFields(as: b.details) else { return false }
        if pairs.isEmpty { pairs = Array(repeating: Pair(), count: Self.slotCount) }
        pairs[slot] = Pair(first: a.details, second: b.details, firstIdentifier: first, secondIdentifier: second)
        return true
    }
}
