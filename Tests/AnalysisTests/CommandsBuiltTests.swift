import CLITestSupport
import Foundation
import Testing

/// `keytrace bench` and `keytrace analyze` multiply each responder's `keyCommandsGetter` by the
/// reads each policy makes: commands built per key press under UIKit's policy and under the
/// cached one.
struct CommandsBuiltTests {
    private static let scene = """
        {"format": "keytrace-scene", "version": 1, "name": "getters",
         "windows": [{"type": "window", "name": "window", "root":
           {"type": "viewController", "name": "ListController",
            "keyCommandsGetter": {"builds": 3, "computed": true, "costly": ["first-responder-lookup"]},
            "commands": [{"title": "Refresh", "shortcut": "cmd+r", "action": "refresh:"}],
            "actions": {"refresh:": []},
            "views": [{"type": "table", "name": "list", "rows": ["a", "b"], "keyCommandsGetter": {"builds": 5, "computed": false}}]}}],
         "firstResponder": "window/ListController/list"}
        """

    private struct Summary: Decodable {
        struct PerPress: Decodable {
            struct Responder: Decodable {
                var responder: String
                var built_per_call: Int
                var uikit: Double
                var cached: Double?
            }
            var uikit: Double
            var cached: Double?
            var by_responder: [Responder]
        }
        var commands_built_per_press: PerPress
    }

    @Test func benchReportsCommandsBuiltPerPressUnderBothPolicies() throws {
        let folder = ScratchDirectory.make()
        let scene = folder + "/getters.json"
        try Self.scene.write(toFile: scene, atomically: true, encoding: .utf8)
        let trace = folder + "/t.ktrace"
        let synth = try CLIRunner.run(["synth", "--events", "200", "--seed", "4", "--scene", scene, "-o", trace])
        #expect(synth.status == 0, "\(synth.stderr)")
        let cached = try CLIRunner.run(["bench", "--scene", scene, "--trace", trace, "--runs", "2", "--json", "-o", folder + "/c.json"])
        #expect(cached.status == 0, "\(cached.stderr)")
        let summary = try JSONDecoder().decode(Summary.self, from: Data(cached.stdout.utf8)).commands_built_per_press
        // Every press asks the controller (3 per call); the list's getter returns stored commands.
        #expect(summary.uikit == 3)
        #expect((summary.cached ?? 1) < 0.1, "the cached policy reads the chain only on a miss")
        #expect(summary.by_responder.map(\.responder) == ["window/ListController"])
        #expect(summary.by_responder.first?.built_per_call == 3)
        let text = try CLIRunner.run(["bench", "--scene", scene, "--trace", trace, "--runs", "1", "--policy", "uikit", "-o", folder + "/u.json"])
        #expect(text.stdout.contains("commands built  3.00 per press under UIKit's policy"))
        #expect(text.stdout.contains("window/ListController: 3 per call, 3.00 per press"))
    }

    private struct Analysis: Decodable {
        var commands_built_per_press: Summary.PerPress?
    }

    @Test func analyzeReportsWhatTheRecordingsGettersBuilt() throws {
        let folder = ScratchDirectory.make()
        let scene = folder + "/getters.json"
        try Self.scene.write(toFile: scene, atomically: true, encoding: .utf8)
        let trace = folder + "/t.ktrace"
        #expect(try CLIRunner.run(["synth", "--events", "200", "--seed", "4", "--scene", scene, "-o", trace]).status == 0)
        let analyze = try CLIRunner.run(["analyze", trace, "--format", "json"])
        #expect(analyze.status == 0, "\(analyze.stderr)")
        let figures = try #require(try JSONDecoder().decode(Analysis.self, from: Data(analyze.stdout.utf8)).commands_built_per_press)
        #expect(figures.uikit == 3)
        #expect((figures.cached ?? 1) < 0.1)
        #expect(figures.by_responder.map(\.responder) == ["window/ListController"])
        // The bench of the same trace under the same policy gives the same figures.
        let bench = try CLIRunner.run(["bench", "--scene", scene, "--trace", trace, "--runs", "1", "--json", "-o", folder + "/c.json"])
        let benched = try JSONDecoder().decode(Summary.self, from: Data(bench.stdout.utf8)).commands_built_per_press
        #expect(benched.uikit == figures.uikit && benched.cached == figures.cached)

        let text = try CLIRunner.run(["analyze", trace])
        #expect(text.stdout.contains("Commands built by keyCommands getters"))
        #expect(text.stdout.contains("3.00 per press under UIKit's policy"))

        // A replay that writes a trace carries the marker too, under its own policy.
        let replayed = folder + "/r.ktrace"
        let replay = try CLIRunner.run(["replay", trace, "--scene", scene, "--policy", "uikit", "-o", replayed])
        #expect(replay.status == 0, "\(replay.stderr)")
        let again = try CLIRunner.run(["analyze", replayed, "--format", "json"])
        let uikit = try #require(try JSONDecoder().decode(Analysis.self, from: Data(again.stdout.utf8)).commands_built_per_press)
        #expect(uikit.uikit == 3 && uikit.cached == nil)
    }

    @Test func aSceneWhoseGettersBuildNothingGivesNoFigure() throws {
        let folder = ScratchDirectory.make()
        let trace = folder + "/t.ktrace"
        #expect(try CLIRunner.run(["synth", "--events", "50", "--seed", "4", "--scene", "pdf-viewer", "-o", trace]).status == 0)
        let analyze = try CLIRunner.run(["analyze", trace, "--format", "json"])
        #expect(try JSONDecoder().decode(Analysis.self, from: Data(analyze.stdout.utf8)).commands_built_per_press == nil)
    }
}
