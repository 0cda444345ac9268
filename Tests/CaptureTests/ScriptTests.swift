import Foundation
import Testing
import KeyTraceCore
@testable import Capture
import CLITestSupport

@Suite struct ScriptTests {
    func presses(_ script: String) throws -> [KeyPress] {
        try ScriptCaptureSource(text: script).collect().presses
    }

    func line(_ press: KeyPress) -> String {
        "\(press.timestamp / 1_000_000) \(press.phase.name) \(press.usage.name)\(press.isRepeat ? " repeat" : "")"
    }

    @Test func pressHoldsTheShortcutForTheDwellWithModifiersAsTheirOwnPresses() throws {
        let presses = try presses("press cmd+shift+a\nwait 120ms\npress esc for 30ms")
        #expect(presses.map(line) == [
            "0 began Left Shift", "0 began Left Command", "0 began A", "80 ended A", "80 ended Left Command",
            "80 ended Left Shift", "200 began Escape", "230 ended Escape",
        ])
        #expect(presses[2].modifierFlags == [.shift, .command])
        #expect(presses[2].characters == "A")
        #expect(presses[4].modifierFlags == .shift)
        #expect(presses.allSatisfy { $0.device == DeviceID(kind: .script) })
    }

    @Test func mediaAndSystemKeysArePressesOfTheirPage() throws {
        let presses = try presses("press volume-up\ndown shift\npress play-pause for 30ms\nup shift\nrepeat volume-down 2\npress sleep")
        #expect(presses.map { "\($0.timestamp / 1_000_000) \($0.phase.name) \($0.keyName)\($0.isRepeat ? " repeat" : "")" } == [
            "0 began Volume Increment", "80 ended Volume Increment", "80 began Left Shift", "80 began Play/Pause",
            "110 ended Play/Pause", "110 ended Left Shift", "110 began Volume Decrement", "610 began Volume Decrement repeat",
            "643 began Volume Decrement repeat", "676 ended Volume Decrement", "676 began System Sleep", "756 ended System Sleep",
        ])
        #expect(presses[0].usagePage == .consumer && presses[0].characters.isEmpty)
        #expect(presses[3].modifierFlags == .shift)
        #expect(presses[10].usagePage == .genericDesktop && presses[10].usage.rawValue == 0x82)
    }

    @Test func anUnknownKeyWordSaysHowMediaKeysAreWritten() {
        #expect {
            _ = try ScriptCaptureSource(text: "press volume-upp", name: "s.keys")
        } throws: { error in
            "\(error)".contains("s.keys:1:7") && "\(error)".contains("volume-up")
        }
    }

    @Test func R20_disconnectLeavesAMarkerAndReleasesNothingByKeyUp() throws {
        let source = try ScriptCaptureSource(text: "down shift\ndown right\nwait 480ms\ndisconnect\npress a")
        var events: [CaptureEvent] = []
        while let event = try source.next() { events.append(event) }
        let markers = events.compactMap { event -> CaptureMarker? in
            if case .marker(let marker) = event { return marker } else { return nil }
        }
        #expect(markers.map(\.label) == [CaptureMarker.keyboardDisconnectLabel])
        #expect(markers.first?.timestamp == 480_000_000)
        let presses = events.compactMap(\.press)
        // No key-up for the keys held at the disconnect; afterwards nothing is held (no ⇧ on A).
        #expect(presses.map(line) == ["0 began Left Shift", "0 began Right Arrow", "480 began A", "560 ended A"])
        #expect(presses[2].modifierFlags.isEmpty)
        #expect(throws: CaptureError.self) { try ScriptCaptureSource(text: "down a\ndisconnect\nup a") }
        #expect(throws: CaptureError.self) { try ScriptCaptureSource(text: "disconnect now") }
    }

    @Test func dwellAndGapStepsChangeTiming() throws {
        let presses = try presses("dwell 50ms\ngap 10ms\ntype \"aB\"")
        #expect(presses.map(line) == [
            "0 began A", "50 ended A", "60 began Left Shift", "60 began B", "110 ended B", "110 ended Left Shift",
        ])
        #expect(TypedText(presses).text == "aB")
    }

    @Test func typeUsesTheLayoutsKeystrokesWithEscapes() throws {
        let presses = try presses(#"type "Hi, \"you\"!\n""#)
        #expect(TypedText(presses).text == "Hi, \"you\"!⏎")
        #expect(presses.filter { $0.usage == .leftShift && $0.phase == .began }.count == 4)
    }

    @Test func downAndUpHoldModifiersAcrossSteps() throws {
        let presses = try presses("down shift\npress a\nup shift\nwait 1s\npress 0x04")
        #expect(presses.map(line) == ["0 began Left Shift", "0 began A", "80 ended A", "80 ended Left Shift",
                                      "1080 began A", "1160 ended A"])
        #expect(presses[1].characters == "A" && presses[4].characters == "a")
    }

    @Test func repeatAutoRepeatsANamedKeyOrTheLastKeyHeld() throws {
        let named = try presses("repeat down 3")
        #expect(named.map(line) == ["0 began Down Arrow", "500 began Down Arrow repeat", "533 began Down Arrow repeat",
                                    "566 began Down Arrow repeat", "599 ended Down Arrow"])
        let held = try presses("repeat-delay 300ms\nrepeat-interval 20ms\ndown x\nwait 10ms\nrepeat 2\nup x")
        #expect(held.map(line) == ["0 began X", "300 began X repeat", "320 began X repeat", "320 ended X"])
    }

    /// A huge count cannot make a script grow without bound: repeats past the limit are an error
    /// at the step that asks for them.
    @Test func repeatsAreBoundedOverTheWholeScript() throws {
        let limit = ScriptRunner.maximumRepeats
        #expect(try ScriptCaptureSource(text: "repeat down \(limit / 2)\nrepeat up \(limit / 2)").collect().presses.count > limit)
        #expect {
            _ = try ScriptCaptureSource(text: "repeat down \(limit / 2)\nrepeat up \(limit / 2 + 1)", name: "s.keys")
        } throws: { error in
            "\(error)".contains("s.keys:2") && "\(error)".contains("at most \(limit) auto-repeats")
        }
        #expect(throws: CaptureError.self) { try ScriptCaptureSource(text: "repeat a 9223372036854775807") }
    }

    @Test func waitAcceptsEveryUnit() throws {
        let presses = try presses("wait 1s\nwait 1.5ms\nwait 250us\nwait 250µs\nwait 7ns\npress a")
        #expect(presses.first?.timestamp == 1_000_000_000 + 1_500_000 + 500_000 + 7)
    }

    @Test func focusAndMarkerStepsAndCommentsAndBlankLines() throws {
        let events = try ScriptCaptureSource(text: "# setup\n\nfocus Window/List\nmarker start the test\n  # indented\npress a")
            .collect()
        #expect(events.contains(.focus(path: "Window/List", timestamp: 0)))
        #expect(events.contains(.marker(CaptureMarker(label: "start", detail: "the test", timestamp: 0,
                                                      device: DeviceID(kind: .script)))))
        #expect(events.presses.count == 2)
    }

    @Test(arguments: [
        ("press a\njump 3", 2, 1, "unknown step 'jump'"),
        ("wait 12", 1, 6, "not a duration"),
        ("wait", 1, 5, "needs a duration"),
        ("press cmd+foo+a", 1, 11, "unknown modifier"),
        ("press a for", 1, 12, "needs a duration"),
        ("press a during 3ms", 1, 9, "expected `for DURATION`"),
        ("type hello", 1, 6, "quoted string"),
        ("type \"ab", 1, 9, "missing closing"),
        ("type \"a€\"", 1, 8, "cannot type '€'"),
        ("up shift", 1, 4, "is not down"),
        ("down a\ndown a", 2, 6, "already down"),
        ("repeat 3", 1, 8, "no key is held"),
        ("repeat down", 1, 12, "needs a count"),
        ("focus", 1, 6, "needs a path"),
        ("wait 18446744073709ms\nwait 18446744073709ms", 2, 1, "passes 2^64 ns"),
        ("wait 18446744073709ms\npress a for 1s", 2, 1, "passes 2^64 ns"),
        ("wait 18446744073709ms\ngap 1s\ntype \"ab\"", 3, 1, "passes 2^64 ns"),
        ("repeat-delay 18446744073709ms\nwait 1s\nrepeat a 2", 3, 10, "passes 2^64 ns"),
    ])
    func errorsNameTheLineAndColumn(script: String, line: Int, column: Int, words: String) {
        do {
            _ = try ScriptCaptureSource(text: script, name: "test.keys")
            Issue.record("expected an error for \(script)")
        } catch {
            #expect(error.code == .syntax)
            #expect(error.line == line, "\(error)")
            #expect(error.column == column, "\(error)")
            #expect(error.description.hasPrefix("test.keys:\(line):\(column): "), "\(error)")
            #expect(error.message.contains(words), "\(error)")
        }
    }

    @Test func scriptsAreReadFromFiles() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("demo.keys")
        try "press cmd+s\r\n".write(toFile: path, atomically: true, encoding: .utf8)
        let source = try ScriptCaptureSource(path: path)
        #expect(try source.collect().presses.count == 4)
        #expect(source.summary.presses == 4)
        #expect(source.summary.keysHeldAtEnd == 0)
    }
}
