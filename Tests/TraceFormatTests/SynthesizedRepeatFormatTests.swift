import KeyTraceCore
import Testing
@testable import TraceFormat

/// The synthesised-repeat bit of key shapes (docs/TraceFormat.md §5.3, flags bit 6).
struct SynthesizedRepeatFormatTests {
    private let down = KeyPress(.began, .downArrow, device: .usb(bus: 1, device: 2, endpoint: 0x81), timestamp: 1_000)

    private func repeated(at time: UInt64, synthesized: Bool) -> KeyPress {
        var press = down
        press.isRepeat = true
        press.isSynthesizedRepeat = synthesized
        press.timestamp = time
        return press
    }

    @Test func aSynthesisedRepeatReadsBackMarkedAndAnInputRepeatReadsBackUnmarked() throws {
        var release = down
        release.phase = .ended
        release.timestamp = 700_000_000
        let records: [TraceRecord] = [
            .key(KeyRecord(down, timestampUncertainty: 1_000_000)),
            .key(KeyRecord(repeated(at: 500_001_000, synthesized: true), timestampUncertainty: 1_000_000)),
            .key(KeyRecord(repeated(at: 533_001_000, synthesized: false), timestampUncertainty: 1_000_000)),
            .key(KeyRecord(repeated(at: 566_001_000, synthesized: true), timestampUncertainty: 1_000_000)),
            .key(KeyRecord(release, timestampUncertainty: 1_000_000)),
        ]
        let read = Array(try TraceReader(bytes: try TraceFixture.write(records)))
        #expect(read == records)
        let flags = read.compactMap { record -> Bool? in
            if case .key(let key) = record { return key.press.isSynthesizedRepeat }
            return nil
        }
        #expect(flags == [false, true, false, true, false])
        // The release partner of a key-down is never a repeat of either kind.
        if case .key(let last) = read.last { #expect(!last.press.isRepeat && !last.press.isSynthesizedRepeat) }
    }

    @Test func theShapeFlagIsBitSixAndADefinitionWithoutTheRepeatBitIgnoresIt() throws {
        var w = ByteWriter(capacity: 32)
        CompactKeyShape.write(KeyShape(KeyRecord(repeated(at: 0, synthesized: true))), characters: 1,
                              charactersIgnoringModifiers: 1, paired: false, into: &w)
        let bytes = w.bytes
        #expect(bytes[0] & 0x40 != 0)
        #expect(bytes[0] & 0x04 != 0)
        let read = bytes.withUnsafeBytes { raw in
            var reader = ByteReader(raw)
            return CompactKeyShape.read(&reader)
        }
        #expect(read?.shape.isSynthesizedRepeat == true)
        // A press is marked synthesised only as a repeat: the init keeps the two consistent.
        let marked = KeyPress(phase: .began, usage: .downArrow, characters: "", charactersIgnoringModifiers: "",
                              modifierFlags: [], isSynthesizedRepeat: true)
        #expect(marked.isRepeat)
    }

    @Test func dumpAndJSONSaySynthesisedOnlyForSynthesisedRepeats() {
        let synthesized = TraceRecord.key(KeyRecord(repeated(at: 5, synthesized: true)))
        let input = TraceRecord.key(KeyRecord(repeated(at: 5, synthesized: false)))
        #expect(synthesized.textLine(origin: 0).hasSuffix("1.2.129  (synthesised)"))
        #expect(synthesized.textLine(origin: 0).contains("repeat"))
        #expect(!input.textLine(origin: 0).contains("synthesised"))
        #expect(synthesized.jsonLine.contains("\"is_repeat\":true,\"synthesized_repeat\":true"))
        #expect(!input.jsonLine.contains("synthesized_repeat"))
    }
}
