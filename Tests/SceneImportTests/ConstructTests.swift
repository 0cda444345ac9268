import Testing
@testable import SceneImport
import Scenes

/// One test per construct real apps use to declare key commands. Each source is written for
/// this test; none is copied from an app.
@Suite struct ConstructTests {
    func importing(_ sources: [String: String], platform: CompilationConditions.Platform = .iOS) throws -> ImportResult {
        let importer = SceneImporter(options: .init(conditions: .init(platform: platform)))
        return try importer.importSources(sources.sorted { $0.key < $1.key }.map { (SourceFiles.File(path: $0.key, displayPath: $0.key), $0.value) })
    }

    /// (declared_in, input, modifiers, action) of every command, sorted.
    func keys(_ result: ImportResult) -> [String] {
        result.inventory.map { "\($0.declaredIn) \($0.mechanism.rawValue) \($0.displayShortcut) \($0.action ?? "nil")" }.sorted()
    }
}
