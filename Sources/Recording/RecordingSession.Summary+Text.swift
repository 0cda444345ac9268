import Capture

extension RecordingSession.Summary {
    /// What a recording read, which decides the lines its text summary shows.
    public enum Input: Sendable {
        /// USB packets (a capture file or live usbmon): devices, endpoints and packet counts.
        case usbPackets
        /// Device events or reports (evdev, evemu, hid-recorder, libinput): devices and endpoints.
        case deviceEvents
        /// Keys with no device behind them (the terminal, a script).
        case keys

        /// What `input` is read as.
        public init(_ input: CaptureInput) {
            switch input {
            case .usbCapture, .usbInterface: self = .usbPackets
            case .terminal, .script: self = .keys
            case .evdev, .evemu, .hidRecorder, .libinput: self = .deviceEvents
            }
        }
    }

    /// The summary `keytrace record` prints: the trace written (marked INCOMPLETE when the
    /// input stopped early), devices, endpoints and their notes, heuristic identifications,
    /// presses, resolutions by outcome (when recorded through a scene), synthesised repeats, markers, report records,
    /// drops, obfuscated key codes, packets, skipped input and records. Each line ends with a
    /// newline.
    public func text(output: String, input: Input, complete: Bool, throughScene: Bool) -> String {
        var lines = [complete ? "recorded \(output)" : "recorded \(output) — INCOMPLETE: the input stopped early (see the error below)"]
        if input != .keys { for device in capture.devices { lines.append("  device      \(device)") } }
        for endpoint in capture.endpoints where endpoint.role != "hub" { lines.append("  endpoint    \(endpoint.summaryLine)") }
        for device in capture.usbDevices { for note in device.notes { lines.append("  note        \(device.id) \(note)") } }
        for device in capture.devices where device.identifiedBy.isHeuristic {
            lines.append("  heuristic   keys of \(device.id) come from the \(device.identifiedBy.rawValue): no report descriptor "
                + "was captured (record from before the device is plugged in to capture it)")
        }
        lines.append("  presses     \(presses)")
        if throughScene {
            let outcomes = outcomes.sorted { $0.key.rawValue < $1.key.rawValue }
                .map { "\($0.key.name) \($0.value)" }.joined(separator: ", ")
            lines.append("  resolutions \(resolutions) (\(outcomes))")
            if let firstResponderNote { lines.append(firstResponderNote) }
        }
        if inputHadRepeats {
            lines.append("  repeats     the input's own (none synthesised)")
        } else if let repeatSettings {
            lines.append("  repeats     \(synthesizedRepeats) synthesised for held keys (\(repeatSettings))")
        }
        if markers > 0 { lines.append("  markers     \(markers)") }
        if reports > 0 {
            lines.append("  reports     \(reports) HID report records (\(reports - capture.outputReports) input, "
                + "\(capture.outputReports) output)")
        }
        if dropped > 0 { lines.append("  dropped     \(dropped) (reported by the source)") }
        if capture.obfuscatedPresses > 0 {
            lines.append("  obfuscated  \(capture.obfuscatedPresses) presses: libinput record wrote their key codes as KEY_A "
                + "(record with --show-keycodes for the real keys)")
        }
        if capture.packetsRead > 0 && input == .usbPackets {
            lines.append("  packets     \(capture.packetsRead) read, \(capture.reportsDecoded) keyboard reports")
        }
        let skipped = capture.skipped.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        if !skipped.isEmpty { lines.append("  skipped     \(skipped.joined(separator: ", "))") }
        lines.append("  records     \(records)")
        return lines.map { $0 + "\n" }.joined()
    }
}
