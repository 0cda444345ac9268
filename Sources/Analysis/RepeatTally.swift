import KeyTraceCore

/// Auto-repeats per key, over every trace analysed: how many repeats each key made and how many
/// of them KeyTrace synthesised at record time (``KeyPress/isSynthesizedRepeat``).
///
/// Counts every key record, whatever its source (a script's repeats count as the input's own).
/// State is one entry per key that repeated: bounded by the usages of the pages a key can be on.
struct RepeatTally {
    private struct Counts {
        var name: String
        var repeats: UInt64 = 0
        var synthesized: UInt64 = 0
    }

    /// By usage page << 16 | usage.
    private var counts: [UInt32: Counts] = [:]

    /// Counts `press` when it is a repeat.
    @inline(__always)
    mutating func add(_ press: KeyPress) {
        guard press.isRepeat, press.phase == .began else { return }
        let key = UInt32(press.usagePage.rawValue) << 16 | UInt32(press.usage.rawValue)
        counts[key, default: Counts(name: press.keyName)].repeats += 1
        if press.isSynthesizedRepeat { counts[key, default: Counts(name: press.keyName)].synthesized += 1 }
    }

    /// The keys that repeated, most repeats first (then by usage page and usage).
    var figures: [TraceAnalysis.KeyRepeats] {
        counts.sorted { $0.value.repeats != $1.value.repeats ? $0.value.repeats > $1.value.repeats : $0.key < $1.key }
            .map { key, counts in
                TraceAnalysis.KeyRepeats(key: counts.name, usage: UInt16(truncatingIfNeeded: key),
                                         usagePage: UInt16(truncatingIfNeeded: key >> 16),
                                         repeats: counts.repeats, synthesized: counts.synthesized)
            }
    }
}
