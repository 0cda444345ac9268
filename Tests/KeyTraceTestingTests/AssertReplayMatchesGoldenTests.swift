import CLITestSupport
import Foundation
import Testing
import KeyTraceTesting
import Replay
import TraceFormat
#if canImport(XCTest)
import XCTest
#endif

private let root = repositoryRoot

@Suite struct AssertReplayMatchesGoldenTests {
    private func copyGolden(_ name: String) throws -> (trace: String, golden: String) {
        let directory = ScratchDirectory.make()
        let trace = "\(directory)/\(name).ktrace", golden = "\(directory)/\(name).golden.txt"
        try FileManager.default.copyItem(atPath: "\(root)/Traces/golden/\(name).ktrace", toPath: trace)
        try FileManager.default.copyItem(atPath: "\(root)/Traces/golden/\(name).golden.txt", toPath: golden)
        return (trace, golden)
    }

    @Test func passesOnAMatchingGoldenTrace() throws {
        let (trace, _) = try copyGolden("tabs")
        try assertReplayMatchesGolden(trace: trace, scene: "\(root)/Traces/scenes/app-store-tabs.json", mode: .never)
    }

    @Test func failsWithADiffWhenTheGoldenTextDiffers() throws {
        let (trace, golden) = try copyGolden("tabs")
        var text = try String(contentsOfFile: golden, encoding: .utf8)
        text = text.replacingOccurrences(of: "selectTab: \"Games\"", with: "selectTab: \"Arcade\"")
        try text.write(toFile: golden, atomically: true, encoding: .utf8)
        withKnownIssue {
            try assertReplayMatchesGolden(trace: trace, scene: "\(root)/Traces/scenes/app-store-tabs.json", mode: .never)
        }
        let check = try GoldenTrace.check(trace: trace, scene: "\(root)/Traces/scenes/app-store-tabs.json", mode: .never)
        #expect(!check.passed)
        #expect(check.diff.contains { $0.hasPrefix("-") && $0.contains("Arcade") })
        #expect(check.diff.contains { $0.hasPrefix("+") && $0.contains("Games") })
    }

    @Test func missingGoldenFailsUnlessRecording() throws {
        let (trace, golden) = try copyGolden("tabs")
        try FileManager.default.removeItem(atPath: golden)
        let scene = "\(root)/Traces/scenes/app-store-tabs.json"
        let never = try GoldenTrace.check(trace: trace, scene: scene, mode: .never)
        #expect(!never.passed && never.failureSummary?.contains("no golden file") == true)
        let recorded = try GoldenTrace.check(trace: trace, scene: scene, mode: .missing)
        #expect(recorded.recorded)
        #expect(FileManager.default.fileExists(atPath: golden))
        #expect(try GoldenTrace.check(trace: trace, scene: scene, mode: .never).passed)
    }
}

#if canImport(XCTest)
final class AssertReplayMatchesGoldenXCTests: XCTestCase {
    func testPassesUnderXCTest() throws {
        try assertReplayMatchesGolden(trace: "\(root)/Traces/golden/edit-actions.ktrace",
                                      scene: "\(root)/Traces/scenes/music-player.json", mode: .never)
    }
}
#endif
