import Foundation
import Testing
import KeyTraceCore
import ResponderEngine
@testable import Replay

/// The golden suite: every trace in Traces/golden replays to its committed canonical text.
@Suite struct GoldenTraceTests {
    @Test func everyCaptureAndRuleGroupHasAGoldenTrace() {
        let names = Set(goldenTraces.map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension })
        for required in ["sha2017", "sha2017_usb_linux", "icectf2016", "picoctf2017", "deadly_arthropod", "shadowing",
                         "shift-implied", "text-input", "repeat-release", "edit-actions", "modals", "tabs", "navigation"] {
            #expect(names.contains(required), "missing golden trace \(required)")
        }
    }

    @Test(arguments: goldenTraces)
    func goldenTraceReplaysToItsCanonicalText(trace: String) throws {
        let check = try GoldenTrace.check(trace: trace, scene: sceneFile(for: trace), mode: .fromEnvironment)
        if !check.passed {
            try? GoldenTrace.writeArtifacts(check, to: repositoryPath(GoldenTrace.artifactsDirectory))
        }
        #expect(check.passed, "\(check.failureSummary ?? "")\n\(check.diff.prefix(30).joined(separator: "\n"))")
    }

    @Test(arguments: goldenTraces)
    func replayIsDeterministicAndPolicyIndependent(trace: String) throws {
        let first = try replay(trace, verify: true)
        let second = try replay(trace, verify: true)
        #expect(first.lines == second.lines)
        #expect(first.finalState == second.finalState)
        #expect(first.matches, "recorded resolutions diverge: \(first.firstDivergence?.expected ?? "") vs \(first.firstDivergence?.actual ?? "")")
        let uikit = try replay(trace, policy: .uikit)
        #expect(uikit.lines == first.lines)
        #expect(uikit.finalState == first.finalState)
        #expect(uikit.statistics.keyCommandsCalls >= first.statistics.keyCommandsCalls)
    }
}
