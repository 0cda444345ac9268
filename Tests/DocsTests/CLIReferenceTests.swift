import CLITestSupport
import Foundation
import Testing

/// docs/CLI.md is exactly what `Scripts/make-cli-reference.sh` makes from the built `keytrace`'s
/// help, and the other pages point to its exit-code table instead of stating their own.
@Suite struct CLIReferenceTests {
    @Test func theCLIReferenceIsCurrent() throws {
        let binary = try #require(CLIRunner.binary, "the keytrace binary was not found beside the tests; run swift build first")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [repositoryRoot + "/Scripts/make-cli-reference.sh", "-o", "-"]
        process.environment = ProcessInfo.processInfo.environment.merging(["KEYTRACE": binary]) { _, new in new }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let generated = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let page = try String(contentsOfFile: repositoryRoot + "/docs/CLI.md", encoding: .utf8)
        guard page != generated else { return }
        let mine = page.split(separator: "\n", omittingEmptySubsequences: false)
        let theirs = generated.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(mine, theirs).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(mine.count, theirs.count)
        Issue.record("""
            docs/CLI.md differs from the binary's help at line \(line + 1): run `sh Scripts/make-cli-reference.sh` \
            after `swift build`.
              docs/CLI.md: \(line < mine.count ? mine[line] : "(end)")
              generated:   \(line < theirs.count ? theirs[line] : "(end)")
            """)
    }

    @Test func everyCommandHasItsSection() throws {
        let page = try String(contentsOfFile: repositoryRoot + "/docs/CLI.md", encoding: .utf8)
        #expect(page.contains("## Exit codes"))
        for command in ["demo", "record", "synth", "replay", "golden verify", "scene import", "analyze", "bench", "compare"] {
            #expect(page.contains("\n## keytrace \(command)\n"), "\(command)")
        }
    }

    /// The exit codes are stated once: other pages link to docs/CLI.md#exit-codes.
    @Test func noOtherPageHasAnExitCodeTable() throws {
        for page in ShellBlock.pages where page != "docs/CLI.md" {
            let text = try String(contentsOfFile: repositoryRoot + "/" + page, encoding: .utf8)
            let rows = text.split(separator: "\n").filter { $0.hasPrefix("| 64 |") || $0.hasPrefix("| 2 | unusable") }
            #expect(rows.isEmpty, "\(page) has its own exit-code table; link to docs/CLI.md#exit-codes instead")
        }
    }
}
