/// A file the resource readers open: where it is on disk, and how the inventory and the report
/// name it.
///
/// The importer's file walk (`SourceFiles.File` in SceneImport) conforms; the readers need no
/// more of a file than these two paths.
package protocol ResourceFile {
    /// The path to open.
    var path: String { get }
    /// The path as the inventory and the report show it.
    var displayPath: String { get }
}
