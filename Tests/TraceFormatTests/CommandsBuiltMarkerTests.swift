import Testing
import TraceFormat

/// The `commands-built-per-responder` marker's text reads back to the same lines, and lines it
/// cannot read are skipped.
struct CommandsBuiltMarkerTests {
    @Test func theTextReadsBackToTheSameLines() {
        let marker = CommandsBuiltMarker(lines: [
            .init(path: "window/root/list", perCall: 5, built: 0, uikitEquivalentBuilt: 1000),
            .init(path: "window/root", perCall: 12, built: 36, uikitEquivalentBuilt: 2400),
        ])
        #expect(marker.text == "window/root = 12 36 2400\nwindow/root/list = 5 0 1000")
        #expect(CommandsBuiltMarker(text: marker.text).lines == marker.lines.sorted { $0.path < $1.path })
        #expect(marker.record(at: 7).label == CommandsBuiltMarker.label)
    }

    @Test func linesWithoutAPathAndThreeCountsAreSkipped() {
        let text = "a = 1 2 3\n = 1 2 3\nb = 1 2\nc 1 2 3\nd = x 2 3\n  e f  =  4 5 6  "
        #expect(CommandsBuiltMarker(text: text).lines.map(\.path) == ["a", "e f"])
    }
}
