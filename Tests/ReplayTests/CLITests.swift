import CLITestSupport
import Capture
import Foundation
import Testing
import TraceFormat

/// The record/replay/golden/scene/demo commands, run as a user would, with their exit codes.
@Suite struct CLITests {
    /// The repository's demo capture, then the real captures of ``SharedData`` when they are there.
    static let captures = [repositoryRoot + "/Traces/captures/notes-session.pcap"]
        + (SharedData.testsRun
            ? ["sha2017.pcap", "icectf2016.pcapng", "picoctf2017.pcap", "deadly_arthropod.pcap"].map(SharedData.capture) : [])

    @Test func recordThenDumpListsExactlyTheCapturedPresses() throws {
        let out = temporaryDirectory() + "/notes.ktrace"
        let record = try CLIRunner.run(["record", "--pcap", "Traces/captures/notes-session.pcap", "--scene", "text-editor",
                                        "-o", out], in: repositoryRoot)
        #expect(record.status == 0, "\(record.stderr)")
        #expect(record.stdout.contains("presses     300"), "\(record.stdout)")
        #expect(record.stdout.contains("1.4.129"))
        let dump = try CLIRunner.run(["dump", out, "--json", "--kind", "key"])
        #expect(dump.status == 0)
        let keys = dump.stdout.split(separator: "\n")
        #expect(keys.count == 300)
        #expect(keys.first?.contains("\"kind\":\"key\"") == true && keys.first?.contains("\"device\":\"1.4.129\"") == true)
    }

    @Test(arguments: Self.captures)
    func recordingACaptureInOnePassNamesItsKeyboardsInTheHeader(capture: String) throws {
        let out = temporaryDirectory() + "/\(URL(fileURLWithPath: capture).lastPathComponent).ktrace"
        let record = try CLIRunner.run(["record", "--pcap", capture, "-o", out], in: repositoryRoot)
        #expect(record.status == 0, "\(record.stderr)")
        // The oracle: a separate pass over the whole file, as the header was made before.
        let keyboards = USBCaptureSource.keyboards(inFile: capture)
        let metadata = try TraceReader(path: out).header.metadata
        #expect(!keyboards.isEmpty)
        #expect(metadata.devices.map(\.id) == keyboards.map(\.id))
        #expect(metadata.devices.map(\.vendorID) == keyboards.map(\.vendorID))
        #expect(metadata.devices.map(\.productID) == keyboards.map(\.productID))
        #expect(metadata.devices.map(\.bInterval) == keyboards.map(\.bInterval))
        #expect(metadata.devices.map(\.pollingIntervalNanoseconds) == keyboards.map(\.pollingIntervalNs))
        #expect(metadata.devices.map(\.name) == keyboards.map(\.name))
        for keyboard in keyboards where keyboard.identifiedBy.isHeuristic {
            #expect(metadata.custom["identifiedBy \(keyboard.id)"] == keyboard.identifiedBy.rawValue)
        }
        #expect(try TraceReader(path: out).verify().isIntact)
    }

    @Test func bundledScenesAreFoundFromAnyDirectory() throws {
        let elsewhere = temporaryDirectory()
        let trace = "\(repositoryRoot)/Traces/golden/shadowing.ktrace"
        let copy = elsewhere + "/shadowing.ktrace"  // no scenes beside it
        try FileManager.default.copyItem(atPath: trace, toPath: copy)
        let ok = try CLIRunner.run(["replay", copy, "--verify"], in: elsewhere)
        #expect(ok.status == 0, "\(ok.stderr)")
        let missing = try CLIRunner.run(["replay", copy, "--scene", "no-such-scene"], in: elsewhere)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no scene named 'no-such-scene'"))
        #expect(missing.stderr.contains("known scenes: ") && missing.stderr.contains("pdf-viewer"))
    }

    @Test func replayVerifyPassesAndDivergenceExitsOne() throws {
        let trace = "\(repositoryRoot)/Traces/golden/shadowing.ktrace"
        let ok = try CLIRunner.run(["replay", trace, "--verify"], in: repositoryRoot)
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout.contains("resolutions match the recording"))
        // Through another scene: the hash differs (error with --verify) and resolutions diverge.
        let mismatch = try CLIRunner.run(["replay", trace, "--verify", "--scene", "app-store-tabs"], in: repositoryRoot)
        #expect(mismatch.status == 1)
        #expect(mismatch.stderr.contains("differs from the one the trace was recorded with"))
        let diverged = try CLIRunner.run(["replay", trace, "--scene", "text-editor", "--json"], in: repositoryRoot)
        #expect(diverged.status == 0)
        #expect(diverged.stdout.contains("\"schema\":\"keytrace-replay/1\""))
    }

    @Test func timedReplayReportsSchedulingErrorAndLatencyInTextAndJSON() throws {
        let trace = "\(repositoryRoot)/Traces/golden/shadowing.ktrace"
        let text = try CLIRunner.run(["replay", trace, "--pace", "x50"], in: repositoryRoot)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("  scheduling   late by p50 "))
        #expect(text.stdout.contains("  latency      from the scheduled instant: p50 "))
        #expect(text.stdout.contains("  machine      ") && text.stdout.contains("steal") && text.stdout.contains("preempted"))
        let json = try CLIRunner.run(["replay", trace, "--pace", "x50", "--json"], in: repositoryRoot)
        #expect(json.status == 0, "\(json.stderr)")
        for field in ["\"schedulingErrorNs\":{\"p50\":", "\"latencyFromScheduleNs\":{\"p50\":", "\"realTimePriority\":",
                      "\"interference\":{\"stolenNs\":"] {
            #expect(json.stdout.contains(field), "\(field) missing from \(json.stdout)")
        }
        let asap = try CLIRunner.run(["replay", trace, "--json"], in: repositoryRoot)
        #expect(asap.status == 0)
        #expect(!asap.stdout.contains("schedulingErrorNs") && !asap.stdout.contains("interference"))
        // The timed replay collects the first chain before its clock starts, yet counts the
        // same calls, hits and misses as the untimed one: one lookup per press.
        func counters(_ output: String) throws -> [String] {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
            return ["presses", "keyCommandsCalls", "uikitEquivalentCalls", "cacheHits", "cacheMisses"].map { "\($0)=\(object[$0] ?? "nil")" }
        }
        #expect(try counters(json.stdout) == counters(asap.stdout))
    }

    @Test func replayRejectsUnusableInputWithExitTwoAndBadUsageWithSixtyFour() throws {
        let missing = try CLIRunner.run(["replay", "/nonexistent.ktrace"])
        #expect(missing.status == 2)
        let notATrace = temporaryDirectory() + "/garbage.ktrace"
        try Data("not a trace at all".utf8).write(to: URL(fileURLWithPath: notATrace))
        #expect(try CLIRunner.run(["replay", notATrace]).status == 2)
        #expect(try CLIRunner.run(["replay", notATrace, "--pace", "fast"]).status == 64)
        let noScene = temporaryDirectory() + "/keys.ktrace"
        let script = temporaryDirectory() + "/k.keys"
        try "press a\n".write(toFile: script, atomically: true, encoding: .utf8)
        #expect(try CLIRunner.run(["record", "--script", script, "-o", noScene]).status == 0)
        let unscened = try CLIRunner.run(["replay", noScene], in: repositoryRoot)
        #expect(unscened.status == 2)
        #expect(unscened.stderr.contains("pass --scene"))
    }

    @Test func recordReportsCaptureProblemsClearly() throws {
        let empty = temporaryDirectory() + "/empty.pcap"
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        let result = try CLIRunner.run(["record", "--pcap", empty, "-o", temporaryDirectory() + "/x.ktrace"])
        #expect(result.status == 2)
        #expect(!result.stderr.isEmpty)
        let both = try CLIRunner.run(["record", "--pcap", empty, "--script", empty, "-o", "x"])
        #expect(both.status == 64)
        #expect(both.stderr.contains("exactly one source"))
        let misspelled = try CLIRunner.run(["record", "--scipt", empty, "-o", "x"])
        #expect(misspelled.status == 64)
        #expect(misspelled.stderr.contains("'--scipt'"), "\(misspelled.stderr)")
    }

    @Test func goldenVerifyFailsOnADifferenceAndWritesArtifacts() throws {
        let directory = temporaryDirectory()
        for file in ["tabs.ktrace", "tabs.golden.txt"] {
            try FileManager.default.copyItem(atPath: "\(repositoryRoot)/Traces/golden/\(file)", toPath: "\(directory)/\(file)")
        }
        #expect(try CLIRunner.run(["golden", "verify", directory], in: repositoryRoot).status == 0)
        let golden = "\(directory)/tabs.golden.txt"
        let changed = try String(contentsOfFile: golden, encoding: .utf8).replacingOccurrences(of: "\"Apps\"", with: "\"Applications\"")
        try changed.write(toFile: golden, atomically: true, encoding: .utf8)
        let artifacts = temporaryDirectory()
        let failed = try CLIRunner.run(["golden", "verify", directory, "--artifacts", artifacts], in: repositoryRoot)
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("FAILED  tabs.ktrace"))
        #expect(FileManager.default.fileExists(atPath: "\(artifacts)/tabs.diff"))
        // update rewrites the golden file and shows the change.
        let update = try CLIRunner.run(["golden", "update", directory], in: repositoryRoot)
        #expect(update.status == 0)
        #expect(update.stdout.contains("changed tabs.ktrace"))
        #expect(try CLIRunner.run(["golden", "verify", directory], in: repositoryRoot).status == 0)
    }

    @Test func sceneCommandsExplainAndRejectMalformedScenes() throws {
        let check = try CLIRunner.run(["scene", "check", "Traces/scenes/pdf-viewer.json"], in: repositoryRoot)
        #expect(check.status == 0 && check.stdout.contains("content hash"))
        let commands = try CLIRunner.run(["scene", "commands", "Traces/scenes/pdf-viewer.json"], in: repositoryRoot)
        #expect(commands.stdout.contains("Close All Other Tabs from window/viewer  ← shadowed by Close Tab from window/viewer"))
        let resolve = try CLIRunner.run(["scene", "resolve", "Traces/scenes/pdf-viewer.json", "⌘W"], in: repositoryRoot)
        #expect(resolve.stdout.contains("result: performs closeTab: on window/viewer"))
        let bad = temporaryDirectory() + "/bad.json"
        try #"{"format": "keytrace-scene", "version": 1, "name": "x", "windows": [], "extra": 1}"#.write(toFile: bad, atomically: true, encoding: .utf8)
        let rejected = try CLIRunner.run(["scene", "check", bad])
        #expect(rejected.status == 2)
        #expect(rejected.stderr.contains("unknown field \"extra\""))
    }

    @Test func demoRecordsReplaysAndAnalysesTheBundledCapture() throws {
        let result = try CLIRunner.run(["demo", "--directory", temporaryDirectory()], in: repositoryRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("1. recorded Traces/captures/notes-session.pcap"))
        #expect(result.stdout.contains("resolutions and the final scene state match"))
        #expect(result.stdout.contains("EndToEnd"))
    }
}
