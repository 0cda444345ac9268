import KeyTraceCore

/// Dispatches over time in a fixed number of bins, counted per outcome.
///
/// Bins start 1 ms wide; when a press falls past the last bin the width doubles and
/// neighbouring bins merge, so a 10-second script and a 10-hour capture both take
/// ``binCount`` bins. Offsets are from each trace's first record.
///
/// ```
///  width w:   |0|1|2|3|4|5|6|7|   press at 9w ──▶ width 2w: |0+1|2+3|4+5|6+7|·|·|·|·|
/// ```
struct PressTimeline {
    static let binCount = 240
    private static let outcomes = DispatchOutcome.allCases.count

    private(set) var width: UInt64 = 1_000_000
    private var counts = [UInt64](repeating: 0, count: PressTimeline.binCount * PressTimeline.outcomes)
    private var maxima = [UInt64](repeating: 0, count: PressTimeline.binCount)

    mutating func add(offset: UInt64, outcome: DispatchOutcome, endToEnd: UInt64) {
        while offset / width >= UInt64(Self.binCount) { coarsen() }
        let bin = Int(offset / width)
        counts[bin * Self.outcomes + Int(outcome.rawValue)] += 1
        if endToEnd > maxima[bin] { maxima[bin] = endToEnd }
    }

    /// Adds the presses of `other`. Bins only ever double, so both are brought to the wider
    /// width and added bin by bin: the result is what one timeline fed both would hold.
    mutating func merge(_ other: PressTimeline) {
        var other = other
        while width < other.width { coarsen() }
        while other.width < width { other.coarsen() }
        for index in counts.indices { counts[index] += other.counts[index] }
        for bin in maxima.indices { maxima[bin] = max(maxima[bin], other.maxima[bin]) }
    }

    private mutating func coarsen() {
        for bin in 0..<Self.binCount {
            let into = bin / 2
            if bin == into { continue }
            for o in 0..<Self.outcomes {
                counts[into * Self.outcomes + o] += counts[bin * Self.outcomes + o]
                counts[bin * Self.outcomes + o] = 0
            }
            maxima[into] = max(maxima[into], maxima[bin])
            maxima[bin] = 0
        }
        width *= 2
    }

    var figures: TraceAnalysis.TimelineFigures {
        var bins = (0..<Self.binCount).map { bin in
            TraceAnalysis.TimelineBin(counts: Array(counts[bin * Self.outcomes ..< (bin + 1) * Self.outcomes]),
                                      maxEndToEnd: maxima[bin])
        }
        while let last = bins.last, last.counts.allSatisfy({ $0 == 0 }) { bins.removeLast() }
        return TraceAnalysis.TimelineFigures(binWidthNanoseconds: width,
                                             outcomes: DispatchOutcome.allCases.map(\.name), bins: bins)
    }
}
