import Foundation
import Testing
import KeyTraceCore
@testable import Capture

@Suite struct USBCaptureTests {
    @Test(arguments: Captures.all)
    func everyCaptureDecodesToThePressesTsharkImplies(name: String) throws {
        let path = Captures.path(name)
        let expected = TsharkOracle.transitions(of: try TsharkOracle.reports(in: path))
        let source = try USBCaptureSource(file: path)
        let events = try source.collect()
        let actual = events.transitions
        #expect(!expected.isEmpty)
        #expect(actual.count == expected.count, "\(name): \(actual.count) presses, tshark implies \(expected.count)")
        for (index, (mine, theirs)) in zip(actual, expected).enumerated() where mine != theirs {
            Issue.record("\(name): event \(index) is \(mine), tshark implies \(theirs)")
            break
        }
    }
}
