import Testing
import KeyTraceCore
import ResponderEngine
@testable import Scenes
import KeyTraceSupport

/// The scene loader never traps: mutated bundled scenes (numbers at and beyond 64-bit limits,
/// fractions, exponents, flipped and dropped bytes) either load and dispatch keys, or fail with a
/// `SceneError` naming a position. A deterministic sibling of the scene fuzz target (`Scripts/fuzz.sh 60 scene`).
@Suite struct SceneMutationTests {
    private static let replacements = [
        "9223372036854775807", "-9223372036854775808", "9223372036854775808", "-9223372036854775809",
        "99999999999999999999999", "1e400", "-1e400", "2.5", "0", "-1", "1e2", "-0", "\"\"", "null", "[]", "{}",
    ]

    /// One mutation of `text`: a number replaced by an extreme, or a byte flipped or dropped.
    private func mutate(_ text: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        var bytes = text
        switch random.next() % 4 {
        case 0, 1:
            let digits = bytes.indices.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[$0]) }
            guard let start = digits.randomElement(using: &random) else { return bytes }
            var end = start
            while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
            let replacement = SceneMutationTests.replacements.randomElement(using: &random) ?? "0"
            bytes.replaceSubrange(start..<end, with: Array(replacement.utf8))
        case 2:
            let index = Int(random.next() % UInt64(bytes.count))
            bytes[index] = UInt8(truncatingIfNeeded: random.next())
        default:
            bytes.remove(at: Int(random.next() % UInt64(bytes.count)))
        }
        return bytes
    }

    @Test(arguments: ["pdf-viewer", "app-store-tabs", "music-player", "canvas", "text-editor"])
    func mutatedScenesLoadOrFailWithAPositionedError(name: String) throws {
        let original = Array(try readTextFile(bundledScene(name)).utf8)
        var random = SeededGenerator(seed: 29, label: name)
        var loaded = 0, rejected = 0
        for _ in 0..<300 {
            var bytes = original
            for _ in 0..<(1 + random.next() % 3) { bytes = mutate(bytes, &random) }
            let text = String(decoding: bytes, as: UTF8.self)
            do {
                let definition = try SceneDefinition(json: text, file: "mutant.json")
                let runtime = try SceneRuntime(definition: definition, file: "mutant.json")
                let dispatcher = try runtime.makeDispatcher(clock: nil)
                var time: UInt64 = 0
                for usage in [0x07, 0x1A, 0x28, 0x2A, 0x4F, 0x52, 0x2F] as [UInt16] {
                    for modifiers in [ModifierFlags(), .command, [.command, .alternate]] {
                        time += 10_000_000
                        dispatcher.dispatch(KeyPress(.began, HIDUsage(usage), modifiers: modifiers, timestamp: time))
                        dispatcher.dispatch(KeyPress(.ended, HIDUsage(usage), modifiers: modifiers, timestamp: time + 1))
                    }
                }
                _ = dispatcher.discoverableCommands()
                loaded += 1
            } catch {
                // Errors about one value say where it is; the others name the file.
                #expect(error.description.hasPrefix("mutant.json"), "\(error)")
                if error.path != nil, error.code != .unknownResponder, error.code != .duplicateName {
                    #expect(error.location != nil, "\(error)")
                }
                rejected += 1
            }
        }
        #expect(loaded > 0 && rejected > 0, "loaded \(loaded), rejected \(rejected)")
    }
}
