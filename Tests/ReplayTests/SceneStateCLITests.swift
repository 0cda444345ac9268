import CLITestSupport
import Foundation
import Testing
import TraceFormat

/// Scene states from the command line: `scene states`, `--state` on the commands that run a
/// scene, a trace's state through replay, and `--first-responder` by a node's name.
@Suite struct SceneStateCLITests {
    private let notes = "Tests/SceneStatesFixtures/notes.json"
    private let unreachable = "Tests/SceneStatesFixtures/unreachable.json"

    private func run(_ arguments: [String]) throws -> CLIRunner.Result {
        try CLIRunner.run(arguments, in: repositoryRoot)
    }

    @Test func statesListsEachStateAsTextAndAsJSON() throws {
        let text = try run(["scene", "states", notes])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("""
            settings: Settings presented over the library
              controllers      window/tabs
                               window/tabs/library
                               window/tabs/library/list
                               window/tabs/settings
              first responder  window/tabs/settings
            search: The search tab, filtered
            """), "\(text.stdout)")
        let json = try run(["scene", "states", notes, "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let states = try #require(object["states"] as? [[String: Any]])
        #expect(states.map { $0["name"] as? String } == ["initial", "editor", "settings", "search", "settings-closed"])
        #expect(states[1]["controllers"] as? [String] == ["window/tabs", "window/tabs/library", "window/tabs/library/editor"])
        #expect(states[3]["firstResponder"] as? String == "window/tabs/search/FilterBar")
        // Keys sorted, and the same bytes on every run.
        #expect(json.stdout.hasPrefix(#"{"scene":"notes-states","states":[{"controllers":"#))
        #expect(try run(["scene", "states", notes, "--json"]).stdout == json.stdout)
        // A scene without states has the scene as loaded only.
        let bundled = try run(["scene", "states", "canvas"])
        #expect(bundled.stdout == "initial: the scene as loaded\n  controllers      window/editor\n  first responder  window/editor/canvas\n",
                "\(bundled.stdout)")
    }

    @Test func theBundledPDFViewersStatesShowTheTalksCollisions() throws {
        let listing = try run(["scene", "states", "pdf-viewer"])
        #expect(listing.stdout.hasPrefix("initial: the scene as loaded\n  controllers      window/viewer\n"), "\(listing.stdout)")
        #expect(listing.stdout.contains("\npage-detail: "), "\(listing.stdout)")
        // ⌘A: the thumbnails take the standard Select All; the annotations list declares its own.
        let thumbnails = try run(["scene", "resolve", "pdf-viewer", "cmd+a", "--state", "thumbnails"])
        #expect(thumbnails.status == 0, "\(thumbnails.stderr)")
        #expect(thumbnails.stdout.contains("window/viewer/reader/document/thumbnails"), "\(thumbnails.stdout)")
        #expect(!thumbnails.stdout.contains("Select All Annotations"), "\(thumbnails.stdout)")
        let annotations = try run(["scene", "resolve", "pdf-viewer", "cmd+a", "--state", "annotations"])
        #expect(annotations.stdout.contains("Select All Annotations"), "\(annotations.stdout)")
        // In the search field, typing is text input.
        let searching = try run(["scene", "resolve", "pdf-viewer", "k", "--state", "searching"])
        #expect(searching.stdout.contains("text input"), "\(searching.stdout)")
    }

    @Test func aStateChangesWhatAShortcutResolvesTo() throws {
        // ⌘E Export is the pushed editor's: the list has nothing on it.
        let initial = try run(["scene", "resolve", notes, "cmd+e"])
        #expect(initial.status == 0, "\(initial.stderr)")
        #expect(initial.stdout.contains("result: no command fires"), "\(initial.stdout)")
        let editing = try run(["scene", "resolve", notes, "cmd+e", "--state", "editor"])
        #expect(editing.status == 0, "\(editing.stderr)")
        #expect(editing.stdout.contains("result: performs export: on window/tabs/library/editor"), "\(editing.stdout)")
        let commands = try run(["scene", "commands", notes, "--state", "settings"])
        #expect(commands.stdout.contains("⌘D"), "\(commands.stdout)")
        for command in ["menubar", "overlay"] {
            let drawn = try run(["scene", command, notes, "--state", "editor", "--json"])
            #expect(drawn.status == 0, "\(command): \(drawn.stderr)")
            #expect(drawn.stdout.contains("Export"), "\(command)")
        }
    }

    @Test func anUnknownStateIsAUsageErrorListingTheStates() throws {
        for arguments in [["scene", "resolve", notes, "cmd+e", "--state", "edit"], ["scene", "commands", notes, "--state", "edit"]] {
            let result = try run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.contains("no state named \"edit\"; the scene's states: initial, editor, settings, search, settings-closed"),
                    "\(result.stderr)")
        }
        let noScene = try run(["synth", "--events", "5", "--seed", "1", "--state", "editor", "-o", temporaryDirectory() + "/x.ktrace"])
        #expect(noScene.status == 64)
        #expect(noScene.stderr.contains("--state needs --scene"))
    }

    @Test func checkEntersEveryStateAndReportsThoseThatCannotBeEntered() throws {
        let good = try run(["scene", "check", notes])
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout.contains("  states        initial, editor, settings, search, settings-closed\n"))
        let bad = try run(["scene", "check", unreachable])
        #expect(bad.status == 2)
        #expect(bad.stdout.isEmpty)
        let lines = bad.stderr.split(separator: "\n")
        #expect(lines.count == 3, "\(bad.stderr)")
        #expect(lines.first?.hasPrefix("keytrace: \(unreachable):25:45: states[1].steps[0]: cannot enter state \"pushed-from-root\"") == true,
                "\(bad.stderr)")
        // The listing stops at the first state that cannot be entered.
        let listing = try run(["scene", "states", unreachable])
        #expect(listing.status == 2)
        #expect(listing.stderr.contains("pushed-from-root"))
        // A scene that cannot be entered is still usable in the states that can be.
        #expect(try run(["scene", "commands", unreachable, "--state", "pushed"]).status == 0)
        #expect(try run(["scene", "commands", unreachable, "--state", "third-tab"]).status == 2)
    }

    @Test func aSynthesizedTraceReplaysInItsStateBitForBit() throws {
        let directory = temporaryDirectory()
        let trace = directory + "/editor.ktrace"
        let synth = try run(["synth", "--events", "300", "--seed", "5", "--profile", "shortcuts", "--scene", notes, "--state", "editor",
                             "-o", trace])
        #expect(synth.status == 0, "\(synth.stderr)")
        #expect(try TraceReader(path: trace).header.metadata.custom["sceneState"] == "editor")
        let replay = try run(["replay", trace, "--scene", notes, "--verify"])
        #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
        #expect(replay.stdout.contains("resolutions match the recording; final scene state matches"), "\(replay.stdout)")
        #expect(replay.stdout.hasPrefix("replayed \(trace) through notes-states (\(notes)) in state editor, policy cached"), "\(replay.stdout)")
        let json = try run(["replay", trace, "--scene", notes, "--json"])
        #expect(json.stdout.contains(#""scene":"notes-states","sceneState":"editor","policy":"cached""#), "\(json.stdout)")
        // Replaying twice gives the same resolutions, and a re-recording keeps the state.
        let again = directory + "/again.ktrace"
        let first = try run(["replay", trace, "--scene", notes, "--lines", "-o", again])
        let second = try run(["replay", trace, "--scene", notes, "--lines"])
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.contains("performed export:"), "the editor's ⌘E fires in the state")
        #expect(try TraceReader(path: again).header.metadata.custom["sceneState"] == "editor")
        let bench = try run(["bench", "--trace", trace, "--scene", notes, "--runs", "1", "-o", directory + "/bench.json"])
        #expect(bench.status == 0, "\(bench.stderr)")
        // A scene without the trace's state cannot replay it.
        let elsewhere = try run(["replay", trace, "--scene", unreachable])
        #expect(elsewhere.status == 2)
        #expect(elsewhere.stderr.contains("the trace was recorded in a scene state this scene does not have"), "\(elsewhere.stderr)")
    }

    @Test func aRecordingNamesItsStateAndOnlyThen() throws {
        let directory = temporaryDirectory()
        let keys = directory + "/keys.keys"
        try "press cmd+e\npress cmd+e\n".write(toFile: keys, atomically: true, encoding: .utf8)
        let inState = directory + "/state.ktrace"
        let record = try run(["record", "--script", keys, "--scene", notes, "--state", "editor", "-o", inState])
        #expect(record.status == 0, "\(record.stderr)")
        #expect(try TraceReader(path: inState).header.metadata.custom["sceneState"] == "editor")
        let replay = try run(["replay", inState, "--scene", notes, "--verify", "--lines"])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout.contains("began ⌘E → performed export: \"Export\" from window/tabs/library/editor"), "\(replay.stdout)")
        let plain = directory + "/plain.ktrace"
        #expect(try run(["record", "--script", keys, "--scene", notes, "-o", plain]).status == 0)
        #expect(try TraceReader(path: plain).header.metadata.custom["sceneState"] == nil)
        #expect(try run(["replay", plain, "--scene", notes, "--lines"]).stdout.contains("performed export:") == false)
    }

    @Test func firstResponderTakesANodesNameOnEveryCommand() throws {
        let unique = try run(["scene", "commands", notes, "--state", "editor", "--first-responder", "EditorViewController.TextView"])
        #expect(unique.status == 0, "\(unique.stderr)")
        #expect(unique.stdout.hasPrefix("Discoverable commands with first responder window/tabs/library/editor/EditorViewController-TextView"))
        let bundled = try run(["scene", "resolve", "pdf-viewer", "cmd+a", "--first-responder", "search"])
        #expect(bundled.status == 0, "\(bundled.stderr)")
        #expect(bundled.stdout.contains("window/viewer/reader/document/search"), "\(bundled.stdout)")
        let ambiguous = try run(["scene", "overlay", notes, "--first-responder", "FilterBar"])
        #expect(ambiguous.status == 64)
        #expect(ambiguous.stderr.contains("window/tabs/library/list/FilterBar, window/tabs/search/FilterBar"), "\(ambiguous.stderr)")
        let missing = try run(["scene", "menubar", notes, "--first-responder", "Notez"])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("closest names: notes"), "\(missing.stderr)")
        let hidden = try run(["scene", "resolve", notes, "cmd+e", "--first-responder", "EditorViewController-TextView"])
        #expect(hidden.status == 64)
        #expect(hidden.stderr.contains("one is in the controller \"editor\" (shown in state editor)"), "\(hidden.stderr)")
        // A path that does not exist stays the scene error it is.
        #expect(try run(["scene", "commands", notes, "--first-responder", "window/nowhere"]).status == 2)
        // record resolves the name before the first press.
        let directory = temporaryDirectory()
        let keys = directory + "/keys.keys"
        try "press a\n".write(toFile: keys, atomically: true, encoding: .utf8)
        let trace = directory + "/field.ktrace"
        let record = try run(["record", "--script", keys, "--scene", notes, "--state", "search", "--first-responder", "field", "-o", trace])
        #expect(record.status == 0, "\(record.stderr)")
        let lines = try run(["replay", trace, "--scene", notes, "--lines"])
        #expect(lines.stdout.contains("text-input"), "\(lines.stdout)")
    }
}
