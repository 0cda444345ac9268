import Analysis
import KeyTraceCore
import ArgumentParser
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `keytrace compare BASE.json CURRENT.json`: decides whether CURRENT regressed against BASE.
struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare two bench results and decide whether the current one regressed.",
        discussion: """
            Counters (keyCommands calls, cache misses, allocations per press) are compared exactly: \
            any increase is a regression. A timing is a regression when its median of per-run \
            medians grew by more than the threshold (the larger of --threshold and --min-delta) \
            and a two-sided Mann-Whitney U test over per-run medians gives p < 0.01. \
            Neither input is ever written.

            Exit status: 0 no regression, 1 regression, 2 unusable input (missing, corrupt or \
            of another schema), 64 bad command line.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, json, junit
    }

    @Argument(help: "The baseline bench result (keytrace-bench/1 JSON).")
    var base: String

    @Argument(help: "The bench result to judge.")
    var current: String

    @Option(help: "Relative threshold for timings, e.g. 5% or 0.05.")
    var threshold: String = "5%"

    @Option(name: .customLong("min-delta"), help: "Absolute threshold for timings, e.g. 2us, 500ns, 1ms.")
    var minDelta: String = "2us"

    @Option(help: "Report format: text, markdown, json or junit.")
    var format: Format = .text

    @Option(name: [.short, .customLong("output")], help: "Write the report to FILE instead of standard output.")
    var output: String?

    func validate() throws {
        guard ThresholdNotation.relative(threshold) != nil else {
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
        let baseResult: BenchResult
        let currentResult: BenchResult
        do {
            baseResult = try BenchResult(contentsOf: base)
            currentResult = try BenchResult(contentsOf: current)
        } catch let error as BenchFileError {
            throw KeyTraceExit.fail(error.description)
        }

        var policy = ComparisonPolicy()
        policy.relativeThreshold = ThresholdNotation.relative(threshold) ?? policy.relativeThreshold
        policy.minimumDelta = ThresholdNotation.duration(minDelta) ?? policy.minimumDelta
        let comparison = RunComparison(
            base: baseResult, current: currentResult, policy: policy, baseLabel: base, currentLabel: current)

        let report: String
        switch format {
        case .text:
            let colour = output == nil && isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
            report = comparison.textReport(colour: colour)
        case .markdown:
            report = comparison.markdownReport()
        case .json:
            report = try comparison.jsonReport()
        case .junit:
            report = comparison.junitReport()
        }

        do {
            try OutputFile(output ?? "-").replace(with: Array(report.utf8))
        } catch {
            throw KeyTraceExit.fail(error.description, KeyTraceExit.ioFailure)
        }
        if format != .text || output != nil {
            comparison.warnings.forEach { KeyTraceExit.printError("warning: \($0)") }
        }
        if comparison.hasRegression { throw KeyTraceExit.checkFailed }
    }

    /// Whether two paths name the same file (after resolving symbolic links).
    private static func samePath(_ a: String, _ b: String) -> Bool {
        let first = URL(fileURLWithPath: a).standardizedFileURL.resolvingSymlinksInPath().path
        let second = URL(fileURLWithPath: b).standardizedFileURL.resolvingSymlinksInPath().path
        return first == second
    }
}
