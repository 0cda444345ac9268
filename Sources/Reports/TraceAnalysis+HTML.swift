import Analysis
import Comparison
import KeyTraceCore
import KeyTraceSupport
import Surfaces

extension TraceAnalysis {
    /// One self-contained HTML file: inline CSS and SVG charts (latency CDF per stage, a
    /// histogram of end-to-end latency, presses over time by outcome) followed by the tables
    /// of the text report, then, when `surfaces` are given, the Mac menu bar and the iPad
    /// ⌘-hold overlay of the scene the traces went through. No scripts, fonts or images are
    /// loaded from anywhere.
    package func htmlReport(rows: Int = 25, surfaces: SceneSurfaces? = nil) -> String {
        var out = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>keytrace analyze — \(HTMLText.escape(traces.map(\.path).joined(separator: ", ")))</title>
            <style>
            body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 24px auto; max-width: 1040px; color: #1d1d1f; padding: 0 16px; }
            h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 28px 0 8px; border-bottom: 1px solid #ddd; padding-bottom: 4px; }
            table { border-collapse: collapse; margin: 8px 0; font-variant-numeric: tabular-nums; }
            th, td { padding: 3px 10px; border-bottom: 1px solid #eee; text-align: left; white-space: nowrap; }
            th { background: #f5f5f7; font-weight: 600; } td.num, th.num { text-align: right; }
            p.note { color: #555; margin: 4px 0; } p.warning { color: #9a5b00; margin: 4px 0; }
            .charts { display: grid; grid-template-columns: 1fr; gap: 12px; }
            figure { margin: 0; } figcaption { font-weight: 600; margin: 6px 0; }
            svg { max-width: 100%; height: auto; background: #fff; }
            svg .plot { fill: #fbfbfd; stroke: #ccc; } svg .grid { stroke: #e4e4e8; }
            svg .axis, svg .legend { font: 11px system-ui, sans-serif; fill: #444; }
            \(surfaces == nil ? "" : SceneSurfaces.style + "\n")</style></head><body>
            <h1>keytrace analyze</h1>
            <p class="note">\(HTMLText.escape(clockSentence))</p>

            """
        let stageSeries = stages.map { (name: $0.name, buckets: $0.distribution.buckets) }
        let endToEnd = stages.first { $0.name == LatencyMetric.endToEnd.name }?.distribution.buckets ?? []
        out += "<h2>Charts</h2>\n<div class=\"charts\">\n"
        out += figure("Latency CDF per stage (share of dispatches taking at most x)", SVGChart.cdf(stageSeries, title: "latency CDF"))
        out += figure("End-to-end latency histogram", SVGChart.histogram(endToEnd, title: "end-to-end histogram"))
        out += figure("Dispatches over time, by outcome", SVGChart.timeline(timeline, title: "timeline"))
        out += "</div>\n"
        if let hardware { out += hardwareCharts(hardware) }
        for section in sections(rows: rows, inventoryRows: Int.max) {
            out += "<h2>\(HTMLText.escape(section.title))</h2>\n"
            for table in section.tables { out += html(table) }
            for note in section.notes {
                out += "<p class=\"\(section.isWarning ? "warning" : "note")\">\(HTMLText.escape(note))</p>\n"
            }
        }
        if let surfaces { out += surfacesSection(surfaces) }
        out += "<p class=\"note\">Schema of the same data: \(TraceAnalysis.schemaName) (keytrace analyze --format json).</p>\n"
        out += "</body></html>\n"
        return out
    }

    /// The menu bar and the overlay of the scene, with a note when the traces name another.
    private func surfacesSection(_ surfaces: SceneSurfaces) -> String {
        var out = "<h2>\(HTMLText.escape("The menu bar and the overlay of \(surfaces.scene)"))</h2>\n"
        let others = Set(traces.compactMap(\.scene)).subtracting([surfaces.scene]).sorted()
        if !others.isEmpty {
            out += "<p class=\"warning\">\(HTMLText.escape("The traces name scene \(others.joined(separator: ", ")), not \(surfaces.scene): the drawings may not be of the app they recorded."))</p>\n"
        }
        return out + surfaces.htmlSection
    }

    /// Per device: chatter and dwell heat maps on a keyboard drawing, the report-gap histogram
    /// and the chord-split histogram.
    private func hardwareCharts(_ hardware: HardwareFigures) -> String {
        var out = "<h2>Keyboard hardware charts</h2>\n<div class=\"charts\">\n"
        for device in hardware.devices {
            let name = device.name.map { "\(device.id) \($0)" } ?? device.id
            var chatter: [UInt16: Double] = [:]
            var dwell: [UInt16: Double] = [:]
            for key in device.keys where key.usagePage == HIDUsagePage.keyboard.rawValue {
                chatter[key.usage] = key.chatterShare
                if let median = key.dwellMedianNanoseconds { dwell[key.usage] = Double(median) }
            }
            out += figure("\(name): chatter per key (share of its presses)", SVGKeyboard.heatMap(
                chatter, title: "chatter heat map", colour: (225, 87, 89),
                label: { String(cFormat: "%.1f %% chatter", $0 * 100) }))
            out += figure("\(name): dwell per key (median down → up)", SVGKeyboard.heatMap(
                dwell, title: "dwell heat map", colour: (78, 121, 167), label: { ReportFormatting.duration($0) }))
            out += figure("\(name): gaps between reports", SVGChart.histogram(
                device.reportIntervals.buckets, title: "report gap histogram", axisLabel: "gap between reports (log scale)"))
            out += figure("\(name): chord split (last down − first down)", SVGChart.histogram(
                device.chordSplits.buckets, title: "chord split histogram", axisLabel: "chord split (log scale)"))
        }
        return out + "</div>\n"
    }

    private func figure(_ caption: String, _ svg: String) -> String {
        "<figure><figcaption>\(HTMLText.escape(caption))</figcaption>\(svg)</figure>\n"
    }

    private func html(_ table: ReportTable) -> String {
        func cls(_ i: Int) -> String { table.rightAligned.contains(i) ? " class=\"num\"" : "" }
        var out = "<table><thead><tr>"
        for (i, h) in table.headers.enumerated() { out += "<th\(cls(i))>\(HTMLText.escape(h))</th>" }
        out += "</tr></thead><tbody>\n"
        for row in table.rows {
            out += "<tr>"
            for (i, cell) in row.enumerated() { out += "<td\(cls(i))>\(HTMLText.escape(cell))</td>" }
            out += "</tr>\n"
        }
        return out + "</tbody></table>\n"
    }
}
