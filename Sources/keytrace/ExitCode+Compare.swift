import ArgumentParser
import Foundation

// Exit codes of `keytrace compare` (docs/Analysis.md). Kept self-contained so a general
// error-to-exit-code mapping can absorb them.
extension ExitCode {
    /// A regression was found (exit 1).
    static let regression = ExitCode(1)
    /// An input could not be used: missing, unreadable, corrupt or of another schema (exit 2).
    static let unusableInput = ExitCode(2)
}

/// Writes `keytrace: error: MESSAGE` to standard error and returns `code` for throwing.
func reportFailure(_ message: String, exitCode code: ExitCode = .unusableInput) -> ExitCode {
    FileHandle.standardError.write(Data("keytrace: error: \(message)\n".utf8))
    return code
}

/// Writes `keytrace: warning: MESSAGE` to standard error.
func reportWarning(_ message: String) {
    FileHandle.standardError.write(Data("keytrace: warning: \(message)\n".utf8))
}
