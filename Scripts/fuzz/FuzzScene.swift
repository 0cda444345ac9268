@testable import KeyTraceCore
@testable import ResponderEngine
@testable import Scenes

extension FuzzTarget {
    /// The scene loader: parse the JSON, validate the scene, build it and press a few keys
    /// through it. A built scene's responders hold one another (parent and child links), a
    /// cycle LeakSanitizer would report for every input, so leaks are not checked.
    static let scene = FuzzTarget(
        name: "scene",
        summary: "the scene loader: JSON parser, validation, building, a few presses",
        maxLength: 16_384,
        detectsLeaks: false,
        seedFiles: ["Traces/scenes/*.json"],
        run: fuzzScene)
}

@Sendable func fuzzScene(_ input: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: input, as: UTF8.self)
    guard let definition = try? SceneDefinition(json: text, file: "fuzz.json"),
          let runtime = try? SceneRuntime(definition: definition, file: "fuzz.json") else { return }
    _ = runtime.snapshotText
    if let dispatcher = try? runtime.makeDispatcher(policy: .cached) {
        for usage: UInt16 in [0x04, 0x16, 0x28, 0x2B, 0x4F] {
            _ = dispatcher.dispatch(KeyPress(.began, HIDUsage(usage), modifiers: usage == 0x16 ? .command : []))
            _ = dispatcher.dispatch(KeyPress(.ended, HIDUsage(usage), modifiers: usage == 0x16 ? .command : []))
        }
    }
}
