import Analysis
import KeyTraceSupport

/// Small inline SVG charts for the HTML report: no scripts, no external resources.
///
/// Every chart is a fixed-size `<svg>` with a plot area, axes with a few labelled ticks, and
/// marks; sizes depend only on the number of series and bins, never on the number of presses.
enum SVGChart {
    static let width = 760.0
    static let height = 300.0
    static let margin = (left: 64.0, right: 16.0, top: 16.0, bottom: 44.0)

    /// Distinct colours for series (stages, outcomes).
    static let palette = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#222222",
                          "#9c755f", "#bab0ac"]

    static var plotWidth: Double { width - margin.left - margin.right }
    static var plotHeight: Double { height - margin.top - margin.bottom }

    /// A line per series of cumulative share (0…1) against latency on a log axis.
    /// `series`: name and non-empty buckets as (value ns, count) in increasing order.
    static func cdf(_ series: [(name: String, buckets: [[UInt64]])], title: String) -> String {
        let values = series.flatMap { $0.buckets.map { $0[0] } }.filter { $0 > 0 }
        guard let low = values.min(), let high = values.max() else { return empty(title) }
        let axis = LogAxis(low: Double(low), high: Double(high))
        var body = frame(title: title) + logTicks(axis) + shareTicks()
        for (i, s) in series.enumerated() where !s.buckets.isEmpty {
            let total = Double(s.buckets.reduce(0) { $0 + $1[1] })
            var cumulative = 0.0
            var points: [String] = []
            for bucket in s.buckets {
                let x = axis.position(Double(max(bucket[0], 1)))
                let before = 1 - cumulative / total
                cumulative += Double(bucket[1])
                let after = 1 - cumulative / total
                points.append(point(x, before))
                points.append(point(x, after))
            }
            body += "<polyline fill=\"none\" stroke=\"\(palette[i % palette.count])\" stroke-width=\"1.6\" points=\"\(points.joined(separator: " "))\"/>"
        }
        body += legend(series.map(\.name), corner: .bottomRight)
        body += "<text class=\"axis\" x=\"\(fmt(margin.left + plotWidth / 2))\" y=\"\(fmt(height - 6))\" text-anchor=\"middle\">latency (log scale)</text>"
        return wrap(body, title: title)
    }

    /// Bars of counts over duration bins on a log axis (`bins` log-spaced bins).
    static func histogram(_ buckets: [[UInt64]], title: String, bins: Int = 48,
                          axisLabel: String = "end-to-end latency (log scale)") -> String {
        let values = buckets.map { $0[0] }.filter { $0 > 0 }
        guard let low = values.min(), let high = values.max() else { return empty(title) }
        let axis = LogAxis(low: Double(low), high: Double(high))
        var counts = [UInt64](repeating: 0, count: bins)
        for bucket in buckets {
            let position = axis.fraction(Double(max(bucket[0], 1)))
            counts[min(bins - 1, max(0, Int(position * Double(bins))))] += bucket[1]
        }
        let top = Double(counts.max() ?? 1)
        var body = frame(title: title) + logTicks(axis)
        let barWidth = plotWidth / Double(bins)
        for (i, count) in counts.enumerated() where count > 0 {
            let h = Double(count) / top * plotHeight
            body += "<rect x=\"\(fmt(margin.left + Double(i) * barWidth + 0.5))\" y=\"\(fmt(margin.top + plotHeight - h))\" "
                + "width=\"\(fmt(max(barWidth - 1, 1)))\" height=\"\(fmt(h))\" fill=\"\(palette[0])\"><title>\(count)</title></rect>"
        }
        body += "<text class=\"axis\" x=\"\(fmt(margin.left - 6))\" y=\"\(fmt(margin.top + 10))\" text-anchor=\"end\">\(Int(top))</text>"
        body += "<text class=\"axis\" x=\"\(fmt(margin.left + plotWidth / 2))\" y=\"\(fmt(height - 6))\" text-anchor=\"middle\">\(HTMLText.escape(axisLabel))</text>"
        return wrap(body, title: title)
    }

    /// Stacked bars of dispatches per time bin, one colour per outcome.
    static func timeline(_ t: TraceAnalysis.TimelineFigures, title: String) -> String {
        guard !t.bins.isEmpty else { return empty(title) }
        let totals = t.bins.map { $0.counts.reduce(0, +) }
        let top = Double(totals.max() ?? 1)
        let barWidth = plotWidth / Double(t.bins.count)
        var body = frame(title: title)
        var used = Set<Int>()
        for (i, bin) in t.bins.enumerated() {
            var y = margin.top + plotHeight
            for (o, count) in bin.counts.enumerated() where count > 0 {
                used.insert(o)
                let h = Double(count) / top * plotHeight
                y -= h
                body += "<rect x=\"\(fmt(margin.left + Double(i) * barWidth))\" y=\"\(fmt(y))\" width=\"\(fmt(max(barWidth - 0.5, 0.5)))\" "
                    + "height=\"\(fmt(h))\" fill=\"\(palette[o % palette.count])\"><title>\(t.outcomes[o]): \(count)</title></rect>"
            }
        }
        let span = Double(t.binWidthNanoseconds) * Double(t.bins.count)
        for k in 0...4 {
            let x = margin.left + plotWidth * Double(k) / 4
            let anchor = k == 0 ? "start" : k == 4 ? "end" : "middle"
            body += "<text class=\"axis\" x=\"\(fmt(x))\" y=\"\(fmt(margin.top + plotHeight + 16))\" text-anchor=\"\(anchor)\">"
                + "\(ReportFormatting.duration(span * Double(k) / 4))</text>"
        }
        body += "<text class=\"axis\" x=\"\(fmt(margin.left - 6))\" y=\"\(fmt(margin.top + 10))\" text-anchor=\"end\">\(Int(top))</text>"
        body += "<text class=\"axis\" x=\"\(fmt(margin.left + plotWidth / 2))\" y=\"\(fmt(height - 6))\" text-anchor=\"middle\">"
            + "time from trace start (bins of \(ReportFormatting.duration(Double(t.binWidthNanoseconds))))</text>"
        let outcomes = used.sorted()
        body += legend(outcomes.map { t.outcomes[$0] }, colours: outcomes.map { palette[$0 % palette.count] }, corner: .topRight)
        return wrap(body, title: title)
    }

    // MARK: parts

    private struct LogAxis {
        let low: Double, high: Double
        init(low: Double, high: Double) {
            self.low = log10(max(low, 1))
            self.high = Swift.max(log10(max(high, 1)), self.low + 1)
        }
        func fraction(_ v: Double) -> Double { (log10(Swift.max(v, 1)) - low) / (high - low) }
        func position(_ v: Double) -> Double { SVGChart.margin.left + Swift.min(1, Swift.max(0, fraction(v))) * SVGChart.plotWidth }
    }

    private static func point(_ x: Double, _ share: Double) -> String {
        "\(fmt(x)),\(fmt(margin.top + plotHeight * share))"
    }

    private static func frame(title: String) -> String {
        "<rect x=\"\(fmt(margin.left))\" y=\"\(fmt(margin.top))\" width=\"\(fmt(plotWidth))\" height=\"\(fmt(plotHeight))\" class=\"plot\"/>"
    }

    private static func logTicks(_ axis: LogAxis) -> String {
        var out = ""
        var decade = floor(axis.low)
        while decade <= ceil(axis.high) {
            let value = pow(10, decade)
            let f = axis.fraction(value)
            if f >= -0.001 && f <= 1.001 {
                let x = margin.left + f * plotWidth
                out += "<line class=\"grid\" x1=\"\(fmt(x))\" x2=\"\(fmt(x))\" y1=\"\(fmt(margin.top))\" y2=\"\(fmt(margin.top + plotHeight))\"/>"
                out += "<text class=\"axis\" x=\"\(fmt(x))\" y=\"\(fmt(margin.top + plotHeight + 16))\" text-anchor=\"middle\">"
                    + "\(ReportFormatting.duration(value))</text>"
            }
            decade += 1
        }
        return out
    }

    private static func shareTicks() -> String {
        var out = ""
        for k in 0...4 {
            let share = Double(k) / 4
            let y = margin.top + plotHeight * (1 - share)
            out += "<line class=\"grid\" x1=\"\(fmt(margin.left))\" x2=\"\(fmt(margin.left + plotWidth))\" y1=\"\(fmt(y))\" y2=\"\(fmt(y))\"/>"
            out += "<text class=\"axis\" x=\"\(fmt(margin.left - 6))\" y=\"\(fmt(y + 4))\" text-anchor=\"end\">\(Int(share * 100)) %</text>"
        }
        return out
    }

    enum Corner { case topRight, bottomRight }

    /// A boxed legend in a corner of the plot area, where the charts leave room.
    private static func legend(_ names: [String], colours: [String]? = nil, corner: Corner) -> String {
        let boxWidth = 170.0, rowHeight = 14.0
        let boxHeight = Double(names.count) * rowHeight + 8
        let left = margin.left + plotWidth - boxWidth - 8
        let top = corner == .topRight ? margin.top + 8 : margin.top + plotHeight - boxHeight - 8
        var out = "<rect x=\"\(fmt(left))\" y=\"\(fmt(top))\" width=\"\(fmt(boxWidth))\" height=\"\(fmt(boxHeight))\" "
            + "fill=\"#ffffff\" fill-opacity=\"0.9\" stroke=\"#ddd\"/>"
        for (i, name) in names.enumerated() {
            let y = top + 4 + Double(i) * rowHeight
            let colour = colours?[i] ?? palette[i % palette.count]
            out += "<rect x=\"\(fmt(left + 6))\" y=\"\(fmt(y + 2))\" width=\"10\" height=\"10\" fill=\"\(colour)\"/>"
            out += "<text class=\"legend\" x=\"\(fmt(left + 22))\" y=\"\(fmt(y + 11))\">\(HTMLText.escape(name))</text>"
        }
        return out
    }

    static func empty(_ title: String) -> String {
        wrap("<text class=\"axis\" x=\"\(fmt(width / 2))\" y=\"\(fmt(height / 2))\" text-anchor=\"middle\">no data</text>", title: title)
    }

    static func wrap(_ body: String, title: String) -> String {
        "<svg viewBox=\"0 0 \(Int(width)) \(Int(height))\" width=\"\(Int(width))\" "
            + "height=\"\(Int(height))\" role=\"img\" aria-label=\"\(HTMLText.escape(title))\">\(body)</svg>"
    }

    static func fmt(_ v: Double) -> String { String(cFormat: "%.1f", v) }
}
