import CLITestSupport
import Foundation
import Testing

@testable import SceneImport
@testable import SceneImportResources

/// Files an Xcode project lists but compiles into no target, and files beside it that it does not
/// list, are in no build of the app: the import leaves them out and says so.
struct XcodeProjectTests {
    /// A project with one target compiling `Editor.swift`; `Legacy.swift` is referenced by the
    /// project and built by nothing; `Loose.swift` is not mentioned at all.
    static let project = """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\tAAAAAAAAAAAAAAAAAAAAAA01 /* Editor.swift in Sources */ = {isa = PBXBuildFile; fileRef = AAAAAAAAAAAAAAAAAAAAAA11 /* Editor.swift */; settings = {COMPILER_FLAGS = "-w"; }; };
        \t\tAAAAAAAAAAAAAAAAAAAAAA11 /* Editor.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Editor.swift; sourceTree = "<group>"; };
        \t\tAAAAAAAAAAAAAAAAAAAAAA12 /* Legacy.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = "Old Code/Legacy.swift"; sourceTree = "<group>"; };
        \t\tAAAAAAAAAAAAAAAAAAAAAA21 /* Sources */ = {
        \t\t\tisa = PBXSourcesBuildPhase;
        \t\t\tbuildActionMask = 2147483647;
        \t\t\tfiles = (
        \t\t\t\tAAAAAAAAAAAAAAAAAAAAAA01 /* Editor.swift in Sources */,
        \t\t\t);
        \t\t};
        \t};
        }
        """

    /// A controller named `name` whose one command is ⌘`key`.
    static func controller(_ name: String, _ key: String) -> String {
        """
        import UIKit
        class \(name): UIViewController {
            override var keyCommands: [UIKeyCommand]? {
                [UIKeyCommand(input: "\(key)", modifierFlags: .command, action: #selector(go))]
            }
            @objc func go() {}
        }
        """
    }

    @Test func theProjectSaysWhichFilesATargetCompiles() {
        let project = XcodeProject(text: Self.project)
        #expect(project.referencedSources == ["Editor.swift", "Legacy.swift"])
        #expect(project.compiledSources == ["Editor.swift"])
        #expect(project.referencedSources.subtracting(project.compiledSources) == ["Legacy.swift"])
    }

    /// Xcode writes `/* (null) in Sources */` for a build file whose reference it lost: the
    /// parenthesis in the comment does not end the list, so the files after it still compile.
    @Test func aParenthesisInACommentDoesNotEndABuildPhase() {
        let text = Self.project
            .replacingOccurrences(of: "\t\t\t\tAAAAAAAAAAAAAAAAAAAAAA01 /* Editor.swift in Sources */,\n",
                                  with: "\t\t\t\tAAAAAAAAAAAAAAAAAAAAAA09 /* (null) in Sources */,\n"
                                      + "\t\t\t\tAAAAAAAAAAAAAAAAAAAAAA01 /* Editor.swift in Sources */,\n")
        #expect(text.contains("(null)"))
        #expect(XcodeProject(text: text).compiledSources == ["Editor.swift"])
    }

    /// A file's name may hold a brace, which Xcode repeats in the comments beside identifiers:
    /// braces in comments and in quoted values are not structure, so the objects after them are
    /// still read.
    @Test func aBraceInACommentOrQuotedNameDoesNotEndAnObject() {
        let text = Self.project
            .replacingOccurrences(of: "/* Editor.swift in Sources */ = {isa", with: "/* Editor} {.swift in Sources */ = {isa")
            .replacingOccurrences(of: "path = \"Old Code/Legacy.swift\"", with: "path = \"Old {Code/Legacy.swift\"")
        #expect(text.contains("Editor} {"))
        let project = XcodeProject(text: text)
        #expect(project.referencedSources == ["Editor.swift", "Legacy.swift"])
        #expect(project.compiledSources == ["Editor.swift"])
    }

    /// A key's spelling inside a quoted value (a script's text) is not that key, and a key is
    /// found however the `=` around it is spaced.
    @Test func fieldsAreKeysNotTextThatSpellsThem() {
        let text = Self.project
            .replacingOccurrences(of: "{isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Editor.swift;",
                                  with: "{isa=PBXFileReference; comments = \"path = Wrong.swift;\"; path=Editor.swift;")
        let project = XcodeProject(text: text)
        #expect(project.referencedSources == ["Editor.swift", "Legacy.swift"])
        #expect(project.compiledSources == ["Editor.swift"])
    }

    /// Generators and hand-edited projects name objects with any letters and digits (`1001`,
    /// `50RA71NG…`), not only Xcode's 24 hexadecimal digits.
    @Test func objectIdentifiersNeedNotBeXcodes() {
        let text = Self.project
            .replacingOccurrences(of: "AAAAAAAAAAAAAAAAAAAAAA01", with: "1001")
            .replacingOccurrences(of: "AAAAAAAAAAAAAAAAAAAAAA11", with: "2001")
            .replacingOccurrences(of: "AAAAAAAAAAAAAAAAAAAAAA12", with: "50RA71NG2F5A01230085CBB3")
        let project = XcodeProject(text: text)
        #expect(project.referencedSources == ["Editor.swift", "Legacy.swift"])
        #expect(project.compiledSources == ["Editor.swift"])
    }

    /// A project with no `SWIFT_VERSION` that Xcode 7.3 last checked is Swift 2: `[.Command]` is
    /// ⌘, and a method's first parameter has no label unless one is written, so
    /// `cancel(sender:)` is selector `cancel:`; `self.member` in a `class var` reads the static
    /// member. The same source with `SWIFT_VERSION = 5.0` names it `cancelWithSender:`.
    @Test func aSwiftTwoProjectNamesSelectorsAsSwiftTwoDid() throws {
        let root = ScratchDirectory.make()
        let sources = root + "/App"
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/App.xcodeproj", withIntermediateDirectories: true)
        let project = Self.project.replacingOccurrences(
            of: "\t};\n}",
            with: "\t\tAAAAAAAAAAAAAAAAAAAAAA41 = {\n\t\t\tisa = PBXProject;\n\t\t\tattributes = {\n\t\t\t\tLastSwiftUpdateCheck = 0730;\n\t\t\t\tLastUpgradeCheck = 0720;\n\t\t\t};\n\t\t};\n\t};\n}")
        try project.write(toFile: root + "/App.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
        try """
            import UIKit
            class Editor: UIViewController {
                override var keyCommands: [UIKeyCommand]? {
                    return Editor.commands
                }
                class var commands: [UIKeyCommand] {
                    return self.base + [UIKeyCommand(input: "w", modifierFlags: [.Command, .Shift], action: #selector(close))]
                }
                class var base: [UIKeyCommand] {
                    return [UIKeyCommand(input: UIKeyInputEscape, modifierFlags: [], action: #selector(cancel))]
                }
                func cancel(sender: AnyObject?) {}
                func close(sender: AnyObject?) {}
            }
            """.write(toFile: sources + "/Editor.swift", atomically: true, encoding: .utf8)
        func rows() throws -> [String] {
            try SceneImporter().importApp(at: [sources]).inventory.map { "\($0.displayShortcut) \($0.action ?? "nil")" }.sorted()
        }
        #expect(try SourceFiles(paths: [sources]).swiftVersion() == [2])
        #expect(try rows() == ["esc cancel:", "shift+cmd+w close:"])

        let modern = project.replacingOccurrences(of: "\t\t\t\tLastUpgradeCheck = 0720;\n", with: "\t\t\t\tLastUpgradeCheck = 0720;\n\t\t\t\tSWIFT_VERSION = 5.0;\n")
        try modern.write(toFile: root + "/App.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
        #expect(try SourceFiles(paths: [sources]).swiftVersion() == [5, 0])
        #expect(try rows() == ["esc cancelWithSender:", "shift+cmd+w closeWithSender:"])
    }

    @Test func aFileNoTargetCompilesIsLeftOutAndReported() throws {
        let root = ScratchDirectory.make()
        let sources = root + "/App"
        try FileManager.default.createDirectory(atPath: sources + "/Old Code", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/App.xcodeproj", withIntermediateDirectories: true)
        try Self.project.write(toFile: root + "/App.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
        try Self.controller("Editor", "e").write(toFile: sources + "/Editor.swift", atomically: true, encoding: .utf8)
        try Self.controller("Legacy", "l").write(toFile: sources + "/Old Code/Legacy.swift", atomically: true, encoding: .utf8)
        try Self.controller("Loose", "o").write(toFile: sources + "/Loose.swift", atomically: true, encoding: .utf8)

        let files = try SourceFiles(paths: [sources])
        #expect(files.swiftFiles.map(\.displayPath) == [sources + "/Editor.swift"])
        #expect(files.notInAnyTarget.map(\.displayPath) == [sources + "/Old Code/Legacy.swift"])
        #expect(files.notInProject.map(\.displayPath) == [sources + "/Loose.swift"])

        let result = try SceneImporter().importApp(at: [sources])
        #expect(Set(result.inventory.map(\.declaredIn)) == ["Editor"])
        #expect(result.report.findings.contains { $0.kind == .notInTarget && $0.file.hasSuffix("Legacy.swift") })
        #expect(result.report.findings.contains { $0.kind == .notInTarget && $0.file.hasSuffix("Loose.swift") })

        // A Swift package beside the project builds its own files.
        try FileManager.default.createDirectory(atPath: sources + "/Kit/Sources", withIntermediateDirectories: true)
        try "// swift-tools-version:5.9".write(toFile: sources + "/Kit/Package.swift", atomically: true, encoding: .utf8)
        try Self.controller("Packaged", "p").write(toFile: sources + "/Kit/Sources/Packaged.swift", atomically: true, encoding: .utf8)
        let packaged = try SourceFiles(paths: [sources])
        #expect(packaged.swiftFiles.map(\.displayPath).sorted() == [sources + "/Editor.swift", sources + "/Kit/Sources/Packaged.swift"])

        // A project whose folders Xcode keeps in step with the disk compiles what it does not list.
        let synchronized = Self.project.replacingOccurrences(
            of: "\t};\n}", with: "\t\tAAAAAAAAAAAAAAAAAAAAAA31 /* App */ = {isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = \"<group>\"; };\n\t};\n}")
        #expect(synchronized != Self.project && XcodeProject(text: synchronized).usesSynchronizedFolders)
        try synchronized.write(toFile: root + "/App.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
        let kept = try SourceFiles(paths: [sources])
        #expect(kept.swiftFiles.map(\.displayPath).contains(sources + "/Loose.swift") && kept.notInProject.isEmpty)

        // A folder whose every source the project leaves out says so, and what to do.
        try Self.project.write(toFile: root + "/App.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
        let onlyLoose = root + "/Old"
        try FileManager.default.createDirectory(atPath: onlyLoose, withIntermediateDirectories: true)
        try Self.controller("Legacy", "l").write(toFile: onlyLoose + "/Legacy.swift", atomically: true, encoding: .utf8)
        try Self.controller("Stray", "s").write(toFile: onlyLoose + "/Stray.swift", atomically: true, encoding: .utf8)
        let error = #expect(throws: SceneImportError.self) { try SceneImporter().importApp(at: [onlyLoose]) }
        #expect(error?.code == .noSwiftFiles)
        #expect(error?.description.contains("name the files on the command line") == true)

        // Named on the command line, a file is read whatever the project says.
        let named = try SourceFiles(paths: [sources + "/Old Code/Legacy.swift"])
        #expect(named.swiftFiles.count == 1 && named.notInAnyTarget.isEmpty)
    }

    /// A project that builds the package at its own folder (`XCLocalSwiftPackageReference`,
    /// `relativePath = .`) compiles that package's `Sources/`, though no `Package.swift` lies
    /// between them and the project; a loose file beside the project still is in no build.
    @Test func aLocalPackageAtTheProjectsOwnFolderBuildsItsSources() throws {
        let root = ScratchDirectory.make()
        let sources = root + "/App"
        try FileManager.default.createDirectory(atPath: root + "/Sources/ReaderUI", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/App.xcodeproj", withIntermediateDirectories: true)
        try "// swift-tools-version:5.9".write(toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
        try Self.controller("Editor", "e").write(toFile: sources + "/Editor.swift", atomically: true, encoding: .utf8)
        try Self.controller("Loose", "o").write(toFile: sources + "/Loose.swift", atomically: true, encoding: .utf8)
        try Self.controller("Reader", "r").write(toFile: root + "/Sources/ReaderUI/Reader.swift", atomically: true, encoding: .utf8)
        func compiled() throws -> [String] {
            try SourceFiles(paths: [root]).swiftFiles.map { String($0.displayPath.dropFirst(root.count + 1)) }.sorted()
        }
        try Self.project.write(toFile: root + "/App.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
        #expect(try compiled() == ["App/Editor.swift"])

        let referencing = Self.project.replacingOccurrences(of: "\t};\n}", with: """
            \t\tAAAAAAAAAAAAAAAAAAAAAA41 /* XCLocalSwiftPackageReference "." */ = {isa = XCLocalSwiftPackageReference; relativePath = .; };
            \t};
            }
            """)
        #expect(referencing != Self.project && XcodeProject(text: referencing).localPackagePaths == ["."])
        try referencing.write(toFile: root + "/App.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
        #expect(try compiled() == ["App/Editor.swift", "Sources/ReaderUI/Reader.swift"])
    }

    /// A multiplatform target compiles some files for some platforms only: a synchronized
    /// folder's `platformFiltersByRelativePath` and a build file's `platformFilters`. A file
    /// compiled only for macOS is in no iOS build; one for `ios` and `xros` is.
    @Test func aFileCompiledOnlyForOtherPlatformsIsLeftOutAndReported() throws {
        let root = ScratchDirectory.make()
        let sources = root + "/App"
        try FileManager.default.createDirectory(atPath: sources + "/Views", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/App.xcodeproj", withIntermediateDirectories: true)
        let project = Self.project
            .replacingOccurrences(of: "settings = {COMPILER_FLAGS = \"-w\"; }; };", with: "platformFilters = (ios, maccatalyst, ); };")
            .replacingOccurrences(of: "\t};\n}", with: """
                \t\tAAAAAAAAAAAAAAAAAAAAAA31 /* App */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (AAAAAAAAAAAAAAAAAAAAAA32 /* PBXFileSystemSynchronizedBuildFileExceptionSet */, ); path = App; sourceTree = "<group>"; };
                \t\tAAAAAAAAAAAAAAAAAAAAAA32 /* PBXFileSystemSynchronizedBuildFileExceptionSet */ = {
                \t\t\tisa = PBXFileSystemSynchronizedBuildFileExceptionSet;
                \t\t\tmembershipExceptions = (
                \t\t\t\tInfo.plist,
                \t\t\t);
                \t\t\tplatformFiltersByRelativePath = {
                \t\t\t\tViews/MacWindow.swift = (
                \t\t\t\t\tmacos,
                \t\t\t\t);
                \t\t\t\t"Views/Phone View.swift" = (
                \t\t\t\t\tios,
                \t\t\t\t\txros,
                \t\t\t\t);
                \t\t\t};
                \t\t\ttarget = AAAAAAAAAAAAAAAAAAAAAA41 /* App */;
                \t\t};
                \t};
                }
                """)
        let parsed = XcodeProject(text: project)
        #expect(parsed.platformRestrictions == [
            .init(file: "Editor.swift", isName: true, platforms: ["ios", "maccatalyst"]),
            .init(file: "App/Views/MacWindow.swift", isName: false, platforms: ["macos"]),
            .init(file: "App/Views/Phone View.swift", isName: false, platforms: ["ios", "xros"]),
        ])
        try project.write(toFile: root + "/App.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
        try Self.controller("Editor", "e").write(toFile: sources + "/Editor.swift", atomically: true, encoding: .utf8)
        try Self.controller("MacWindow", "m").write(toFile: sources + "/Views/MacWindow.swift", atomically: true, encoding: .utf8)
        try Self.controller("PhoneView", "p").write(toFile: sources + "/Views/Phone View.swift", atomically: true, encoding: .utf8)

        let files = try SourceFiles(paths: [sources])
        #expect(files.swiftFiles.map(\.displayPath) == [sources + "/Editor.swift", sources + "/Views/Phone View.swift"])
        #expect(files.onlyForOtherPlatforms.map(\.file.displayPath) == [sources + "/Views/MacWindow.swift"])
        #expect(files.onlyForOtherPlatforms.first?.platforms == ["macos"])
        let catalyst = try SourceFiles(paths: [sources], platform: .macCatalyst)
        #expect(catalyst.swiftFiles.map(\.displayPath) == [sources + "/Editor.swift"])

        let result = try SceneImporter().importApp(at: [sources])
        #expect(Set(result.inventory.map(\.declaredIn)) == ["Editor", "PhoneView"])
        let finding = result.report.findings.first { $0.file.hasSuffix("MacWindow.swift") }
        #expect(finding?.kind == .notInTarget)
        #expect(finding?.message.contains("only for macos") == true)
    }
    /// A repository's macOS app beside its iOS app: the macOS target's build settings name the
    /// macOS SDK (its own, or the project's it inherits), so its files, listed or in a folder
    /// it synchronizes, are in no iOS build. A multiplatform target that supports `iphoneos`
    /// and a target whose SDK is `auto` with no supported platforms keep theirs.
    @Test func aTargetThatBuildsOnlyForMacOSLeavesItsFilesOut() throws {
        func target(_ id: String, _ name: String, phase: String, configurations: String, groups: String = "") -> String {
            "\t\t\(id) /* \(name) */ = {isa = PBXNativeTarget; buildConfigurationList = \(configurations) /* list */; buildPhases = (\(phase) /* Sources */, ); "
                + (groups.isEmpty ? "" : "fileSystemSynchronizedGroups = (\(groups) /* group */, ); ") + "name = \(name); };\n"
        }
        func configuration(_ id: String, _ settings: String) -> String {
            "\t\t\(id) /* Debug */ = {isa = XCBuildConfiguration; buildSettings = {\(settings) }; name = Debug; };\n"
        }
        func list(_ id: String, _ configuration: String) -> String {
            "\t\t\(id) /* list */ = {isa = XCConfigurationList; buildConfigurations = (\(configuration) /* Debug */, ); };\n"
        }
        func file(_ n: String, _ name: String) -> String {
            "\t\tBBBBBBBBBBBBBBBBBBBBBB0\(n) /* \(name) in Sources */ = {isa = PBXBuildFile; fileRef = BBBBBBBBBBBBBBBBBBBBBB1\(n) /* \(name) */; };\n"
                + "\t\tBBBBBBBBBBBBBBBBBBBBBB1\(n) /* \(name) */ = {isa = PBXFileReference; path = \(name); sourceTree = \"<group>\"; };\n"
        }
        func phase(_ id: String, _ n: String) -> String {
            "\t\t\(id) /* Sources */ = {isa = PBXSourcesBuildPhase; files = (BBBBBBBBBBBBBBBBBBBBBB0\(n) /* in Sources */, ); };\n"
        }
        let project = "// !$*UTF8*$!\n{\n\tobjects = {\n"
            + "\t\tCCCCCCCCCCCCCCCCCCCCCC00 /* Project */ = {isa = PBXProject; buildConfigurationList = CCCCCCCCCCCCCCCCCCCCCC01 /* list */; };\n"
            + list("CCCCCCCCCCCCCCCCCCCCCC01", "CCCCCCCCCCCCCCCCCCCCCC02") + configuration("CCCCCCCCCCCCCCCCCCCCCC02", "SDKROOT = macosx; ")
            + file("1", "Phone.swift") + file("2", "Desk.swift") + file("3", "Both.swift") + file("4", "Auto.swift")
            + phase("DDDDDDDDDDDDDDDDDDDDDD01", "1") + phase("DDDDDDDDDDDDDDDDDDDDDD02", "2")
            + phase("DDDDDDDDDDDDDDDDDDDDDD03", "3") + phase("DDDDDDDDDDDDDDDDDDDDDD04", "4")
            // iOS by its own setting; macOS by the project's; both; `auto` with nothing supported.
            + target("EEEEEEEEEEEEEEEEEEEEEE01", "Phone", phase: "DDDDDDDDDDDDDDDDDDDDDD01", configurations: "FFFFFFFFFFFFFFFFFFFFFF01")
            + list("FFFFFFFFFFFFFFFFFFFFFF01", "FFFFFFFFFFFFFFFFFFFFFF11") + configuration("FFFFFFFFFFFFFFFFFFFFFF11", "SDKROOT = iphoneos; ")
            + target("EEEEEEEEEEEEEEEEEEEEEE02", "Desk", phase: "DDDDDDDDDDDDDDDDDDDDDD02", configurations: "FFFFFFFFFFFFFFFFFFFFFF02",
                     groups: "GGGGGGGGGGGGGGGGGGGGGG01")
            + list("FFFFFFFFFFFFFFFFFFFFFF02", "FFFFFFFFFFFFFFFFFFFFFF12") + configuration("FFFFFFFFFFFFFFFFFFFFFF12", "PRODUCT_NAME = Desk; ")
            + target("EEEEEEEEEEEEEEEEEEEEEE03", "Both", phase: "DDDDDDDDDDDDDDDDDDDDDD03", configurations: "FFFFFFFFFFFFFFFFFFFFFF03")
            + list("FFFFFFFFFFFFFFFFFFFFFF03", "FFFFFFFFFFFFFFFFFFFFFF13")
            + configuration("FFFFFFFFFFFFFFFFFFFFFF13", "SDKROOT = auto; SUPPORTED_PLATFORMS = \"iphoneos iphonesimulator macosx\"; ")
            + target("EEEEEEEEEEEEEEEEEEEEEE04", "Auto", phase: "DDDDDDDDDDDDDDDDDDDDDD04", configurations: "FFFFFFFFFFFFFFFFFFFFFF04")
            + list("FFFFFFFFFFFFFFFFFFFFFF04", "FFFFFFFFFFFFFFFFFFFFFF14") + configuration("FFFFFFFFFFFFFFFFFFFFFF14", "SDKROOT = auto; ")
            + "\t\tGGGGGGGGGGGGGGGGGGGGGG01 /* DeskViews */ = {isa = PBXFileSystemSynchronizedRootGroup; path = DeskViews; sourceTree = \"<group>\"; };\n"
            + "\t};\n}\n"
        let parsed = XcodeProject(text: project)
        #expect(parsed.platforms(compiling: "/repo/App/Phone.swift") == ["ios", "maccatalyst"])
        #expect(parsed.platforms(compiling: "/repo/App/Desk.swift") == ["macos"])
        #expect(parsed.platforms(compiling: "/repo/App/Both.swift") == ["ios", "maccatalyst", "macos"])
        #expect(parsed.platforms(compiling: "/repo/App/Auto.swift") == nil)
        #expect(parsed.platforms(compiling: "/repo/DeskViews/Sidebar.swift") == ["macos"])

        // A file's own filter in a folder a multiplatform target synchronizes says more than the
        // target's platforms.
        let shared = project.replacingOccurrences(of: "\t};\n}\n", with: ""
            + target("EEEEEEEEEEEEEEEEEEEEEE05", "Shared", phase: "DDDDDDDDDDDDDDDDDDDDDD05", configurations: "FFFFFFFFFFFFFFFFFFFFFF03",
                     groups: "GGGGGGGGGGGGGGGGGGGGGG02")
            + "\t\tGGGGGGGGGGGGGGGGGGGGGG02 /* Shared */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (GGGGGGGGGGGGGGGGGGGGGG03 /* exceptions */, ); path = Shared; sourceTree = \"<group>\"; };\n"
            + "\t\tGGGGGGGGGGGGGGGGGGGGGG03 /* exceptions */ = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; platformFiltersByRelativePath = {MacOnly.swift = (macos, ); }; };\n"
            + "\t};\n}\n")
        let sharedProject = XcodeProject(text: shared)
        #expect(sharedProject.platforms(compiling: "/repo/Shared/MacOnly.swift") == ["macos"])
        #expect(sharedProject.platforms(compiling: "/repo/Shared/Everywhere.swift") == ["ios", "maccatalyst", "macos"])

        let root = ScratchDirectory.make()
        try FileManager.default.createDirectory(atPath: root + "/App.xcodeproj", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/DeskViews", withIntermediateDirectories: true)
        try project.write(toFile: root + "/App.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
        for (name, key) in [("Phone", "p"), ("Desk", "d"), ("Both", "b"), ("Auto", "a")] {
            try Self.controller(name, key).write(toFile: root + "/\(name).swift", atomically: true, encoding: .utf8)
        }
        try Self.controller("Sidebar", "s").write(toFile: root + "/DeskViews/Sidebar.swift", atomically: true, encoding: .utf8)
        let result = try SceneImporter().importApp(at: [root])
        #expect(Set(result.inventory.map(\.declaredIn)) == ["Phone", "Both", "Auto"])
        let leftOut = result.report.findings.filter { $0.kind == .notInTarget }.map { ($0.file as NSString).lastPathComponent }
        #expect(Set(leftOut) == ["Desk.swift", "Sidebar.swift"])
    }
}
