/// A progress bar on standard error, drawn only when standard error is a terminal.
package final class ProgressBar {
    /// A bar that draws only when standard error is a terminal.
    package init() {}

    private let enabled = isatty(STDERR_FILENO) != 0
    private var drawn = false

    /// Redraws the bar: `label`, a bar when `expected` is known, and the count so far.
    package func update(label: String, read: UInt64, expected: UInt64? = nil, unit: String = "records") {
        guard enabled else { return }
        var line = "\r\(label): "
        if let expected, expected > 0 {
            let fraction = min(1, Double(read) / Double(expected))
            let filled = Int(fraction * 30)
            line += "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled) + "] "
            let percent = String(Int((fraction * 100).rounded()))
            line += String(repeating: " ", count: max(0, 3 - percent.count)) + percent + " % "
        }
        line += "\(read) \(unit)"
        StandardError.write(line)
        drawn = true
    }

    /// Erases the bar, if one was drawn.
    package func clear() {
        guard drawn else { return }
        StandardError.write("\r\u{1B}[K")
        drawn = false
    }
}

