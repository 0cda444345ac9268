import KeyTraceCore
import ResponderEngine
import TraceFormat

/// The replayed presses whose recorded resolutions may still arrive, and the presses just
/// before them (a divergence shows them as context).
///
/// A ring indexed by press sequence: a trace writes each resolution right after its key, so a
/// few hundred slots hold everything a comparison needs and the ring never allocates in steady
/// state. A slot is reused only when its press was compared and no press within `context`
/// after it still waits; otherwise the ring doubles, so a resolution recorded any number of
/// presses later is still compared, exactly as if every press were kept.
///
/// ```
///  sequence:  … 97  98  99 100 101 102 …   slot = sequence mod capacity
///              done done ← waiting for its resolution record
/// ```
struct PressHistory {
    /// One replayed press and what the replay made of it.
    struct Entry {
        var sequence: UInt64
        /// Whether its recorded resolution was compared (each is compared once).
        var compared = false
        var press: KeyPress
        var actual: ResolutionRecord
        // Kept as references: described only on a divergence.
        var chain: ResponderChain
        var firstResponder: Responder?
    }

    // Empty slots hold `vacant`, whose sequence no press has (a non-optional element is read in place).
    private var slots: [Entry]
    private static var vacant: Entry { Entry(sequence: .max, compared: true, press: KeyPress(.began, HIDUsage(0)),
                                      actual: ResolutionRecord(timestamp: 0, pressSequence: .max, outcome: .unhandled),
                                      chain: .empty, firstResponder: nil) }
    private var mask: Int
    /// How many presses before a divergent one are shown.
    let context: Int

    /// An empty history keeping `context` presses before any waiting one.
    init(context: Int, capacity: Int = 256) {
        self.context = max(0, context)
        var size = 1
        while size < max(capacity, 2 * (self.context + 1)) { size <<= 1 }
        slots = Array(repeating: PressHistory.vacant, count: size)
        mask = size - 1
    }

    /// Adds the newest press; its sequence is one more than the previous one's. The slot's
    /// fields are assigned in place (no entry is built and copied).
    mutating func append(sequence: UInt64, press: KeyPress, actual: consuming ResolutionRecord, chain: ResponderChain,
                         firstResponder: Responder?) {
        if isNeeded(replacedBy: sequence) { grow() }
        let slot = Int(truncatingIfNeeded: sequence) & mask
        slots[slot].sequence = sequence
        slots[slot].compared = false
        slots[slot].press = press
        slots[slot].actual = actual
        slots[slot].chain = chain
        slots[slot].firstResponder = firstResponder
    }

    /// Compares `expected` with what the replay made of its press, the first time that press's
    /// resolution arrives: `nil` when the press is unknown or was already compared, else whether
    /// they agree (``entry(_:)`` then gives the press).
    mutating func compare(_ expected: ResolutionRecord) -> Bool? {
        let sequence = expected.pressSequence
        let slot = Int(truncatingIfNeeded: sequence) & mask
        return slots.withUnsafeMutableBufferPointer { slots in
            guard slots[slot].sequence == sequence, !slots[slot].compared else { return nil }
            slots[slot].compared = true
            return CanonicalResolution.agree(expected, slots[slot].actual)
        }
    }

    /// The press with `sequence`, while the history still holds it.
    func entry(_ sequence: UInt64) -> Entry? {
        let entry = slots[Int(truncatingIfNeeded: sequence) & mask]
        return entry.sequence == sequence ? entry : nil
    }

    /// Up to ``context`` presses before `sequence`, oldest first.
    func entries(before sequence: UInt64) -> [Entry] {
        let first = sequence >= UInt64(context) ? sequence - UInt64(context) : 0
        return (first..<sequence).compactMap { s in
            let entry = slots[Int(truncatingIfNeeded: s) & mask]
            return entry.sequence == s ? entry : nil
        }
    }

    /// Whether the slot `sequence` would take still holds a waiting press, or the context of one.
    private func isNeeded(replacedBy sequence: UInt64) -> Bool {
        let capacity = UInt64(slots.count)
        guard sequence >= capacity else { return false }
        let oldest = sequence - capacity
        for s in oldest...(oldest + UInt64(context)) where s < sequence {
            let slot = Int(truncatingIfNeeded: s) & mask
            if slots[slot].sequence == s && !slots[slot].compared { return true }
        }
        return false
    }

    private mutating func grow() {
        var bigger = [Entry](repeating: PressHistory.vacant, count: slots.count * 2)
        let biggerMask = bigger.count - 1
        for entry in slots where entry.sequence != .max { bigger[Int(truncatingIfNeeded: entry.sequence) & biggerMask] = entry }
        slots = bigger
        mask = biggerMask
    }
}
