import KeyTraceCore
import Testing
@testable import Capture
import KeyTraceSupport

@Suite struct KeyStateTrackerTests {
    /// Long random typing with modifiers, Caps Lock and repeats: every press the tracker hands out
    /// (most from its memo of presses already made) is the press made from scratch for its state.
    @Test(arguments: [KeyboardLayout.usANSI, .germanQWERTZ, .frenchAZERTY])
    func memoisedPressesAreThePressesMadeFromScratch(layout: KeyboardLayout) {
        var generator = SeededGenerator(seed: 27)
        let device = DeviceID.usb(bus: 1, device: 2, endpoint: 0x81)
        var tracker = KeyStateTracker(device: device, layout: layout)
        let keys: [UInt16] = [0x04, 0x05, 0x1E, 0x2C, 0x28, 0x39, 0x59, 0x54, 0xE0, 0xE1, 0xE2, 0xE3, 0xE5, 0xE6]
        var down: Set<UInt16> = []
        var capsLock = false
        for step in 0..<20_000 {
            let usage = keys[Int(generator.next() % UInt64(keys.count))]
            let phase: KeyPhase = down.contains(usage) ? (generator.next() % 4 == 0 ? .began : .ended) : .began
            let isRepeat = phase == .began && down.contains(usage)
            let timestamp = UInt64(step) * 1_000_000
            let press = tracker.press(phase, HIDUsage(usage), isRepeat: isRepeat, timestamp: timestamp)
            if phase == .began { down.insert(usage) } else { down.remove(usage) }
            if usage == 0x39, phase == .began, !isRepeat { capsLock.toggle() }
            var flags = tracker.sides.flags
            if capsLock { flags.insert(.alphaShift) }
            let fresh = KeyPress(phase, HIDUsage(usage), modifiers: flags, sides: tracker.sides, isRepeat: isRepeat,
                                 device: device, timestamp: timestamp, layout: layout)
            #expect(press == fresh, "step \(step): \(press) != \(fresh)")
            if press != fresh { return }
        }
    }
}
