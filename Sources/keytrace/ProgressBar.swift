import KeyTraceSupport

/// A progress bar on standard error, drawn only when standard error is a terminal.
final class ProgressBar {
    private let enabled = isatty(STDERR_FILENO) != 0
    private var drawn = false

    /// Redraws the bar: `label`, a bar when `expected` is known, and the count so far.
    func update(label: String, read: UInt64, expected: UInt64? = nil, unit: String = "records") {
        guard enabled else { return }
        var line = "\r\(label): "
        if let expected, expected > 0 {
            let fraction = min(1, Double(read) / Double(expected))
            let filled = Int(fraction * 30)
            line += "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled) + "] "
            line += String(format: "%3.0f %% ", fraction * 100)
        }
        line += "\(read) \(unit)"
        KeyTraceExit.writeStandardError(line)
        drawn = true
    }

    func clear() {
        guard drawn else { return }
        KeyTraceExit.writeStandardError("\r\u{1B}[K")
        drawn = false
    }
}

