import KeyTraceCore

/// The boot keyboard report (HID 1.11 appendix B) and how consecutive reports turn into
/// key transitions.
///
/// ```
///  byte 0                          1          2    3    4    5    6    7
/// +---------------------------------+----------+----+----+----+----+----+----+
/// | modifier bits: bit i = 0xE0 + i | reserved |     up to six key usages    |
/// | LCtl LSft LAlt LGUI RCtl RSft RAlt RGUI    |  0 = empty, 1 = ErrorRollOver|
/// +---------------------------------+----------+----+----+----+----+----+----+
/// ```
enum BootReport {
    /// Whether every key slot holds 0, an error code (1–3) or a usage of the page (4–0xE7).
    static func slotsAreValid(_ report: UnsafeRawBufferPointer) -> Bool {
        guard report.count == 8 else { return false }
        return report[2...].allSatisfy { $0 <= 0xE7 }
    }

    /// The keys a boot keyboard holds: its modifier byte and up to six usages in the order
    /// they went down, packed in one word (no allocation per report).
    struct State: Equatable {
        var modifiers: UInt8 = 0
        private var packed: UInt64 = 0
        private(set) var count = 0

        /// No keys held, `modifiers` down.
        init(modifiers: UInt8 = 0) { self.modifiers = modifiers }

        subscript(slot: Int) -> UInt8 { UInt8(truncatingIfNeeded: packed >> UInt64(slot * 8)) }

        func contains(_ usage: UInt8) -> Bool {
            for slot in 0..<count where self[slot] == usage { return true }
            return false
        }

        /// Adds `usage` after the others (a report has six slots, so at most six are held).
        mutating func append(_ usage: UInt8) {
            guard count < 8 else { return }
            packed |= UInt64(usage) << UInt64(count * 8)
            count += 1
        }

        /// The held keys, for tests and descriptions.
        var keys: [UInt8] { (0..<count).map { self[$0] } }
    }

    /// Reads `report` (8 bytes): its modifiers, its keys in slot order without repeats, and the
    /// first error code (ErrorRollOver 1, POSTFail 2, ErrorUndefined 3) a slot holds.
    static func read(_ report: UnsafeRawBufferPointer) -> (state: State, errorCode: UInt8?) {
        var state = State(modifiers: report[0])
        var errorCode: UInt8?
        for slot in 2..<8 {
            let usage = report[slot]
            if usage == 0 { continue }
            if usage <= 3 {
                if errorCode == nil { errorCode = usage }
            } else if !state.contains(usage) {
                state.append(usage)
            }
        }
        return (state, errorCode)
    }

    /// Emits the transitions from `before` to `report` in order: keys released (in the order
    /// they went down), modifiers released (bit order), modifiers pressed (bit order), keys
    /// pressed (slot order). Returns the state after the report and its error code: a report
    /// with an error code in a key slot keeps the keys as they were; its modifier byte still
    /// applies (the HID specification keeps modifiers valid during rollover).
    static func diff(from before: State, to report: UnsafeRawBufferPointer,
                     _ emit: (KeyPhase, UInt16) -> Void) -> (state: State, errorCode: UInt8?) {
        var (now, errorCode) = read(report)
        if errorCode != nil {
            let modifiers = now.modifiers
            now = before
            now.modifiers = modifiers
        }
        for slot in 0..<before.count where !now.contains(before[slot]) { emit(.ended, UInt16(before[slot])) }
        let released = before.modifiers & ~now.modifiers
        let pressed = now.modifiers & ~before.modifiers
        forEachBit(of: released) { emit(.ended, 0xE0 + $0) }
        forEachBit(of: pressed) { emit(.began, 0xE0 + $0) }
        var after = State(modifiers: now.modifiers)
        for slot in 0..<before.count where now.contains(before[slot]) { after.append(before[slot]) }
        for slot in 0..<now.count where !before.contains(now[slot]) {
            emit(.began, UInt16(now[slot]))
            after.append(now[slot])
        }
        return (after, errorCode)
    }

    /// Calls `body` with the index of every set bit of `bits`, lowest first: one step per set
    /// bit rather than a test of all eight (a report changes a modifier or two at most).
    private static func forEachBit(of bits: UInt8, _ body: (UInt16) -> Void) {
        var rest = bits
        while rest != 0 {
            body(UInt16(rest.trailingZeroBitCount))
            rest &= rest &- 1
        }
    }
}
