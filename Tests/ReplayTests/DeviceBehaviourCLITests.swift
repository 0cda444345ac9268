import CLITestSupport
import Foundation
import Testing
import TraceFormat

/// What the device does, from the command line: shortcuts the system keeps (R24) and a missing
/// first responder (R10), recorded, replayed, analyzed and explained.
@Suite struct DeviceBehaviourCLITests {
    private func script(_ lines: String) throws -> String {
        let path = temporaryDirectory() + "/keys.keys"
        try lines.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aSystemShortcutNeverReachesTheAppAndEveryReportCountsIt() throws {
        let keys = try script("press cmd+h\npress cmd+s\npress cmd+space\n")
        let trace = temporaryDirectory() + "/system.ktrace"
        let record = try CLIRunner.run(["record", "--script", keys, "--scene", "text-editor", "-o", trace], in: repositoryRoot)
        #expect(record.status == 0, "\(record.stderr)")
        // ⌘H and ⌘Space, down and up; ⌘S is the app's.
        #expect(record.stdout.contains("resolutions 12 (performed 1, unhandled 6, release-consumed 1, system 4)"), "\(record.stdout)")
        let replay = try CLIRunner.run(["replay", trace, "--verify"], in: repositoryRoot)
        #expect(replay.status == 0, "\(replay.stderr)")
        let analysis = try CLIRunner.run(["analyze", trace, "--format", "json"], in: repositoryRoot)
        #expect(analysis.status == 0, "\(analysis.stderr)")
        #expect(analysis.stdout.contains("\"system\""), "the analysis groups by outcome")
        let lines = try CLIRunner.run(["replay", trace, "--lines"], in: repositoryRoot)
        #expect(lines.stdout.contains("began ⌘H → system \"Home Screen\""), "\(lines.stdout)")
        let resolve = try CLIRunner.run(["scene", "resolve", "text-editor", "cmd+h"], in: repositoryRoot)
        #expect(resolve.status == 0)
        #expect(resolve.stdout.contains("result: iPadOS takes ⌘H (Home Screen); the app never sees the press"), "\(resolve.stdout)")
    }

    @Test func withNoFirstResponderTheControllersCommandsStopUnlessTheFallbackIsAsked() throws {
        let scene = temporaryDirectory() + "/lost.json"
        try """
            {"format": "keytrace-scene", "version": 1, "name": "lost",
             "windows": [{"type": "window", "name": "window", "root": {"type": "viewController", "name": "root",
                "commands": [{"title": "Find", "shortcut": "cmd+f", "action": "find:"}], "actions": {"find:": []},
                "views": [{"type": "textView", "name": "text"}]}}]}
            """.write(toFile: scene, atomically: true, encoding: .utf8)
        let check = try CLIRunner.run(["scene", "check", scene])
        #expect(check.status == 0)
        #expect(check.stdout.contains("warning       the scene starts with no first responder: 1 command(s) cannot fire: ⌘F find: (window/root); "
            + "the app needs becomeFirstResponder() on window/root/text (at firstResponder)"), "\(check.stdout)")
        let checkStandIn = try CLIRunner.run(["scene", "check", scene, "--first-responder-fallback", "deepest-controller"])
        #expect(checkStandIn.stdout.contains("(none: window/root stands in, --first-responder-fallback deepest-controller)"), "\(checkStandIn.stdout)")
        #expect(!checkStandIn.stdout.contains("warning"))
        let resolve = try CLIRunner.run(["scene", "resolve", scene, "cmd+f"])
        #expect(resolve.stdout.contains("with no first responder (the walk starts at window)"), "\(resolve.stdout)")
        let typed = try CLIRunner.run(["scene", "resolve", scene, "--first-responder", "window/root/text", "opt+right"])
        #expect(typed.stdout.contains("no key command matches; result: text input uses the key"), "\(typed.stdout)")
        let keys = try script("press cmd+f\n")
        let device = temporaryDirectory() + "/device.ktrace"
        let record = try CLIRunner.run(["record", "--script", keys, "--scene", scene, "-o", device])
        #expect(record.status == 0, "\(record.stderr)")
        #expect(record.stdout.contains("resolutions 4 (unhandled 4)"), "\(record.stdout)")
        let standIn = temporaryDirectory() + "/stand-in.ktrace"
        let recorded = try CLIRunner.run(["record", "--script", keys, "--scene", scene, "--first-responder-fallback",
                                          "deepest-controller", "-o", standIn])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stdout.contains("performed 1"), "\(recorded.stdout)")
        #expect(try TraceReader(path: standIn).header.metadata.custom["firstResponderFallback"] == "deepest-controller")
        #expect(try TraceReader(path: device).header.metadata.custom["firstResponderFallback"] == "none")
        // A replay starts as the recording did; overriding the stand-in diverges.
        #expect(try CLIRunner.run(["replay", standIn, "--scene", scene, "--verify"]).status == 0)
        #expect(try CLIRunner.run(["replay", standIn, "--scene", scene, "--verify", "--first-responder-fallback", "none"]).status == 1)
        #expect(try CLIRunner.run(["replay", device, "--scene", scene, "--verify"]).status == 0)
        let whatIf = try CLIRunner.run(["replay", "Traces/golden/modals.ktrace", "--first-responder-fallback", "deepest-controller"],
                                       in: repositoryRoot)
        #expect(whatIf.status == 0, "\(whatIf.stderr)")
        #expect(whatIf.stderr.contains("the trace was recorded with --first-responder-fallback none and replays with deepest-controller"))
        let bad = try CLIRunner.run(["replay", device, "--scene", scene, "--first-responder-fallback", "root"])
        #expect(bad.status == 64)
    }
}

/// The platform a scene runs on, from the command line: which shortcuts the system takes (R24)
/// and which version's rules apply (R16), kept in traces and bench results.
@Suite struct PlatformCLITests {
    @Test func thePlatformDecidesWhatTheSystemTakesAndTravelsWithTheTrace() throws {
        let mac = try CLIRunner.run(["scene", "resolve", "text-editor", "cmd+q", "--platform", "catalyst"], in: repositoryRoot)
        #expect(mac.stdout.contains("result: macOS (Mac Catalyst) takes ⌘Q (Quit (the application menu AppKit supplies))"), "\(mac.stdout)")
        let pad = try CLIRunner.run(["scene", "resolve", "text-editor", "cmd+q"], in: repositoryRoot)
        #expect(!pad.stdout.contains("takes ⌘Q"))
        let bad = try CLIRunner.run(["scene", "resolve", "text-editor", "cmd+q", "--platform", "iphone"], in: repositoryRoot)
        #expect(bad.status == 64)

        let keys = temporaryDirectory() + "/q.keys"
        try "press cmd+q\npress f\n".write(toFile: keys, atomically: true, encoding: .utf8)
        let trace = temporaryDirectory() + "/mac.ktrace"
        let record = try CLIRunner.run(["record", "--script", keys, "--scene", "text-editor", "--platform", "catalyst@14", "-o", trace],
                                       in: repositoryRoot)
        #expect(record.status == 0, "\(record.stderr)")
        #expect(try TraceReader(path: trace).header.metadata.custom["platform"] == "catalyst@14.0")
        // The replay applies the recorded platform: ⌘Q stays the system's.
        let replay = try CLIRunner.run(["replay", trace, "--verify"], in: repositoryRoot)
        #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
        let asPad = try CLIRunner.run(["replay", trace, "--verify", "--platform", "ipad"], in: repositoryRoot)
        #expect(asPad.status == 1, "on iPadOS ⌘Q reaches the app: the replay diverges")
    }

    @Test func compareRefusesResultsOfDifferentPlatforms() throws {
        let directory = temporaryDirectory()
        let trace = "\(repositoryRoot)/Traces/golden/edit-actions.ktrace"
        for (name, platform) in [("pad", "ipad"), ("pad2", "ipad"), ("mac", "catalyst")] {
            let bench = try CLIRunner.run(["bench", "--trace", trace, "--runs", "1", "--platform", platform, "-o", "\(directory)/\(name).json"],
                                          in: repositoryRoot)
            #expect(bench.status == 0, "\(bench.stderr)")
        }
        let mixed = try CLIRunner.run(["compare", "\(directory)/pad.json", "\(directory)/mac.json"])
        #expect(mixed.status == 2)
        #expect(mixed.stderr.contains("measured on different platforms (ipad@\(KeyTraceCoreVersionText.current) and catalyst@\(KeyTraceCoreVersionText.current))"),
                "\(mixed.stderr)")
        let same = try CLIRunner.run(["compare", "\(directory)/pad.json", "\(directory)/pad2.json"])
        #expect(same.status != 2, "\(same.stderr)")
    }
}

/// The current OS version as the notation prints it.
private enum KeyTraceCoreVersionText {
    static let current = "27.0"
}
