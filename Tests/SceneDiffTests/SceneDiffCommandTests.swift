import CLITestSupport
import Foundation
import Testing

/// Runs the built `keytrace scene diff` on scenes written here: exit codes, formats, the
/// approval file round trip and the error for a scene that does not load.
struct SceneDiffCommandTests {
    private func files() throws -> (folder: String, base: String, head: String) {
        let folder = ScratchDirectory.make()
        return (folder, try SceneDiffFixtures.write(SceneDiffFixtures.base, named: "base.json", in: folder),
                try SceneDiffFixtures.write(SceneDiffFixtures.head, named: "head.json", in: folder))
    }

    @Test func exitsZeroWhenNothingChangedAndOneForABehaviourChange() throws {
        let (_, base, head) = try files()
        let same = try CLIRunner.run(["scene", "diff", base, base])
        #expect(same.status == 0, "\(same.stderr)")
        #expect(same.stdout.contains("no shortcut changes"))
        let changed = try CLIRunner.run(["scene", "diff", base, head])
        #expect(changed.status == 1, "\(changed.stderr)")
        #expect(changed.stdout.contains("! added NotesController newFolder: ⇧⌘N \"New Folder\""))
    }

    @Test func writeApprovedAcceptsTheCurrentChanges() throws {
        let (folder, base, head) = try files()
        let approvals = folder + "/shortcuts.approved"
        let write = try CLIRunner.run(["scene", "diff", base, head, "--approved", approvals, "--write-approved"])
        #expect(write.status == 0, "\(write.stderr)")
        let text = try String(contentsOfFile: approvals, encoding: .utf8)
        #expect(text.contains("shortcut added NotesController newFolder: shift+cmd+n\n"))
        let approved = try CLIRunner.run(["scene", "diff", base, head, "--approved", approvals, "--format", "markdown"])
        #expect(approved.status == 0, "\(approved.stderr)")
        #expect(approved.stdout.contains("| approved |"))
        #expect(!approved.stdout.contains("needs approval"))
    }

    @Test func jsonOutputParses() throws {
        let (_, base, head) = try files()
        let result = try CLIRunner.run(["scene", "diff", base, head, "--format", "json"])
        #expect(result.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["schema"] as? String == "keytrace-scene-diff/1")
        #expect(object?["fails"] as? Bool == true)
        #expect((object?["newConflicts"] as? [Any])?.count == 3)
    }

    @Test func aSceneThatDoesNotLoadExitsTwoNamingFileLineAndPath() throws {
        let (folder, base, _) = try files()
        let broken = try SceneDiffFixtures.write(
            SceneDiffFixtures.head.replacingOccurrences(of: "\"shortcut\": \"shift+cmd+n\"", with: "\"shortcut\": \"shift+cmd+\""),
            named: "broken.json", in: folder)
        let result = try CLIRunner.run(["scene", "diff", base, broken])
        #expect(result.status == 2)
        #expect(result.stderr.contains("broken.json:"))
        #expect(result.stderr.contains("windows[0].root.commands[2].shortcut"))
        let missing = try CLIRunner.run(["scene", "diff", base, folder + "/nope.json"])
        #expect(missing.status == 2)
        let badApprovals = try CLIRunner.run(["scene", "diff", base, base, "--approved", folder + "/none.approved"])
        #expect(badApprovals.status == 2)
    }
}
