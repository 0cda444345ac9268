import CLITestSupport
import Foundation
import Testing

@testable import SceneImport
@testable import SceneImportResources

/// The app's `Info.plist` is the one its Xcode project names (`INFOPLIST_FILE`) or generates
/// (`GENERATE_INFOPLIST_FILE`), and a storyboard the project copies into no bundle is in no build:
/// the key window starts from what the app's target builds with.
struct ProjectInfoPlistTests {
    /// One target per entry: (id, name, product type, settings).
    static func project(targets: [(String, String, String, String)], storyboardInResources: Bool = false,
                        sources: [String] = ["AppDelegate.swift"]) -> String {
        var objects = ""
        for (id, name, type, settings) in targets {
            objects += "\t\tT\(id) /* \(name) */ = {isa = PBXNativeTarget; buildConfigurationList = L\(id) /* list */; buildPhases = (); "
                + "name = \(name); productType = \"\(type)\"; };\n"
            objects += "\t\tL\(id) /* list */ = {isa = XCConfigurationList; buildConfigurations = (C\(id) /* Release */, ); };\n"
            objects += "\t\tC\(id) /* Release */ = {isa = XCBuildConfiguration; buildSettings = {\(settings) }; name = Release; };\n"
        }
        objects += "\t\tS1 /* Main.storyboard */ = {isa = PBXVariantGroup; children = (S2 /* Base */, ); name = Main.storyboard; sourceTree = \"<group>\"; };\n"
        objects += "\t\tS2 /* Base */ = {isa = PBXFileReference; name = Base; path = Base.lproj/Main.storyboard; sourceTree = \"<group>\"; };\n"
        for (index, source) in sources.enumerated() {
            objects += "\t\tE\(index + 1) /* \(source) */ = {isa = PBXFileReference; path = \(source); sourceTree = \"<group>\"; };\n"
            objects += "\t\tF\(index + 1) /* \(source) in Sources */ = {isa = PBXBuildFile; fileRef = E\(index + 1) /* \(source) */; };\n"
        }
        let built = sources.indices.map { "F\($0 + 1) /* \(sources[$0]) in Sources */, " }.joined()
        objects += "\t\tP1 /* Sources */ = {isa = PBXSourcesBuildPhase; files = (\(built)); };\n"
        if storyboardInResources {
            objects += "\t\tB2 /* Main.storyboard in Resources */ = {isa = PBXBuildFile; fileRef = S1 /* Main.storyboard */; };\n"
            objects += "\t\tP2 /* Resources */ = {isa = PBXResourcesBuildPhase; files = (B2 /* Main.storyboard in Resources */, ); };\n"
        }
        return "// !$*UTF8*$!\n{\n\tobjects = {\n" + objects + "\t};\n}\n"
    }

    static let application = "com.apple.product-type.application"

    @Test func theProjectNamesEachIOSApplicationTargetsInfoPlist() {
        let parsed = XcodeProject(text: Self.project(targets: [
            ("01", "Shop", Self.application, "INFOPLIST_FILE = \"$(SRCROOT)/Shop/Environments/Production.plist\"; SDKROOT = iphoneos; "),
            ("02", "ShopTV", Self.application, "INFOPLIST_FILE = ShopTV/Info.plist; SDKROOT = appletvos; "),
            ("03", "Widget", "com.apple.product-type.app-extension", "INFOPLIST_FILE = Widget/Info.plist; SDKROOT = iphoneos; "),
            ("04", "Modern", Self.application, "GENERATE_INFOPLIST_FILE = YES; INFOPLIST_KEY_UIMainStoryboardFile = Main; "),
            ("05", "Named", Self.application, "INFOPLIST_FILE = \"$(TARGET_NAME)/Info.plist\"; "),
        ]))
        #expect(parsed.applicationInfoPlists == [
            XcodeProject.ApplicationInfoPlist(file: "$(SRCROOT)/Shop/Environments/Production.plist", generated: false, mainStoryboard: nil),
            XcodeProject.ApplicationInfoPlist(file: nil, generated: true, mainStoryboard: "Main"),
            XcodeProject.ApplicationInfoPlist(file: "Named/Info.plist", generated: false, mainStoryboard: nil),
        ])
        #expect(parsed.referencedStoryboards == ["Main.storyboard"])
        #expect(parsed.bundledStoryboards.isEmpty)
        #expect(XcodeProject(text: Self.project(targets: [], storyboardInResources: true)).bundledStoryboards == ["Main.storyboard"])
    }

    @Test func pathsUnderTheProjectsFolderResolve() {
        #expect(SourceFiles.projectPath("$(SRCROOT)/App/Info.plist", in: "/repo") == "/repo/App/Info.plist")
        #expect(SourceFiles.projectPath("${PROJECT_DIR}/App/Info.plist", in: "/repo") == "/repo/App/Info.plist")
        #expect(SourceFiles.projectPath("App/../Other/Info.plist", in: "/repo") == "/repo/Other/Info.plist")
        #expect(SourceFiles.projectPath("$(CONFIGURATION)/Info.plist", in: "/repo") == nil)
    }

    static let appDelegate = """
        import UIKit
        @main
        class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                window = UIWindow()
                window?.rootViewController = LibraryViewController()
                window?.makeKeyAndVisible()
                return true
            }
        }
        class LibraryViewController: UIViewController {
            override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "f", modifierFlags: .command, action: #selector(find))] }
            @objc func find() {}
        }
        class TemplateViewController: UIViewController {
            override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "t", modifierFlags: .command, action: #selector(run))] }
            @objc func run() {}
        }
        """

    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="t">
            <scenes><scene sceneID="s"><objects>
                <viewController id="t" customClass="TemplateViewController" sceneMemberID="viewController"/>
            </objects></scene></scenes>
        </document>
        """

    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.shop</string></dict></plist>
        """

    /// A folder of the app holding a template `Main.storyboard` that no target copies, and an
    /// `Info.plist` by another name that names no storyboard: the app delegate sets the root.
    func app(storyboardInResources: Bool, infoPlist: Bool, delegate: String = Self.appDelegate) throws -> String {
        let root = ScratchDirectory.make()
        let sources = root + "/Shop"
        try FileManager.default.createDirectory(atPath: sources + "/Base.lproj", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: sources + "/Environments", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/Shop.xcodeproj", withIntermediateDirectories: true)
        let settings = infoPlist ? "INFOPLIST_FILE = \"$(SRCROOT)/Shop/Environments/Production.plist\"; SDKROOT = iphoneos; " : "SDKROOT = iphoneos; "
        try Self.project(targets: [("01", "Shop", Self.application, settings)], storyboardInResources: storyboardInResources)
            .write(toFile: root + "/Shop.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
        try delegate.write(toFile: sources + "/AppDelegate.swift", atomically: true, encoding: .utf8)
        try Self.storyboard.write(toFile: sources + "/Base.lproj/Main.storyboard", atomically: true, encoding: .utf8)
        try Self.plist.write(toFile: sources + "/Environments/Production.plist", atomically: true, encoding: .utf8)
        return sources
    }

    @Test func theInfoPlistTheProjectNamesAndTheStoryboardsItCopiesDecideTheKeyWindow() throws {
        let sources = try app(storyboardInResources: false, infoPlist: true)
        let files = try SourceFiles(paths: [sources])
        #expect(files.interfaceFiles.map(\.path) == [sources + "/Environments/Production.plist"])
        #expect(files.storyboardsNotInAnyBundle.map(\.displayPath) == [sources + "/Base.lproj/Main.storyboard"])
        let result = try SceneImporter().importApp(at: [sources])
        #expect(result.report.keyWindow.root == "LibraryViewController")
        #expect(result.report.findings.contains { $0.kind == .notInTarget && $0.file.hasSuffix("Main.storyboard") })
    }

    @Test func aStoryboardATargetCopiesStaysAndAnInfoPlistNamingNoneLeavesTheRootToTheCode() throws {
        let sources = try app(storyboardInResources: true, infoPlist: true)
        let files = try SourceFiles(paths: [sources])
        #expect(files.storyboardsNotInAnyBundle.isEmpty)
        #expect(files.interfaceFiles.map(\.path).sorted() == [sources + "/Base.lproj/Main.storyboard", sources + "/Environments/Production.plist"])
        // The Info.plist names no storyboard, so `Main` is only the fallback: the app delegate's root wins.
        #expect(try SceneImporter().importApp(at: [sources]).report.keyWindow.root == "LibraryViewController")
    }

    /// The project names the app's `Info.plist`, which names no storyboard: UIKit loads none, so
    /// a `Main` storyboard the target copies does not give the key window, even when no code the
    /// import follows sets one.
    @Test func aStoryboardTheProjectsInfoPlistNamesNowhereGivesNoKeyWindow() throws {
        let delegate = Self.appDelegate.replacingOccurrences(of: "window?.rootViewController = LibraryViewController()\n", with: "")
        let sources = try app(storyboardInResources: true, infoPlist: true, delegate: delegate)
        #expect(try SceneImporter().importApp(at: [sources]).report.keyWindow.root != "TemplateViewController")
    }
}

extension ProjectInfoPlistTests {
    /// A template project left inside the app's folder (`Shop/Shop.xcodeproj`, naming its own
    /// `Info.plist` with `Main`) lists a few of the app's file names; the app's own project, which
    /// lists the most sources, gives the `Info.plist`, and the template's storyboard is no root.
    @Test func theProjectListingTheMostSourcesGivesTheAppsInfoPlist() throws {
        let delegate = Self.appDelegate.replacingOccurrences(of: "window?.rootViewController = LibraryViewController()\n", with: "")
        let sources = try app(storyboardInResources: true, infoPlist: true, delegate: delegate)
        try FileManager.default.createDirectory(atPath: sources + "/Shop.xcodeproj", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: sources + "/Template", withIntermediateDirectories: true)
        try Self.project(targets: [("01", "Template", Self.application, "INFOPLIST_FILE = Template/Info.plist; SDKROOT = iphoneos; ")],
                         storyboardInResources: true)
            .write(toFile: sources + "/Shop.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
        try Self.storyboardPlist.write(toFile: sources + "/Template/Info.plist", atomically: true, encoding: .utf8)
        try "import UIKit\nclass Helper {}\n".write(toFile: sources + "/Helper.swift", atomically: true, encoding: .utf8)
        try Self.project(targets: [("01", "Shop", Self.application, "INFOPLIST_FILE = \"$(SRCROOT)/Shop/Environments/Production.plist\"; SDKROOT = iphoneos; ")],
                         storyboardInResources: true, sources: ["AppDelegate.swift", "Helper.swift"])
            .write(toFile: sources + "/../Shop.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
        #expect(try SceneImporter().importApp(at: [sources]).report.keyWindow.root != "TemplateViewController")
    }

    static let storyboardPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.template</string>
        <key>UIMainStoryboardFile</key><string>Main</string></dict></plist>
        """
}
