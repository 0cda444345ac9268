import Foundation

extension TraceAnalysis {
    /// The "Keyboard hardware" section: rollover, chatter, chords, polling and per-key figures of
    /// every device, each table cut to `rows` rows.
    func hardwareSection(_ h: HardwareFigures, rows: Int) -> ReportSection {
        func ns(_ value: UInt64) -> String { ReportFormatting.duration(Double(value)) }
        func percent(_ share: Double) -> String { String(format: "%.1f %%", share * 100) }
        func at(_ offset: UInt64) -> String { String(format: "+%.6f s", Double(offset) / 1e9) }
        let multi = h.devices.count > 1

        var overview = ReportTable(["device", "key-downs", "reports", "max held", "non-modifier", "NKRO exercised",
                                    "ErrorRollOver", "release + next press in one report"])
        var chatter = ReportTable(["device", "chatter presses", "share", "longest gap", "debounce that absorbs them"])
        var chords = ReportTable(["device", "chords", "split p50", "p99", "max", "in one report", "in several"])
        var polling = ReportTable(["device", "polling interval", "gaps", "gap p50", "gap p99", "jitter p50", "jitter p99",
                                   "on 1 ms", "on 125 µs"])
        var events = ReportTable(["device", "key", "released", "pressed again", "gap"], rightAligned: [2, 3, 4])
        var widest = ReportTable(["device", "keys", "at", "split", "reports"], rightAligned: [2, 3, 4])
        var keys = ReportTable(["device", "key", "presses", "chatter", "share", "dwell p50", "dwell max"])
        var notes: [String] = []
        var listedEvents = 0, listedChords = 0, listedKeys = 0
        for d in h.devices {
            let device = d.name.map { "\(d.id) \($0)" } ?? d.id
            let r = d.rollover
            let errorRollOver = r.errorRollOverReports == 0 ? "never"
                : "\(r.errorRollOverReports) (first \(r.firstErrorRollOverOffsetNanoseconds.map(at) ?? "–"))"
            overview.add([device, "\(d.keyDowns)", "\(d.reports)", "\(r.maxKeysHeld) at \(at(r.maxKeysHeldOffsetNanoseconds))",
                          "\(r.maxNonModifierKeysHeld)", r.nkroExercised ? "yes" : "no", errorRollOver, "\(d.releasesWithNextPress)"])
            let c = d.chatter
            chatter.add([device, "\(c.count)", percent(c.share), c.count == 0 ? "–" : ns(c.longestGapNanoseconds),
                         c.recommendedDebounceNanoseconds.map(ns) ?? "–"])
            let s = d.chords.split
            chords.add([device, "\(d.chords.count)", d.chords.count == 0 ? "–" : ns(s.p50), d.chords.count == 0 ? "–" : ns(s.p99),
                        d.chords.count == 0 ? "–" : ns(s.max), "\(d.chords.inOneReport)", "\(d.chords.inSeveralReports)"])
            let p = d.polling
            polling.add([device, p.intervalNanoseconds.map(ns) ?? "unknown", "\(p.reportInterval.count)",
                         p.reportInterval.count == 0 ? "–" : ns(p.reportInterval.p50),
                         p.reportInterval.count == 0 ? "–" : ns(p.reportInterval.p99),
                         p.jitter.map { ns($0.p50) } ?? "–", p.jitter.map { ns($0.p99) } ?? "–",
                         percent(p.shareOnFrameGrid), percent(p.shareOnMicroframeGrid)])
            for e in c.events where listedEvents < rows {
                events.add([multi ? device : d.id, e.key, at(e.releaseOffsetNanoseconds), at(e.pressOffsetNanoseconds), ns(e.gapNanoseconds)])
                listedEvents += 1
            }
            for chord in d.chords.widest where listedChords < rows {
                widest.add([multi ? device : d.id, chord.keys.joined(separator: " + "), at(chord.offsetNanoseconds),
                            ns(chord.splitNanoseconds), "\(chord.reports)"])
                listedChords += 1
            }
            for k in d.keys where listedKeys < rows {
                keys.add([multi ? device : d.id, k.key, "\(k.presses)", "\(k.chatter)", percent(k.chatterShare),
                          k.dwellMedianNanoseconds.map(ns) ?? "–", k.dwellMaxNanoseconds.map(ns) ?? "–"])
                listedKeys += 1
            }
        }
        notes.append("Chatter: a key pressed again within \(ns(h.options.chatterThresholdNanoseconds)) of its release (--chatter-ms); "
                     + "the debounce that absorbs them is the longest such gap rounded up to the next millisecond.")
        notes.append("Chords: downs within \(ns(h.options.chordWindowNanoseconds)) of the first down, before any of them is released "
                     + "(--chord-ms); split is last down − first down as the board reported them. Key records of one device "
                     + "with one timestamp came from one report.")
        notes.append("Polling: gaps between reports that changed a key; jitter is each gap's distance from the nearest multiple "
                     + "of the polling interval bInterval implies. Idle and repeated reports are not in the trace.")
        let total = h.devices.reduce(0) { $0 + $1.keys.count }
        if total > listedKeys { notes.append("\(total - listedKeys) more keys not shown (all are in --format json).") }
        var tables = [overview, chatter, chords, polling]
        if !events.rows.isEmpty { tables.append(events) }
        if !widest.rows.isEmpty { tables.append(widest) }
        tables.append(keys)
        return ReportSection(title: "Keyboard hardware", notes: notes, tables: tables)
    }
}
