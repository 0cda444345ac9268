import KeyTraceCore
import KeyTraceSupport

/// Why an import could not run at all.
///
/// What the importer cannot understand in a source file is not an error: it is an
/// ``ImportReport/Unresolved`` entry of the report, and the import goes on.
public struct SceneImportError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
        case pathNotFound(String)
        case unreadable(String, reason: String)
        case noSwiftFiles([String])
        case everySourceLeftOut([String], count: Int)
        case notSwift(String)
        case cannotWrite(String, reason: String)
        case overlay(String)
    }

    private let kind: Kind
    private init(_ kind: Kind) { self.kind = kind }

    /// A path given to the importer does not exist.
    public static func pathNotFound(_ path: String) -> SceneImportError { .init(.pathNotFound(path)) }
    /// A source file exists but could not be read.
    public static func unreadable(_ path: String, reason: String) -> SceneImportError {
        .init(.unreadable(path, reason: reason))
    }
    /// The paths hold no Swift or Objective-C file.
    public static func noSwiftFiles(_ paths: [String]) -> SceneImportError { .init(.noSwiftFiles(paths)) }
    /// Every source found is one the Xcode projects beside it compile into no target.
    public static func everySourceLeftOut(_ paths: [String], count: Int) -> SceneImportError {
        .init(.everySourceLeftOut(paths, count: count))
    }
    /// A file given by name is not a Swift or Objective-C source.
    public static func notSwift(_ path: String) -> SceneImportError { .init(.notSwift(path)) }
    /// An output file could not be written.
    public static func cannotWrite(_ path: String, reason: String) -> SceneImportError {
        .init(.cannotWrite(path, reason: reason))
    }

    /// An import overlay file is malformed or names a type the source does not have.
    public static func overlay(_ message: String) -> SceneImportError { .init(.overlay(message)) }

    /// The kind of failure. New kinds may be added.
    public typealias Code = ErrorCode<SceneImportError>

    /// The kind of failure.
    public var code: Code {
        switch kind {
        case .pathNotFound: return .pathNotFound
        case .unreadable: return .unreadable
        case .noSwiftFiles, .everySourceLeftOut: return .noSwiftFiles
        case .notSwift: return .notSwift
        case .cannotWrite: return .cannotWrite
        case .overlay: return .overlay
        }
    }

    public var description: String {
        switch kind {
        case .pathNotFound(let path):
            return "\(path): no such file or folder; give an app's source folder or Swift files"
        case .unreadable(let path, let reason):
            return "\(path): cannot read: \(reason)"
        case .noSwiftFiles(let paths):
            return "\(paths.joined(separator: ", ")): no .swift, .m or .h files found (build products, Pods, Carthage, hidden and test folders are skipped; --include-tests reads test folders)"
        case .everySourceLeftOut(let paths, let count):
            return "\(paths.joined(separator: ", ")): the Xcode projects beside them compile none of the \(count) Swift and Objective-C files "
                + "found into an iOS target (a target built only for macOS, watchOS or tvOS declares nothing for iOS), so every one is left out; "
                + "name the files on the command line to read them anyway"
        case .notSwift(let path):
            return "\(path): not a .swift, .m, .h, .storyboard or Info.plist file; give source files or the folders that hold them"
        case .cannotWrite(let path, let reason):
            return "\(path): cannot write: \(reason)"
        case .overlay(let message):
            return message
        }
    }
}

/// The kinds of ``SceneImportError``.
extension ErrorCode where Domain == SceneImportError {
    /// A path given to the importer does not exist.
    public static let pathNotFound = Self("path-not-found")
    /// A source file exists but could not be read.
    public static let unreadable = Self("unreadable")
    /// The paths hold no Swift or Objective-C file.
    public static let noSwiftFiles = Self("no-swift-files")
    /// A file given by name is not a Swift or Objective-C source.
    public static let notSwift = Self("not-swift")
    /// An output file could not be written.
    public static let cannotWrite = Self("cannot-write")
    /// An import overlay file is malformed or names an unknown type.
    public static let overlay = Self("overlay")
}
