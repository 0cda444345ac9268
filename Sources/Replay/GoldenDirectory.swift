import FoundationEssentials
import KeyTraceSupport

/// A directory of golden traces (`NAME.ktrace` beside `NAME.golden.txt`), checked or re-recorded
/// as a whole: `keytrace golden verify` and `keytrace golden update`.
package struct GoldenDirectory {
    /// The directory.
    package let path: String
    /// Its traces, sorted by name.
    package let traces: [String]

    /// The golden traces in `path`; throws when the directory cannot be read or holds none.
    package init(_ path: String) throws(ReplayError) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            throw .goldenDirectory(path, "cannot read the directory; pass the folder that holds the golden traces (default Traces/golden)")
        }
        self.path = path
        traces = names.filter { $0.hasSuffix(".ktrace") }.sorted().map { PathText.appending($0, to: path) }
        guard !traces.isEmpty else {
            throw .goldenDirectory(path, "no .ktrace files; record one with `keytrace record … -o \(path)/NAME.ktrace`, then run `keytrace golden update`")
        }
    }

    /// Replays every trace and compares it with its golden file and with the resolutions it
    /// recorded; gives the report's lines to `report` as they come, and writes the expected,
    /// actual and diff files of each failure to `artifacts`. Returns how many traces failed.
    package func verify(artifacts: String, report: (String) -> Void) throws -> Int {
        var failed = 0
        for trace in traces {
            // One replay checks both the golden text and the resolutions recorded in the trace.
            let check = try GoldenTrace.check(trace: trace, mode: .never)
            let replay = check.report
            let name = PathText.lastComponent(of: trace)
            if check.passed && replay.matches {
                report("ok      \(name)  \(replay.presses) presses, \(replay.comparedResolutions) resolutions")
                continue
            }
            failed += 1
            report("FAILED  \(name)")
            if let summary = check.failureSummary { report("        \(summary)") }
            if !replay.matches { report("        \(replay.divergences) recorded resolutions diverge on replay") }
            for line in check.diff.prefix(20) { report("        \(line)") }
            if check.diff.count > 20 { report("        … \(check.diff.count - 20) more diff lines") }
            try GoldenTrace.writeArtifacts(check, to: artifacts)
            report("        expected, actual and diff written to \(artifacts)")
        }
        report("\(traces.count - failed) of \(traces.count) golden traces match")
        return failed
    }

    /// Re-records every trace's resolutions from its own presses and rewrites its golden file,
    /// giving what changed, resolution by resolution, to `report`.
    package func update(report: (String) -> Void) throws {
        for trace in traces {
            let temporary = trace + ".tmp"
            var options = Replayer.Options()
            options.output = temporary
            options.compareResolutions = false  // the old resolutions are being replaced
            _ = try Replayer(trace: trace, options: options).run()
            try? FileManager.default.removeItem(atPath: trace)
            try FileManager.default.moveItem(atPath: temporary, toPath: trace)
            let check = try GoldenTrace.check(trace: trace, mode: .all)
            let name = PathText.lastComponent(of: trace)
            if check.expected == nil {
                report("new     \(name): \(check.actual.count) lines written to \(check.golden)")
            } else if check.diff.isEmpty {
                report("same    \(name)")
            } else {
                report("changed \(name):")
                for line in check.diff { report("        \(line)") }
            }
        }
    }
}
