import FoundationEssentials
import KeyTraceSupport
import ResponderEngine

/// Golden-trace checks: replay a committed trace and compare its canonical text — one
/// resolution a line, timestamps rebased, no measured times, then the final scene state — with
/// a committed `.golden.txt` file beside it.
///
/// ```
/// Traces/golden/sha2017.ktrace      the recorded presses (and resolutions)
/// Traces/golden/sha2017.golden.txt  what replaying them must print
/// ```
public enum GoldenTrace {
    /// When expected files are written.
    public enum RecordMode: String, Sendable {
        /// Never write; a missing golden file fails (CI).
        case never
        /// Write golden files that are missing.
        case missing
        /// Write every golden file that differs.
        case all

        /// From `KEYTRACE_RECORD` (`1`/`all` → all, `missing` → missing); never when `CI` is set.
        public static var fromEnvironment: RecordMode {
            let env = ProcessInfo.processInfo.environment
            if env["CI"] != nil && env["KEYTRACE_RECORD_ON_CI"] == nil { return .never }
            switch env["KEYTRACE_RECORD"] {
            case "1", "all", "true": return .all
            case "missing": return .missing
            default: return .never
            }
        }
    }

    /// The outcome of one check.
    public struct Check: Sendable {
        /// The trace checked.
        public var trace: String
        /// Its golden file (canonical text).
        public var golden: String
        /// Lines the golden file holds (nil when it is missing).
        public var expected: [String]?
        /// Lines the replay produced.
        public var actual: [String]
        /// Whether the golden file was (re)written.
        public var recorded: Bool
        /// A line diff, expected → actual (`-`/`+` lines), empty when they match.
        public var diff: [String]
        /// The replay behind ``actual``; its `divergences` count resolutions that differ from
        /// those recorded inside the trace.
        public var report: ReplayReport
        /// Whether the check passed.
        public var passed: Bool { recorded || (expected != nil && diff.isEmpty) }
        /// Why it failed, in one line.
        public var failureSummary: String? {
            if passed { return nil }
            if expected == nil { return "no golden file \(golden); run with KEYTRACE_RECORD=1 (never on CI) or `keytrace golden update`" }
            let removed = diff.filter { $0.hasPrefix("-") }.count, added = diff.filter { $0.hasPrefix("+") }.count
            return "\(golden) differs: \(removed) line(s) expected but not produced, \(added) produced but not expected"
        }
    }

    /// The golden file beside `trace`: `NAME.ktrace` → `NAME.golden.txt`.
    public static func goldenPath(for trace: String) -> String {
        let base = trace.hasSuffix(".ktrace") ? String(trace.dropLast(7)) : trace
        return base + ".golden.txt"
    }

    /// Replays `trace` (through `scene`, or the scene it names) and returns its canonical text.
    public static func canonicalText(trace: String, scene: String? = nil, policy: QueryPolicy = .cached) throws -> [String] {
        try replay(trace: trace, scene: scene, policy: policy).lines
    }

    /// One replay: its canonical text and its report (which also compares the resolutions
    /// recorded inside the trace).
    private static func replay(trace: String, scene: String?, policy: QueryPolicy) throws -> (lines: [String], report: ReplayReport) {
        var options = Replayer.Options()
        options.scenePath = scene
        options.policy = policy
        options.keepLines = true
        options.stageTiming = false
        let report = try Replayer(trace: trace, options: options).run()
        let lines = ["# \(report.scene): replay of \(PathText.lastComponent(of: trace))"]
            + report.lines + ["# final scene state"] + report.finalState.split(separator: "\n").map(String.init)
        return (lines, report)
    }

    /// Checks `trace` against its golden file, writing it per `mode`.
    public static func check(trace: String, scene: String? = nil, golden: String? = nil,
                             mode: RecordMode = .fromEnvironment) throws -> Check {
        let goldenPath = golden ?? goldenPath(for: trace)
        let (actual, report) = try replay(trace: trace, scene: scene, policy: .cached)
        let expected = (try? String(contentsOfFile: goldenPath, encoding: .utf8))
            .map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty } }
        var check = Check(trace: trace, golden: goldenPath, expected: expected, actual: actual, recorded: false,
                          diff: expected.map { lineDiff(expected: $0, actual: actual) } ?? [], report: report)
        let shouldRecord = (mode == .all && (expected == nil || !check.diff.isEmpty)) || (mode == .missing && expected == nil)
        if shouldRecord {
            try (actual.joined(separator: "\n") + "\n").write(toFile: goldenPath, atomically: true, encoding: .utf8)
            check.recorded = true
        }
        return check
    }

    /// Writes `NAME.expected.txt`, `NAME.actual.txt` and `NAME.diff` for a failed check into `directory`.
    public static func writeArtifacts(_ check: Check, to directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let name = PathText.nameWithoutExtension(of: check.trace)
        let base = PathText.appending(name, to: directory)
        try ((check.expected ?? []).joined(separator: "\n") + "\n").write(toFile: base + ".expected.txt", atomically: true, encoding: .utf8)
        try (check.actual.joined(separator: "\n") + "\n").write(toFile: base + ".actual.txt", atomically: true, encoding: .utf8)
        try (check.diff.joined(separator: "\n") + "\n").write(toFile: base + ".diff", atomically: true, encoding: .utf8)
    }

    /// The artifacts directory: `KEYTRACE_ARTIFACTS`, else `artifacts/golden`.
    public static var artifactsDirectory: String {
        ProcessInfo.processInfo.environment["KEYTRACE_ARTIFACTS"] ?? "artifacts/golden"
    }

    /// A line diff (longest common subsequence): unchanged lines omitted, `-expected`, `+actual`,
    /// each preceded by a `@@ line N` marker.
    public static func lineDiff(expected: [String], actual: [String]) -> [String] {
        if expected == actual { return [] }
        let n = expected.count, m = actual.count
        var lcs = [[Int32]](repeating: [Int32](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lcs[i][j] = expected[i] == actual[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var result: [String] = []
        var i = 0, j = 0
        var inHunk = false
        while i < n || j < m {
            if i < n && j < m && expected[i] == actual[j] {
                i += 1; j += 1; inHunk = false
                continue
            }
            if !inHunk { result.append("@@ line \(i + 1)"); inHunk = true }
            if j < m && (i == n || lcs[i][j + 1] >= lcs[i + 1][j]) {
                result.append("+" + actual[j]); j += 1
            } else {
                result.append("-" + expected[i]); i += 1
            }
        }
        return result
    }
}
