import Foundation
import SceneImportResources

/// The files an import reads: Swift sources, and the English strings tables that localised
/// titles come from.
///
/// Folders are walked in sorted order so that the same tree always gives the same list. Build
/// output and dependency folders (`.build`, `build`, `DerivedData`, `Pods`, `Carthage`,
/// `SourcePackages`, `.git`) are skipped, and so are test folders (a name ending in `Tests` or
/// `UITests`, or `Tests`/`Test` itself) unless ``Options/includeTests`` is set.
public struct SourceFiles: Sendable, Equatable {
    /// Swift files, as given or found, each with the path reported in the inventory.
    public var swiftFiles: [File]
    /// `Localizable.strings` and other English `.strings` tables (`en.lproj`, `Base.lproj`).
    public var stringsFiles: [File]
    /// Xcode build settings (`project.pbxproj`, `.xcconfig`) under the paths or beside them,
    /// where the deployment target is read from.
    public var settingsFiles: [File] = []
    /// Interface Builder storyboards and `Info.plist` files, for containment.
    public var interfaceFiles: [File] = []
    /// What the Xcode projects say of the app's `Info.plist` beyond its file.
    package var projectInfoPlist = ProjectInfoPlist()
    /// Property lists and JSON files other than those above, for commands built from data the
    /// code loads by name (asset catalogs' `Contents.json` excluded).
    public var resourceFiles: [File] = []
    /// Objective-C headers and implementation files (`.h`, `.m`, `.mm`).
    public var objectiveCFiles: [File] = []
    /// Swift and Objective-C files found in the folders that the Xcode project references but
    /// compiles into no target (``XcodeProject``): they are in no build of the app, so they are
    /// left out of the import, and the report lists them.
    public var notInAnyTarget: [File] = []
    /// Storyboards that the Xcode projects found reference but copy into no target's bundle:
    /// left out of the import, and listed in the report.
    public var storyboardsNotInAnyBundle: [File] = []
    /// Swift and Objective-C files under an Xcode project's folder that no project found
    /// references (see ``XcodeProject``): left out of the import, and listed in the report.
    public var notInProject: [File] = []
    /// Swift and Objective-C files an Xcode project compiles only for other platforms (a
    /// platform filter: `macos` only, say), with the platforms: left out of the import, and
    /// listed in the report.
    public var onlyForOtherPlatforms: [OtherPlatformsFile] = []

    /// A file an Xcode project compiles only for other platforms, and those platforms (Xcode's
    /// names: `macos`, `xros`…).
    public struct OtherPlatformsFile: Sendable, Equatable {
        public var file: File
        public var platforms: [String]
    }

    /// One file: where it is on disk and how the inventory names it.
    public struct File: Sendable, Equatable, Hashable {
        /// The path to open.
        public var path: String
        /// The path as the inventory reports it: the folder as given joined with the path below it.
        public var displayPath: String

        public init(path: String, displayPath: String) {
            self.path = path
            self.displayPath = displayPath
        }
    }

    /// What to walk.
    public struct Options: Sendable, Equatable {
        /// Read test folders too.
        public var includeTests = false
        public init(includeTests: Bool = false) { self.includeTests = includeTests }
    }

    static let skippedFolders: Set<String> = [
        ".build", "build", "Build", "DerivedData", "Pods", "Carthage", "SourcePackages", ".git",
        ".swiftpm", "node_modules",
    ]

    /// Finds the files under each path (a folder or a file) that a build for `platform` compiles.
    public init(paths: [String], options: Options = Options(), platform: CompilationConditions.Platform = .iOS) throws(SceneImportError) {
        swiftFiles = []
        stringsFiles = []
        var named: Set<String> = []  // files given by name are read whatever the project says
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw SceneImportError.pathNotFound(path)
            }
            if !isDirectory.boolValue {
                guard Self.isSource(path) || Self.isInterface(path) else { throw SceneImportError.notSwift(path) }
                // A FIFO or device would block the read, or never end.
                guard Self.isRegularFile(path, manager: manager) else {
                    throw SceneImportError.unreadable(path, reason: "not a regular file")
                }
                add(File(path: path, displayPath: path))
                named.insert(path)
                continue
            }
            let root = path.hasSuffix("/") ? String(path.dropLast()) : path
            walk(root, relative: root == "." ? "" : root, options: options, manager: manager)
            // The project usually sits one folder above the sources.
            let parent = URL(fileURLWithPath: root).standardizedFileURL.deletingLastPathComponent().path
            for name in ((try? manager.contentsOfDirectory(atPath: parent)) ?? []).sorted() where name.hasSuffix(".xcodeproj") {
                let settings = parent + "/" + name + "/project.pbxproj"
                if manager.fileExists(atPath: settings), !settingsFiles.contains(where: { $0.path == settings }) {
                    settingsFiles.append(File(path: settings, displayPath: settings))
                }
            }
        }
        leaveOutFilesNoTargetCompiles(except: named, platform: platform)
    }

    /// Moves the sources that the Xcode projects found reference but compile into no target to
    /// ``notInAnyTarget``, and those beside a project that no project references to
    /// ``notInProject``.
    ///
    /// A file is beside a project when it is under the folder that holds the `.xcodeproj`. It
    /// stays when a project takes folders as they are on disk, when a Swift package (a folder
    /// with `Package.swift` between it and the project, or a local package the project references,
    /// whose `Sources/` it builds) builds it, or when it was named on the command line. Headers stay: a compiled file includes them by path. A file the projects'
    /// platform filters compile only for other platforms than `platform` goes to
    /// ``onlyForOtherPlatforms``. The building projects also say which `Info.plist` the app
    /// reads (``useInfoPlists(of:except:)``), and a storyboard they reference but copy into no
    /// bundle goes to ``storyboardsNotInAnyBundle``.
    private mutating func leaveOutFilesNoTargetCompiles(except named: Set<String>, platform: CompilationConditions.Platform) {
        var referenced: Set<String> = []
        var compiled: Set<String> = []
        var projects: [(folder: String, referenced: Set<String>, infoPlists: [XcodeProject.ApplicationInfoPlist])] = []
        var referencedStoryboards: Set<String> = []
        var bundledStoryboards: Set<String> = []
        var packageFolders: Set<String> = []  // local packages the projects build, wherever they sit
        var synchronized = false
        var filtered: [XcodeProject] = []
        for file in settingsFiles where file.path.hasSuffix("project.pbxproj") {
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            let project = XcodeProject(text: String(decoding: data, as: UTF8.self))
            referenced.formUnion(project.referencedSources)
            compiled.formUnion(project.compiledSources)
            synchronized = synchronized || project.usesSynchronizedFolders
            if !project.platformRestrictions.isEmpty { filtered.append(project) }
            let bundle = URL(fileURLWithPath: file.path).standardizedFileURL.deletingLastPathComponent()
            let projectFolder = bundle.deletingLastPathComponent()
            projects.append((projectFolder.path, project.referencedSources, project.applicationInfoPlists))
            referencedStoryboards.formUnion(project.referencedStoryboards)
            bundledStoryboards.formUnion(project.bundledStoryboards)
            for path in project.localPackagePaths {
                packageFolders.insert(projectFolder.appendingPathComponent(path).standardizedFileURL.path)
            }
        }
        func isBelow(_ path: String, _ folder: String) -> Bool { path.hasPrefix(folder == "/" ? "/" : folder + "/") }
        let sources = (swiftFiles + objectiveCFiles).map {
            (absolute: URL(fileURLWithPath: $0.path).standardizedFileURL.path, name: String($0.path.lastPathComponent))
        }
        // A project that lists none of the sources under its folder is not the one that builds
        // them (a vendored library's demo project, a project the reader cannot parse).
        let listed = projects.map { project in
            sources.filter { isBelow($0.absolute, project.folder) && project.referenced.contains($0.name) }.count
        }
        let projectFolders = zip(projects, listed).filter { $0.1 > 0 }.map { $0.0.folder }
        // The app's `Info.plist` is its own project's: of the projects with an app target, the
        // one listing the most sources (a template project left inside the app's folder lists
        // a few of the same names).
        let appProjects = zip(projects, listed).filter { $0.1 > 0 && !$0.0.infoPlists.isEmpty }
        let most = appProjects.map { $0.1 }.max() ?? 0
        useInfoPlists(of: appProjects.filter { $0.1 == most }.map { ($0.0.folder, $0.0.infoPlists) }, except: named)
        if !synchronized {
            let unbundled = referencedStoryboards.subtracting(bundledStoryboards)
            storyboardsNotInAnyBundle = interfaceFiles.filter { file in
                !named.contains(file.path) && unbundled.contains(String(file.path.lastPathComponent))
            }
            interfaceFiles.removeAll { storyboardsNotInAnyBundle.contains($0) }
        }
        let uncompiled = referenced.subtracting(compiled)
        var packageAnswers: [String: Bool] = [:]
        func inPackage(_ folder: String, below projectFolder: String) -> Bool {
            guard folder.count > projectFolder.count else { return false }
            if let known = packageAnswers[folder] { return known }
            let found = FileManager.default.fileExists(atPath: folder + "/Package.swift")
                || inPackage((folder as NSString).deletingLastPathComponent, below: projectFolder)
            packageAnswers[folder] = found
            return found
        }
        func otherPlatforms(_ file: File) -> [String]? {
            let absolute = URL(fileURLWithPath: file.path).standardizedFileURL.path
            let platforms = filtered.compactMap { $0.platforms(compiling: absolute) }
            guard !platforms.isEmpty, !platforms.contains(where: { $0.contains(platform.xcodeName) }) else { return nil }
            return platforms.reduce(into: Set<String>()) { $0.formUnion($1) }.sorted()
        }
        func placement(_ file: File) -> (compiled: Bool, referenced: Bool) {
            guard !named.contains(file.path) else { return (true, true) }
            let name = String(file.path.lastPathComponent)
            if uncompiled.contains(name) { return (false, true) }
            guard !synchronized, !referenced.isEmpty, !referenced.contains(name), XcodeProject.isSource(name) else {
                return (true, true)
            }
            let absolute = URL(fileURLWithPath: file.path).standardizedFileURL
            let folder = absolute.deletingLastPathComponent().path
            // A local package the project builds compiles its `Sources/` (the package may be the
            // project's own folder, `relativePath = .`, where no `Package.swift` lies between).
            if packageFolders.contains(where: { isBelow(absolute.path, $0 + "/Sources") }) { return (true, true) }
            let beside = projectFolders.filter { isBelow(absolute.path, $0) }
            guard !beside.isEmpty, !beside.contains(where: { inPackage(folder, below: $0) }) else { return (true, true) }
            return (false, false)
        }
        var kept: [File] = []
        for file in swiftFiles + objectiveCFiles {
            let place = placement(file)
            if place.compiled, !named.contains(file.path), let platforms = otherPlatforms(file) {
                onlyForOtherPlatforms.append(OtherPlatformsFile(file: file, platforms: platforms))
            } else if place.compiled {
                kept.append(file)
            } else if place.referenced {
                notInAnyTarget.append(file)
            } else {
                notInProject.append(file)
            }
        }
        let keptSet = Set(kept)
        swiftFiles.removeAll { !keptSet.contains($0) }
        objectiveCFiles.removeAll { !keptSet.contains($0) }
    }

    /// Reads the `Info.plist` files the building projects' iOS application targets name
    /// (`INFOPLIST_FILE`), wherever they lie under the project's folder (`App/Environments/
    /// Production.plist`), in place of the other `Info.plist` files the walk found: those belong
    /// to other targets (an extension, a tvOS app) or to none. A file named on the command line
    /// stays. The storyboards the targets' generated keys name go to ``projectInfoPlist``.
    private mutating func useInfoPlists(of projects: [(folder: String, infoPlists: [XcodeProject.ApplicationInfoPlist])], except named: Set<String>) {
        var files: [String] = []
        for project in projects {
            for plist in project.infoPlists {
                projectInfoPlist.describesApplication = true
                if let storyboard = plist.mainStoryboard, !projectInfoPlist.generatedStoryboards.contains(storyboard) {
                    projectInfoPlist.generatedStoryboards.append(storyboard)
                }
                guard let written = plist.file, let path = Self.projectPath(written, in: project.folder),
                      Self.isRegularFile(path, manager: .default), !files.contains(path) else { continue }
                files.append(path)
            }
        }
        guard !files.isEmpty else { return }
        func absolute(_ file: File) -> String { URL(fileURLWithPath: file.path).standardizedFileURL.path }
        interfaceFiles.removeAll { file in
            !file.path.hasSuffix(".storyboard") && !named.contains(file.path) && !files.contains(absolute(file))
        }
        for path in files where !interfaceFiles.contains(where: { absolute($0) == path }) {
            interfaceFiles.append(File(path: path, displayPath: path))
        }
    }

    /// The absolute path of a path a project's build setting writes: under `$(SRCROOT)` (or
    /// `$(PROJECT_DIR)`, `$(SOURCE_ROOT)`), or relative to the project's folder; `nil` when it
    /// names another build variable.
    static func projectPath(_ written: String, in folder: String) -> String? {
        var path = written
        for variable in ["SRCROOT", "PROJECT_DIR", "SOURCE_ROOT"] {
            path = path.replacingOccurrences(of: "$(\(variable))", with: folder).replacingOccurrences(of: "${\(variable)}", with: folder)
        }
        guard !path.contains("$") else { return nil }
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: folder).appendingPathComponent(path)
        return url.standardizedFileURL.path
    }

    private mutating func walk(_ folder: String, relative: String, options: Options, manager: FileManager) {
        guard let names = try? manager.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() {
            let path = folder + "/" + name
            let display = relative.isEmpty ? name : relative + "/" + name
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                if Self.skippedFolders.contains(name) || name.hasPrefix(".") { continue }
                if name.hasSuffix(".xcodeproj") {
                    let settings = path + "/project.pbxproj"
                    if manager.fileExists(atPath: settings) { settingsFiles.append(File(path: settings, displayPath: display + "/project.pbxproj")) }
                    continue
                }
                if !options.includeTests && Self.isTestFolder(name) { continue }
                walk(path, relative: display, options: options, manager: manager)
            } else if Self.isRegularFile(path, manager: manager) {
                add(File(path: path, displayPath: display))
            }
        }
    }

    /// Whether `path` (after symbolic links) is a regular file: only those are read.
    static func isRegularFile(_ path: String, manager: FileManager) -> Bool {
        let resolved = (try? manager.destinationOfSymbolicLink(atPath: path)).map { link in
            link.hasPrefix("/") ? link : URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(link).path
        } ?? path
        return (try? manager.attributesOfItem(atPath: resolved)[.type] as? FileAttributeType) == .typeRegular
    }

    /// Whether a file named on the command line is a source the importer reads: Swift or
    /// Objective-C.
    static func isSource(_ path: String) -> Bool {
        path.hasSuffix(".swift") || isObjectiveC(path)
    }

    /// A storyboard or a target's `Info.plist`, which say how the app's windows start: read
    /// when named on the command line too (`Limelight iPad.storyboard`).
    static func isInterface(_ path: String) -> Bool {
        path.hasSuffix(".storyboard") || path.hasSuffix("Info.plist")
    }

    static func isObjectiveC(_ path: String) -> Bool {
        path.hasSuffix(".h") || path.hasSuffix(".m") || path.hasSuffix(".mm")
    }

    static func isTestFolder(_ name: String) -> Bool {
        name == "Tests" || name == "Test" || name.hasSuffix("Tests") || name.hasSuffix("UITests")
    }

    private mutating func add(_ file: File) {
        if file.path.hasSuffix(".swift") {
            // A package manifest (`Package.swift`, `Package@swift-5.9.swift`) describes a build;
            // no app runs it.
            let name = file.path.lastPathComponent
            if name == "Package.swift" || name.hasPrefix("Package@swift-") { return }
            swiftFiles.append(file)
        } else if Self.isInterface(file.path) {
            // A target's `Info.plist` may carry the target's name (`Limelight-Info.plist`, the
            // project's `INFOPLIST_FILE`); ``InterfaceFiles`` reads it only when it describes a
            // bundle (`GoogleService-Info.plist` does not).
            interfaceFiles.append(file)
        } else if file.path.hasSuffix("project.pbxproj") || file.path.hasSuffix(".xcconfig") {
            settingsFiles.append(file)
        } else if file.path.hasSuffix(".strings"),
                  file.path.containsBytes(of: "en.lproj/") || file.path.containsBytes(of: "Base.lproj/") {
            stringsFiles.append(file)
        } else if file.path.hasSuffix(StringsTable.catalogExtension), file.path.lastPathComponent != "InfoPlist.xcstrings" {
            // A String Catalog holds every language; the table reads its English text.
            stringsFiles.append(file)
        } else if Self.isObjectiveC(file.path) {
            objectiveCFiles.append(file)
        } else if file.path.hasSuffix(".plist") || file.path.hasSuffix(".json"), !file.path.containsBytes(of: ".xcassets/") {
            resourceFiles.append(file)
        }
    }
}

extension SourceFiles {
    /// The iOS deployment target the settings files give most often (`IPHONEOS_DEPLOYMENT_TARGET`),
    /// or `nil` when none does.
    public func deploymentTarget() -> [Int]? {
        mostCommonSetting("IPHONEOS_DEPLOYMENT_TARGET").map(Self.versionNumbers)
    }

    /// The Swift language version the app is written in: the `SWIFT_VERSION` the settings files
    /// give most often; without one, Swift 2 when the project was last checked by an Xcode
    /// before 8 (`LastSwiftUpdateCheck`, else `LastUpgradeCheck`, below `0800`: Xcode 8 brought
    /// Swift 3 and the setting); `nil` when nothing says.
    public func swiftVersion() -> [Int]? {
        if let version = mostCommonSetting("SWIFT_VERSION") { return Self.versionNumbers(version) }
        guard let checked = mostCommonSetting("LastSwiftUpdateCheck") ?? mostCommonSetting("LastUpgradeCheck"),
              let xcode = Int(checked) else { return nil }
        return xcode < 800 ? [2] : nil
    }

    private static func versionNumbers(_ text: String) -> [Int] {
        text.split(separator: ".").compactMap { Int($0) }
    }

    /// The value the settings files (project files, `.xcconfig`) give `key` most often, or
    /// `nil` when none does.
    private func mostCommonSetting(_ key: String) -> String? {
        var counts: [String: Int] = [:]
        for file in settingsFiles {
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            // Most lines of a project file are not the setting: find the key's occurrences and
            // read only their lines.
            var rest = text[...]
            while let found = rest.firstByteRange(of: key) {
                let lineStart = text[..<found.lowerBound].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
                let lineEnd = text[found.upperBound...].firstIndex(of: "\n") ?? text.endIndex
                rest = text[lineEnd...]
                let trimmed = text[lineStart..<lineEnd].trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix(key), !trimmed.contains("["), let equals = trimmed.firstIndex(of: "="),
                      trimmed[trimmed.index(trimmed.startIndex, offsetBy: key.count)..<equals].allSatisfy(\.isWhitespace)
                else { continue }
                let value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: CharacterSet(charactersIn: " ;\"\t"))
                if !value.isEmpty, value.first?.isNumber == true { counts[value, default: 0] += 1 }
            }
        }
        return counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key
    }
}

/// The resource readers (SceneImportResources) open files by their path and display path.
extension SourceFiles.File: ResourceFile {}
