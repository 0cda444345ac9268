import Analysis
import ArgumentParser
import Capture
import Comparison
import KeyTraceCore
import KeyTraceSupport
import Replay
import Scenes
import TraceFormat

/// The exit codes of every `keytrace` subcommand (``table``, shown by `keytrace --help` and in
/// docs/CLI.md), and the one place errors become messages.
///
/// A ``RegressionGate`` command (`compare`) exits 1 for a regression and nothing else: its
/// errors, a report that cannot be written included, exit 2.
///
/// Commands throw; ``KeyTrace/main()`` hands what `run()` threw to ``failure(for:in:)``, which
/// maps every error to its message and exit code (the shape of argument-parser's
/// `MessageInfo`). Libraries' messages say what is wrong; the advice that names `keytrace`'s
/// own flags is added here.
enum KeyTraceExit {
    static let success = ExitCode(0)
    static let checkFailed = ExitCode(1)
    static let unusableInput = ExitCode(2)
    static let usage = ExitCode(64)
    /// The output could not be written (a full disk, a directory given as the file): what the
    /// user asked for did not happen, as when a check fails.
    static let ioFailure = ExitCode(1)

    /// The exit codes, as `keytrace --help` prints them: the one statement of what each means.
    static let table = """
        Exit codes, the same for every command:
          0   success
          1   a check failed: verify found damage, a reader lost records to
              a damaged trace (analyze, dump, export, inspect, replay), a
              replay diverged, a golden trace differs, a regression; or an
              output could not be written (a full disk, a directory given as
              the file). compare exits 2 for any error, so that its 1 always
              means a regression.
          2   unusable input: unreadable, empty, not a trace or scene,
              corrupt beyond use, no keyboard found
          64  usage error: unknown option, bad or missing value
        """

    /// What `keytrace` prints for an error (each line as `keytrace: LINE` on standard error) and
    /// the status it exits with.
    struct Failure {
        var lines: [String]
        var code: ExitCode

        init(_ message: String, _ code: ExitCode) {
            self.lines = [message]
            self.code = code
        }
    }

    /// The message and exit code for `error`, thrown by `command`'s `run()`; `nil` for the
    /// errors ArgumentParser reports itself (``ValidationError``, ``CleanExit``, ``ExitCode``).
    static func failure(for error: Error, in command: ParsableCommand.Type) -> Failure? {
        guard var failure = failure(for: error) else { return nil }
        if command is RegressionGate.Type && failure.code == checkFailed { failure.code = unusableInput }
        return failure
    }

    private static func failure(for error: Error) -> Failure? {
        switch error {
        case is ExitCode, is ValidationError, is CleanExit:
            return nil
        case let e as CommandFailure:
            var failure = e.underlying.flatMap { Self.failure(for: $0) } ?? Failure(e.message, e.code)
            if e.underlying != nil { failure.lines.append(e.message) }
            return failure
        case let e as TraceFormatError:
            return Failure(e.description, e.isUnusableInput ? unusableInput : ioFailure)
        case let e as ReplayError:
            return replayFailure(for: e)
        case let e as SceneError:
            return Failure(e.description, unusableInput)
        case let e as SceneLookupError:
            // A state or responder named on the command line: a bad value of an option.
            return Failure(e.description, usage)
        case let e as CaptureError:
            let remedy = e.code == .terminalFailed
                ? "; run `keytrace record --terminal` in an interactive terminal, or pipe keys into it, "
                    + "and reset a garbled terminal with `stty sane`"
                : ""
            return Failure(e.description + remedy, unusableInput)
        case let e as OutputFileError:
            return Failure(e.description, ioFailure)
        case let e as InputFileError:
            return Failure(e.description, unusableInput)
        case let e as BenchFileError:
            return Failure(e.description, unusableInput)
        case let e as ImportReportFileError:
            let remedy = [.notJSON, .schema, .malformed].contains(e.code) ? "; write one with `keytrace scene import … --report FILE --json`" : ""
            return Failure(e.description + remedy, unusableInput)
        default:
            // ArgumentParser's own errors (help, version, usage: `keytrace help record` runs a
            // command that throws one) get its exit codes and messages.
            if KeyTrace.exitCode(for: error) != .failure { return nil }
            return Failure(String(describing: error), unusableInput)
        }
    }

    /// A replay's errors, with the flags that fix them.
    private static func replayFailure(for error: ReplayError) -> Failure {
        switch error.code {
        case .trace:
            if let trace = error.traceError { return Failure(trace.description, trace.isUnusableInput ? unusableInput : ioFailure) }
            return Failure(error.description, unusableInput)
        case .output:
            return Failure(error.description, ioFailure)
        case .sceneNotFound, .noScene:
            return Failure(error.description + "; pass --scene FILE", unusableInput)
        case .sceneMismatch:
            return Failure(error.description + "; replay without --verify to see the differences, or re-record the trace",
                           checkFailed)
        default:
            return Failure(error.description, unusableInput)
        }
    }

    /// Prints `failure`'s lines to standard error and exits with its code.
    static func exit(with failure: Failure) -> Never {
        for line in failure.lines { printError(line) }
        SystemCalls.exit(failure.code.rawValue)
    }

    static func printError(_ message: String) {
        StandardError.write("keytrace: \(message)\n")
    }
}

/// A command whose exit status 1 means "a regression was found" and nothing else, so that CI
/// can act on it: ``KeyTraceExit`` turns its errors' status 1 into 2.
protocol RegressionGate: ParsableCommand {}

extension Compare: RegressionGate {}

/// A failure with its own message and exit code; or another error with a note, which keeps
/// that error's message and exit code and prints the note after it.
struct CommandFailure: Error {
    var message: String
    var code: ExitCode
    /// The error this failure adds a note to.
    var underlying: Error?

    init(message: String, code: ExitCode) {
        self.message = message
        self.code = code
    }

    /// A usage error (exit 64) found only when the command runs.
    static func usage(_ message: String) -> CommandFailure { CommandFailure(message: message, code: KeyTraceExit.usage) }
    /// An output that could not be written (exit 1).
    static func io(_ message: String) -> CommandFailure { CommandFailure(message: message, code: KeyTraceExit.ioFailure) }
    /// Input that cannot be used (exit 2).
    static func unusableInput(_ message: String) -> CommandFailure {
        CommandFailure(message: message, code: KeyTraceExit.unusableInput)
    }

    /// A trace that could not be read, named by its path unless the error names it (exit 2
    /// when it is no usable trace, 1 when reading failed).
    static func trace(_ path: String, _ error: TraceFormatError) -> CommandFailure {
        let text = error.descriptionWithOffset
        return CommandFailure(message: text.contains(path) ? text : "\(path): \(text)",
                              code: error.isUnusableInput ? KeyTraceExit.unusableInput : KeyTraceExit.ioFailure)
    }

    /// `error`, reported as usual, then `note`.
    static func noted(_ error: Error, _ note: String) -> CommandFailure {
        var failure = CommandFailure(message: note, code: KeyTraceExit.unusableInput)
        failure.underlying = error
        return failure
    }
}
