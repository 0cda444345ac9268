import CLITestSupport
import Foundation
import Testing

/// No trap, no hang on any input: every numeric option has a documented range and is a usage
/// error (exit 64) outside it; inputs that hold nothing are unusable (exit 2).
@Suite struct CommandLineRangeTests {
    static let trace = "\(repositoryRoot)/Traces/golden/shadowing.ktrace"

    @Test(arguments: [
        ["analyze", trace, "--top", "100000000000"],
        ["analyze", trace, "--top", "-1"],
        ["replay", trace, "--pace", "x1e-308"],
        ["replay", trace, "--pace", "x1e9"],
        ["replay", trace, "--pace", "x0"],
        ["bench", "--trace", trace, "--label", "=", "-o", "/dev/null"],
        ["bench", "--trace", trace, "--runs", "0", "-o", "/dev/null"],
        ["bench", "--trace", trace, "--runs", "100000", "-o", "/dev/null"],
        ["synth", "--events", "0", "--seed", "1", "-o", "/dev/null"],
        ["synth", "--events", "10000000000000", "--seed", "1", "-o", "/dev/null"],
        ["dump", trace, "--from", "-1"],
        ["dump", trace, "--to", "-5ms"],
        ["dump", trace, "--kind", ""],
        ["dump", trace, "--kind", ",,"],
    ])
    func outOfRangeValuesAreUsageErrors(arguments: [String]) throws {
        let run = try CLIRunner.run(arguments)
        #expect(run.status == 64, "\(arguments): \(run.status) \(run.stderr)")
        #expect(run.stderr.contains("Error: "), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func emptyInputFilesAreNoInput() throws {
        let folder = ScratchDirectory.make()
        let empty = folder + "/empty"
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        let comments = folder + "/comments.keys"
        try "# nothing but a comment\n\n".write(toFile: comments, atomically: false, encoding: .utf8)
        for source in [["--evdev", empty], ["--evemu", empty], ["--script", empty], ["--script", comments]] {
            let run = try CLIRunner.run(["record"] + source + ["-o", folder + "/out.ktrace"])
            #expect(run.status == 2, "\(source): \(run.stderr)")
            #expect(run.stderr.contains("no input: '\(source[1])'"), "\(source): \(run.stderr)")
        }
    }

    @Test func benchReportsARealErrorWithoutTheRunsWarning() throws {
        let run = try CLIRunner.run(["bench", "--trace", "/nonexistent/x.ktrace", "--runs", "1", "-o", "/dev/null"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("/nonexistent/x.ktrace"))
        #expect(!run.stderr.contains("runs;"), "\(run.stderr)")
    }

    @Test func aScriptWhoseWaitsPass2To64NanosecondsIsASyntaxError() throws {
        let folder = ScratchDirectory.make()
        let script = folder + "/long.keys"
        try "wait 18446744073709ms\nwait 18446744073709ms\npress a\n".write(toFile: script, atomically: false, encoding: .utf8)
        let run = try CLIRunner.run(["record", "--script", script, "-o", folder + "/out.ktrace"])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("long.keys:2:1: the script's time passes 2^64 ns"), "\(run.stderr)")
    }
}
