import KeyTraceCore
import KeyTraceSupport

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
    /// The identities of two boxes found equal.
    private struct Pair: DirectMappedKey {
        var first: ObjectIdentifier
        var second: ObjectIdentifier

        var cacheHash: UInt64 { Self.combineHash(first.cacheHash, second.cacheHash) }
    }

    /// Both boxes of a remembered pair, held so neither changes in place or is freed (an
    /// identifier stays theirs); a lookup compares identifiers without touching the boxes.
    private var pairs = DirectMappedCache<Pair, (ResolutionRecord.Details, ResolutionRecord.Details)>(capacity: 64)

    /// An empty memo (its slots are allocated on the first pair remembered).
    public init() {}

    /// Whether `a` and `b` have the same details (``ResolutionRecord/hasSameDetails(as:)``).
    public mutating func haveSameDetails(_ a: ResolutionRecord, _ b: ResolutionRecord) -> Bool {
        let pair = Pair(first: ObjectIdentifier(a.details), second: ObjectIdentifier(b.details))
        if pair.first == pair.second { return true }
        if pairs.contains(pair) { return true }
        guard a.details.hasSameFields(as: b.details) else { return false }
        pairs[pair] = (a.details, b.details)
        return true
    }
}
