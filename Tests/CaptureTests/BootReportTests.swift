import KeyTraceCore
import Testing
@testable import Capture
import KeyTraceSupport

/// ``BootReport`` works on packed words; these tests hold it to a plain model written with
/// arrays over random reports, including repeated usages, error codes and invalid bytes.
@Suite struct BootReportTests {
    /// The transitions from `before` to `report` as HID 1.11 appendix B describes them, written
    /// the obvious way: keys released in the order they went down, modifiers released and then
    /// pressed in bit order, keys pressed in slot order; an error code keeps the keys.
    static func model(before: (modifiers: UInt8, keys: [UInt8]), report: [UInt8])
        -> (transitions: [String], after: (modifiers: UInt8, keys: [UInt8]), errorCode: UInt8?) {
        var keys: [UInt8] = []
        var errorCode: UInt8?
        for usage in report[2...] where usage != 0 {
            if usage <= 3 {
                if errorCode == nil { errorCode = usage }
            } else if !keys.contains(usage) {
                keys.append(usage)
            }
        }
        if errorCode != nil { keys = before.keys }
        var transitions: [String] = []
        for usage in before.keys where !keys.contains(usage) { transitions.append("ended \(usage)") }
        for bit in 0..<8 where before.modifiers & (1 << bit) != 0 && report[0] & (1 << bit) == 0 {
            transitions.append("ended \(0xE0 + bit)")
        }
        for bit in 0..<8 where before.modifiers & (1 << bit) == 0 && report[0] & (1 << bit) != 0 {
            transitions.append("began \(0xE0 + bit)")
        }
        var after = before.keys.filter { keys.contains($0) }
        for usage in keys where !before.keys.contains(usage) {
            transitions.append("began \(usage)")
            after.append(usage)
        }
        return (transitions, (report[0], after), errorCode)
    }

    /// A random report: mostly few keys from a small set (so that keys stay held and repeat),
    /// sometimes an error code or a byte out of the page's range.
    static func randomReport(_ generator: inout SeededGenerator) -> [UInt8] {
        var report: [UInt8] = [UInt8.random(in: 0...3, using: &generator) == 0 ? UInt8.random(in: 0...255, using: &generator) : 0, 0]
        let held = Int.random(in: 0...6, using: &generator)
        for slot in 0..<6 {
            guard slot < held else { report.append(0); continue }
            switch Int.random(in: 0..<40, using: &generator) {
            case 0: report.append(UInt8.random(in: 1...3, using: &generator))
            case 1: report.append(UInt8.random(in: 0xE0...0xFF, using: &generator))
            default: report.append(UInt8.random(in: 4...12, using: &generator))
            }
        }
        return report
    }

    @Test func changesMatchThePlainModelOverRandomReports() {
        var generator = SeededGenerator(seed: 11)
        var state = BootReport.State()
        var modelState: (modifiers: UInt8, keys: [UInt8]) = (0, [])
        var checked = 0
        for _ in 0..<50_000 {
            let report = Self.randomReport(&generator)
            let valid = report[2...].allSatisfy { $0 <= 0xE7 }
            report.withUnsafeBytes { raw in
                #expect(BootReport.slotsAreValid(raw) == valid, "\(report)")
                guard valid else { return }
                let changes = BootReport.changes(from: state, to: raw)
                let expected = Self.model(before: modelState, report: report)
                var transitions: [String] = []
                changes.forEachTransition { phase, usage in transitions.append("\(phase == .began ? "began" : "ended") \(usage)") }
                #expect(transitions == expected.transitions, "\(report)")
                #expect(changes.transitionCount == expected.transitions.count)
                #expect(changes.after.modifiers == expected.after.modifiers)
                #expect(changes.after.keys.usages == expected.after.keys, "\(report)")
                #expect(changes.errorCode == expected.errorCode)
                state = changes.after
                modelState = expected.after
                checked += 1
            }
        }
        #expect(checked > 40_000)
    }

    @Test func slotsAreValidReadsOnlyTheKeySlots() {
        // The modifier and reserved bytes may hold anything; a key slot holds at most 0xE7.
        for (bytes, valid) in [([UInt8](arrayLiteral: 0xFF, 0xFF, 0xE7, 0x80, 0, 0, 0, 4), true),
                               ([0, 0, 0, 0, 0, 0, 0, 0xE8], false), ([0, 0, 0x80, 0, 0, 0, 0, 0], true),
                               ([0, 0, 0xFF, 0, 0, 0, 0, 0], false), ([0, 0, 0, 0, 0, 0, 0], false)] {
            bytes.withUnsafeBytes { #expect(BootReport.slotsAreValid($0) == valid, "\(bytes)") }
        }
    }

    @Test func keysFindOnlyTheUsagesTheyHold() {
        var keys = BootReport.Keys()
        for usage: UInt8 in [0x04, 0x05, 0xE7, 0x01, 0x80, 0x03, 0x06] { keys.append(usage) }
        let held = Set(keys.usages)
        for usage in UInt8(1)...0xFF { #expect(keys.contains(usage) == held.contains(usage), "\(usage)") }
    }
}
