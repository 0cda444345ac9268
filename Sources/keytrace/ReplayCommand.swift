import Analysis
import ArgumentParser
import Foundation
import KeyTraceCore
import Replay
import ResponderEngine

/// `keytrace replay TRACE [--scene SCENE] [--policy uikit|cached] [--pace asap|original|xN] [--verify] [-o OUT] [--json]`.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Drive a trace's presses back through a scene, deterministically; --verify compares with the recording.")

    @Argument(help: "The trace to replay.")
    var trace: String
    @Option(help: "The scene (file or bundled name); default: the scene named in the trace.")
    var scene: String?
    @Option(help: "keyCommands query policy: uikit or cached.")
    var policy: QueryPolicy = .cached
    @Option(help: "asap, original (recorded timing against absolute deadlines) or xN (N times faster, N from 0.001 to 1000).")
    var pace: String = "asap"
    @Flag(help: "Compare every resolution with the recorded one; exit 1 on divergence.")
    var verify = false
    @Option(name: [.short, .customLong("output")], help: "Write the replay's own resolutions and timings to this trace.")
    var output: String?
    @Flag(help: "Print a JSON report instead of text.")
    var json = false
    @Flag(name: .customLong("lines"), help: "Print every resolution as a canonical line.")
    var printLines = false

    func validate() throws {
        if Replayer.Pace(pace) == nil {
            throw ValidationError("--pace \(pace): expected asap, original or xN with N from \(Replayer.Pace.speeds.lowerBound) "
                                  + "to \(Int(Replayer.Pace.speeds.upperBound)) (e.g. x2, x0.5)")
        }
    }

    func run() throws {
        try withLineOutputScope {
            var options = Replayer.Options()
            options.scenePath = try scene.map(SceneArgument.path)
            options.policy = policy
            options.pace = Replayer.Pace(pace) ?? .asap
            options.requireRecordedScene = verify
            options.compareResolutions = verify  // reported only with --verify
            options.output = output
            options.keepLines = printLines
            let report = try Replayer(trace: trace, options: options).run()
            for warning in report.warnings { KeyTraceExit.printError("warning: \(warning)") }
            var out = try LineOutput()
            if json {
                try out.line(ReplayReportJSON.render(report, verified: verify))
            } else {
                if printLines { for line in report.lines { try out.line(line) } }
                try out.line(ReplayReportText.render(report, verified: verify))
            }
            try out.flush()
            if let integrity = report.traceIntegrity { try TraceOptions.checkRecordsLost(integrity, path: trace) }
            if verify && !report.matches { throw KeyTraceExit.checkFailed }
        }
    }
}

/// The text form of a replay report.
enum ReplayReportText {
    static func render(_ r: ReplayReport, verified: Bool) -> String {
        var lines: [String] = []
        lines.append("replayed \(r.trace) through \(r.scene) (\(r.scenePath)), policy \(r.policy.rawValue), pace \(r.pace)")
        let outcomes = r.outcomes.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.name) \($0.value)" }
        lines.append("  presses      \(r.presses) (\(outcomes.joined(separator: ", ")))")
        let s = r.statistics
        let onChanges = s.uikitCallsOnChainChanges > 0 ? ", \(s.uikitCallsOnChainChanges) of them on first-responder changes" : ""
        lines.append("  keyCommands  \(s.keyCommandsCalls) calls (uikit policy: \(s.uikitEquivalentCalls)\(onChanges)); cache \(s.cacheHits) hits, \(s.cacheMisses) misses")
        if !r.schedulingError.isEmpty {
            let e = r.schedulingError.statistics, l = r.latencyFromSchedule.statistics
            lines.append("  scheduling   late by p50 \(micros(e.p50)), p99 \(micros(e.p99)), max \(micros(e.max))"
                         + (r.realTimePriority ? " (real-time priority)" : ""))
            lines.append("  latency      from the scheduled instant: p50 \(micros(l.p50)), p99 \(micros(l.p99)), "
                         + "max \(micros(l.max))")
            if let interference = r.interference { lines.append("  machine      \(describe(interference))") }
        }
        for problem in r.sceneProblems { lines.append("  scene note   \(problem)") }
        if verified {
            if r.matches {
                lines.append("verify: \(r.comparedResolutions) resolutions match the recording; final scene state matches")
            } else {
                lines.append("verify: \(r.divergences) of \(r.comparedResolutions) resolutions diverge; \(r.stateDifferences.count) scene-state values differ")
                if let d = r.firstDivergence {
                    lines.append("first divergence at press #\(d.sequence):")
                    for line in d.before { lines.append("    \(line)") }
                    lines.append("  expected \(d.expected)")
                    lines.append("  actual   \(d.actual)")
                    lines.append("  chain    \(d.chain)")
                    lines.append("  first responder \(d.firstResponder)")
                }
                if !r.stateDifferences.isEmpty {
                    lines.append("scene state that differs at the end (recorded → replayed):")
                    for diff in r.stateDifferences {
                        lines.append("  \(diff.key): \(diff.expected ?? "(absent)") → \(diff.actual ?? "(absent)")")
                    }
                }
            }
            if r.uncomparedResolutions > 0 {
                lines.append("verify: \(r.uncomparedResolutions) recorded resolutions not compared: no replayed press "
                             + "waited for them (no such key record, a second resolution for one press, or one written "
                             + "more than \(ReplayReport.comparisonWindow) presses after its key)")
            }
        }
        return lines.joined(separator: "\n")
    }

    static func micros(_ value: UInt64) -> String {
        String(format: "%.1f µs", Double(value) / 1000)
    }

    /// `hypervisor took 40 ms of CPU time (steal); thread preempted 3 times — …`.
    static func describe(_ i: Interference) -> String {
        let steal = i.stolen.map { $0 == 0 ? "no steal time" : "hypervisor took \($0 / 1_000_000) ms of CPU time (steal)" }
        let preempted = i.preemptions.map { $0 == 0 ? "thread not preempted" : "thread preempted \($0) time\($0 == 1 ? "" : "s")" }
        let facts = [steal, preempted].compactMap { $0 }
        guard !facts.isEmpty else { return "steal time and preemptions not reported by this system" }
        return facts.joined(separator: "; ") + (i.isNone ? "" : " — late presses may be the machine's, not the replay's")
    }
}

/// The JSON form of a replay report (schema `keytrace-replay/1`, docs/Replay.md).
enum ReplayReportJSON {
    static func render(_ r: ReplayReport, verified: Bool) -> String {
        func q(_ s: String) -> String { JSONString.quote(s) }
        var fields: [String] = [
            "\"schema\":\"keytrace-replay/1\"", "\"trace\":\(q(r.trace))", "\"scene\":\(q(r.scene))",
            "\"policy\":\(q(r.policy.rawValue))", "\"pace\":\(q(r.pace.description))", "\"presses\":\(r.presses)",
            "\"outcomes\":{" + r.outcomes.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\(q($0.key.name)):\($0.value)" }.joined(separator: ",") + "}",
            "\"keyCommandsCalls\":\(r.statistics.keyCommandsCalls)", "\"uikitEquivalentCalls\":\(r.statistics.uikitEquivalentCalls)",
            "\"cacheHits\":\(r.statistics.cacheHits)", "\"cacheMisses\":\(r.statistics.cacheMisses)",
        ]
        if !r.schedulingError.isEmpty {
            func summary(_ s: LatencyStatistics) -> String { "{\"p50\":\(s.p50),\"p99\":\(s.p99),\"max\":\(s.max)}" }
            fields.append("\"schedulingErrorNs\":\(summary(r.schedulingError.statistics))")
            fields.append("\"latencyFromScheduleNs\":\(summary(r.latencyFromSchedule.statistics))")
            fields.append("\"realTimePriority\":\(r.realTimePriority)")
            if let i = r.interference {
                fields.append("\"interference\":{\"stolenNs\":\(i.stolen.map(String.init) ?? "null"),"
                              + "\"preemptions\":\(i.preemptions.map(String.init) ?? "null")}")
            }
        }
        if verified {
            fields.append("\"verified\":true")
            fields.append("\"matches\":\(r.matches)")
            fields.append("\"compared\":\(r.comparedResolutions)")
            fields.append("\"uncompared\":\(r.uncomparedResolutions)")
            fields.append("\"divergences\":\(r.divergences)")
            if let d = r.firstDivergence {
                fields.append("\"firstDivergence\":{\"sequence\":\(d.sequence),\"expected\":\(q(d.expected)),\"actual\":\(q(d.actual)),"
                              + "\"before\":[\(d.before.map(q).joined(separator: ","))],\"chain\":\(q(d.chain)),\"firstResponder\":\(q(d.firstResponder))}")
            }
            fields.append("\"stateDifferences\":[" + r.stateDifferences.map {
                "{\"key\":\(q($0.key)),\"expected\":\($0.expected.map(q) ?? "null"),\"actual\":\($0.actual.map(q) ?? "null")}"
            }.joined(separator: ",") + "]")
        }
        return "{" + fields.joined(separator: ",") + "}"
    }
}
