/// Why an import could not run at all.
///
/// What the importer cannot understand in a source file is not an error: it is an
/// ``ImportReport/Unresolved`` entry of the report, and the import goes on.
public struct SceneImportError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
        case pathNotFound(String)
        case unreadable(String, reason: String)
        case noSwiftFiles([String])
        case notSwift(String)
        case cannotWrite(String, reason: String)
    }

    private let kind: Kind
    private init(_ kind: Kind) { self.kind = kind }

    /// A path given to the importer does not exist.
    public static func pathNotFound(_ path: String) -> SceneImportError { .init(.pathNotFound(path)) }
    /// A source file exists but could not be read.
    public static func unreadable(_ path: String, reason: String) -> SceneImportError {
        .init(.unreadable(path, reason: reason))
    }
    /// The paths hold no Swift file.
    public static func noSwiftFiles(_ paths: [String]) -> SceneImportError { .init(.noSwiftFiles(paths)) }
    /// A file given by name is not a Swift source.
    public static func notSwift(_ path: String) -> SceneImportError { .init(.notSwift(path)) }
    /// An output file could not be written.
    public static func cannotWrite(_ path: String, reason: String) -> SceneImportError {
        .init(.cannotWrite(path, reason: reason))
    }

    /// A stable code for scripts: `path-not-found`, `unreadable`, `no-swift-files`, `not-swift`,
    /// `cannot-write`.
    public var code: String {
        switch kind {
        case .pathNotFound: return "path-not-found"
        case .unreadable: return "unreadable"
        case .noSwiftFiles: return "no-swift-files"
        case .notSwift: return "not-swift"
        case .cannotWrite: return "cannot-write"
        }
    }

    public var description: String {
        switch kind {
        case .pathNotFound(let path):
            return "\(path): no such file or folder; give an app's source folder or Swift files"
        case .unreadable(let path, let reason):
            return "\(path): cannot read: \(reason)"
        case .noSwiftFiles(let paths):
            return "\(paths.joined(separator: ", ")): no .swift files found (build products, Pods, Carthage, hidden and test folders are skipped; --include-tests reads test folders)"
        case .notSwift(let path):
            return "\(path): not a .swift file; give Swift files or the folders that hold them"
        case .cannotWrite(let path, let reason):
            return "\(path): cannot write: \(reason)"
        }
    }
}
