import Analysis
import ArgumentParser
import Comparison
import FoundationEssentials
import KeyTraceCore
import KeyTraceSupport
import Reports
import TraceFormat

/// `keytrace compare BASE.json CURRENT.json`: decides whether CURRENT regressed against BASE.
struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two bench results, or two captures of one keyboard, and decide whether the current one regressed.",
        discussion: """
            Counters (keyCommands calls, cache misses, allocations per press) are compared exactly: \
            any increase is a regression. A timing is a regression when its median of per-run \
            medians grew by more than the threshold (the larger of --threshold, default 100%, \
            and --min-delta) and a two-sided Mann-Whitney U test over per-run medians gives \
            p < 0.01; the default is calibrated by A/A runs (docs/CI.md). \
            Neither input is ever written.

            Given two traces (.ktrace captures of one keyboard, e.g. before and after a firmware \
            change), compares the keyboard's own timing instead: the chatter rate is a regression \
            when it grew and a one-sided two-proportion z-test gives p < 0.01; the p99 polling \
            jitter when it grew by more than the threshold (the larger of --threshold and \
            --min-delta).

            Exit status: 0 no regression, 1 regression, 2 unusable input (missing, corrupt or \
            of another schema), 64 bad command line.
            """
    )

    @Argument(help: "The baseline bench result (keytrace-bench/1 JSON), or a baseline capture (.ktrace).")
    var base: String

    @Argument(help: "The bench result to judge.")
    var current: String

    @Option(help: "Relative threshold for timings, e.g. 100% or 1.0 (default: 100% for bench results, calibrated by A/A runs; 5% for captures).")
    var threshold: String?

    @Option(name: .customLong("min-delta"), help: "Absolute threshold for timings, e.g. 2us, 500ns, 1ms.")
    var minDelta: String = "2us"

    @Option(name: .customLong("ignore"),
            help: "A counter (e.g. allocations), latency metric, or 'timings' (every latency metric) whose regression is reported but does not fail (repeatable).")
    var ignored: [String] = []

    @Option(help: "Report format: text, markdown, json or junit.")
    var format: ComparisonReportFormat = .text

    @Option(name: [.short, .customLong("output")], help: "Write the report to FILE instead of standard output.")
    var output: String?

    func validate() throws {
        if let threshold, ThresholdNotation.relative(threshold) == nil {
            throw ValidationError("--threshold \(threshold): expected a percentage such as 5% or a fraction such as 0.05")
        }
        guard ThresholdNotation.duration(minDelta) != nil else {
            throw ValidationError("--min-delta \(minDelta): expected a duration such as 2us, 500ns or 1ms")
        }
        if let output, [base, current].contains(where: { Self.samePath($0, output) }) {
            throw ValidationError("-o \(output): would overwrite an input; compare never rewrites a bench result")
        }
    }

    func run() throws {
        let traces = [base, current].map(TraceFileHeader.isTraceFile(atPath:))
        if traces[0] || traces[1] {
            guard traces[0] && traces[1] else {
                throw CommandFailure.unusableInput("\(traces[0] ? current : base): not a trace; compare two bench results or two captures (.ktrace)")
            }
            try compareCaptures()
            return
        }
        let baseResult: BenchResult
        let currentResult: BenchResult
        do {
            baseResult = try BenchResult(contentsOf: base)
            currentResult = try BenchResult(contentsOf: current)
        } catch let error as BenchFileError {
            throw CommandFailure.unusableInput(error.description)
        }

        if let refusal = RunComparison.refusal(base: baseResult, current: currentResult) {
            throw CommandFailure.unusableInput(refusal)
        }
        let policy = policy(from: .benchDefault)
        var comparison = RunComparison(
            base: baseResult, current: currentResult, policy: policy, baseLabel: base, currentLabel: current)
        comparison.ignored = Set(ignored)

        let report = try comparison.report(format, colour: colour)
        try write(report)
        if format != .text || output != nil {
            for warning in comparison.warnings { KeyTraceExit.printError("warning: \(warning)") }
        }
        if comparison.hasRegression { throw KeyTraceExit.checkFailed }
    }

    /// Two captures of one keyboard: chatter rate and polling jitter decide
    /// (``HardwareComparison``).
    private func compareCaptures() throws {
        func device(_ path: String) throws -> TraceAnalysis.HardwareDevice {
            do {
                return try TraceAnalysis.HardwareDevice.busiest(inTraceAt: path)
            } catch {
                throw CommandFailure.unusableInput("\(path): \(error)")
            }
        }
        let policy = policy(from: ComparisonPolicy())
        let comparison = HardwareComparison(base: try device(base), current: try device(current), policy: policy,
                                            baseLabel: base, currentLabel: current)
        let report = try comparison.report(format, colour: colour)
        try write(report)
        if comparison.hasRegression { throw KeyTraceExit.checkFailed }
    }

    /// `base` with `--threshold` and `--min-delta` applied (``validate()`` has checked them).
    private func policy(from base: ComparisonPolicy) -> ComparisonPolicy {
        var policy = base
        policy.relativeThreshold = threshold.flatMap(ThresholdNotation.relative) ?? policy.relativeThreshold
        policy.minimumDelta = ThresholdNotation.duration(minDelta) ?? policy.minimumDelta
        return policy
    }

    /// Writes the report to `-o FILE` or standard output.
    private func write(_ report: String) throws { try OutputFile(output ?? "-").replace(with: Array(report.utf8)) }

    /// Whether text reports may use colour (``ReportColour``).
    private var colour: Bool { ReportColour.allowed(writesToFile: output != nil) }

    /// Whether two paths name the same file (after resolving symbolic links).
    private static func samePath(_ a: String, _ b: String) -> Bool {
        let first = URL(fileURLWithPath: a).standardizedFileURL.resolvingSymlinksInPath().path
        let second = URL(fileURLWithPath: b).standardizedFileURL.resolvingSymlinksInPath().path
        return first == second
    }
}

extension ComparisonReportFormat: ExpressibleByArgument {}
