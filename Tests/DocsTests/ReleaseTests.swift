import CLITestSupport
import Foundation
import Testing

/// `keytrace --version` is the newest release in CHANGELOG.md, which keeps an `[Unreleased]`
/// section above it.
@Suite struct ReleaseTests {
    @Test func theVersionIsTheNewestReleaseInTheChangelog() throws {
        let changelog = try String(contentsOfFile: repositoryRoot + "/CHANGELOG.md", encoding: .utf8)
        let headings = changelog.split(separator: "\n").filter { $0.hasPrefix("## [") }
        #expect(headings.first == "## [Unreleased]")
        let release = try #require(headings.dropFirst().first, "CHANGELOG.md has no release")
        let version = release.dropFirst(4).prefix { $0 != "]" }
        let printed = try CLIRunner.run(["--version"])
        #expect(printed.status == 0)
        #expect(printed.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == String(version))
        #expect(release.range(of: #"^## \[[0-9]+\.[0-9]+\.[0-9]+\] - [0-9]{4}-[0-9]{2}-[0-9]{2}$"#, options: .regularExpression) != nil,
                "\(release): a release heading is `## [X.Y.Z] - YYYY-MM-DD`")
    }
}
