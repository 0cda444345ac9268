import Foundation

/// Reads an iOS / Catalyst app's Swift source and finds its key commands, who provides them,
/// who implements their actions and how the controllers nest.
///
/// ```swift
/// let result = try SceneImporter().importApp(at: ["MyApp/"])
/// print(result.inventory.map(\.jsonLine).joined(separator: "\n"))
/// ```
public struct SceneImporter: Sendable {
    /// What to read and for which build.
    public struct Options: Sendable, Equatable {
        public var files: SourceFiles.Options
        public var conditions: CompilationConditions
        /// The scene's name; by default the first path's last component.
        public var sceneName: String?
        /// Read the deployment target from the Xcode project's settings when they give one
        /// (otherwise ``CompilationConditions/deploymentTarget`` stands).
        public var deploymentTargetFromProject: Bool

        public init(files: SourceFiles.Options = .init(), conditions: CompilationConditions = .init(), sceneName: String? = nil,
                    deploymentTargetFromProject: Bool = true) {
            self.files = files
            self.conditions = conditions
            self.sceneName = sceneName
            self.deploymentTargetFromProject = deploymentTargetFromProject
        }
    }

    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    /// Imports the Swift files under `paths` (folders or files).
    public func importApp(at paths: [String]) throws(SceneImportError) -> ImportResult {
        let files = try SourceFiles(paths: paths, options: options.files)
        guard !files.swiftFiles.isEmpty else { throw .noSwiftFiles(paths) }
        var importer = self
        if options.deploymentTargetFromProject, let target = files.deploymentTarget() {
            importer.options.conditions.deploymentTarget = target
        }
        var sources: [(SourceFiles.File, String)] = []
        for file in files.swiftFiles {
            guard let data = FileManager.default.contents(atPath: file.path) else {
                throw .unreadable(file.path, reason: "permission denied or not a regular file")
            }
            sources.append((file, String(decoding: data, as: UTF8.self)))
        }
        let name = options.sceneName ?? Self.defaultName(for: paths)
        return importer.importSources(sources, strings: StringsTable(files: files.stringsFiles),
                                      resources: ResourceFiles(files: files.resourceFiles),
                                      interface: InterfaceFiles(files: files.interfaceFiles), name: name)
    }

    /// Imports sources already in memory (tests, benchmarks).
    public func importSources(_ sources: [(file: SourceFiles.File, text: String)], name: String = "imported") -> ImportResult {
        importSources(sources, strings: StringsTable(), resources: ResourceFiles(), interface: InterfaceFiles(), name: name)
    }

    func importSources(_ sources: [(file: SourceFiles.File, text: String)], strings: StringsTable,
                       resources: ResourceFiles, interface: InterfaceFiles, name: String) -> ImportResult {
        var index = SourceIndex(conditions: options.conditions)
        var lines = 0
        for (file, text) in sources {
            index.add(source: text, file: file)
            lines += text.utf8.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        }
        index.seal()
        let extractor = CommandExtractor(index: index, strings: strings, resources: resources)
        let inventory = extractor.commands()
        var model = AppModel(index: index, inventory: inventory, evaluator: extractor.evaluator)
        model.addContainment(from: interface)
        let scene = SceneBuilder(name: name, model: model).build()
        return ImportResult(inventory: inventory, scene: scene.json, report: ImportReport(
            sceneName: name, files: sources.count, lines: lines, inventory: inventory, model: model, scene: scene))
    }

    static func defaultName(for paths: [String]) -> String {
        let first = paths.first.map { URL(fileURLWithPath: $0).standardizedFileURL.lastPathComponent } ?? "imported"
        let cleaned = first.replacingOccurrences(of: ".swift", with: "")
        return cleaned.isEmpty || cleaned == "/" ? "imported" : cleaned
    }
}

/// What an import found.
public struct ImportResult: Sendable {
    /// Every key command, sorted by file and line.
    public var inventory: [ImportedCommand]
    /// The scene, as JSON text that `SceneDefinition(json:)` loads.
    public var scene: String
    /// Counts, unresolved constructs and findings.
    public var report: ImportReport

    /// The inventory as JSON Lines.
    public var inventoryText: String {
        inventory.map { $0.jsonLine + "\n" }.joined()
    }
}
