import CLITestSupport
import Foundation
import KeyTraceCore
import ResponderEngine
import Scenes
import TraceFormat
@testable import Replay

func repositoryPath(_ relative: String) -> String { "\(repositoryRoot)/\(relative)" }

/// A fresh temporary directory for one test, removed when the test process exits.
func temporaryDirectory() -> String { ScratchDirectory.make() }

/// The golden traces committed in Traces/golden.
let goldenTraces: [String] = {
    let directory = repositoryPath("Traces/golden")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(".ktrace") }.sorted().map { "\(directory)/\($0)" }
}()

/// Replays with the repository's scene directory, whatever the current directory is.
func replay(_ trace: String, policy: ResponderEngine.QueryPolicy = .cached, verify: Bool = false,
            output: String? = nil, scene: String? = nil) throws -> ReplayReport {
    var options = Replayer.Options()
    options.policy = policy
    options.requireRecordedScene = verify
    options.keepLines = true
    options.output = output
    options.stageTiming = false
    options.scenePath = scene ?? sceneFile(for: trace)
    return try Replayer(trace: trace, options: options).run()
}

/// The bundled scene a trace names.
func sceneFile(for trace: String) -> String? {
    guard let reader = try? TraceReader(path: trace), let name = reader.header.metadata.sceneName else { return nil }
    return repositoryPath("Traces/scenes/\(name).json")
}
