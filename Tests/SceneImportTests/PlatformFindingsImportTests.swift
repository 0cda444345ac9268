import CLITestSupport
import Foundation
import Testing
@testable import SceneImport

/// The platform findings (``Surfaces/PlatformFindings``) in the import's report, on the fixture
/// app in `Tests/SceneImportFixtures/Notes`: for the platform the import compiles for, each at
/// its inventory row; and the report as an HTML page with the scene's menu bar and overlay.
@Suite struct PlatformFindingsImportTests {
    private func report(_ platform: CompilationConditions.Platform) throws -> ImportReport {
        try SceneImporter(options: .init(conditions: CompilationConditions(platform: platform))).importApp(at: [ImportCLITests.notes]).report
    }

    @Test func aMacCatalystImportReportsTheMenuBarsFindingsAtTheirRows() throws {
        let findings = try report(.macCatalyst).findings
        let pin = try #require(findings.first { $0.kind == .notInMenuBar && $0.message.contains("pin:") })
        #expect(pin.file.hasSuffix("Notes/NoteListViewController.swift") && pin.line == 20)
        #expect(pin.message.hasPrefix("macOS (Mac Catalyst): Pin (⇧⌘P, pin:) on window/NotesSplitViewController/NoteListViewController is only in keyCommands"))
        let minimize = try #require(findings.first { $0.kind == .standardShortcutTaken && $0.message.contains("newNote:") })
        #expect(minimize.file.hasSuffix("Notes/AppDelegate.swift") && minimize.line == 20)
        #expect(minimize.message.contains("Window ▸ Minimize (performMiniaturize:): macOS takes ⌘M before the app"))
    }

    @Test func anIOSImportAddsNoFindingItsInventoryFindingsAlreadyMake() throws {
        let kinds = Set(try report(.iOS).findings.map(\.kind))
        #expect(kinds.contains(.noTitle))
        #expect(kinds.isDisjoint(with: [.notInMenuBar, .standardShortcutTaken, .untitledOnPlatform]),
                "the Mac's findings are not the iPad's, and an untitled command is no-discoverability-title already")
    }

    @Test func theHTMLReportDrawsTheMenuBarAndOverlayAfterTheFindings() throws {
        let result = try SceneImporter(options: .init(conditions: CompilationConditions(platform: .macCatalyst))).importApp(at: [ImportCLITests.notes])
        let page = result.html
        #expect(page.hasPrefix("<!DOCTYPE html>") && !page.contains("<script") && !page.contains("http://"))
        #expect(page.contains("<td>not-in-menu-bar</td>"))
        let surfaces = try #require(page.range(of: "<section class=\"surfaces\""))
        #expect(try #require(page.range(of: "<h2>Findings (")).lowerBound < surfaces.lowerBound)
        #expect(page.contains("<section class=\"surface-screen\" data-state=\"initial\">"))
        #expect(page.contains("<nav class=\"menubar\"") && page.contains("<div class=\"overlay\""))
    }

    @Test func sceneImportWritesTheHTMLReportAndRefusesTwoFormats() throws {
        let directory = try TemporaryDirectory()
        let page = directory.path("report.html")
        let written = try CLIRunner.run(["scene", "import", ImportCLITests.notes, "--html", "--report", page])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(try String(contentsOfFile: page, encoding: .utf8).contains("<h2>The menu bar and the overlay</h2>"))
        let both = try CLIRunner.run(["scene", "import", ImportCLITests.notes, "--html", "--json"])
        #expect(both.status == 64 && both.stderr.contains("--json and --html both choose the report's format; give one"))
    }
}
