import ArgumentParser
import Capture
import KeyTraceCore
import Replay
import Scenes
import TraceFormat

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The exit codes of every `keytrace` subcommand, and the one place errors become messages.
///
/// | code | meaning                                                                    |
/// |------|----------------------------------------------------------------------------|
/// | 0    | success                                                                    |
/// | 1    | a check failed: verify found damage, a reader lost records to damage, a    |
/// |      | replay diverged, a regression; or an output could not be written           |
/// | 2    | unusable input: unreadable, empty, not a trace, corrupt beyond use         |
/// | 64   | usage error: unknown option, bad value (ArgumentParser's validation code)  |
enum KeyTraceExit {
    static let success = ExitCode(0)
    static let checkFailed = ExitCode(1)
    static let unusableInput = ExitCode(2)
    static let usage = ExitCode(64)
    /// The output could not be written (a full disk, a directory given as the file): what the
    /// user asked for did not happen, as when a check fails.
    static let ioFailure = ExitCode(1)

    /// Prints `keytrace: <message>` to standard error and returns the exit code for `error`.
    static func code(for error: Error) -> ExitCode {
        switch error {
        case let e as ExitCode:
            return e
        case let e as TraceFormatError:
            printError(e.description)
            return e.isUnusableInput ? unusableInput : ioFailure
        case let e as SceneError:
            printError(e.description)
            return unusableInput
        case let e as CaptureError:
            printError(e.description)
            return unusableInput
        case let e as ReplayError:
            printError(e.description)
            return e.isCheckFailure ? checkFailed : unusableInput
        case let e as OutputFileError:
            printError(e.description)
            return ioFailure
        case let e as CommandFailure:
            printError(e.message)
            return e.code
        default:
            printError(String(describing: error))
            return unusableInput
        }
    }

    /// Runs `body`, turning any error into a message and an exit code.
    static func run(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let e as ExitCode {
            throw e
        } catch {
            throw code(for: error)
        }
    }

    /// Prints `message` and returns `code`, for `throw KeyTraceExit.fail(…)`.
    static func fail(_ message: String, _ code: ExitCode = unusableInput) -> ExitCode {
        printError(message)
        return code
    }

    static func printError(_ message: String) {
        writeStandardError("keytrace: \(message)\n")
    }

    static func writeStandardError(_ message: String) {
        var text = message
        text.withUTF8 { bytes in
            if let base = bytes.baseAddress { _ = write(2, base, bytes.count) }
        }
    }
}

/// A failure with its own message and exit code.
struct CommandFailure: Error {
    var message: String
    var code: ExitCode

    static func usage(_ message: String) -> CommandFailure { CommandFailure(message: message, code: KeyTraceExit.usage) }
    static func io(_ message: String) -> CommandFailure { CommandFailure(message: message, code: KeyTraceExit.ioFailure) }
}
