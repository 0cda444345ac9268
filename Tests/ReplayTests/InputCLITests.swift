import CLITestSupport
import Foundation
import Testing

/// The CLI on media keys, libinput recordings and the scenes built into the binary.
@Suite struct InputCLITests {
    /// A `keytrace` copied away from the checkout still knows the bundled scenes: they are in the binary.
    @Test func aCopiedBinaryReplaysThroughABundledScene() throws {
        let binary = try #require(CLIRunner.binary)
        let directory = ScratchDirectory.make()
        let copy = directory + "/keytrace"
        try FileManager.default.copyItem(atPath: binary, toPath: copy)
        try "press cmd+d\nwait 50ms\npress volume-up\n".write(toFile: directory + "/s.keys", atomically: true, encoding: .utf8)
        let record = try CLIRunner.run(["record", "--script", "s.keys", "--scene", "pdf-viewer", "-o", "t.ktrace"],
                                       executable: copy, in: directory)
        #expect(record.status == 0, "\(record.stderr)")
        let replay = try CLIRunner.run(["replay", "t.ktrace", "--verify"], executable: copy, in: directory)
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout.contains("pdf-viewer"))
        let named = try CLIRunner.run(["replay", "--scene", "pdf-viewer", "t.ktrace"], executable: copy, in: directory)
        #expect(named.status == 0 && named.stdout.contains("bundled:pdf-viewer"))
        let check = try CLIRunner.run(["scene", "check", "music-player"], executable: copy, in: directory)
        #expect(check.status == 0 && check.stdout.contains("content hash"))
        let unknown = try CLIRunner.run(["replay", "--scene", "pdf-viewr", "t.ktrace"], executable: copy, in: directory)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("app-store-tabs, canvas, music-player, pdf-viewer, text-editor"))
    }

    @Test func sceneResolveExplainsAMediaKey() throws {
        let resolve = try CLIRunner.run(["scene", "resolve", "pdf-viewer", "volume-up"], in: repositoryRoot)
        #expect(resolve.status == 0)
        #expect(resolve.stdout.contains("Volume Increment (Consumer page Volume Increment)"))
        #expect(resolve.stdout.contains("UIKit matches key commands against Keyboard/Keypad keys only"))
        let json = try CLIRunner.run(["scene", "resolve", "pdf-viewer", "sleep", "--json"], in: repositoryRoot)
        #expect(json.stdout.contains("\"candidates\":[]") && json.stdout.contains("\"winner\":null"))
        let typo = try CLIRunner.run(["scene", "resolve", "pdf-viewer", "volume-upp"], in: repositoryRoot)
        #expect(typo.status == 64 && typo.stderr.contains("volume-up, play-pause"))
    }

    @Test func recordReadsALibinputRecordingAndSaysWhenKeysAreObfuscated() throws {
        let directory = ScratchDirectory.make()
        let recording = """
            # libinput record
            version: 1
            ndevices: 1
            libinput:
              version: "1.26.2"
              git: "unknown"
            system:
              kernel: "6.11.3-300.fc41.x86_64"
            devices:
            - node: /dev/input/event3
              evdev:
                # Name: AT Translated Set 2 keyboard
                name: "AT Translated Set 2 keyboard"
                id: [17, 1, 1, 43841]
                codes:
                  0: [0, 1, 4, 17, 20] # EV_SYN
                  1: [\((1...88).map(String.init).joined(separator: ", "))] # EV_KEY
                  4: [4] # EV_MSC
                properties: []
              events:
              - evdev:
                - [  0,      0,   4,   4,      30] # EV_MSC / MSC_SCAN                30 (obfuscated)
                - [  0,      0,   1,  30,       1] # EV_KEY / KEY_A                    1 (obfuscated)
                - [  0,      0,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +0ms
              - evdev:
                - [  0,  81234,   1,  30,       0] # EV_KEY / KEY_A                    0 (obfuscated)
                - [  0,  81234,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +81ms

            """
        try recording.write(toFile: directory + "/r.yml", atomically: true, encoding: .utf8)
        let record = try CLIRunner.run(["record", "--libinput", "r.yml", "-o", "r.ktrace"], in: directory)
        #expect(record.status == 0, "\(record.stderr)")
        #expect(record.stdout.contains("evdev.3 \"AT Translated Set 2 keyboard\""))
        #expect(record.stdout.contains("obfuscated  2 presses"))
        let inspect = try CLIRunner.run(["inspect", "r.ktrace"], in: directory)
        #expect(inspect.stdout.contains("obfuscated: 2 presses"))
        let dump = try CLIRunner.run(["dump", "r.ktrace"], in: directory)
        #expect(dump.stdout.contains("libinput-obfuscated"))
        // A recording of no keyboard is unusable input.
        let mouseOnly = recording.replacingOccurrences(of: "1: [\((1...88).map(String.init).joined(separator: ", "))]", with: "1: [272, 273]")
        try mouseOnly.write(toFile: directory + "/m.yml", atomically: true, encoding: .utf8)
        let none = try CLIRunner.run(["record", "--libinput", "m.yml", "-o", "m.ktrace"], in: directory)
        #expect(none.status == 2 && none.stderr.contains("no keyboard among the 1 devices"))
        try "a: b\n".write(toFile: directory + "/x.yml", atomically: true, encoding: .utf8)
        let bad = try CLIRunner.run(["record", "--libinput", "x.yml", "-o", "n.ktrace"], in: directory)
        #expect(bad.status == 2 && bad.stderr.contains("x.yml:1:1: not a libinput recording"))
    }
}
