import CLITestSupport
import Foundation
import KeyTraceCore
import Testing
import TraceFormat

/// `keytrace record` synthesises the repeats of held keys for inputs without them, and replay
/// resolves them through the engine (R19): a repeatable command fires again, a non-repeatable
/// one is `repeat-suppressed`, text input takes them.
@Suite struct RepeatSynthesisCLITests {
    /// A list with a repeatable ↓ command and a non-repeatable ⌘P, and a text view beside it.
    static let scene = """
        {"format": "keytrace-scene", "version": 1, "name": "repeats",
         "state": {"rows": 0, "prints": 0},
         "windows": [{"type": "window", "name": "window", "root": {
           "type": "viewController", "name": "list", "title": "List", "canBecomeFirstResponder": true,
           "commands": [
             {"title": "Next Row", "shortcut": "down", "action": "nextRow:", "repeat": "repeatable"},
             {"title": "Print", "shortcut": "cmd+p", "action": "print:", "repeat": "nonRepeatable"}],
           "actions": {"nextRow:": [{"increment": "rows", "by": 1}], "print:": [{"increment": "prints", "by": 1}]},
           "views": [{"type": "textView", "name": "field"}]}}],
         "firstResponder": "window/list"}
        """

    // Linux key codes: KEY_DOWN 108, KEY_LEFTMETA 125, KEY_P 25, KEY_X 45.
    /// ↓ held 600 ms, ⌘P with P held 700 ms, X held 700 ms: raw evdev records without the
    /// kernel's repeats (value 2), as a recording with auto-repeat off has them.
    static let heldKeys: [(Int64, Int64, UInt16, UInt16, Int32)] = [
        (1, 0, 1, 108, 1), (1, 600_000, 1, 108, 0),
        (3, 0, 1, 125, 1), (3, 100_000, 1, 25, 1), (3, 800_000, 1, 25, 0), (3, 900_000, 1, 125, 0),
        (5, 0, 1, 45, 1), (5, 700_000, 1, 45, 0),
    ]

    /// The folder with the scene and the input (`held.events`, or `kernel.events` with the
    /// kernel's repeats of ↓ at 250 and 283 ms).
    static func folder() throws -> String {
        let directory = ScratchDirectory.make()
        try scene.write(toFile: directory + "/repeats.json", atomically: true, encoding: .utf8)
        try LiveRecordingKillTests.inputEvents(heldKeys).write(to: URL(fileURLWithPath: directory + "/held.events"))
        let kernel: [(Int64, Int64, UInt16, UInt16, Int32)] = [
            (1, 0, 1, 108, 1), (1, 250_000, 1, 108, 2), (1, 283_000, 1, 108, 2), (1, 600_000, 1, 108, 0),
        ]
        try LiveRecordingKillTests.inputEvents(kernel).write(to: URL(fileURLWithPath: directory + "/kernel.events"))
        return directory
    }

    /// Each key record with the outcome of its resolution (`nil` without one).
    static func presses(_ trace: String) throws -> [(press: KeyPress, outcome: DispatchOutcome?)] {
        var keys: [KeyPress] = []
        var outcomes: [UInt64: DispatchOutcome] = [:]
        for record in try TraceReader(path: trace) {
            switch record {
            case .key(let key): keys.append(key.press)
            case .resolution(let resolution): outcomes[resolution.pressSequence] = resolution.outcome
            default: break
            }
        }
        return keys.enumerated().map { ($0.element, outcomes[UInt64($0.offset)]) }
    }

    private func record(_ arguments: [String], in directory: String) throws -> CLIRunner.Result {
        let result = try CLIRunner.run(["record", "--evdev", "held.events", "--scene", "repeats.json"] + arguments,
                                       in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        return result
    }

    @Test func R19_recordedRepeatsFireRepeatableCommandsAndAreSuppressedForNonRepeatableOnes() throws {
        let directory = try Self.folder()
        let result = try record(["-o", "list.ktrace"], in: directory)
        #expect(result.stdout.contains("repeats     18 synthesised for held keys"))
        let presses = try Self.presses(directory + "/list.ktrace")
        let repeats = presses.filter(\.press.isSynthesizedRepeat)
        let down = repeats.filter { $0.press.usage == .downArrow }
        #expect(down.map { $0.press.timestamp / 1_000_000 } == [1_500, 1_533, 1_566, 1_599])
        #expect(down.allSatisfy { $0.outcome == .performedCommand })
        let print = repeats.filter { $0.press.usage == HIDUsage(0x13) }
        #expect(print.count == 7)  // 3.6 s to 3.798 s
        #expect(print.allSatisfy { $0.outcome == .repeatSuppressed && $0.press.modifierFlags.contains(.command) })
        // X, no command: the list controller does not take it, repeat or not.
        #expect(repeats.count == 4 + 7 + 7)
        let state = try CLIRunner.run(["dump", "list.ktrace"], in: directory).stdout
        #expect(state.contains("rows = 5"))  // the key-down and its four repeats
        #expect(state.contains("prints = 1"))
        // Replay resolves every synthesised repeat as the recording did.
        let replay = try CLIRunner.run(["replay", "list.ktrace", "--scene", "repeats.json", "--verify"], in: directory)
        #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
    }

    @Test func R19_textInputTypesRecordedSynthesisedRepeats() throws {
        let directory = try Self.folder()
        _ = try record(["--first-responder", "window/list/field", "-o", "text.ktrace"], in: directory)
        let presses = try Self.presses(directory + "/text.ktrace")
        let x = presses.filter { $0.press.usage == HIDUsage(0x1B) && $0.press.isSynthesizedRepeat }
        #expect(x.count == 7)  // 5.5 s to 5.698 s
        #expect(x.allSatisfy { $0.outcome == .handledByTextInput })
    }

    @Test func dumpMarksSynthesisedRepeatsAndTheMetadataSaysHowTheyWereMade() throws {
        let directory = try Self.folder()
        _ = try record(["--repeat-delay", "0.4s", "--repeat-interval", "100ms", "-o", "slow.ktrace"], in: directory)
        let dump = try CLIRunner.run(["dump", "slow.ktrace"], in: directory).stdout
        let lines = dump.split(separator: "\n").filter { $0.contains("(synthesised)") }
        #expect(lines.count == 2 + 3 + 3)  // ↓ at 400, 500; P at 500, 600, 700; X at 400, 500, 600 ms
        #expect(lines.allSatisfy { $0.contains(" repeat ") })
        let inspect = try CLIRunner.run(["inspect", "slow.ktrace"], in: directory).stdout
        #expect(inspect.contains("synthesised: delay 400ms, interval 100ms, until the input shows repeats of its own"))
    }

    @Test func noRepeatRecordsTheInputAsItIs() throws {
        let directory = try Self.folder()
        let result = try record(["--no-repeat", "-o", "plain.ktrace"], in: directory)
        #expect(result.stdout.contains("repeats     0 synthesised for held keys (off: --no-repeat)"), "\(result.stdout)")
        let presses = try Self.presses(directory + "/plain.ktrace")
        #expect(presses.count == Self.heldKeys.count)
        #expect(!presses.contains { $0.press.isRepeat })
    }

    @Test func anInputWithTheKernelsRepeatsIsNotDoubled() throws {
        let directory = try Self.folder()
        let result = try CLIRunner.run(["record", "--evdev", "kernel.events", "-o", "kernel.ktrace"], in: directory)
        #expect(result.status == 0)
        #expect(result.stdout.contains("repeats     the input's own (none synthesised)"))
        let presses = try Self.presses(directory + "/kernel.ktrace")
        #expect(presses.filter(\.press.isRepeat).count == 2)
        #expect(!presses.contains { $0.press.isSynthesizedRepeat })
    }

    @Test func aBadRepeatTimingIsAUsageError() throws {
        let directory = try Self.folder()
        let zero = try CLIRunner.run(["record", "--evdev", "held.events", "--repeat-interval", "0ms", "-o", "x.ktrace"],
                                     in: directory)
        #expect(zero.status == 64)
        #expect(zero.stderr.contains("--repeat-interval takes a duration of at least 1ms"))
        let word = try CLIRunner.run(["record", "--evdev", "held.events", "--repeat-delay", "soon", "-o", "x.ktrace"],
                                     in: directory)
        #expect(word.status == 64)
        #expect(word.stderr.contains("--repeat-delay takes a duration of at least 1ms such as 500ms"))
        let instant = try CLIRunner.run(["record", "--evdev", "held.events", "--repeat-delay", "0ms", "-o", "x.ktrace"],
                                        in: directory)
        #expect(instant.status == 64, "a repeat at the key-down's own instant would type every key twice")
        let both = try CLIRunner.run(["record", "--evdev", "held.events", "--no-repeat", "--repeat-delay", "100ms", "-o", "x.ktrace"],
                                     in: directory)
        #expect(both.status == 64)
        #expect(both.stderr.contains("--no-repeat synthesises no repeats"))
    }

    /// No real capture holds a non-modifier key past 500 ms (the longest, `-` of picoctf2017, is
    /// held 203 ms; arrow keys of deadly_arthropod 195 ms), so with a shorter delay: the repeats are in `dump`,
    /// text input takes them, and replay resolves them as recorded.
    @Test(.needsSharedData) func aRealCaptureWithAShortDelayShowsItsRepeatsInDumpAndReplay() throws {
        let directory = ScratchDirectory.make()
        let capture = SharedData.capture("deadly_arthropod.pcap")
        let result = try CLIRunner.run(["record", "--pcap", capture, "--scene", "text-editor", "--repeat-delay", "120ms",
                                        "-o", "real.ktrace"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("repeats     61 synthesised for held keys"))
        let presses = try Self.presses(directory + "/real.ktrace")
        let repeats = presses.filter(\.press.isSynthesizedRepeat)
        #expect(repeats.count == 61)
        #expect(repeats.allSatisfy { $0.outcome == .handledByTextInput || $0.outcome == .unhandled })
        #expect(repeats.contains { $0.press.usage == .leftArrow })
        let dump = try CLIRunner.run(["dump", "real.ktrace"], in: directory).stdout
        #expect(dump.contains("repeat    ←       (Left Arrow, usage 0x50)  1.12.129  (synthesised)"))
        let replay = try CLIRunner.run(["replay", "real.ktrace", "--verify"], in: directory)
        #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
        let plain = try CLIRunner.run(["record", "--pcap", capture, "-o", "default.ktrace"], in: directory)
        // At the default delay no key of this capture is held long enough: the summary says so.
        #expect(plain.status == 0 && plain.stdout.contains("repeats     0 synthesised for held keys (delay 500ms, interval 33ms)"),
                "\(plain.stdout)")
    }
}
