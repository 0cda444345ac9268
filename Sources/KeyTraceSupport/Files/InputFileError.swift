/// Why an input could not be read: names the path and what it is.
package struct InputFileError: Error, Hashable, Sendable, CustomStringConvertible {
    enum Problem: Hashable, Sendable {
        case notAFile(kind: FileKind, expected: String)
        case cannotOpen(errno: Int32)
        case cannotRead(errno: Int32)
    }

    /// The path as given.
    package let path: String
    let problem: Problem

    /// The kind of failure. New kinds may be added.
    package typealias Code = ErrorCode<InputFileError>

    /// The kind of failure.
    package var code: Code {
        switch problem {
        case .notAFile: return .notAFile
        case .cannotOpen: return .cannotOpen
        case .cannotRead: return .cannotRead
        }
    }

    /// An input at `path` that is `kind` (a directory, a device…) where `expected` was wanted.
    package static func notAFile(_ path: String, kind: FileKind, expected: String) -> InputFileError {
        InputFileError(path: path, problem: .notAFile(kind: kind, expected: expected))
    }

    /// The input could not be opened (`errno` from the system).
    package static func cannotOpen(_ path: String, errno: Int32) -> InputFileError {
        InputFileError(path: path, problem: .cannotOpen(errno: errno))
    }

    /// `'PATH' is a directory, not a trace`, `cannot read 'PATH': …`.
    package var description: String {
        switch problem {
        case .notAFile(let kind, let expected):
            return "'\(path)' is \(kind), not \(expected); pass a file holding \(expected)"
        case .cannotOpen(let code):
            return "cannot read '\(path)': \(SystemErrorText.describe(code)); check the path and its permissions"
        case .cannotRead(let code):
            return "cannot read '\(path)': \(SystemErrorText.describe(code))"
        }
    }
}

/// The kinds of ``InputFileError``.
extension ErrorCode where Domain == InputFileError {
    /// The path is a directory, a device or another kind of file where a file was wanted.
    package static let notAFile = Self("not-a-file")
    /// The input could not be opened.
    package static let cannotOpen = Self("cannot-open")
    /// Reading the input failed.
    package static let cannotRead = Self("cannot-read")
}
