import Analysis
import KeyTraceSupport

/// One deterministic counter compared exactly, per press, over all runs of each side.
///
/// Per press means the counter's total over every run divided by the presses over every run,
/// compared as exact fractions (no rounding). For a *gated* counter — `keyCommandsCalls`,
/// `cacheMisses`, `allocations` — any increase is a regression and any decrease an
/// improvement, however small; other counters are informational (`changed`). `commandsBuilt`
/// (the `UIKeyCommand` objects the app's getters build, when the scene says) is gated too.
package struct CounterComparison: Sendable, Hashable, Codable {
    /// The counter's name: `keyCommandsCalls`, `invalidations.chain-mutation`, `outcomes.performed`, …
    package var name: String
    /// Whether an increase is a regression.
    package var gated: Bool
    /// The base side's total over all its runs, and its presses over all runs; `baseTotal` is `nil` when
    /// the base side lacks the counter.
    package var baseTotal: UInt64?, basePresses: UInt64
    /// The current side's total over all its runs, and its presses over all runs; `currentTotal` is `nil`
    /// when the current side lacks the counter.
    package var currentTotal: UInt64?, currentPresses: UInt64
    /// The decision.
    package var verdict: ComparisonVerdict

    /// The base value per press, when present.
    package var basePerPress: Double? { baseTotal.map { Self.perPress($0, basePresses) } }
    /// The current value per press, when present.
    package var currentPerPress: Double? { currentTotal.map { Self.perPress($0, currentPresses) } }

    /// The gated counters, in report order.
    package static let gatedNames = ["keyCommandsCalls", "cacheMisses", "allocations", "commandsBuilt"]

    init(name: String, gated: Bool, base: UInt64?, basePresses: UInt64, current: UInt64?, currentPresses: UInt64) {
        self.name = name
        self.gated = gated
        self.baseTotal = base
        self.basePresses = basePresses
        self.currentTotal = current
        self.currentPresses = currentPresses
        guard let base, let current else {
            verdict = .missing
            return
        }
        let order = Self.compareFractions(current, max(currentPresses, 1), base, max(basePresses, 1))
        switch order {
        case 0: verdict = .unchanged
        case 1: verdict = gated ? .regression : .changed
        default: verdict = gated ? .improvement : .changed
        }
    }

    private static func perPress(_ total: UInt64, _ presses: UInt64) -> Double {
        presses == 0 ? Double(total) : Double(total) / Double(presses)
    }

    /// Compares a/b with c/d exactly: −1, 0 or 1.
    static func compareFractions(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) -> Int {
        let left = a.multipliedFullWidth(by: d)
        let right = c.multipliedFullWidth(by: b)
        if left.high != right.high { return left.high < right.high ? -1 : 1 }
        if left.low != right.low { return left.low < right.low ? -1 : 1 }
        return 0
    }

    /// Every counter of the two results: gated ones first, then uikit-equivalent calls, cache
    /// hits, invalidations and outcomes by name. Appends warnings for counters that vary across
    /// the runs of one side (they should not) and for allocations measured on one side only.
    static func all(base: BenchResult, current: BenchResult, warnings: inout [String]) -> [CounterComparison] {
        let b = base.totalCounters, c = current.totalCounters
        var result: [CounterComparison] = []
        func add(_ name: String, gated: Bool, _ value: (BenchCounters) -> UInt64?) {
            result.append(CounterComparison(
                name: name, gated: gated,
                base: value(b), basePresses: b.presses,
                current: value(c), currentPresses: c.presses))
            if gated {
                for (label, side) in [("base", base), ("current", current)] {
                    let perRun = Set(side.runs.compactMap { run in
                        value(run.counters).map { Self.perPress($0, run.counters.presses) }
                    })
                    if perRun.count > 1, let low = perRun.min(), let high = perRun.max() {
                        warnings.append("\(name) per press varies across the \(label) runs (\(NumberText.count(low))–\(NumberText.count(high))); compared over all runs")
                    }
                }
            }
        }
        add("keyCommandsCalls", gated: true) { $0.keyCommandsCalls }
        add("cacheMisses", gated: true) { $0.cacheMisses }
        add("allocations", gated: true) { $0.allocations }
        if (b.allocations == nil) != (c.allocations == nil) {
            warnings.append("allocations were measured only in \(b.allocations == nil ? "current" : "base"); not compared")
        }
        add("commandsBuilt", gated: true) { $0.commandsBuilt }
        add("uikitEquivalentCalls", gated: false) { $0.uikitEquivalentCalls }
        add("uikitEquivalentCommandsBuilt", gated: false) { $0.uikitEquivalentCommandsBuilt }
        add("cacheHits", gated: false) { $0.cacheHits }
        for reason in Set(b.invalidations.keys).union(c.invalidations.keys).sorted() {
            add("invalidations.\(reason)", gated: false) { $0.invalidations[reason] ?? 0 }
        }
        for outcome in Set(b.outcomes.keys).union(c.outcomes.keys).sorted() {
            add("outcomes.\(outcome)", gated: false) { $0.outcomes[outcome] ?? 0 }
        }
        let basePerRun = base.runs.first?.counters.presses ?? 0
        let currentPerRun = current.runs.first?.counters.presses ?? 0
        if basePerRun != currentPerRun {
            warnings.append("runs replay different numbers of presses (\(basePerRun) vs \(currentPerRun)); counters are compared per press")
        }
        // Allocations and commands built measured on neither side are not worth a row.
        let optional: Set<String> = ["allocations", "commandsBuilt", "uikitEquivalentCommandsBuilt"]
        return result.filter { !(optional.contains($0.name) && $0.baseTotal == nil && $0.currentTotal == nil) }
    }
}
