/// The shape numbers of a chunk's last three key records, most recent first, and what the
/// release forms (short types 2–4, docs/TraceFormat.md §5.4) refer to. −1 marks "none".
///
/// Encoder and decoders push every key record, in any form, so both sides agree on what
/// "the key record k back" is.
@usableFromInline
struct KeyHistory {
    @usableFromInline var last: Int32 = -1
    @usableFromInline var second: Int32 = -1
    @usableFromInline var third: Int32 = -1

    @inlinable init() {}

    /// Records a key record of shape number `shape` (−1 for one whose shape did not resolve).
    @inlinable @inline(__always)
    mutating func push(_ shape: Int32) {
        third = second
        second = last
        last = shape
    }

    /// The shape number of the key record `back` records before the next one (0 is the last,
    /// at most 2); −1 when there is none.
    @inlinable @inline(__always)
    func shape(back: Int) -> Int32 { back == 0 ? last : back == 1 ? second : third }

    /// Forgets every record (a new chunk).
    mutating func removeAll() { self = KeyHistory() }

    /// How many records back (0–2) lies the key whose release partner is `shape`, by
    /// `partners` (each shape number's partner, −1 for none); `nil` when none of the three is.
    @inline(__always)
    func back(releasing shape: Int32, partners: [Int32]) -> Int? {
        for back in 0..<3 {
            let pressed = self.shape(back: back)
            if pressed >= 0, Int(pressed) < partners.count, partners[Int(pressed)] == shape { return back }
        }
        return nil
    }
}
