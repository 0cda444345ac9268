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
///
/// Key lists are packed a usage per byte in one word, so reading a report and comparing it
/// with the previous one is a few word operations: a report is decoded for every keyboard
/// packet of a capture.
enum BootReport {
    /// Whether every key slot holds 0, an error code (1–3) or a usage of the page (4–0xE7).
    static func slotsAreValid(_ report: UnsafeRawBufferPointer) -> Bool {
        guard report.count == 8 else { return false }
        // Bytes 2–7 of the report, each below 0xE8. A byte is 0xE8 or more when its top bit is
        // set and its low seven bits are 0x68 or more, i.e. adding 0x18 to them carries into bit
        // 7 (no lane can carry into the next: 0x7F + 0x18 < 0x100).
        let keys = UInt64(littleEndian: report.loadUnaligned(as: UInt64.self)) >> 16
        let high: UInt64 = 0x0000_8080_8080_8080
        return ((keys & 0x0000_7F7F_7F7F_7F7F) &+ 0x0000_1818_1818_1818) & keys & high == 0
    }

    /// Up to eight key usages in the order they went down, packed a byte each in one word:
    /// no allocation per report.
    struct Keys: Equatable {
        private(set) var packed: UInt64 = 0
        private(set) var count = 0

        /// No keys.
        init() {}

        subscript(slot: Int) -> UInt8 { UInt8(truncatingIfNeeded: packed >> UInt64(slot &* 8)) }

        /// Whether `usage` (not 0) is one of the keys: a byte-wise compare of the whole word.
        func contains(_ usage: UInt8) -> Bool {
            let difference = packed ^ (0x0101_0101_0101_0101 &* UInt64(usage))
            let zeroBytes = (difference &- 0x0101_0101_0101_0101) & ~difference & 0x8080_8080_8080_8080
            // Lanes past `count` hold 0 and would match; a borrow only runs towards higher lanes,
            // so masking them off leaves the answer for the lanes in use exact.
            let inUse: UInt64 = count >= 8 ? ~0 : (1 << UInt64(count &* 8)) &- 1
            return zeroBytes & inUse != 0
        }

        /// Adds `usage` after the others (a report has six slots, so at most six are held).
        mutating func append(_ usage: UInt8) {
            guard count < 8 else { return }
            packed |= UInt64(usage) << UInt64(count &* 8)
            count &+= 1
        }

        /// The keys, for tests and descriptions.
        var usages: [UInt8] { (0..<count).map { self[$0] } }
    }

    /// The keys a boot keyboard holds: its modifier byte and its other keys.
    struct State: Equatable {
        var modifiers: UInt8 = 0
        var keys = Keys()

        /// No keys held, `modifiers` down.
        init(modifiers: UInt8 = 0) { self.modifiers = modifiers }
    }

    /// What one report changed, in the order the transitions are delivered: keys released (in
    /// the order they went down), modifiers released (bit order), modifiers pressed (bit order),
    /// keys pressed (slot order).
    struct Changes {
        var releasedKeys = Keys()
        var releasedModifiers: UInt8 = 0
        var pressedModifiers: UInt8 = 0
        var pressedKeys = Keys()
        /// The keys held after the report.
        var after = State()
        /// The first error code (ErrorRollOver 1, POSTFail 2, ErrorUndefined 3) a slot held.
        var errorCode: UInt8?

        var transitionCount: Int {
            releasedKeys.count &+ releasedModifiers.nonzeroBitCount &+ pressedModifiers.nonzeroBitCount
                &+ pressedKeys.count
        }

        /// Calls `body` with every transition, in delivery order.
        @inline(__always)
        func forEachTransition(_ body: (KeyPhase, UInt8) -> Void) {
            for slot in 0..<releasedKeys.count { body(.ended, releasedKeys[slot]) }
            var bits = releasedModifiers
            while bits != 0 {
                body(.ended, 0xE0 &+ UInt8(bits.trailingZeroBitCount))
                bits &= bits &- 1
            }
            bits = pressedModifiers
            while bits != 0 {
                body(.began, 0xE0 &+ UInt8(bits.trailingZeroBitCount))
                bits &= bits &- 1
            }
            for slot in 0..<pressedKeys.count { body(.began, pressedKeys[slot]) }
        }
    }

    /// Reads `report` (8 bytes): its modifiers, its keys in slot order without repeats, and the
    /// first error code a slot holds.
    static func read(_ report: UnsafeRawBufferPointer) -> (state: State, errorCode: UInt8?) {
        let word = UInt64(littleEndian: report.loadUnaligned(as: UInt64.self))
        var state = State(modifiers: UInt8(truncatingIfNeeded: word))
        var errorCode: UInt8?
        var slots = word >> 16
        while slots != 0 {
            let usage = UInt8(truncatingIfNeeded: slots)
            slots >>= 8
            if usage == 0 { continue }
            if usage <= 3 {
                if errorCode == nil { errorCode = usage }
            } else if !state.keys.contains(usage) {
                state.keys.append(usage)
            }
        }
        return (state, errorCode)
    }

    /// The transitions from `before` to `report`. A report with an error code in a key slot
    /// keeps the keys as they were; its modifier byte still applies (the HID specification keeps
    /// modifiers valid during rollover).
    static func changes(from before: State, to report: UnsafeRawBufferPointer) -> Changes {
        var (now, errorCode) = read(report)
        if errorCode != nil { now.keys = before.keys }
        var changes = Changes()
        changes.errorCode = errorCode
        changes.releasedModifiers = before.modifiers & ~now.modifiers
        changes.pressedModifiers = now.modifiers & ~before.modifiers
        changes.after.modifiers = now.modifiers
        for slot in 0..<before.keys.count {
            let usage = before.keys[slot]
            if now.keys.contains(usage) { changes.after.keys.append(usage) } else { changes.releasedKeys.append(usage) }
        }
        for slot in 0..<now.keys.count where !before.keys.contains(now.keys[slot]) {
            changes.pressedKeys.append(now.keys[slot])
            changes.after.keys.append(now.keys[slot])
        }
        return changes
    }
}
