import KeyTraceCore
import Analysis
import CLITestSupport
import Foundation
import Testing
import KeyTraceSupport
import Reports

/// Runs the built `keytrace compare` on files written here and checks exit codes, output and
/// that the inputs are left byte for byte as they were.
struct CompareCommandTests {
    private static var executable: URL { URL(fileURLWithPath: CLIRunner.binary ?? "keytrace") }

    private func run(_ arguments: [String]) throws -> CLIRunner.Result { try CLIRunner.run(arguments) }

    private func temporaryFolder() throws -> URL { try GoldenTraces.temporaryFolder() }

    @Test func exitCodesSeparateNoRegressionRegressionAndUnusableInput() throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build keytrace first: \(Self.executable.path)")
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var generator = SeededGenerator(seed: 0xC1)
        let base = folder.appendingPathComponent("base.json")
        let same = folder.appendingPathComponent("same.json")
        let slow = folder.appendingPathComponent("slow.json")
        let calls = folder.appendingPathComponent("calls.json")
        try SyntheticBench().make(runs: 10, generator: &generator).write(to: base)
        try SyntheticBench().make(runs: 10, generator: &generator).write(to: same)
        try SyntheticBench(slowdown: 2.5).make(runs: 10, generator: &generator).write(to: slow)
        try SyntheticBench(callsPerPress: 4).make(runs: 10, generator: &generator).write(to: calls)
        let corrupt = folder.appendingPathComponent("corrupt.json")
        try Data(#"{"schema": "keytrace-bench/1", "metadata": "#.utf8).write(to: corrupt)
        let future = folder.appendingPathComponent("future.json")
        try Data(#"{"schema": "keytrace-bench/9", "runs": []}"#.utf8).write(to: future)
        let inputs = [base, same, slow, calls, corrupt, future]
        let before = try inputs.map { try Data(contentsOf: $0) }

        let unchanged = try run(["compare", base.path, same.path])
        #expect(unchanged.status == 0, "\(unchanged.stdout)\(unchanged.stderr)")
        #expect(unchanged.stdout.contains("result: no regression"))
        #expect(!unchanged.stdout.contains("\u{1B}["), "no colour when stdout is not a terminal")

        let slower = try run(["compare", base.path, slow.path, "--format", "markdown"])
        #expect(slower.status == 1)
        #expect(slower.stdout.hasPrefix("### keytrace compare: ❌"))

        let moreCalls = try run(["compare", base.path, calls.path, "--format", "junit"])
        #expect(moreCalls.status == 1)
        #expect(moreCalls.stdout.contains(#"<testcase classname="keytrace.compare.counters" name="keyCommandsCalls">"#))

        // A huge threshold hides the slowdown, never a counter increase.
        #expect(try run(["compare", base.path, slow.path, "--threshold", "200%"]).status == 0)
        // --ignore reports a regression without failing on it.
        let ignored = try run(["compare", base.path, slow.path, "--ignore", "timings"])
        #expect(ignored.status == 0)
        #expect(ignored.stdout.contains("ignored for the result (--ignore): "))
        #expect(try run(["compare", base.path, calls.path, "--ignore", "keyCommandsCalls"]).status == 0)
        #expect(try run(["compare", base.path, calls.path, "--threshold", "50%", "--min-delta", "1ms"]).status == 1)

        let missing = try run(["compare", folder.appendingPathComponent("nope.json").path, same.path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nope.json: no such file"))

        let broken = try run(["compare", base.path, corrupt.path])
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("corrupt.json: not valid JSON"))

        let otherSchema = try run(["compare", future.path, base.path])
        #expect(otherSchema.status == 2)
        #expect(otherSchema.stderr.contains(#"future.json: schema is "keytrace-bench/9", expected "keytrace-bench/1""#))

        let overwrite = try run(["compare", base.path, same.path, "-o", base.path])
        #expect(overwrite.status != 0 && overwrite.status != 1)

        let report = folder.appendingPathComponent("report.json")
        let toFile = try run(["compare", base.path, slow.path, "--format", "json", "-o", report.path])
        #expect(toFile.status == 1)
        #expect(toFile.stdout.isEmpty)
        let json = try String(contentsOf: report, encoding: .utf8)
        #expect(json.contains(#""schema" : "keytrace-compare/1""#))

        let after = try inputs.map { try Data(contentsOf: $0) }
        #expect(after == before, "compare must never rewrite its inputs")
    }

    /// Exit 1 tells CI "regression"; a report that cannot be written is the tool failing (2).
    @Test func aReportThatCannotBeWrittenExitsTwoNeverOne() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var generator = SeededGenerator(seed: 0xC2)
        let base = folder.appendingPathComponent("base.json")
        let slow = folder.appendingPathComponent("slow.json")
        try SyntheticBench().make(runs: 10, generator: &generator).write(to: base)
        try SyntheticBench(slowdown: 2.5).make(runs: 10, generator: &generator).write(to: slow)
        let regressed = try run(["compare", base.path, slow.path, "-o", folder.path])
        #expect(regressed.status == 2, "\(regressed.stderr)")
        #expect(regressed.stderr.contains("cannot write '\(folder.path)'"), "\(regressed.stderr)")
        let unchanged = try run(["compare", base.path, base.path, "--format", "json", "-o", folder.path])
        #expect(unchanged.status == 2, "\(unchanged.stderr)")
    }

    @Test func badOptionsAreUsageErrors() throws {
        let result = try run(["compare", "a.json", "b.json", "--threshold", "lots"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--threshold lots"))
    }
}
