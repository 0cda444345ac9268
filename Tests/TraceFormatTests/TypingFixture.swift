import KeyTraceCore
@testable import TraceFormat
import KeyTraceSupport

/// Writes realistic traces for tests: someone typing prose at 60–150 ms per key event on a
/// USB keyboard polled at 1 kHz, with an occasional shortcut, and the engine's records
/// (resolutions, stage timings, counters, cache and chain events) after each press.
struct TypingFixture {
    static let device = DeviceID.usb(bus: 4, device: 5, endpoint: 0x81)
    static let text = "the quick brown fox jumps over the lazy dog, then types a little more text. "

    static var metadata: TraceMetadata {
        TraceMetadata(sourceKind: "usb-pcap", pcapLinkType: 220,
                      devices: [DeviceInfo(id: device, vendorID: 0x05AC, productID: 0x024F, bInterval: 1,
                                           pollingIntervalNanoseconds: 1_000_000, name: "Test Keyboard")],
                      sceneName: "Editor", sceneContentHash: "9f2c1e", clockDomain: "unix-epoch",
                      wallClockAnchor: WallClockAnchor(traceTime: 1_700_000_000_000_000_000,
                                                       unixTimeNanoseconds: 1_700_000_000_000_000_000),
                      custom: ["host": "test", "layout": "us-ansi"])
    }

    /// The records of `presses` key events typed from `text`, with engine records if `engine`.
    static func records(presses: Int, engine: Bool = true, seed: UInt64 = 1) -> [TraceRecord] {
        var rng = SeededGenerator(seed: seed)
        var time: UInt64 = 1_700_000_000_000_000_000
        var records: [TraceRecord] = []
        var sequence: UInt64 = 0
        let characters = Array(text.unicodeScalars)
        var i = 0
        func advance() {
            // 60–150 ms, at the 1 ms polling grid plus up to 200 µs of host jitter (µs resolution).
            time += UInt64.random(in: 60...150, using: &rng) * 1_000_000 + UInt64.random(in: 0...200, using: &rng) * 1000
        }
        func engineRecords(for press: KeyPress, sequence: UInt64, shortcut: Bool) {
            guard engine else { return }
            let t = press.timestamp + UInt64.random(in: 2_000...40_000, using: &rng)
            if shortcut && press.phase == .began {
                records.append(.cache(CacheEventRecord(timestamp: t, event: .hit)))
                records.append(.resolution(ResolutionRecord(
                    timestamp: t, pressSequence: sequence, outcome: .performedCommand,
                    command: KeyShortcut(input: .character("s"), modifiers: .command), title: "Save",
                    action: "save:", providerPath: "Window/Split/Editor", targetPath: "Window/Split/Editor/Document")))
            } else {
                records.append(.resolution(ResolutionRecord(
                    timestamp: t, pressSequence: sequence,
                    outcome: press.phase == .began ? .handledByTextInput : .deliveredAsPress,
                    targetPath: "Window/Split/Editor/TextView")))
            }
            let stages = DispatchStage.allCases.map { _ in UInt64.random(in: 50...4_000, using: &rng) }
            records.append(.stageTimings(StageTimingsRecord(timestamp: t, pressSequence: sequence, durations: stages,
                                                            total: stages.reduce(0, +))))
            records.append(.keyCommandsCounters(KeyCommandsCountersRecord(timestamp: t, pressSequence: sequence,
                                                                          calls: 0, policyCalls: 6, enumerations: 1)))
        }
        if engine {
            records.append(.marker(MarkerRecord(timestamp: time, label: "scenario", text: "typing prose")))
            records.append(.chainChange(ChainChangeRecord(timestamp: time, kind: .firstResponder, from: nil,
                                                          to: "Window/Split/Editor/TextView")))
        }
        while sequence < UInt64(presses) {
            let scalar = characters[i % characters.count]
            i += 1
            let shortcut = i % 37 == 0
            var strokes: [(HIDUsage, ModifierFlags)] = []
            if shortcut {
                strokes = [(.leftGUI, []), (HIDUsage(0x16), .command)]
            } else {
                for k in KeyboardLayout.usANSI.keystrokes(typing: scalar) { strokes.append((k.usage, k.modifiers)) }
            }
            for (usage, modifiers) in strokes {
                advance()
                let down = KeyPress(.began, usage, modifiers: modifiers, device: device, timestamp: time)
                records.append(.key(KeyRecord(down, timestampUncertainty: 1_000_000)))
                engineRecords(for: down, sequence: sequence, shortcut: shortcut && usage != .leftGUI)
                sequence += 1
                advance()
                let up = KeyPress(.ended, usage, modifiers: modifiers, device: device, timestamp: time)
                records.append(.key(KeyRecord(up, timestampUncertainty: 1_000_000)))
                engineRecords(for: up, sequence: sequence, shortcut: false)
                sequence += 1
            }
            if i % 200 == 0 && engine {
                records.append(.cache(CacheEventRecord(timestamp: time + 1, event: .invalidation(.firstResponderChange))))
                records.append(.dropped(DroppedEventsRecord(timestamp: time + 2, device: device, count: 1)))
            }
        }
        return records
    }

    /// A finished trace of `records`, in memory.
    static func trace(_ records: [TraceRecord], options: TraceWriter.Options = .init()) throws -> [UInt8] {
        let writer = TraceWriter(metadata: metadata, options: options)
        for record in records { try writer.append(record) }
        return try writer.finish()
    }
}
