
/// Why an output could not be written: names the output and the system's reason.
package struct OutputFileError: Error, Hashable, Sendable, CustomStringConvertible {
    enum Problem: Hashable, Sendable {
        case isDirectory
        case cannotOpen(errno: Int32)
        case cannotWrite(errno: Int32)
    }

    /// The output's path as given (`-` for standard output).
    package let path: String
    let problem: Problem

    /// The kind of failure. New kinds may be added.
    package typealias Code = ErrorCode<OutputFileError>

    /// The kind of failure.
    package var code: Code {
        switch problem {
        case .isDirectory: return .isDirectory
        case .cannotOpen: return .cannotOpen
        case .cannotWrite: return .cannotWrite
        }
    }

    /// The system's reason alone (`No space left on device`, `it is a directory`).
    package var reason: String {
        switch problem {
        case .isDirectory: return "it is a directory"
        case .cannotOpen(let code), .cannotWrite(let code): return SystemErrorText.describe(code)
        }
    }

    /// `cannot write 'PATH': REASON; what to do`.
    package var description: String {
        let name = path == "-" ? "standard output" : "'\(path)'"
        switch problem {
        case .isDirectory:
            return "cannot write \(name): it is a directory; give a file path"
        case .cannotOpen(let code):
            return "cannot write \(name): \(SystemErrorText.describe(code)); check the directory exists and is writable"
        case .cannotWrite(let code):
            return "cannot write \(name): \(SystemErrorText.describe(code)); the output is incomplete"
        }
    }

    /// `path` could not be opened for writing: the system said `errno`.
    package static func cannotOpen(_ path: String, errno: Int32) -> OutputFileError {
        OutputFileError(path: path, problem: .cannotOpen(errno: errno))
    }

    /// Writing `path` failed part way: the system said `errno`.
    package static func cannotWrite(_ path: String, errno: Int32) -> OutputFileError {
        OutputFileError(path: path, problem: .cannotWrite(errno: errno))
    }
}

/// The kinds of ``OutputFileError``.
extension ErrorCode where Domain == OutputFileError {
    /// The output path is a directory.
    package static let isDirectory = Self("is-directory")
    /// The output could not be created or opened.
    package static let cannotOpen = Self("cannot-open")
    /// A write or the final close failed; the output is incomplete.
    package static let cannotWrite = Self("cannot-write")
}
