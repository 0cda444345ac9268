import Analysis
import Comparison
import KeyTraceCore

/// One titled part of a report: notes (sentences) and tables. Text, markdown and HTML render
/// the same sections, so the three formats always say the same thing.
struct ReportSection {
    var title: String
    var notes: [String] = []
    var tables: [ReportTable] = []
    /// Lines a renderer should emphasise as warnings.
    var isWarning = false
}

extension TraceAnalysis {
    /// The report's sections, each breakdown cut to `rows` rows (the JSON keeps every group);
    /// an imported scene's command list is cut to `inventoryRows`.
    func sections(rows: Int, inventoryRows: Int? = nil) -> [ReportSection] {
        var result: [ReportSection] = [overviewSection()]
        if dispatches == 0, keys > 0 {
            // Key events alone (a capture recorded without a scene): the dispatch figures would
            // all be empty, so one line says why and what gives them.
            result.append(ReportSection(title: "Dispatch", notes: [
                "The trace holds key events and no dispatches: it was recorded without a scene, so no press was "
                    + "resolved. `keytrace replay TRACE --scene SCENE` resolves its presses against a scene; the "
                    + "figures below are the keyboard's own.",
            ]))
        } else {
            result += [stagesSection(), keyCommandsSection()]
            if let commandsBuiltPerPress { result.append(commandsBuiltSection(commandsBuiltPerPress)) }
            result.append(cacheSection())
            result += [breakdownSection("By outcome", byOutcome, rows: rows),
                       breakdownSection("By command (shortcut + action)", byCommand, rows: rows),
                       breakdownSection("By providing responder", byResponder, rows: rows),
                       slowestSection()]
        }
        if let capture { result.append(captureSection(capture)) }
        if !repeats.isEmpty { result.append(repeatsSection(rows: rows)) }
        if let hardware { result.append(hardwareSection(hardware, rows: rows)) }
        if let importedScene { result.append(importSection(importedScene, rows: inventoryRows ?? rows)) }
        if !warnings.isEmpty {
            result.append(ReportSection(title: "Warnings", notes: warnings, isWarning: true))
        }
        return result
    }

    private static func ns(_ value: UInt64) -> String { ReportFormatting.duration(Double(value)) }
    private static func percent(_ share: Double) -> String { String(cFormat: "%.1f %%", share * 100) }

    private func overviewSection() -> ReportSection {
        var table = ReportTable(["trace", "source", "scene", "policy", "records", "keys", "dispatches", "span"],
                                rightAligned: [4, 5, 6, 7])
        for t in traces {
            table.add([t.path, t.sourceKind ?? "–", t.scene ?? "–", t.policy ?? "–", "\(t.records)", "\(t.keys)",
                       "\(t.dispatches)", Self.ns(t.durationNanoseconds)])
        }
        var notes = ["\(traces.count) trace\(traces.count == 1 ? "" : "s"): \(keys) key records, \(dispatches) dispatches."]
        notes.append(clockSentence)
        return ReportSection(title: "Overview", notes: notes, tables: [table])
    }

    /// The clock's resolution and per-read cost, and where those figures come from.
    var clockSentence: String {
        let resolution = clock.resolutionNanoseconds.map { "\($0) ns" } ?? "unknown"
        let overhead = clock.checkpointOverheadNanoseconds.map { "\($0) ns per clock read (one read per checkpoint)" } ?? "unknown"
        let source: String
        switch clock.source {
        case "trace-metadata": source = "as stated in the trace metadata"
        case "measured-by-analyze": source = "measured on this machine by analyze, not stated by the trace"
        default: source = "the trace does not state its clock"
        }
        return "Clock: resolution \(resolution), measurement overhead \(overhead) — \(source). Values are as measured, not corrected."
    }

    private func stagesSection() -> ReportSection {
        var table = ReportTable(["stage", "count", "min", "p50", "p90", "p99", "p99.9", "max", "mean", "overhead"])
        for entry in stages {
            let s = entry.statistics
            table.add([entry.name, "\(s.count)", Self.ns(s.min), Self.ns(s.p50), Self.ns(s.p90), Self.ns(s.p99),
                       Self.ns(s.p999), Self.ns(s.max), ReportFormatting.duration(s.mean),
                       entry.measurementOverheadNanoseconds.map(Self.ns) ?? "unknown"])
        }
        var notes: [String] = []
        if let s = inputToDispatch.statistics, inputToDispatch.available {
            table.add(["InputToDispatch", "\(s.count)", Self.ns(s.min), Self.ns(s.p50), Self.ns(s.p90), Self.ns(s.p99),
                       Self.ns(s.p999), Self.ns(s.max), ReportFormatting.duration(s.mean), "–"])
        } else {
            notes.append("InputToDispatch: not available — \(inputToDispatch.reason ?? "no data").")
        }
        if stages.last?.statistics.count == 0 { notes.append("No stage timings in the trace (recorded without timing).") }
        return ReportSection(title: "Latency per stage", notes: notes, tables: [table])
    }

    private func breakdownSection(_ title: String, _ breakdown: Breakdown, rows: Int) -> ReportSection {
        var table = ReportTable(["group", "count", "timed", "p50", "p99", "max"])
        for entry in breakdown.entries.prefix(rows) {
            table.add([entry.name, "\(entry.count)", "\(entry.timed)",
                       entry.timed == 0 ? "–" : Self.ns(entry.p50), entry.timed == 0 ? "–" : Self.ns(entry.p99),
                       entry.timed == 0 ? "–" : Self.ns(entry.max)])
        }
        var notes: [String] = []
        if breakdown.entries.count > rows {
            notes.append("\(breakdown.entries.count - rows) more groups not shown (all are in --format json).")
        }
        if breakdown.otherCount > 0 {
            notes.append("\(breakdown.otherCount) dispatches in groups beyond the first \(breakdown.limit) are not broken down.")
        }
        if breakdown.entries.isEmpty { notes.append("No dispatches.") }
        return ReportSection(title: title + " — end-to-end", notes: notes, tables: breakdown.entries.isEmpty ? [] : [table])
    }

    private func slowestSection() -> ReportSection {
        var table = ReportTable(["#", "offset", "press", "outcome", "action", "provider → target", "end-to-end",
                                 "dominant stage"], rightAligned: [0, 1, 6])
        let multi = traces.count > 1
        for (i, p) in slowest.enumerated() {
            let offset = String(cFormat: "+%.6f s", Double(p.offsetNanoseconds) / 1e9)
            let route = [p.provider, p.target].compactMap { $0 }.joined(separator: " → ")
            let dominant = "\(p.dominantStage) \(Self.ns(p.dominantNanoseconds))"
            table.add(["\(i + 1)", (multi ? "\(p.trace) " : "") + offset, "\(p.phase) \(p.shortcut)", p.outcome,
                       p.action ?? "–", route.isEmpty ? "–" : route, Self.ns(p.endToEndNanoseconds), dominant])
        }
        let notes = slowest.isEmpty ? ["No timed presses."] : []
        return ReportSection(title: "Slowest \(slowest.count) presses", notes: notes, tables: slowest.isEmpty ? [] : [table])
    }

    private func keyCommandsSection() -> ReportSection {
        let k = keyCommands
        guard k.dispatches > 0 else {
            return ReportSection(title: "keyCommands calls", notes: ["No keyCommands counters in the trace."])
        }
        var table = ReportTable(["policy", "calls", "per press (mean)", "per press (max)"])
        let recorded = traces.compactMap(\.policy)
        let label = Set(recorded).count == 1 ? "recorded (\(recorded[0]))" : "recorded"
        table.add([label, "\(k.calls)", String(cFormat: "%.2f", k.callsPerPressMean), "\(k.callsPerPressMax)"])
        table.add(["uikit (would have made)", "\(k.uikitPolicyCalls)", String(cFormat: "%.2f", k.uikitPolicyCallsPerPressMean),
                   "\(k.uikitPolicyCallsPerPressMax)"])
        var notes = ["\(k.dispatches) dispatches with counters; calls saved against uikit: \(k.callsSaved)"
                     + (k.uikitPolicyCalls > 0 ? String(cFormat: " (%.1f %%)", Double(k.callsSaved) / Double(k.uikitPolicyCalls) * 100) : "")
                     + "; command-list enumerations: \(k.enumerations)."]
        var tables = [table]
        if let per = k.perResponder {
            var responders = ReportTable(["responder", "keyCommands calls"])
            for r in per { responders.add([r.path, "\(r.calls)"]) }
            tables.append(responders)
        } else if let note = k.perResponderNote {
            notes.append("Per responder: \(note).")
        }
        return ReportSection(title: "keyCommands calls", notes: notes, tables: tables)
    }

    private func commandsBuiltSection(_ built: CommandsBuiltPerPress) -> ReportSection {
        let policy = built.showsPolicy ? built.policy : nil
        var table = ReportTable(["responder", "built per call", "per press (uikit)"] + (policy.map { ["per press (\($0))"] } ?? []))
        for responder in built.responders {
            table.add([responder.path, "\(responder.builtPerCall)", CommandsBuiltPerPress.decimal(responder.uikitThousandths)]
                + (policy == nil ? [] : [CommandsBuiltPerPress.decimal(responder.policyThousandths)]))
        }
        let notes = ["Commands the app's keyCommands getters build: " + (built.textLines.first ?? "") + ". "
                     + "UIKit reads every responder of the chain on every press, so a getter that builds its array builds it each time."]
        return ReportSection(title: "Commands built by keyCommands getters", notes: notes, tables: [table])
    }

    private func cacheSection() -> ReportSection {
        var table = ReportTable(["hits", "misses", "hit rate", "calls saved"], rightAligned: [0, 1, 2, 3])
        table.add(["\(cache.hits)", "\(cache.misses)", cache.hitRate.map(Self.percent) ?? "–", "\(cache.callsSaved)"])
        var reasons = ReportTable(["invalidation reason", "count"])
        for reason in CacheInvalidationReason.allCases {
            reasons.add([reason.name, "\(cache.invalidations[reason.name] ?? 0)"])
        }
        let notes = cache.hits + cache.misses == 0 ? ["No cache lookups (the recording used the uikit policy or no scene)."] : []
        return ReportSection(title: "Key-command cache", notes: notes, tables: [table, reasons])
    }

    private func captureSection(_ c: CaptureFigures) -> ReportSection {
        var table = ReportTable(["interval", "count", "min", "p50", "p90", "p99", "max", "mean"])
        for (name, s) in [("inter-key (down → down)", c.interKeyInterval), ("dwell (down → up)", c.dwell)] {
            table.add([name, "\(s.count)", Self.ns(s.min), Self.ns(s.p50), Self.ns(s.p90), Self.ns(s.p99), Self.ns(s.max),
                       ReportFormatting.duration(s.mean)])
        }
        var devices = ReportTable(["device", "name", "bInterval", "polling interval", "gaps on its grid"])
        for d in c.devices {
            devices.add([d.id, d.name ?? "–", d.bInterval.map { "\($0)" } ?? "unknown",
                         d.pollingIntervalNanoseconds.map(Self.ns) ?? "unknown", d.shareOnPollingGrid.map(Self.percent) ?? "–"])
        }
        let chance = Self.percent(2 * c.gridTolerance)
        let notes = [
            "\(c.keyDowns) key-downs; rollover: \(c.rolloverKeyDowns) non-modifier key-downs (\(Self.percent(c.rolloverShare))) "
                + "while another non-modifier key was held.",
            "Polling quantisation: of \(c.reportDeltas) gaps between consecutive reports of one device, "
                + "\(Self.percent(c.shareOn1msGrid)) lie on the 1 ms grid and \(Self.percent(c.shareOn8msGrid)) on the 8 ms grid "
                + "(within ±\(Int(c.gridTolerance * 100)) % of a step; chance level \(chance)).",
        ]
        return ReportSection(title: "Captured input", notes: notes, tables: [table, devices])
    }

    /// Repeats per key, most first: how many the input carried and how many were synthesised.
    private func repeatsSection(rows: Int) -> ReportSection {
        var table = ReportTable(["key", "repeats", "synthesised", "from the input"], rightAligned: [1, 2, 3])
        for entry in repeats.prefix(rows) {
            table.add([entry.key, "\(entry.repeats)", "\(entry.synthesized)", "\(entry.repeats - entry.synthesized)"])
        }
        let total = repeats.reduce(0 as UInt64) { $0 &+ $1.repeats }
        let synthesized = repeats.reduce(0 as UInt64) { $0 &+ $1.synthesized }
        var notes = ["\(total) repeats of \(repeats.count) key\(repeats.count == 1 ? "" : "s"); \(synthesized) synthesised at record "
                     + "time for held keys the input did not repeat (docs/Capture.md, \"Repeat synthesis\")."]
        if repeats.count > rows { notes.append("\(repeats.count - rows) more keys not shown (all are in --format json).") }
        return ReportSection(title: "Key repeats", notes: notes, tables: [table])
    }

    private func importSection(_ report: ImportedSceneReport, rows: Int) -> ReportSection {
        let mechanisms = report.byMechanism.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        var notes = [
            "Scene '\(report.scene)' imported from \(report.files) Swift files (\(report.lines) lines): \(report.commands) key commands "
                + "(\(mechanisms)); \(report.conditional) conditional, standing on \(report.stateFlags.count) state flag\(report.stateFlags.count == 1 ? "" : "s").",
        ]
        let recordedScenes = Set(traces.compactMap(\.scene))
        if !recordedScenes.isEmpty, !recordedScenes.contains(report.scene) {
            notes.append("The traces name scene \(recordedScenes.sorted().map { "'\($0)'" }.joined(separator: ", ")), "
                         + "not the imported '\(report.scene)': this report may describe another scene.")
        }
        if let error = report.sceneError { notes.append("The generated scene does not load: \(error).") }
        for flag in report.stateFlags.sorted(by: { $0.key < $1.key }) {
            notes.append("State flag \(flag.key): \(flag.value)")
        }
        var tables: [ReportTable] = []
        if !report.findings.isEmpty {
            var findings = ReportTable(["finding", "source", "message"], rightAligned: [])
            for finding in report.findings {
                findings.add([finding.kind, finding.file.isEmpty ? "–" : "\(finding.file):\(finding.line)", finding.message])
            }
            tables.append(findings)
        } else {
            notes.append("No findings.")
        }
        if !report.unresolved.isEmpty {
            var unresolved = ReportTable(["not in the scene", "declared in", "reason"], rightAligned: [])
            for entry in report.unresolved { unresolved.add(["\(entry.file):\(entry.line)", entry.declaredIn, entry.reason]) }
            tables.append(unresolved)
        }
        if !report.unplaced.isEmpty {
            notes.append("Declared but not placed in the scene (their commands never fire in it): \(report.unplaced.joined(separator: ", ")).")
        }
        var commands = ReportTable(["source", "declared in", "mechanism", "shortcut", "action", "title", "condition"], rightAligned: [])
        for command in report.inventory.prefix(rows) {
            commands.add(["\(command.file):\(command.line)", command.declaredIn, command.mechanism, command.shortcut,
                          command.action ?? "–", command.title ?? "–", command.condition ?? "–"])
        }
        if !report.inventory.isEmpty { tables.append(commands) }
        if report.inventory.count > rows {
            notes.append("\(report.inventory.count - rows) more commands not shown (all are in --format html and json).")
        }
        return ReportSection(title: "Imported scene", notes: notes, tables: tables)
    }
}
