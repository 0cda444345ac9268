import Foundation
import Replay
import Testing

#if canImport(XCTest)
import XCTest
#endif

/// Replays a golden trace through its scene and fails the current test — XCTest or Swift
/// Testing, whichever is running — when the canonical text differs from the golden file
/// (`NAME.ktrace` → `NAME.golden.txt`), writing expected, actual and diff to the artifacts
/// folder (`$KEYTRACE_ARTIFACTS`, default `artifacts/golden`).
///
/// Record mode follows `KEYTRACE_RECORD` (`1`/`all`: rewrite differing golden files, `missing`:
/// write missing ones) and is off whenever `CI` is set, so CI never records: a missing golden
/// file fails.
///
/// ```swift
/// @Test func checkoutFlow() throws {
///     try assertReplayMatchesGolden(trace: "Tests/Golden/checkout.ktrace", scene: "Scenes/checkout.json")
/// }
/// ```
///
/// - Parameters:
///   - trace: The trace to replay.
///   - scene: The scene file; by default the scene the trace names (looked up in `Traces/scenes`,
///     beside the trace, or `KEYTRACE_SCENE_PATH`).
///   - golden: The golden file; by default beside the trace.
///   - mode: When to write golden files; by default from the environment.
public func assertReplayMatchesGolden(trace: String, scene: String? = nil, golden: String? = nil,
                                      mode: GoldenTrace.RecordMode = .fromEnvironment,
                                      file: StaticString = #filePath, line: UInt = #line,
                                      sourceLocation: SourceLocation = #_sourceLocation) throws {
    let check = try GoldenTrace.check(trace: trace, scene: scene, golden: golden, mode: mode)
    if check.recorded {
        report("recorded \(check.golden) (\(check.actual.count) lines); re-run without KEYTRACE_RECORD to compare",
               file: file, line: line, sourceLocation: sourceLocation, isFailure: false)
        return
    }
    guard !check.passed else { return }
    let folder = GoldenTrace.artifactsDirectory
    try? GoldenTrace.writeArtifacts(check, to: folder)
    var message = check.failureSummary ?? "golden mismatch"
    if !check.diff.isEmpty { message += "\n" + check.diff.prefix(40).joined(separator: "\n") }
    message += "\nexpected, actual and diff written to \(folder)"
    report(message, file: file, line: line, sourceLocation: sourceLocation, isFailure: true)
}

private func report(_ message: String, file: StaticString, line: UInt, sourceLocation: SourceLocation, isFailure: Bool) {
    if Test.current != nil {
        if isFailure { Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation) }
        return
    }
    #if canImport(XCTest)
    if isFailure { XCTFail(message, file: file, line: line) }
    #endif
}
