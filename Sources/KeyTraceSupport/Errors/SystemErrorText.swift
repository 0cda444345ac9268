
/// The system's text for an `errno`: the one place every module's error messages take it from.
package enum SystemErrorText {
    /// `strerror(code)`, or `error CODE` when the system has no text for it.
    package static func describe(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
