import Analysis
import FoundationEssentials

extension TraceAnalysis {
    /// The "Keyboard hardware" section: rollover, chatter, chords, polling and per-key figures of
    /// every device, each table cut to `rows` rows.
    func hardwareSection(_ h: HardwareFigures, rows: Int) -> ReportSection {
        func ns(_ value: UInt64) -> String { ReportFormatting.duration(Double(value)) }
        func percent(_ share: Double) -> String { String(cFormat: "%.1f %%", share * 100) }
        func at(_ offset: UInt64) -> String { String(cFormat: "+%.6f s", Double(offset) / 1e9) }
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
                     + "of the polling interval bInterval implies. Idle and repeated reports are counted from HID report "
                     + "records when the trace has them.")
        let total = h.devices.reduce(0) { $0 + $1.keys.count }
        if total > listedKeys { notes.append("\(total - listedKeys) more keys not shown (all are in --format json).") }
        var tables = [overview, chatter, chords, polling]
        if h.devices.contains(where: { $0.reportRecords != nil }) {
            tables.append(contentsOf: reportTables(h, rows: rows))
            notes.append("Reports (HID report records): a duplicate repeats the previous report of its ID within 1.5 polling "
                         + "intervals, an idle report repeats it later (HID 1.11 §7.2.4). A missed poll is a gap longer than 1.5 "
                         + "polling intervals while a key is held, counted as round(gap / interval) − 1, on endpoints that "
                         + "report every poll (they sent duplicates); on others a poll with nothing to report looks the same. "
                         + "Phantom state: reports carrying ErrorRollOver (too many keys held).")
        }
        if !events.rows.isEmpty { tables.append(events) }
        if !widest.rows.isEmpty { tables.append(widest) }
        tables.append(keys)
        return ReportSection(title: "Keyboard hardware", notes: notes, tables: tables)
    }

    /// The report-record tables: report kinds and missed polls, phantom state, LED changes and
    /// Caps Lock intervals, each cut to `rows` rows.
    private func reportTables(_ h: HardwareFigures, rows: Int) -> [ReportTable] {
        func ns(_ value: UInt64) -> String { ReportFormatting.duration(Double(value)) }
        func at(_ offset: UInt64) -> String { String(cFormat: "+%.6f s", Double(offset) / 1e9) }
        var reports = ReportTable(["device", "input reports", "changes", "duplicates", "idle", "every poll", "missed polls",
                                   "phantom state", "output reports", "LED changes", "Caps Lock on"])
        var gaps = ReportTable(["device", "at", "gap", "missed polls"], rightAligned: [1, 2, 3])
        var leds = ReportTable(["device", "at", "LEDs on"], rightAligned: [1])
        var caps = ReportTable(["device", "Caps Lock on at", "off at", "for"], rightAligned: [1, 2, 3])
        var phantom = ReportTable(["device", "phantom state at"], rightAligned: [1])
        let multi = h.devices.count > 1
        for d in h.devices {
            guard let r = d.reportRecords else { continue }
            let device = d.name.map { "\(d.id) \($0)" } ?? d.id
            let label = multi ? device : d.id
            let missed = r.missedPolls.map { "\($0) in \(r.gapsWithMissedPolls ?? 0) gaps" } ?? "n/a"
            let phantomText = r.phantomStateReports == 0 ? "never"
                : "\(r.phantomStateReports) (first \(r.phantomStateOffsetsNanoseconds.first.map(at) ?? "–"))"
            let capsText = r.capsLock.count == 0 ? "never" : "\(r.capsLock.count)× for \(ns(r.capsLock.onNanoseconds))"
            reports.add([device, "\(r.inputReports)", "\(r.changeReports)", "\(r.duplicateReports)", "\(r.idleReports)",
                         r.reportsEveryPoll ? "yes" : "no", missed, phantomText, "\(r.outputReports)", "\(r.ledChangeCount)",
                         capsText])
            for g in r.missedPollGaps.prefix(rows) { gaps.add([label, at(g.offsetNanoseconds), ns(g.gapNanoseconds), "\(g.missedPolls)"]) }
            for change in r.ledChanges.prefix(rows) {
                leds.add([label, at(change.offsetNanoseconds), change.leds.isEmpty ? "none" : change.leds.joined(separator: ", ")])
            }
            for i in r.capsLock.intervals.prefix(rows) {
                caps.add([label, at(i.startOffsetNanoseconds), i.endOffsetNanoseconds.map(at) ?? "still on at the end",
                          ns(i.durationNanoseconds)])
            }
            for offset in r.phantomStateOffsetsNanoseconds.prefix(rows) { phantom.add([label, at(offset)]) }
        }
        return [reports] + [gaps, phantom, leds, caps].filter { !$0.rows.isEmpty }
    }
}
