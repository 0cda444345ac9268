import Foundation
import SceneImport

/// An app written to a temporary folder for an import that reads files from disk (strings
/// tables, String Catalogs, Objective-C sources, project files), and removed afterwards.
public enum TemporaryApp {
    /// Writes `files` (paths relative to the app's folder) and imports the folder `folder` of
    /// it with `importer`.
    public static func importing(_ files: [String: String], folder: String = "", with importer: SceneImporter = SceneImporter()) throws
        -> ImportResult
    {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("keytrace-app-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for (path, text) in files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: false, encoding: .utf8)
        }
        return try importer.importApp(at: [folder.isEmpty ? root : root + "/" + folder])
    }
}
