/// Standard error, written unbuffered with `write(2)`: messages and progress appear at once,
/// in order with the child processes and signal handlers that share the descriptor.
package enum StandardError {
    /// Writes `text` as it is.
    package static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            if let base = bytes.baseAddress { _ = SystemCalls.write(STDERR_FILENO, base, bytes.count) }
        }
    }
}
