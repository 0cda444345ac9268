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

/// The `PATH = COUNT …` lines both per-responder markers use.
struct ResponderCountLinesTests {
    @Test func aLineNeedsAPathAndExactlyTheCountsAskedFor() {
        let text = "window/list = 4\n  a b  = 1 2 \nc = 1 x\nd = 5\n = 3\nno equals 7"
        #expect(ResponderCountLines.parse(text, fields: 1).map(\.path) == ["window/list", "d"])
        #expect(ResponderCountLines.parse(text, fields: 2).map(\.path) == ["a b"])
        #expect(ResponderCountLines.line(path: "w/x", counts: [1, 2, 3]) == "w/x = 1 2 3")
    }
}
