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

    struct Diff {
        /// Transitions in emission order: keys released, modifiers released (bit order),
        /// modifiers pressed (bit order), keys pressed (slot order).
        var changes: [(phase: KeyPhase, usage: UInt16)] = []
        /// The state after the report.
        var modifiers: UInt8
        var keys: [UInt8]
        /// The error code (ErrorRollOver 1, POSTFail 2, ErrorUndefined 3) when a slot held one.
        var errorCode: UInt8?
    }

    /// Compares the state before (`modifiers`, `keys` in the order they went down) with `report`.
    /// A report with an error code in a key slot keeps the keys as they were; its modifier
    /// byte still applies (the HID specification keeps modifiers valid during rollover).
    static func diff(fromModifiers modifiers: UInt8, keys: [UInt8], to report: UnsafeRawBufferPointer) -> Diff {
        let newModifiers = report[0]
        var diff = Diff(modifiers: newModifiers, keys: keys)
        var newKeys: [UInt8] = []
        for slot in report[2...] where slot != 0 {
            if slot <= 3 {
                diff.errorCode = diff.errorCode ?? slot
            } else if !newKeys.contains(slot) {
                newKeys.append(slot)
            }
        }
        if diff.errorCode != nil { newKeys = keys }
        for key in keys where !newKeys.contains(key) { diff.changes.append((.ended, UInt16(key))) }
        for bit in 0..<8 where modifiers & (1 << bit) != 0 && newModifiers & (1 << bit) == 0 {
            diff.changes.append((.ended, 0xE0 + UInt16(bit)))
        }
        for bit in 0..<8 where modifiers & (1 << bit) == 0 && newModifiers & (1 << bit) != 0 {
            diff.changes.append((.began, 0xE0 + UInt16(bit)))
        }
        var kept = keys.filter(newKeys.contains)
        for key in newKeys where !keys.contains(key) {
            diff.changes.append((.began, UInt16(key)))
            kept.append(key)
        }
        diff.keys = kept
        return diff
    }
}
