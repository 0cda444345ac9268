import Testing
import KeyTraceCore
@testable import Capture

@Suite struct TerminalDecoderTests {
    /// Decodes `bytes` all at once and one byte at a time (flushing at the end); both must agree.
    func decode(_ bytes: [UInt8], kitty: Bool = false) -> [TerminalInput] {
        var whole = TerminalDecoder()
        whole.reportsEventTypes = kitty
        let all = whole.feed(bytes) + whole.flush()
        var drip = TerminalDecoder()
        drip.reportsEventTypes = kitty
        var dripped: [TerminalInput] = []
        for byte in bytes { dripped += drip.feed([byte]) }
        dripped += drip.flush()
        #expect(all == dripped, "drip-fed decoding differs for \(bytes)")
        return all
    }

    func decode(_ text: String, kitty: Bool = false) -> [TerminalInput] { decode(Array(text.utf8), kitty: kitty) }

    @Test func textMapsThroughTheUSLayoutWithShiftForCapitals() {
        #expect(decode("aZ 1!\r\t\u{7F}") == [
            .key(TerminalKey(.a)), .key(TerminalKey(.z, modifiers: .shift)), .key(TerminalKey(.space)),
            .key(TerminalKey(.digit1)), .key(TerminalKey(.digit1, modifiers: .shift)), .key(TerminalKey(.returnOrEnter)),
            .key(TerminalKey(.tab)), .key(TerminalKey(.deleteOrBackspace)),
        ])
    }

    @Test func controlCodesAreControlLetters() {
        let inputs = decode([0x01, 0x03, 0x1A, 0x1D, 0x00, 0x1F])
        #expect(inputs == [
            .key(TerminalKey(.a, modifiers: .control)), .key(TerminalKey(HIDUsage(0x06), modifiers: .control)),
            .key(TerminalKey(.z, modifiers: .control)), .key(TerminalKey(.closeBracket, modifiers: .control)),
            .key(TerminalKey(.space, modifiers: .control)), .key(TerminalKey(.hyphen, modifiers: .control)),
        ])
    }

    @Test func legacyCursorAndFunctionKeys() {
        let inputs = decode("\u{1B}[A\u{1B}OB\u{1B}[1;5C\u{1B}[1;2D\u{1B}[H\u{1B}OF\u{1B}[5~\u{1B}[6;3~\u{1B}[3~\u{1B}[2~"
                            + "\u{1B}OP\u{1B}[15~\u{1B}[24;2~\u{1B}[Z\u{1B}[1~\u{1B}[4~")
        #expect(inputs == [
            .key(TerminalKey(.upArrow)), .key(TerminalKey(.downArrow)), .key(TerminalKey(.rightArrow, modifiers: .control)),
            .key(TerminalKey(.leftArrow, modifiers: .shift)), .key(TerminalKey(.home)), .key(TerminalKey(.end)),
            .key(TerminalKey(.pageUp)), .key(TerminalKey(.pageDown, modifiers: .alternate)), .key(TerminalKey(.deleteForward)),
            .key(TerminalKey(.insert)), .key(TerminalKey(HIDUsage(0x3A))), .key(TerminalKey(HIDUsage(0x3E))),
            .key(TerminalKey(HIDUsage(0x45), modifiers: .shift)), .key(TerminalKey(.tab, modifiers: .shift)),
            .key(TerminalKey(.home)), .key(TerminalKey(.end)),
        ])
    }

    @Test func escapeAloneIsEscapeAndBeforeAKeyIsAlt() {
        #expect(decode("\u{1B}") == [.key(TerminalKey(.escape))])
        #expect(decode("\u{1B}x") == [.key(TerminalKey(HIDUsage(0x1B), modifiers: .alternate))])
        #expect(decode("\u{1B}X") == [.key(TerminalKey(HIDUsage(0x1B), modifiers: [.alternate, .shift]))])
        #expect(decode("\u{1B}\u{1B}[A") == [.key(TerminalKey(.upArrow, modifiers: .alternate))])
        #expect(decode("\u{1B}\u{7F}") == [.key(TerminalKey(.deleteOrBackspace, modifiers: .alternate))])
        #expect(decode("\u{1B}[") == [.key(TerminalKey(.openBracket, modifiers: .alternate))])
        // A pause between ESC and the next key: Escape, then the key.
        var decoder = TerminalDecoder()
        #expect(decoder.feed([0x1B]).isEmpty && decoder.hasPending)
        #expect(decoder.flush() == [.key(TerminalKey(.escape))])
        #expect(decoder.feed(Array("a".utf8)) == [.key(TerminalKey(.a))])
    }

    @Test func utf8TextAndUntypeableCharacters() {
        #expect(decode("é€") == [.untypeable("é"), .untypeable("€")])
        #expect(decode([0xC3]) == [.malformed([0xC3])])          // cut off
        #expect(decode([0xC3, 0x41]) == [.malformed([0xC3]), .key(TerminalKey(.a, modifiers: .shift))])
        #expect(decode([0xFF, 0x61]) == [.malformed([0xFF]), .key(TerminalKey(.a))])
        #expect(decode([0xC0, 0x80]) == [.malformed([0xC0]), .malformed([0x80])])  // overlong
    }

    @Test func malformedAndPartialSequences() {
        // Cut off at the end of input.
        #expect(decode("\u{1B}[1;5") == [.malformed(Array("\u{1B}[1;5".utf8))])
        // Interrupted by another escape: the garbage, then the next sequence.
        #expect(decode("\u{1B}[1;\u{1B}[B") == [.malformed(Array("\u{1B}[1;".utf8)), .key(TerminalKey(.downArrow))])
        // Too long.
        let long = "\u{1B}[" + String(repeating: "1", count: 80) + "A"
        let inputs = decode(long)
        #expect(inputs.first.map { if case .malformed = $0 { return true } else { return false } } == true)
        // Well-formed but not keys.
        #expect(decode("\u{1B}[I\u{1B}[200~\u{1B}[12;40R") == [
            .unsupported(Array("\u{1B}[I".utf8)), .unsupported(Array("\u{1B}[200~".utf8)),
            .unsupported(Array("\u{1B}[12;40R".utf8)),
        ])
        // Event type 9 does not exist.
        #expect(decode("\u{1B}[97;1:9u", kitty: true) == [.malformed(Array("\u{1B}[97;1:9u".utf8))])
    }

    @Test func protocolAnswers() {
        #expect(decode("\u{1B}[?11u\u{1B}[?62;22c") == [.keyboardProtocolFlags(11), .deviceAttributes])
        #expect(decode("\u{1B}[?1;2c") == [.deviceAttributes])
    }

    @Test func kittyPressRepeatReleaseAndModifierKeys() {
        let inputs = decode("\u{1B}[57441;2u\u{1B}[97;2u\u{1B}[97;2:2u\u{1B}[97;2:3u\u{1B}[57441;1:3u"
                            + "\u{1B}[13u\u{1B}[13;1:3u\u{1B}[1;5:1A\u{1B}[1;5:3A\u{1B}[57364u\u{1B}[3;1:3~\u{1B}[27u"
                            + "\u{1B}[57444;9u\u{1B}[99;9u\u{1B}[57399u", kitty: true)
        #expect(inputs == [
            .key(TerminalKey(.leftShift, modifiers: .shift, kind: .press)),
            .key(TerminalKey(.a, modifiers: .shift, kind: .press)),
            .key(TerminalKey(.a, modifiers: .shift, kind: .repeat)),
            .key(TerminalKey(.a, modifiers: .shift, kind: .release)),
            .key(TerminalKey(.leftShift, kind: .release)),
            .key(TerminalKey(.returnOrEnter, kind: .press)),
            .key(TerminalKey(.returnOrEnter, kind: .release)),
            .key(TerminalKey(.upArrow, modifiers: .control, kind: .press)),
            .key(TerminalKey(.upArrow, modifiers: .control, kind: .release)),
            .key(TerminalKey(HIDUsage(0x3A), kind: .press)),
            .key(TerminalKey(.deleteForward, kind: .release)),
            .key(TerminalKey(.escape, kind: .press)),
            .key(TerminalKey(.leftGUI, modifiers: .command, kind: .press)),
            .key(TerminalKey(HIDUsage(0x06), modifiers: .command, kind: .press)),
            .key(TerminalKey(HIDUsage(0x62), kind: .press)),
        ])
        // Without the protocol enabled, the same key sequence is a tap.
        #expect(decode("\u{1B}[97;5u") == [.key(TerminalKey(.a, modifiers: .control))])
    }

    @Test func manySequencesInOneBuffer() {
        let one = "\u{1B}[1;2A\u{1B}[97;1:3ux"
        var decoder = TerminalDecoder()
        decoder.reportsEventTypes = true
        let inputs = decoder.feed(Array(String(repeating: one, count: 500).utf8))
        #expect(inputs.count == 1_500)
        #expect(!decoder.hasPending)
    }

    // MARK: Presses

    func presses(_ keys: [(TerminalKey, UInt64)]) -> [String] {
        var synthesizer = TerminalPressSynthesizer(layout: .usANSI)
        return keys.flatMap { synthesizer.presses(for: $0.0, arrivedAt: $0.1) }.map {
            "\($0.timestamp) \($0.phase.name) \($0.usage.name)\($0.isRepeat ? " repeat" : "")"
        }
    }

    @Test func legacyTapsAreReleasedOneMillisecondLaterAndSpacedWhenTheyArriveTogether() {
        let lines = presses([(TerminalKey(.a, modifiers: .shift), 5_000_000), (TerminalKey(HIDUsage(0x05)), 5_000_000),
                             (TerminalKey(.c, modifiers: .control), 9_000_000)])
        #expect(lines == [
            "5000000 began Left Shift", "5000000 began A", "6000000 ended A", "6000000 ended Left Shift",
            "6001000 began B", "7001000 ended B",
            "9000000 began Left Control", "9000000 began C", "10000000 ended C", "10000000 ended Left Control",
        ])
    }

    @Test func kittyEventsKeepTheirOwnTimesAndImpliedModifiersAreReconciled() {
        let lines = presses([
            (TerminalKey(.leftShift, modifiers: .shift, kind: .press), 100),
            (TerminalKey(.a, modifiers: .shift, kind: .press), 200),
            (TerminalKey(.a, modifiers: .shift, kind: .repeat), 300),
            (TerminalKey(.a, modifiers: .shift, kind: .release), 400),
            (TerminalKey(.leftShift, kind: .release), 500),
            // A terminal that reports ⌘ with the key but not the ⌘ key itself.
            (TerminalKey(.c, modifiers: .command, kind: .press), 600),
            (TerminalKey(.c, modifiers: .command, kind: .release), 700),
            (TerminalKey(.z, kind: .release), 800),
        ])
        #expect(lines == [
            "100 began Left Shift", "200 began A", "300 began A repeat", "400 ended A", "500 ended Left Shift",
            "600 began Left Command", "600 began C", "700 ended C", "700 ended Left Command",
        ])
    }
}

extension HIDUsage {
    static let c = HIDUsage(0x06)
}
