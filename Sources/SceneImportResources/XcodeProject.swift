import Foundation

/// What an Xcode project (`project.pbxproj`) says of the app's source files: which files it
/// references, and which of them a target's Sources build phase compiles.
///
/// Old apps keep files that no target builds: a file dropped from the target but left in the
/// folder, a stale copy, code of a removed feature. The project lists such a file and compiles
/// it nowhere; its commands exist in no build of the app. A file beside the project that the
/// project does not mention at all is in no build either, unless the project takes whole
/// folders as they are on disk (``usesSynchronizedFolders``, Xcode 16) or a Swift package
/// builds it. Files are matched by name, the way the project names them.
///
/// A multiplatform target can compile a file for some platforms only: a build file's
/// `platformFilter`/`platformFilters`, or, in a synchronized folder, its exception set's
/// `platformFiltersByRelativePath` (``platformRestrictions``). Xcode names the platforms `ios`,
/// `maccatalyst`, `macos`, `xros`, `tvos` and `watchos`. So can a whole target: one whose
/// build settings (`SUPPORTED_PLATFORMS`, else `SDKROOT`, the target's over the project's)
/// name no iOS SDK builds its files for those platforms only (a repository's macOS app beside
/// its iOS app); an iOS target counts as `ios` and `maccatalyst`.
package struct XcodeProject {
    /// Names (the last path component) of the Swift and Objective-C files the project references.
    package private(set) var referencedSources: Set<String> = []
    /// Names of the files that some target's Sources build phase compiles.
    package private(set) var compiledSources: Set<String> = []
    /// Whether the project has folders that Xcode keeps in step with the disk
    /// (`PBXFileSystemSynchronizedRootGroup`): their files are compiled without being listed.
    package private(set) var usesSynchronizedFolders = false
    /// The folders of the local Swift packages the project builds (`XCLocalSwiftPackageReference`),
    /// relative to the folder that holds the `.xcodeproj` (`.` for a package at the root).
    package private(set) var localPackagePaths: [String] = []
    /// The files a platform filter limits to some platforms, each with those platforms.
    package private(set) var platformRestrictions: [PlatformRestriction] = []
    /// Names of the storyboards the project references (`Main.storyboard`).
    package private(set) var referencedStoryboards: Set<String> = []
    /// Names of the storyboards some target's Resources build phase copies into its bundle: a
    /// storyboard referenced but copied nowhere is in no build of the app.
    package private(set) var bundledStoryboards: Set<String> = []
    /// The `Info.plist` of each iOS application target, per build configuration (duplicates
    /// removed): an app's windows start from what it names.
    package private(set) var applicationInfoPlists: [ApplicationInfoPlist] = []
    /// ``platformRestrictions`` about one file, by the file's name, and those about folders: a
    /// look-up per source file stays short in a project of thousands of files.
    private var restrictionsByName: [Substring: [Int]] = [:]
    private var folderRestrictions: [Int] = []

    /// A file compiled only for some platforms.
    package struct PlatformRestriction: Equatable {
        /// A synchronized folder's file: its path below the project's folder
        /// (`App/Views/MacView.swift`); a build file's: its name.
        var file: String
        /// Whether ``file`` is a name rather than a path.
        var isName: Bool
        /// Whether ``file`` is a folder (a synchronized folder a target compiles whole): the
        /// restriction is about every file below it.
        var isFolder = false
        /// Xcode's names of the platforms it is compiled for.
        var platforms: Set<String>

        /// Whether this restriction is about the file at `path` (an absolute path).
        func names(_ path: String) -> Bool {
            if isFolder { return path.contains("/" + file + "/") }
            return isName ? path.lastPathComponent == file : path.hasSuffix("/" + file)
        }
    }

    /// The `Info.plist` an iOS application target builds with: the file its `INFOPLIST_FILE`
    /// names, and the keys Xcode writes into it when `GENERATE_INFOPLIST_FILE = YES`
    /// (`INFOPLIST_KEY_UIMainStoryboardFile = Main`). Xcode merges the two when a target has both.
    package struct ApplicationInfoPlist: Equatable, Sendable {
        /// `INFOPLIST_FILE` as written, with `$(TARGET_NAME)` and `$(PRODUCT_NAME)` replaced
        /// by the target's name: relative to the project's folder, or under `$(SRCROOT)`.
        package var file: String?
        /// Whether Xcode generates the `Info.plist`'s keys from build settings.
        package var generated: Bool
        /// `INFOPLIST_KEY_UIMainStoryboardFile`: the storyboard a generated `Info.plist` names.
        package var mainStoryboard: String?
    }

    /// The build settings of one configuration that this reader uses.
    private struct BuildSettings {
        var sdk: Substring?
        var supported: Substring?
        var infoPlistFile: Substring?
        var generatesInfoPlist: Substring?
        var mainStoryboard: Substring?
    }

    /// The project's file references and build phases, read from the text of a `project.pbxproj`
    /// (an old-style property list). Text it cannot read yields an empty project.
    package init(text: String) {
        var files: [Substring: Substring] = [:]  // file reference id → name
        var buildFiles: [Substring: Substring] = [:]  // build file id → file reference id
        var compiledBuildFiles: [Substring] = []
        var storyboards: [Substring: Substring] = [:]  // file reference or variant group id → storyboard name
        var resourceBuildFiles: [Substring] = []
        var buildFilePlatforms: [Substring: [Substring]] = [:]  // build file id → its platform filters
        var exceptionFilters: [Substring: [(path: Substring, platforms: [Substring])]] = [:]  // exception set id → filters
        var synchronizedGroups: [(path: Substring, exceptions: [Substring])] = []
        var groupPaths: [Substring: Substring] = [:]  // synchronized group id → path
        var phaseFiles: [Substring: [Substring]] = [:]  // sources build phase id → build file ids
        var targets: [(phases: [Substring], configurations: Substring?, groups: [Substring], name: Substring?, type: Substring?)] = []
        var configurationLists: [Substring: [Substring]] = [:]  // list id → configuration ids
        var settings: [Substring: BuildSettings] = [:]  // configuration id → its settings
        var projectConfigurations: Substring?
        var scanner = ObjectScanner(text: text)
        while let object = scanner.next() {
            switch object.field("isa") {
            case "PBXFileReference":
                guard let path = object.field("path") ?? object.field("name") else { continue }
                let name = path.lastPathComponent
                if name.hasByteSuffix(".storyboard") { storyboards[object.id] = name }
                if Self.isSource(name) {
                    files[object.id] = name
                    referencedSources.insert(String(name))
                }
            case "PBXBuildFile":
                if let reference = object.field("fileRef") { buildFiles[object.id] = reference }
                let platforms = object.field("platformFilter").map { [$0] } ?? object.list("platformFilters")
                if !platforms.isEmpty { buildFilePlatforms[object.id] = platforms }
            case "PBXVariantGroup":  // a localised storyboard: `Main.storyboard` holding `Base.lproj/Main.storyboard`
                if let name = object.field("name"), name.hasByteSuffix(".storyboard") { storyboards[object.id] = name }
            case "PBXResourcesBuildPhase":
                resourceBuildFiles += object.list("files")
            case "PBXSourcesBuildPhase":
                let files = object.list("files")
                compiledBuildFiles += files
                phaseFiles[object.id] = files
            case "PBXFileSystemSynchronizedRootGroup":
                usesSynchronizedFolders = true
                if let path = object.field("path") {
                    synchronizedGroups.append((path, object.list("exceptions")))
                    groupPaths[object.id] = path
                }
            case "PBXNativeTarget":
                targets.append((object.list("buildPhases"), object.field("buildConfigurationList"),
                                object.list("fileSystemSynchronizedGroups"), object.field("name"), object.field("productType")))
            case "XCConfigurationList":
                configurationLists[object.id] = object.list("buildConfigurations")
            case "XCBuildConfiguration":
                settings[object.id] = BuildSettings(sdk: object.field("SDKROOT"), supported: object.field("SUPPORTED_PLATFORMS"),
                                                    infoPlistFile: object.field("INFOPLIST_FILE"),
                                                    generatesInfoPlist: object.field("GENERATE_INFOPLIST_FILE"),
                                                    mainStoryboard: object.field("INFOPLIST_KEY_UIMainStoryboardFile"))
            case "PBXProject":
                projectConfigurations = object.field("buildConfigurationList")
            case "XCLocalSwiftPackageReference":
                if let path = object.field("relativePath") { localPackagePaths.append(String(path)) }
            case "PBXFileSystemSynchronizedBuildFileExceptionSet":
                let filters = object.listsByKey("platformFiltersByRelativePath")
                if !filters.isEmpty { exceptionFilters[object.id] = filters.map { (path: $0.key, platforms: $0.items) } }
            default:
                continue
            }
        }
        referencedStoryboards = Set(storyboards.values.map(String.init))
        bundledStoryboards = Set(resourceBuildFiles.compactMap { buildFiles[$0].flatMap { storyboards[$0] } }.map(String.init))
        // Each target's platforms, when its settings name them (`nil`: it does not say).
        let projectSettings = (projectConfigurations.flatMap { configurationLists[$0] } ?? []).compactMap { settings[$0] }
        var targetPlatforms: [Substring: Set<String>] = [:]  // build file id → the platforms of the targets compiling it
        var unknownTargetFiles: Set<Substring> = []
        var groupPlatforms: [Substring: Set<String>] = [:]  // synchronized group id → the platforms of the targets compiling it
        var unknownGroups: Set<Substring> = []
        for target in targets {
            let own = (target.configurations.flatMap { configurationLists[$0] } ?? []).compactMap { settings[$0] }
            let platforms = Self.platforms(of: own, over: projectSettings)
            if target.type.map(String.init) == Self.applicationProductType, platforms?.contains("ios") ?? true {
                for plist in Self.infoPlists(of: own, over: projectSettings, targetName: target.name) where !applicationInfoPlists.contains(plist) {
                    applicationInfoPlists.append(plist)
                }
            }
            for phase in target.phases {
                for buildFile in phaseFiles[phase] ?? [] {
                    if let platforms { targetPlatforms[buildFile, default: []].formUnion(platforms) } else { unknownTargetFiles.insert(buildFile) }
                }
            }
            for group in target.groups {
                if let platforms { groupPlatforms[group, default: []].formUnion(platforms) } else { unknownGroups.insert(group) }
            }
        }
        // A synchronized folder is restricted when every target compiling it says its platforms.
        for (group, platforms) in groupPlatforms.sorted(by: { $0.key < $1.key }) where !unknownGroups.contains(group) {
            guard let path = groupPaths[group] else { continue }
            platformRestrictions.append(PlatformRestriction(file: String(path), isName: false, isFolder: true, platforms: platforms))
        }
        // A name is restricted when every build file that compiles it is, to the platforms of any:
        // its own platform filter, else the platforms of the targets compiling it.
        var restrictedNames: [Substring: Set<String>] = [:]
        var unrestrictedNames: Set<Substring> = []
        for buildFile in compiledBuildFiles {
            guard let reference = buildFiles[buildFile], let name = files[reference] else { continue }
            compiledSources.insert(String(name))
            if let platforms = buildFilePlatforms[buildFile] {
                restrictedNames[name, default: []].formUnion(platforms.map(String.init))
            } else if let platforms = targetPlatforms[buildFile], !unknownTargetFiles.contains(buildFile) {
                restrictedNames[name, default: []].formUnion(platforms)
            } else {
                unrestrictedNames.insert(name)
            }
        }
        for (name, platforms) in restrictedNames.sorted(by: { $0.key < $1.key }) where !unrestrictedNames.contains(name) {
            platformRestrictions.append(PlatformRestriction(file: String(name), isName: true, platforms: platforms))
        }
        for group in synchronizedGroups {
            for exception in group.exceptions {
                for filter in exceptionFilters[exception] ?? [] {
                    platformRestrictions.append(PlatformRestriction(file: "\(group.path)/\(filter.path)", isName: false,
                                                                    platforms: Set(filter.platforms.map(String.init))))
                }
            }
        }
        indexRestrictions()
    }

    /// The product type of an app (not an extension, an App Clip or a framework).
    private static let applicationProductType = "com.apple.product-type.application"

    /// The `Info.plist` of each of a target's configurations, its settings over the project's.
    private static func infoPlists(of target: [BuildSettings], over project: [BuildSettings], targetName: Substring?) -> [ApplicationInfoPlist] {
        let fallback = project.first { $0.infoPlistFile != nil || $0.generatesInfoPlist != nil }
        return target.compactMap { own in
            var file = (own.infoPlistFile ?? fallback?.infoPlistFile).map(String.init)
            if let name = targetName {
                for variable in ["$(TARGET_NAME)", "${TARGET_NAME}", "$(PRODUCT_NAME)", "${PRODUCT_NAME}"] {
                    file = file?.replacingOccurrences(of: variable, with: name)
                }
            }
            let generated = (own.generatesInfoPlist ?? fallback?.generatesInfoPlist) == "YES"
            guard file != nil || generated else { return nil }
            let storyboard = (own.mainStoryboard ?? fallback?.mainStoryboard).map(String.init)
            return ApplicationInfoPlist(file: file, generated: generated, mainStoryboard: generated ? storyboard : nil)
        }
    }

    /// The platforms a target builds for, in Xcode's names, from its configurations' settings
    /// over the project's; `nil` when neither names an SDK (or `SDKROOT = auto` with no
    /// supported platforms).
    private static func platforms(of target: [BuildSettings], over project: [BuildSettings]) -> Set<String>? {
        let supported = target.compactMap(\.supported) + (target.contains { $0.supported != nil } ? [] : project.compactMap(\.supported))
        let names = supported.isEmpty
            ? target.compactMap(\.sdk) + (target.contains { $0.sdk != nil } ? [] : project.compactMap(\.sdk))
            : supported.flatMap { $0.split(separator: " ") }
        var platforms: Set<String> = []
        for name in names {
            switch name {
            case "iphoneos", "iphonesimulator": platforms.formUnion(["ios", "maccatalyst"])
            case "macosx": platforms.insert("macos")
            case "appletvos", "appletvsimulator": platforms.insert("tvos")
            case "watchos", "watchsimulator": platforms.insert("watchos")
            case "xros", "xrsimulator": platforms.insert("xros")
            default: return nil  // `auto`, or an SDK this reader does not know: no restriction
            }
        }
        return platforms.isEmpty ? nil : platforms
    }

    /// The platforms the file at `path` (absolute) is compiled for, when a filter limits them.
    package func platforms(compiling path: String) -> Set<String>? {
        // A file's own filter says more than the platforms of the targets compiling its folder.
        let candidates = folderRestrictions + (restrictionsByName[path.lastPathComponent] ?? [])
        let named = candidates.sorted().map { platformRestrictions[$0] }.filter { $0.names(path) }
        let restrictions = named.contains { !$0.isFolder } ? named.filter { !$0.isFolder } : named
        guard !restrictions.isEmpty else { return nil }
        return restrictions.reduce(into: Set<String>()) { $0.formUnion($1.platforms) }
    }

    /// Fills ``restrictionsByName`` and ``folderRestrictions`` from ``platformRestrictions``.
    private mutating func indexRestrictions() {
        for (offset, restriction) in platformRestrictions.enumerated() {
            if restriction.isFolder {
                folderRestrictions.append(offset)
            } else {
                restrictionsByName[restriction.file.lastPathComponent, default: []].append(offset)
            }
        }
    }

    /// Whether a file of this name is compiled by a Sources build phase: Swift, Objective-C and
    /// Objective-C++ (a header is only included).
    package static func isSource<Name: StringProtocol>(_ name: Name) -> Bool where Name.UTF8View: BidirectionalCollection {
        name.hasByteSuffix(".swift") || name.hasByteSuffix(".m") || name.hasByteSuffix(".mm")
    }
}

/// The objects of a `project.pbxproj`: each `ID /* comment */ = { … };` entry and the
/// `key = value` pairs written in it.
///
/// One pass over an object's bytes finds its closing brace (skipping quoted strings and
/// comments) and notes where each key and its value lie, at any depth: a configuration's
/// `SDKROOT` sits in its `buildSettings`. Values are read where they lie when asked for, as
/// slices of the project's text, without copying it.
private struct ObjectScanner {
    private let text: ProjectText
    private var position = 0

    /// The project's text with its UTF-8 bytes, which the scanner indexes by offset.
    package struct ProjectText {
        let string: String
        let bytes: [UInt8]

        /// The text between two byte offsets that lie next to ASCII bytes (a valid range of
        /// `string`: an ASCII byte never belongs to a longer character's encoding).
        func slice(_ range: Range<Int>) -> Substring {
            let utf8 = string.utf8
            let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
            return string[lower..<utf8.index(lower, offsetBy: range.count)]
        }

        /// Whether the bytes in `range` spell `word`.
        func spells(_ word: StaticString, at range: Range<Int>) -> Bool {
            guard range.count == word.utf8CodeUnitCount else { return false }
            return word.withUTF8Buffer { $0.elementsEqual(bytes[range]) }
        }

        /// The offset of the first `byte` in `range`.
        func first(_ byte: UInt8, in range: Range<Int>) -> Int? {
            bytes[range].firstIndex(of: byte)
        }
    }

    /// A key written in an object: where its name lies and where its value starts.
    package struct Entry {
        let key: Range<Int>
        let value: Int
    }

    package struct Object {
        let id: Substring
        fileprivate let text: ProjectText
        /// The object's keys in the order written.
        fileprivate let entries: [Entry]
        /// The offset of the object's closing brace: no value read runs past it.
        fileprivate let end: Int

        /// The offset where the value of the first `key = …` starts, when `isValue` accepts it.
        private func valueStart(of key: StaticString, where isValue: (UInt8) -> Bool = { _ in true }) -> Int? {
            for entry in entries where text.spells(key, at: entry.key) && entry.value < end && isValue(text.bytes[entry.value]) {
                return entry.value
            }
            return nil
        }

        /// The value of the first `key = value;`, unquoted: a quoted value up to its closing
        /// quote, else the first word before the `;`.
        func field(_ key: StaticString) -> Substring? {
            guard let start = valueStart(of: key) else { return nil }
            if text.bytes[start] == UInt8(ascii: "\"") {
                guard let close = text.first(UInt8(ascii: "\""), in: (start + 1)..<end) else { return nil }
                return text.slice((start + 1)..<close)
            }
            guard let semicolon = text.first(UInt8(ascii: ";"), in: start..<end) else { return nil }
            var wordEnd = start
            while wordEnd < semicolon, text.bytes[wordEnd] != 0x20 { wordEnd += 1 }
            return wordEnd > start ? text.slice(start..<wordEnd) : nil
        }

        /// The identifiers of the list `key = ( ID /* … */, … );`. Comments are skipped as a
        /// whole: a comment may hold a parenthesis (Xcode writes `/* (null) in Sources */` for a
        /// build file whose reference it lost), which must not end the list.
        func list(_ key: StaticString) -> [Substring] {
            guard let open = valueStart(of: key, where: { $0 == UInt8(ascii: "(") }) else { return [] }
            let bytes = text.bytes
            var items: [Substring] = []
            var cursor = open + 1
            while cursor < end {
                let byte = bytes[cursor]
                if byte == UInt8(ascii: ")") { return items }
                if byte == UInt8(ascii: "/"), cursor + 1 < end, bytes[cursor + 1] == UInt8(ascii: "*") {
                    guard let close = ObjectScanner.commentEnd(in: bytes, from: cursor, before: end) else { return items }
                    cursor = close
                    continue
                }
                if Self.separates(byte) {
                    cursor += 1
                    continue
                }
                if byte == UInt8(ascii: "\"") {  // a quoted item
                    guard let close = text.first(UInt8(ascii: "\""), in: (cursor + 1)..<end) else { return items }
                    items.append(text.slice((cursor + 1)..<close))
                    cursor = close + 1
                    continue
                }
                let start = cursor
                while cursor < end, !Self.separates(bytes[cursor]), bytes[cursor] != UInt8(ascii: ")") { cursor += 1 }
                items.append(text.slice(start..<cursor))
            }
            return items
        }

        /// The lists of the dictionary `key = { NAME = ( ITEM, … ); … };`, by name (quotes
        /// removed), in the order written. A malformed entry ends the reading.
        func listsByKey(_ key: StaticString) -> [(key: Substring, items: [Substring])] {
            guard let open = valueStart(of: key, where: { $0 == UInt8(ascii: "{") }) else { return [] }
            var result: [(key: Substring, items: [Substring])] = []
            var rest = text.slice((open + 1)..<end)
            while true {
                rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
                guard let first = rest.first, first != "}" else { return result }
                let name: Substring
                if first == "\"" {
                    let inner = rest.dropFirst()
                    guard let end = inner.firstIndex(of: "\"") else { return result }
                    name = inner[..<end]
                    rest = inner[inner.index(after: end)...]
                } else {
                    let end = rest.firstIndex { $0 == " " || $0 == "=" } ?? rest.endIndex
                    name = rest[..<end]
                    rest = rest[end...]
                }
                guard let open = rest.firstIndex(of: "("), rest[..<open].allSatisfy({ $0 == " " || $0 == "=" }),
                      let close = rest[open...].firstIndex(of: ")") else { return result }
                let items = rest[rest.index(after: open)..<close].split { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
                result.append((key: name, items: items.map { $0.hasPrefix("\"") && $0.hasSuffix("\"") && $0.count > 1 ? $0.dropFirst().dropLast() : $0 }))
                rest = rest[rest.index(after: close)...].drop { $0 == " " || $0 == ";" }
            }
        }

        /// Whether `byte` separates the items of a list: white space or a comma.
        private static func separates(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ",")
        }
    }

    init(text: String) {
        self.text = ProjectText(string: text, bytes: Array(text.utf8))
    }

    /// The next object that has an `isa`, or `nil` at the end of the text.
    mutating func next() -> Object? {
        let text = self.text
        var position = self.position
        defer { self.position = position }
        // The scan reads the bytes through a buffer pointer: no bounds check at every byte.
        return text.bytes.withUnsafeBufferPointer { bytes -> Object? in
            while position < bytes.count {
                // An object starts with its identifier at the start of a line: Xcode writes 24
                // hexadecimal digits, generators and hand-edited projects any letters and digits
                // (`1001`). The top-level `objects` and `classes` dictionaries hold objects.
                var cursor = position
                while cursor < bytes.count, bytes[cursor] == 0x09 || bytes[cursor] == 0x20 { cursor += 1 }
                let idStart = cursor
                while cursor < bytes.count, Self.isIdentifierCharacter(bytes[cursor]) { cursor += 1 }
                let id = idStart..<cursor
                // The object's `{` is on the identifier's line, after the comment that names it.
                while cursor < bytes.count, bytes[cursor] != 0x0A, bytes[cursor] != UInt8(ascii: "{") {
                    if bytes[cursor] == UInt8(ascii: "/"), cursor + 1 < bytes.count, bytes[cursor + 1] == UInt8(ascii: "*") {
                        cursor = Self.commentEnd(in: bytes, from: cursor, before: bytes.count) ?? bytes.count
                    } else {
                        cursor += 1
                    }
                }
                guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "{"), !id.isEmpty,
                      !text.spells("objects", at: id), !text.spells("classes", at: id) else {
                    while cursor < bytes.count, bytes[cursor] != 0x0A { cursor += 1 }
                    position = cursor + 1
                    continue
                }
                guard let (entries, close) = Self.readObject(in: bytes, from: cursor) else { return nil }
                position = close + 1
                guard entries.contains(where: { text.spells("isa", at: $0.key) }) else { continue }
                return Object(id: text.slice(id), text: text, entries: entries, end: close)
            }
            return nil
        }
    }

    /// The keys of the object whose `{` is at `open`, and the offset of the brace that closes
    /// it; `nil` when the text ends first. Braces and `=` inside quoted strings (with their `\`
    /// escapes) and comments are not read as structure. A key is the word before an `=`.
    private static func readObject(in bytes: UnsafeBufferPointer<UInt8>, from open: Int) -> (entries: [Entry], close: Int)? {
        let structural = Self.structural
        var entries: [Entry] = []
        entries.reserveCapacity(8)  // a build file has 2 keys, a file reference 5 or 6
        var depth = 0
        var cursor = open
        while cursor < bytes.count {
            let byte = bytes[cursor]
            guard structural[Int(byte)] else {
                cursor += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                cursor += 1
                while cursor < bytes.count, bytes[cursor] != UInt8(ascii: "\"") {
                    cursor += bytes[cursor] == UInt8(ascii: "\\") ? 2 : 1
                }
                cursor += 1
            case UInt8(ascii: "{"):
                depth += 1
                cursor += 1
            case UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return (entries, cursor) }
                cursor += 1
            case UInt8(ascii: "/"):
                if cursor + 1 < bytes.count, bytes[cursor + 1] == UInt8(ascii: "*") {
                    guard let close = Self.commentEnd(in: bytes, from: cursor, before: bytes.count) else { return nil }
                    cursor = close
                } else {
                    cursor += 1
                }
            default:  // `=`: the word before it is a key
                var keyEnd = cursor
                while keyEnd > open, bytes[keyEnd - 1] == 0x20 || bytes[keyEnd - 1] == 0x09 { keyEnd -= 1 }
                var keyStart = keyEnd
                while keyStart > open, Self.isWordCharacter(bytes[keyStart - 1]) { keyStart -= 1 }
                cursor += 1
                while cursor < bytes.count, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
                if keyStart < keyEnd { entries.append(Entry(key: keyStart..<keyEnd, value: cursor)) }
            }
        }
        return nil
    }

    /// The bytes ``readObject(from:)`` stops at, by value: quote, braces, `/` and `=`.
    private static let structural: [Bool] = (0...255).map { byte in
        [UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "/"), UInt8(ascii: "=")].contains(UInt8(byte))
    }

    /// The offset just past the `*/` that closes the comment opening at `start`, searched
    /// before `limit`.
    fileprivate static func commentEnd<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes, from start: Int, before limit: Int) -> Int?
    where Bytes.Index == Int {
        var cursor = start + 2
        while cursor + 1 < limit {
            if bytes[cursor] == UInt8(ascii: "*"), bytes[cursor + 1] == UInt8(ascii: "/") { return cursor + 2 }
            cursor += 1
        }
        return nil
    }

    private static func isIdentifierCharacter(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// Whether `byte` can be part of an unquoted word of an old-style property list: a key
    /// (`SUPPORTED_PLATFORMS`) or a value (`sourcecode.swift`, `../Shared`).
    private static func isWordCharacter(_ byte: UInt8) -> Bool {
        isIdentifierCharacter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "$")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ":")
    }
}
