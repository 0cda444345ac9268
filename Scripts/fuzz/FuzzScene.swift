// libFuzzer entry point for the scene loader: parse the JSON, validate the scene, build it and
// press a few keys through it. Every input must be handled without a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScene(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let definition = try? SceneDefinition(json: text, file: "fuzz.json"),
          let runtime = try? SceneRuntime(definition: definition, file: "fuzz.json") else { return 0 }
    _ = runtime.snapshotText
    if let dispatcher = try? runtime.makeDispatcher(policy: .cached) {
        for usage: UInt16 in [0x04, 0x16, 0x28, 0x2B, 0x4F] {
            _ = dispatcher.dispatch(KeyPress(.began, HIDUsage(usage), modifiers: usage == 0x16 ? .command : []))
            _ = dispatcher.dispatch(KeyPress(.ended, HIDUsage(usage), modifiers: usage == 0x16 ? .command : []))
        }
    }
    return 0
}
