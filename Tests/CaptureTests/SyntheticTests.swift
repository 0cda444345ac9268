import Foundation
import Testing
import KeyTraceCore
@testable import Capture
import CLITestSupport

@Suite struct SyntheticTests {
    func presses(_ count: UInt64, seed: UInt64, profile: SyntheticCaptureSource.Profile = .mixed,
                 shortcuts: [KeyShortcut] = []) throws -> [KeyPress] {
        try SyntheticCaptureSource(presses: count, seed: seed, profile: profile, shortcuts: shortcuts).collect().presses
    }

    @Test func theSameSeedGivesTheSameEventsAndOtherSeedsDiffer() throws {
        let first = try SyntheticCaptureSource(presses: 5_000, seed: 7).collect()
        let again = try SyntheticCaptureSource(presses: 5_000, seed: 7).collect()
        let other = try SyntheticCaptureSource(presses: 5_000, seed: 8).collect()
        #expect(first == again)
        #expect(first != other)
        #expect(first.first == .device(DeviceInfo(id: DeviceID(kind: .synthetic), pollingIntervalNs: 0,
                                                  identifiedBy: .synthetic, name: "synthetic mixed seed 7")))
    }

    @Test(arguments: SyntheticCaptureSource.Profile.allCases)
    func pressesAreTimeOrderedAndEveryKeyDownComesUp(profile: SyntheticCaptureSource.Profile) throws {
        let presses = try presses(20_000, seed: 3, profile: profile)
        #expect(presses.count >= 20_000 && presses.count < 20_020)
        var held: Set<HIDUsage> = []
        var last: UInt64 = 0
        for press in presses {
            #expect(press.timestamp >= last, "out of order at \(press)")
            last = press.timestamp
            switch press.phase {
            case .began where press.isRepeat: #expect(held.contains(press.usage), "repeat of a key not down: \(press)")
            case .began: #expect(held.insert(press.usage).inserted, "\(press.usage.name) went down twice")
            case .ended: #expect(held.remove(press.usage) != nil, "\(press.usage.name) came up without going down")
            default: Issue.record("unexpected phase \(press)")
            }
        }
        #expect(held.isEmpty, "still down at the end: \(held.map(\.name))")
    }

    @Test func typingFollowsTheDocumentedDistributions() throws {
        let parameters = SyntheticCaptureSource.Parameters()
        let presses = try presses(100_000, seed: 11, profile: .typing)
        // Intervals between consecutive key-downs of plain keys (no modifier held on either side).
        var downs: [KeyPress] = []
        var dwells: [UInt64] = []
        var downAt: [HIDUsage: UInt64] = [:]
        for press in presses where !press.isRepeat && !press.usage.isModifier {
            if press.phase == .began {
                downs.append(press)
                downAt[press.usage] = press.timestamp
            } else if let start = downAt.removeValue(forKey: press.usage) {
                dwells.append(press.timestamp - start)
            }
        }
        var intervals: [UInt64] = []
        for (previous, next) in zip(downs, downs.dropFirst()) where previous.modifierFlags.isEmpty && next.modifierFlags.isEmpty {
            intervals.append(next.timestamp - previous.timestamp)
        }
        let intervalMedian = Double(median(intervals))
        let dwellMedian = Double(median(dwells))
        #expect(abs(intervalMedian / parameters.typingIntervalMedianNs - 1) < 0.1, "interval median \(intervalMedian / 1e6) ms")
        // Rollover stretches some holds, and short gaps cut others: the median stays near 90 ms.
        #expect(abs(dwellMedian / parameters.dwellMedianNs - 1) < 0.15, "dwell median \(dwellMedian / 1e6) ms")
        #expect(intervals.allSatisfy { $0 >= parameters.typingIntervalRangeNs.lowerBound })
        // Capitals come with a Shift press of their own.
        let capitals = presses.filter { $0.phase == .began && $0.characters.string.count == 1 && $0.characters.string.first!.isUppercase }
        #expect(!capitals.isEmpty)
        #expect(capitals.allSatisfy { $0.modifierFlags.contains(.shift) })
        #expect(presses.contains { $0.isRepeat })
    }

    @Test func rolloverHappensAtAboutTheDocumentedRate() throws {
        let probability = SyntheticCaptureSource.Parameters().rolloverProbability
        let presses = try presses(100_000, seed: 5, profile: .typing)
        // For each plain key-down followed by another plain key-down: was the first still down?
        var held: Set<HIDUsage> = []
        var lastPlainDown: HIDUsage?
        var pairs = 0, overlapping = 0
        for press in presses where !press.isRepeat {
            if press.phase == .began {
                if !press.usage.isModifier, press.modifierFlags.isEmpty, let previous = lastPlainDown, previous != press.usage {
                    pairs += 1
                    if held.contains(previous) { overlapping += 1 }
                }
                held.insert(press.usage)
                lastPlainDown = press.usage.isModifier || !press.modifierFlags.isEmpty ? nil : press.usage
            } else {
                held.remove(press.usage)
            }
        }
        let rate = Double(overlapping) / Double(pairs)
        #expect(abs(rate - probability) < 0.03, "rollover rate \(rate) over \(pairs) pairs")
    }

    @Test func shortcutsComeFromTheGivenListWithModifiersAsTheirOwnPresses() throws {
        let given = try ["cmd+shift+k", "ctrl+opt+p", "cmd++"].map { try KeyShortcut($0) }
        let presses = try presses(5_000, seed: 9, profile: .shortcuts, shortcuts: given)
        let chords = Set(presses.filter { $0.phase == .began && !$0.usage.isModifier && !$0.modifierFlags.matchingSubset.isEmpty }
            .map { KeyShortcut(input: .character($0.charactersIgnoringModifiers.string.lowercased()), modifiers: $0.modifierFlags).description })
        #expect(chords == ["⇧⌘K", "⌃⌥P", "⇧⌘+"])
        #expect(presses.contains { $0.usage == .leftGUI && $0.phase == .began })
        #expect(presses.contains { $0.usage == .leftAlt && $0.phase == .began })
    }

    @Test func stateStaysBoundedOverAMillionPresses() throws {
        let source = SyntheticCaptureSource(presses: 1_000_000, seed: 1, profile: .mixed)
        var count = 0
        while let event = try source.next() {
            if event.press != nil { count += 1 }
            if count % 100_000 == 0 {
                #expect(source.queuedCount <= 40)
                #expect(source.keysHeld <= 6)
            }
        }
        #expect(count >= 1_000_000)
        #expect(source.queueHighWater <= 40, "queue grew to \(source.queueHighWater)")
        #expect(source.summary.devices.count == 1)
        #expect(source.summary.keysHeldAtEnd == 0)
    }

    @Test func keytraceSynthWritesByteIdenticalTracesForTheSameSeed() throws {
        guard let binary = CLIRunner.binary else {
            Issue.record("the keytrace binary was not found beside the tests; run swift build first")
            return
        }
        let directory = try TemporaryDirectory()
        func synth(_ seed: Int, _ name: String) throws -> Data {
            let output = try run(binary, ["synth", "--events", "3000", "--seed", String(seed), "-o", directory.path(name)])
            #expect(output.contains("keys per minute"))
            return try Data(contentsOf: URL(fileURLWithPath: directory.path(name)))
        }
        let first = try synth(42, "a.ktrace"), again = try synth(42, "b.ktrace"), other = try synth(43, "c.ktrace")
        #expect(first == again)
        #expect(first != other)
    }

    private func median(_ values: [UInt64]) -> UInt64 {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
