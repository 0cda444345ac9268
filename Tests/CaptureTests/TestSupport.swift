import Foundation
import CLITestSupport
import KeyTraceCore
@testable import Capture

/// The USB captures the decoder's tests read, by name.
///
/// ``generated`` are always there: the repository's demo capture (usbmon, link type 220) and the
/// same packets rewritten as the other forms the decoder reads (link type 189 without the
/// 16-byte mmap header; pcapng), made on first use. ``real`` are real-world captures from
/// ``SharedData``: tests that need those particular captures carry `.needsSharedData`; tests
/// that hold for any capture run over ``all``, which has the real ones when they are there.
enum Captures {
    static let packageRoot = URL(fileURLWithPath: repositoryRoot)
    /// The repository's demo capture, always present.
    static let demo = "notes-session.pcap"
    static let generated = [demo, "notes-session-usb-linux.pcap", "notes-session.pcapng"]
    static let real = ["sha2017.pcap", "sha2017_usb_linux.pcap", "icectf2016.pcapng", "picoctf2017.pcap",
                       "deadly_arthropod.pcap"]
    /// A composite keyboard's pcapng with its enumeration (a ``SharedData`` file).
    static let composite = "hid/usb-keyboard-composite.pcapng"
    static let all = generated + (SharedData.testsRun ? real : [])

    /// `names` when the tests that need ``SharedData`` run, otherwise none.
    static func whenShared(_ names: [String]) -> [String] { SharedData.testsRun ? names : [] }

    static func path(_ name: String) -> String {
        if name == demo { return packageRoot.appendingPathComponent("Traces/captures/" + demo).path }
        if generated.contains(name) { return GeneratedCaptures.directory + "/" + name }
        if name.hasPrefix("hid/") { return SharedData.path(name) }
        return SharedData.capture(name)
    }
}

/// One transition as the tests compare them.
struct Transition: Hashable, CustomStringConvertible {
    var timestamp: UInt64
    var phase: KeyPhase
    var usage: UInt16
    var device: DeviceID
    var description: String {
        "\(timestamp) \(device) \(phase.name) 0x\(String(usage, radix: 16))"
    }
}

extension Array where Element == CaptureEvent {
    var presses: [KeyPress] { compactMap(\.press) }
    var transitions: [Transition] {
        presses.map { Transition(timestamp: $0.timestamp, phase: $0.phase, usage: $0.usage.rawValue, device: $0.device) }
    }
}
