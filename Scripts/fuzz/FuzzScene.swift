// libFuzzer entry point for the scene loader and the script parser: every input must give a
// scene (built, dispatched through) or a clear error, never a crash. The first byte chooses the
// parser; the rest is the text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScene(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    if data[0] & 1 == 0 {
        guard let definition = try? SceneDefinition(json: text, file: "fuzz.json"),
              let runtime = try? SceneRuntime(definition: definition, file: "fuzz.json"),
              let dispatcher = try? runtime.makeDispatcher(policy: data[0] & 2 == 0 ? .cached : .uikit, clock: nil) else {
            return 0
        }
        _ = dispatcher.discoverableCommands()
        _ = dispatcher.shadowedCommands()
        // A few presses of every kind of key, with and without ⌘, through the live scene.
        var timestamp: UInt64 = 0
        for raw in [0x04, 0x1E, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x4F, 0x50, 0x51, 0x52, 0x2F, 0x2E] as [UInt16] {
            for modifiers in [ModifierFlags(), .command, [.command, .shift], .control, .alternate] {
                timestamp += 10_000_000
                dispatcher.dispatch(KeyPress(.began, HIDUsage(raw), modifiers: modifiers, timestamp: timestamp))
                timestamp += 10_000_000
                dispatcher.dispatch(KeyPress(.ended, HIDUsage(raw), modifiers: modifiers, timestamp: timestamp))
            }
        }
    } else if let source = try? ScriptCaptureSource(text: text, name: "fuzz.keys") {
        var count = 0
        while let event = try? source.next(), count < 100_000 {
            _ = event
            count += 1
        }
    }
    return 0
}
