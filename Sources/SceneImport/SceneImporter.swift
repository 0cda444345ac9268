import Foundation
import KeyTraceSupport
import SceneImportBudget
import SceneImportObjectiveC
import SceneImportResources

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
        /// How much work the evaluator may do (``EvaluationBudget``).
        public var budget: EvaluationBudget
        /// What the developer states that the source does not show (``ImportOverlay``).
        public var overlay: ImportOverlay?
        /// The device whose layout the scene holds where the source branches on the idiom or the
        /// size class (``InterfaceIdiom``).
        public var idiom: InterfaceIdiom = .pad
        /// Whether the check surveys every screen for the platform's findings (``PlatformFindings``):
        /// by default for a Mac Catalyst import, whose menu bar they are about; an iOS import asks
        /// with `true`. The survey resolves every command on every screen, which costs as much
        /// as a third of an app's parse.
        public var platformFindings: Bool?

        public init(files: SourceFiles.Options = .init(), conditions: CompilationConditions = .init(), sceneName: String? = nil,
                    deploymentTargetFromProject: Bool = true, budget: EvaluationBudget = .standard, overlay: ImportOverlay? = nil) {
            self.files = files
            self.conditions = conditions
            self.sceneName = sceneName
            self.deploymentTargetFromProject = deploymentTargetFromProject
            self.budget = budget
            self.overlay = overlay
        }
    }

    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    /// Imports the Swift and Objective-C files under `paths` (folders or files).
    public func importApp(at paths: [String]) throws(SceneImportError) -> ImportResult {
        let files = try SourceFiles(paths: paths, options: options.files, platform: options.conditions.platform)
        guard !files.swiftFiles.isEmpty || !files.objectiveCFiles.isEmpty else {
            let leftOut = files.notInAnyTarget + files.notInProject + files.onlyForOtherPlatforms.map(\.file)
            guard leftOut.isEmpty else { throw .everySourceLeftOut(paths, count: leftOut.count) }
            throw .noSwiftFiles(paths)
        }
        var importer = self
        if options.deploymentTargetFromProject, let target = files.deploymentTarget() {
            importer.options.conditions.deploymentTarget = target
        }
        if let version = files.swiftVersion() { importer.options.conditions.swiftVersion = version }
        var sources: [(SourceFiles.File, String)] = []
        for file in files.swiftFiles {
            guard let data = FileManager.default.contents(atPath: file.path) else {
                throw .unreadable(file.path, reason: "permission denied or not a regular file")
            }
            sources.append((file, String(decoding: data, as: UTF8.self)))
        }
        let name = options.sceneName ?? Self.defaultName(for: paths)
        let strings = StringsTable(files: files.stringsFiles)
        let resources = ResourceFiles(files: files.resourceFiles)
        let interface = InterfaceFiles(files: files.interfaceFiles, device: options.idiom.infoPlistDevice,
                                       project: files.projectInfoPlist)
        let objectiveCConditions = ObjectiveCImport.conditions(for: importer.options.conditions)
        var lexed: [ObjectiveCFile.Lexed] = []
        for file in files.objectiveCFiles {
            guard let data = FileManager.default.contents(atPath: file.path) else {
                throw .unreadable(file.path, reason: "permission denied or not a regular file")
            }
            lexed.append(ObjectiveCFile.lex(String(decoding: data, as: UTF8.self), path: file.displayPath,
                                            conditions: objectiveCConditions, budget: importer.options.budget))
        }
        // A file expands the function-like macros of the headers it could import, and a method
        // body sees those headers' constants and the `extern` constants of other files, not
        // only its own file's.
        let sharedMacros = ObjectiveCFile.sharedMacros(of: lexed)
        let declarations = lexed.map { $0.declare(sharing: sharedMacros) }
        let sharedConstants = ObjectiveCFile.sharedConstants(of: declarations)
        let factories = ObjectiveCFile.sharedFactories(of: declarations)
        let members = ObjectiveCFile.sharedMembers(of: declarations)
        let objectiveC = declarations.map { $0.finish(sharing: sharedConstants, factories: factories, members: members) }
        var result = try importer.importOnLargeStack(sources, strings: strings, resources: resources, interface: interface,
                                                     objectiveC: objectiveC, name: name)
        // Each finding says why the file is in no build and that the import leaves it out.
        func leftOut(_ file: SourceFiles.File, saying reason: String) {
            result.report.findings.append(ImportReport.Finding(
                kind: .notInTarget, message: "\(file.displayPath): \(reason); to read it anyway, name the file on the command line",
                file: file.displayPath, line: 1))
        }
        for file in files.notInAnyTarget { leftOut(file, saying: "the Xcode project lists it but compiles it into no target, so it is left out") }
        for file in files.storyboardsNotInAnyBundle { leftOut(file, saying: "the Xcode project lists it but copies it into no target's bundle, so it is left out") }
        for file in files.onlyForOtherPlatforms {
            leftOut(file.file, saying: "the Xcode project compiles it only for \(file.platforms.joined(separator: ", ")) (a platform filter, or the platforms "
                + "of the targets that compile it), not for \(importer.options.conditions.platform.xcodeName), so it is left out")
        }
        for file in files.notInProject { leftOut(file, saying: "no Xcode project beside it lists it, so no target compiles it and it is left out") }
        return result
    }

    /// Imports sources already in memory (tests, benchmarks); an overlay that names a type the
    /// sources do not have is an error.
    public func importSources(_ sources: [(file: SourceFiles.File, text: String)], name: String = "imported") throws(SceneImportError) -> ImportResult {
        try importOnLargeStack(sources, strings: StringsTable(), resources: ResourceFiles(), interface: InterfaceFiles(),
                               objectiveC: [], name: name)
    }

    /// ``importSources(_:strings:resources:interface:name:)`` on a thread with a large stack
    /// (``LargeStack``): parsing and evaluation recurse as deep as the source nests.
    private func importOnLargeStack(_ sources: [(file: SourceFiles.File, text: String)], strings: StringsTable,
                                    resources: ResourceFiles, interface: InterfaceFiles, objectiveC: [ObjectiveCFile],
                                    name: String) throws(SceneImportError) -> ImportResult {
        let importer = self
        let texts = sources.map(\.text)
        let files = sources.map(\.file)
        let outcome = LargeStack.run { () -> Result<ImportResult, SceneImportError> in
            do throws(SceneImportError) {
                return .success(try importer.importSources(Array(zip(files, texts)).map { (file: $0.0, text: $0.1) }, strings: strings,
                                                           resources: resources, interface: interface, objectiveC: objectiveC, name: name))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    func importSources(_ sources: [(file: SourceFiles.File, text: String)], strings: StringsTable,
                       resources: ResourceFiles, interface: InterfaceFiles, objectiveC: [ObjectiveCFile] = [],
                       name: String) throws(SceneImportError) -> ImportResult {
        let started = ContinuousClock.now
        // The passes run in this order, each on what the ones before it made: index →
        // extraction → sweep → app model → scene (whose key window the window planner decides)
        // → check → report.
        var index = SourceIndex(conditions: options.conditions)
        var lines = 0
        for (file, text) in sources {
            index.add(source: text, file: file)
            lines += LineFeeds.count(in: text)
        }
        index.add(objectiveC: objectiveC)
        for storyboard in interface.storyboards {
            for (identifier, appClass) in storyboard.identifiedClasses { index.storyboardClasses[identifier, default: []].append(appClass) }
            for (controller, view) in storyboard.viewClasses where index.storyboardViewClasses[controller] == nil {
                index.storyboardViewClasses[controller] = view
            }
            if index.storyboardInitials[storyboard.name] == nil, let initial = storyboard.initial {
                index.storyboardInitials[storyboard.name] = StoryboardInitial(appClass: initial.appClass, container: initial.container)
            }
        }
        index.seal()
        let overlay = options.overlay ?? ImportOverlay()
        try overlay.validate(types: Set(index.types.keys))
        let extractor = CommandExtractor(index: index, strings: strings, resources: resources, budget: options.budget,
                                         storyboardTabBars: interface.storyboards.flatMap(\.tabBarControllers))
        let extraction = extractor.extract()
        var inventory = extraction.rows
        var more = ObjectiveCImport(files: objectiveC, strings: strings).commands()
        let sweep = CreationSiteSweep(index: index, evaluator: extractor.evaluator, skippedRegions: extraction.skippedRegions)
        let sites = sweep.sites()
        more += sweep.unfollowedRows(covering: inventory + more, sites: sites)
        // The extractor's rows come sorted: only rows from elsewhere call for another sort.
        if !more.isEmpty { inventory = ImportedCommand.merged(inventory, adding: more) }
        var model = AppModel(index: index, inventory: inventory, evaluator: extractor.evaluator)
        model.addContainment(from: interface)
        model.add(objectiveC: objectiveC)
        model.addSwiftUIContainment()
        let siteNodes = Dictionary(sites.map { ($0.location, $0.call) }, uniquingKeysWith: { first, _ in first })
        let objectiveCCosts = ObjectiveCImport(files: objectiveC, strings: strings).getterCosts()
        let swiftCosts = GetterCost.read(index: index, inventory: inventory.filter { !$0.file.hasSuffix(".m") && !$0.file.hasSuffix(".mm") }, sites: siteNodes)
        model.getterCosts = (swiftCosts + objectiveCCosts).sorted { $0.type < $1.type }
        model.apply(overlay)
        model.mainMenu = SwiftUIMenuCommands(index: index, inventory: inventory, strings: strings, evaluator: extractor.evaluator).operations() + extraction.menuOperations
            + ObjectiveCImport(files: objectiveC, strings: strings).menuOperations()
        let scene = SceneBuilder(name: name, model: model, idiom: options.idiom).build()
        let catalyst = options.conditions.platform == .macCatalyst
        // Each row's shortcut notation, written once for the check's findings and the report's.
        let shortcuts = inventory.map(\.displayShortcut)
        let check = SceneCheck(scene: scene, inventory: inventory, shortcuts: shortcuts, model: model, platform: catalyst ? .catalyst : .ipad,
                               surveysPlatform: options.platformFindings ?? catalyst).run()
        var report = ImportReport(sceneName: name, files: sources.count, lines: lines, inventory: inventory, shortcuts: shortcuts, model: model,
                                  scene: scene, check: check)
        report.evaluationSteps = extractor.evaluator.meter.totalSteps
        report.objectiveCFiles = objectiveC.count
        report.objectiveCLines = objectiveC.reduce(0) { $0 + $1.lines }
        return ImportResult(inventory: inventory, scene: scene.json, report: report,
                            timings: .init(parse: index.parseTime, total: ContinuousClock.now - started))
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
    /// Where the time went: parsing alone, and the whole import (parsing included). Kept out of
    /// the report, which is byte-identical for the same source.
    public var timings: Timings

    /// Wall-clock durations of one import.
    public struct Timings: Sendable {
        /// swift-syntax parsing every file.
        public var parse: Duration
        /// The whole import, from the first file's parse to the report.
        public var total: Duration
    }

    /// The inventory as JSON Lines.
    public var inventoryText: String {
        inventory.map { $0.jsonLine + "\n" }.joined()
    }
}
