import CLITestSupport
import Foundation
import Testing

/// Runs `Scripts/ci-regression.sh` — the one script docs/CI.md's GitHub Actions workflow calls —
/// on the fixture app in `Tests/CIFixtures/Todo`, committed as two revisions of a scratch git
/// repository, so the documented recipe is exercised end to end.
struct CIRegressionScriptTests {
    private static let script = repositoryRoot + "/Scripts/ci-regression.sh"
    private static let fixtures = repositoryRoot + "/Tests/CIFixtures/Todo"

    /// Runs `executable` with `arguments` in `directory`; returns the status and the output.
    @discardableResult
    private func run(_ executable: String, _ arguments: [String], in directory: String,
                     environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    private func git(_ arguments: [String], in repository: String) throws {
        let result = try run("/usr/bin/env", ["git", "-c", "user.name=KeyTrace tests", "-c", "user.email=tests@keytrace.invalid",
                                              "-c", "commit.gpgsign=false"] + arguments, in: repository)
        #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.output)")
    }

    /// Replaces the repository's `Todo` folder with the fixture version `version` and commits it.
    private func commit(_ version: String, in repository: String, message: String) throws {
        let target = repository + "/Todo"
        try? FileManager.default.removeItem(atPath: target)
        try FileManager.default.copyItem(atPath: "\(Self.fixtures)/\(version)/Todo", toPath: target)
        try git(["add", "-A"], in: repository)
        try git(["commit", "-q", "-m", message], in: repository)
    }

    @Test func theRecipeBlocksAnUnapprovedShortcutChangeAndPassesOnceApproved() throws {
        let keytrace = try #require(CLIRunner.binary, "build keytrace first (swift build)")
        let importer = URL(fileURLWithPath: keytrace).deletingLastPathComponent().appendingPathComponent("keytrace-scene-import").path
        try #require(FileManager.default.isExecutableFile(atPath: importer), "build keytrace-scene-import first (swift build)")
        let gitCheck = try run("/usr/bin/env", ["git", "--version"], in: "/")
        try #require(gitCheck.status == 0, "the recipe needs git: \(gitCheck.output)")

        let scratch = ScratchDirectory.make()
        let repository = scratch + "/app"
        try FileManager.default.createDirectory(atPath: repository, withIntermediateDirectories: true)
        try git(["init", "-q"], in: repository)
        try commit("v1", in: repository, message: "v1")
        try git(["tag", "base"], in: repository)
        try commit("v2", in: repository, message: "v2")
        try git(["tag", "head"], in: repository)

        let environment = ["KEYTRACE": keytrace, "APP_REPO": repository, "EVENTS": "400", "RUNS": "3", "GITHUB_STEP_SUMMARY": ""]
        let blocked = try run("/bin/sh", [Self.script, "base", "head", "Todo"], in: scratch,
                              environment: environment.merging(["OUT_DIR": scratch + "/out1"]) { _, new in new })
        #expect(blocked.status == 1, "\(blocked.output)")
        let report = try String(contentsOfFile: scratch + "/out1/report.md", encoding: .utf8)
        #expect(report.hasPrefix("## KeyTrace: ❌ blocked"))
        #expect(report.contains("added TodoListViewController deleteTodo: ⌘⌫ \"Delete Todo\""))
        #expect(report.contains("changed TodoDetailViewController save: ⌘S: title \"Save\" → \"Save Todo\""))
        #expect(report.contains("system-reserved cmd+h: highlight: from TodoDetailViewController"))
        #expect(report.contains("### keytrace compare"))
        #expect(report.contains("not the app on a device"))
        for file in ["base.scene.json", "head.scene.json", "trace.ktrace", "base.bench.json", "head.bench.json", "compare.json", "scene-diff.json"] {
            #expect(FileManager.default.fileExists(atPath: scratch + "/out1/" + file), "\(file) missing")
        }

        // The pull request approves its changes in the app's repository; the check passes.
        try FileManager.default.createDirectory(atPath: repository + "/.keytrace", withIntermediateDirectories: true)
        let write = try CLIRunner.run(["scene", "diff", scratch + "/out1/base.scene.json", scratch + "/out1/head.scene.json",
                                       "--approved", repository + "/.keytrace/shortcuts.approved", "--write-approved"])
        #expect(write.status == 0, "\(write.stderr)")
        try git(["add", "-A"], in: repository)
        try git(["commit", "-q", "-m", "approve shortcut changes"], in: repository)
        let passed = try run("/bin/sh", [Self.script, "base", "HEAD", "Todo"], in: scratch,
                             environment: environment.merging(["OUT_DIR": scratch + "/out2"]) { _, new in new })
        #expect(passed.status == 0, "\(passed.output)")
        let approvedReport = try String(contentsOfFile: scratch + "/out2/report.md", encoding: .utf8)
        #expect(approvedReport.hasPrefix("## KeyTrace: ✅ nothing to block"))
        #expect(approvedReport.contains("| approved |"))

        // A revision that does not exist is the check failing to run, not a verdict.
        let missing = try run("/bin/sh", [Self.script, "base", "no-such-revision", "Todo"], in: scratch,
                              environment: environment.merging(["OUT_DIR": scratch + "/out3"]) { _, new in new })
        #expect(missing.status == 2, "\(missing.output)")
    }
}
