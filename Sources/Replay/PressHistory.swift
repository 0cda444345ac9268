import KeyTraceCore
import ResponderEngine

/// The replayed presses whose recorded resolutions may still arrive, and the presses just
/// before them (a divergence shows them as context).
///
/// A ring indexed by press sequence: a trace writes each resolution right after its key, so a
/// few hundred slots hold everything a comparison needs and the ring never allocates in steady
/// state. A slot is reused only when its press was compared and no press within `context`
/// after it still waits; otherwise the ring doubles, so a resolution recorded later is still
/// compared. It doubles only once the trace has shown that it carries resolutions, and up to
/// ``maximumCapacity`` presses: a trace of keys alone (nothing to compare) replays in the
/// same few kilobytes whatever its length, and a resolution that names a press no longer held
/// is counted by the caller, not compared.
///
/// ```
///  sequence:  … 97  98  99 100 101 102 …   slot = sequence mod capacity
///              done done ← waiting for its resolution record
/// ```
struct PressHistory {
    /// One replayed press and what the replay made of it.
    struct Entry {
        var sequence: UInt64
        var press: KeyPress
        /// The number of the replay's resolution (``ResolutionTable``).
        var resolution: Int32
        /// The chain the press went through and the first responder then (described only on a
        /// divergence).
        var chain: ResponderChain
        var firstResponder: Responder?
    }

    /// What a slot holds: an entry without its chain and first responder, which are kept once
    /// per change in ``moments`` (they change every few dozen presses; holding them in every
    /// slot cost four reference counts a press).
    private struct Slot {
        var sequence: UInt64
        /// Whether its recorded resolution was compared (each is compared once).
        var compared: Bool
        var press: KeyPress
        var resolution: Int32
    }

    /// The chain and first responder from `sequence` on, until the next moment.
    private struct Moment {
        var sequence: UInt64
        var chain: ResponderChain
        /// Held, so that its identifier stays its own while the moment lives.
        var firstResponder: Responder?
        let firstResponderIdentifier: ObjectIdentifier?

        init(sequence: UInt64, chain: ResponderChain, firstResponder: Responder?) {
            self.sequence = sequence
            self.chain = chain
            self.firstResponder = firstResponder
            self.firstResponderIdentifier = firstResponder.map(ObjectIdentifier.init)
        }
    }

    // Empty slots hold `vacant`, whose sequence no press has (a non-optional element is read in place).
    private var slots: [Slot]
    private static var vacant: Slot { Slot(sequence: .max, compared: true, press: KeyPress(.began, HIDUsage(0)), resolution: -1) }
    /// Chain and first-responder changes, oldest first from `firstMoment`; those before it
    /// concern presses no longer held.
    private var moments: [Moment] = []
    private var firstMoment = 0
    private var mask: Int
    /// How many presses before a divergent one are shown.
    let context: Int
    /// How many held presses still wait for their recorded resolution.
    private var waiting = 0
    /// Whether a recorded resolution has been seen (until then nothing is kept for one).
    private var carriesResolutions = false
    /// The most presses held at once: a resolution recorded this far after its key is not compared.
    static let maximumCapacity = 1 << 16

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
    ///
    /// `firstResponder` (whose identity is `firstResponderIdentifier`) is read only when it
    /// changed: reading it retains it, and a replay appends after every press.
    mutating func append(sequence: UInt64, press: KeyPress, resolution: Int32, chain: ResponderChain,
                         firstResponderIdentifier: ObjectIdentifier?, firstResponder: @autoclosure () -> Responder?) {
        if _slowPath(waiting > 0) && isNeeded(replacedBy: sequence) { grow() }
        let slot = Int(truncatingIfNeeded: sequence) & mask
        if !slots[slot].compared { waiting -= 1 }  // given up: no longer held
        waiting += 1
        slots[slot].sequence = sequence
        slots[slot].compared = false
        slots[slot].press = press
        slots[slot].resolution = resolution
        if _slowPath(moments.count == firstMoment || moments[moments.count - 1].chain !== chain
                        || moments[moments.count - 1].firstResponderIdentifier != firstResponderIdentifier) {
            let moment = Moment(sequence: sequence, chain: chain, firstResponder: firstResponder())
            assert(moment.firstResponderIdentifier == firstResponderIdentifier,
                   "the first responder and its identifier must name the same responder")
            noteMoment(moment)
        }
    }

    /// Adds a change of chain or first responder, dropping the changes no held press needs.
    private mutating func noteMoment(_ moment: Moment) {
        moments.append(moment)
        let capacity = UInt64(slots.count)
        let oldestHeld = moment.sequence >= capacity ? moment.sequence - capacity + 1 : 0
        while firstMoment + 1 < moments.count && moments[firstMoment + 1].sequence <= oldestHeld { firstMoment += 1 }
        if firstMoment >= 64 && firstMoment * 2 >= moments.count {
            moments.removeFirst(firstMoment)
            firstMoment = 0
        }
    }

    /// The entry of a held slot, with the chain and first responder of its moment.
    private func entry(of slot: Slot) -> Entry {
        let moment = moments[firstMoment...].last { $0.sequence <= slot.sequence }
        return Entry(sequence: slot.sequence, press: slot.press, resolution: slot.resolution,
                     chain: moment?.chain ?? .empty, firstResponder: moment?.firstResponder)
    }

    /// The number of the replay's resolution of the press `sequence` while that press is held
    /// and its recorded resolution has not been compared; `nil` otherwise.
    func waitingResolution(_ sequence: UInt64) -> Int32? {
        // Read through the slot's address: subscripting copied the whole slot (and its press).
        slots.withUnsafeBufferPointer { slots in
            guard let held = slots.baseAddress?.advanced(by: Int(truncatingIfNeeded: sequence) & mask),
                  held.pointee.sequence == sequence, !held.pointee.compared else { return nil }
            return held.pointee.resolution
        }
    }

    /// Notes that the recorded resolution of `sequence`, a press ``waitingResolution(_:)``
    /// answered for, was compared: each is compared once.
    mutating func markCompared(_ sequence: UInt64) {
        carriesResolutions = true
        let slot = Int(truncatingIfNeeded: sequence) & mask
        guard slots[slot].sequence == sequence, !slots[slot].compared else { return }
        slots[slot].compared = true
        waiting -= 1
    }

    /// Notes that the trace carries recorded resolutions, one of which named a press that is
    /// not held (so the ring grows to hold later ones).
    mutating func noteResolution() { carriesResolutions = true }

    /// Gives every held press the number `renumber` makes of its resolution's number (after the
    /// numbering started over).
    mutating func renumberResolutions(_ renumber: (Int32) -> Int32) {
        for index in slots.indices where slots[index].sequence != .max {
            slots[index].resolution = renumber(slots[index].resolution)
        }
    }

    /// How many slots the ring has now (for tests).
    var capacity: Int { slots.count }

    /// The press with `sequence`, while the history still holds it.
    func entry(_ sequence: UInt64) -> Entry? {
        let slot = slots[Int(truncatingIfNeeded: sequence) & mask]
        return slot.sequence == sequence ? entry(of: slot) : nil
    }

    /// Up to ``context`` presses before `sequence`, oldest first.
    func entries(before sequence: UInt64) -> [Entry] {
        let first = sequence >= UInt64(context) ? sequence - UInt64(context) : 0
        return (first..<sequence).compactMap { s in
            let slot = slots[Int(truncatingIfNeeded: s) & mask]
            return slot.sequence == s ? entry(of: slot) : nil
        }
    }

    /// Whether the slot `sequence` would take still holds a waiting press, or the context of one.
    private func isNeeded(replacedBy sequence: UInt64) -> Bool {
        let capacity = UInt64(slots.count)
        guard carriesResolutions, slots.count < Self.maximumCapacity, sequence >= capacity else { return false }
        let oldest = sequence - capacity
        for s in oldest...(oldest + UInt64(context)) where s < sequence {
            let slot = Int(truncatingIfNeeded: s) & mask
            if slots[slot].sequence == s && !slots[slot].compared { return true }
        }
        return false
    }

    private mutating func grow() {
        var bigger = [Slot](repeating: PressHistory.vacant, count: slots.count * 2)
        let biggerMask = bigger.count - 1
        for slot in slots where slot.sequence != .max { bigger[Int(truncatingIfNeeded: slot.sequence) & biggerMask] = slot }
        slots = bigger
        mask = biggerMask
    }
}
