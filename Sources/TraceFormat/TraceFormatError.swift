import KeyTraceCore
import KeyTraceSupport

/// An error reading or writing a trace, with a message that says what to do about it.
///
/// Errors are a struct over a private enum so new cases can be added without breaking
/// callers. ``isUnusableInput`` separates "this file cannot be used" (exit 2 in the CLI)
/// from failures of the machine or of the caller.
public struct TraceFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
        case cannotOpen(path: String, errno: Int32)
        case input(InputFileError)
        case cannotWrite(path: String, errno: Int32)
        case emptyFile
        case notATrace(offset: Int)
        case unsupportedVersion(major: UInt16, minor: UInt16)
        case truncatedHeader(needed: Int, available: Int)
        case corruptHeader(offset: Int, reason: String)
        case writerFinished
        case invalidRecord(reason: String)
    }

    private let kind: Kind

    private init(_ kind: Kind) { self.kind = kind }

    /// The file could not be opened or read (`errno` from the system).
    public static func cannotOpen(path: String, errno: Int32) -> TraceFormatError {
        TraceFormatError(.cannotOpen(path: path, errno: errno))
    }

    /// The input is not a readable file holding a trace (a directory, a device), or a FIFO
    /// could not be read.
    package static func input(_ error: InputFileError) -> TraceFormatError {
        TraceFormatError(.input(error))
    }

    /// The file could not be created or written (`errno` from the system).
    public static func cannotWrite(path: String, errno: Int32) -> TraceFormatError {
        TraceFormatError(.cannotWrite(path: path, errno: errno))
    }

    /// The file holds no bytes at all.
    public static let emptyFile = TraceFormatError(.emptyFile)

    /// The bytes at `offset` are not a KeyTrace file header (wrong magic).
    public static func notATrace(offset: Int = 0) -> TraceFormatError { TraceFormatError(.notATrace(offset: offset)) }

    /// The file's major version is one this reader cannot read.
    public static func unsupportedVersion(major: UInt16, minor: UInt16) -> TraceFormatError {
        TraceFormatError(.unsupportedVersion(major: major, minor: minor))
    }

    /// The file ends inside its fixed header.
    public static func truncatedHeader(needed: Int, available: Int) -> TraceFormatError {
        TraceFormatError(.truncatedHeader(needed: needed, available: available))
    }

    /// The file header or metadata at `offset` is damaged beyond use.
    public static func corruptHeader(offset: Int, reason: String) -> TraceFormatError {
        TraceFormatError(.corruptHeader(offset: offset, reason: reason))
    }

    /// For a damaged header checksum, metadata block or metadata length (one that runs past
    /// the end of a file holding the whole fixed header): where and what, else `nil`.
    var headerDamage: (offset: Int, reason: String)? {
        switch kind {
        case .corruptHeader(let offset, let reason):
            return (offset, reason)
        case .truncatedHeader(let needed, let available) where available >= TraceFileHeader.fixedSize:
            return (16, "metadata length \(needed - TraceFileHeader.fixedSize) runs past the end of the file (\(available) bytes)")
        default:
            return nil
        }
    }

    /// A record was appended after ``TraceWriter/finish()``.
    public static let writerFinished = TraceFormatError(.writerFinished)

    /// A record cannot be encoded (for example a stage-timing record with too many stages).
    public static func invalidRecord(_ reason: String) -> TraceFormatError {
        TraceFormatError(.invalidRecord(reason: reason))
    }

    /// The kind of failure. New kinds may be added.
    public typealias Code = ErrorCode<TraceFormatError>

    /// The kind of failure.
    public var code: Code {
        switch kind {
        case .cannotOpen: return .cannotOpen
        case .input: return .input
        case .cannotWrite: return .cannotWrite
        case .emptyFile: return .emptyFile
        case .notATrace: return .notATrace
        case .unsupportedVersion: return .unsupportedVersion
        case .truncatedHeader: return .truncatedHeader
        case .corruptHeader: return .corruptHeader
        case .writerFinished: return .writerFinished
        case .invalidRecord: return .invalidRecord
        }
    }

    /// Whether the input itself is unusable (empty, not a trace, unreadable, corrupt beyond use),
    /// as opposed to a misuse of the API.
    public var isUnusableInput: Bool {
        switch kind {
        case .cannotOpen, .input, .emptyFile, .notATrace, .unsupportedVersion, .truncatedHeader, .corruptHeader: return true
        case .cannotWrite, .writerFinished, .invalidRecord: return false
        }
    }

    /// The byte offset the error refers to, when it refers to one.
    public var offset: Int? {
        switch kind {
        case .notATrace(let offset), .corruptHeader(let offset, _): return offset
        case .truncatedHeader(_, let available): return available
        case .emptyFile: return 0
        default: return nil
        }
    }

    /// ``description``, with the byte offset at fault when there is one and the description
    /// does not already name it.
    public var descriptionWithOffset: String {
        guard let offset, !description.contains("offset") else { return description }
        return "\(description) (byte offset \(offset))"
    }

    /// What went wrong and what to do about it.
    public var description: String {
        switch kind {
        case .cannotOpen(let path, let errno):
            return "cannot read '\(path)': \(SystemErrorText.describe(errno)); check the path and its permissions"
        case .input(let error):
            return error.description
        case .cannotWrite(let path, let errno):
            return "cannot write '\(path)': \(SystemErrorText.describe(errno)); check the directory exists, is writable and has space"
        case .emptyFile:
            return "the file is empty (0 bytes): it is not a KeyTrace trace; was the recording started?"
        case .notATrace(let offset):
            return "not a KeyTrace trace: no trace magic at byte offset \(offset); pass a .ktrace file written by keytrace"
        case .unsupportedVersion(let major, let minor):
            return "trace format version \(major).\(minor) is not supported by this reader (it reads \(TraceFileHeader.oldestReadableMajor).x to \(TraceFileHeader.currentMajor).x); upgrade keytrace"
        case .truncatedHeader(let needed, let available):
            return "the file ends at byte offset \(available), inside its \(needed)-byte header: it is truncated beyond use"
        case .corruptHeader(let offset, let reason):
            return "the trace header at byte offset \(offset) is damaged (\(reason)); the file cannot be used"
        case .writerFinished:
            return "the trace writer was already finished; create a new TraceWriter to write more records"
        case .invalidRecord(let reason):
            return "cannot encode record: \(reason)"
        }
    }
}

/// The kinds of ``TraceFormatError``.
extension ErrorCode where Domain == TraceFormatError {
    /// The file could not be opened or read.
    public static let cannotOpen = Self("cannot-open")
    /// The input is not a readable file (a directory, a device), or a FIFO could not be read.
    public static let input = Self("input")
    /// The file could not be created or written.
    public static let cannotWrite = Self("cannot-write")
    /// The file holds no bytes.
    public static let emptyFile = Self("empty-file")
    /// The bytes are not a KeyTrace file header.
    public static let notATrace = Self("not-a-trace")
    /// The file's major version is one this reader cannot read.
    public static let unsupportedVersion = Self("unsupported-version")
    /// The file ends inside its header.
    public static let truncatedHeader = Self("truncated-header")
    /// The file header or metadata is damaged beyond use.
    public static let corruptHeader = Self("corrupt-header")
    /// A record was appended after ``TraceWriter/finish()``.
    public static let writerFinished = Self("writer-finished")
    /// A record cannot be encoded.
    public static let invalidRecord = Self("invalid-record")
}
