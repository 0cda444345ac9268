import CLITestSupport
import Foundation
import Testing
@testable import SceneImport
import SceneImportTestSupport
import Scenes

/// The importer on the fixture app in `Tests/SceneImportFixtures/Notes` (written for these
/// tests), through the library and through `keytrace scene import` end to end.
@Suite struct ImportCLITests {
    static let notes = repositoryRoot + "/Tests/SceneImportFixtures/Notes"

    @Test func theFixtureAppImportsIntoASceneThatLoads() throws {
        let result = try SceneImporter().importApp(at: [Self.notes])
        #expect(result.report.sceneError == nil)
        #expect(result.report.files == 6)  // NotesTests/ is skipped
        #expect(!result.inventory.contains { $0.declaredIn == "FakeViewController" })
        let definition = try SceneDefinition(json: result.scene, file: "notes")
        let runtime = try SceneRuntime(definition: definition, file: "notes")
        // Containment from the source: the split view holds the list and the editor, the
        // editor's text view sits under it; the list makes itself first responder when it
        // appears, and the text view can become it too.
        #expect(runtime.responder(at: "window/NotesSplitViewController/EditorViewController/NoteTextView") != nil)
        #expect(runtime.application.firstResponder?.path == "window/NotesSplitViewController/NoteListViewController")
        #expect(result.report.keyWindow.firstResponderReason.hasPrefix("NoteListViewController.becomeFirstResponder() in NoteListViewController.viewDidAppear"))
        try runtime.focus("window/NotesSplitViewController/EditorViewController/NoteTextView")
        // The run-time condition became a state flag that shows the command by default.
        #expect(definition.state.contains { $0.name == "hasSelection" && $0.initial == 1 })
        // The localised title came from the strings table.
        #expect(result.inventory.first { $0.action == "newNote:" }?.title == "New Note")
        // canPerformAction became a validation rule on the same flag.
        #expect(result.scene.contains("\"disabledWhen\""))
        // The Catalyst-only menu command is not compiled for iOS.
        #expect(!result.inventory.contains { $0.input == "m" })
        let withTests = try SceneImporter(options: .init(files: .init(includeTests: true))).importApp(at: [Self.notes])
        #expect(withTests.inventory.contains { $0.declaredIn == "FakeViewController" })
    }

    @Test func theSameSourceGivesByteIdenticalOutput() throws {
        let first = try SceneImporter().importApp(at: [Self.notes])
        let second = try SceneImporter().importApp(at: [Self.notes])
        #expect(first.scene == second.scene)
        #expect(first.inventoryText == second.inventoryText)
        #expect(first.report.jsonText == second.report.jsonText)
    }

    @Test func findingsNameTheirKinds() throws {
        let report = try SceneImporter().importApp(at: [Self.notes]).report
        let kinds = Set(report.findings.map(\.kind))
        #expect(kinds.contains(.textInput))  // ⌥→ on a text view
        #expect(kinds.contains(.noTitle))    // ⌘1…⌘3 without titles
        #expect(kinds.contains(.shadowed))   // ⌃⌘S over the standard Show Sidebar
    }

    @Test func missingPathsAndEmptyFoldersAreClearErrors() throws {
        #expect(throws: SceneImportError.pathNotFound("/nonexistent/app")) {
            try SceneImporter().importApp(at: ["/nonexistent/app"])
        }
        #expect(throws: SceneImportError.notSwift(repositoryRoot + "/README.md")) {
            try SceneImporter().importApp(at: [repositoryRoot + "/README.md"])
        }
        let empty = ScratchDirectory.make()
        do {
            _ = try SceneImporter().importApp(at: [empty])
            Issue.record("an empty folder imported")
        } catch {
            #expect(error.code == .noSwiftFiles)
        }
    }

    /// import → synth → bench → analyze, from the CLI: the imported scene drives a replay and
    /// the analysis shows its keyCommands calls per press under UIKit's policy.
    @Test func importSynthBenchAnalyze() throws {
        let dir = ScratchDirectory.make()
        let scene = dir + "/notes.json"
        let inventory = dir + "/notes.jsonl"
        let report = dir + "/report.json"
        let imported = try CLIRunner.run(["scene", "import", Self.notes, "-o", scene, "--inventory", inventory,
                                          "--report", report, "--json"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try String(contentsOfFile: report, encoding: .utf8).contains("\"byMechanism\""))
        let lines = try String(contentsOfFile: inventory, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 12)
        #expect(lines.allSatisfy { $0.hasPrefix("{\"declared_in\":") })

        let check = try CLIRunner.run(["scene", "check", scene])
        #expect(check.status == 0, "\(check.stderr)")

        let trace = dir + "/notes.ktrace"
        let synth = try CLIRunner.run(["synth", "--events", "2000", "--seed", "7", "--profile", "shortcuts", "--scene", scene,
                                       "--policy", "uikit", "-o", trace])
        #expect(synth.status == 0, "\(synth.stderr)")
        #expect(synth.stdout.contains("performed"))

        let bench = try CLIRunner.run(["bench", "--trace", trace, "--scene", scene, "--runs", "2", "--policy", "uikit", "-o", dir + "/bench.json"])
        #expect(bench.status == 0, "\(bench.stderr)")

        let analyze = try CLIRunner.run(["analyze", trace])
        #expect(analyze.status == 0, "\(analyze.stderr)")
        #expect(analyze.stdout.contains("keyCommands calls"))
        #expect(analyze.stdout.contains("window/NotesSplitViewController/NoteListViewController"))
        // Recorded under UIKit's policy: every press asks each responder on the chain again.
        let row = analyze.stdout.split(separator: "\n").first { $0.contains("recorded (uikit)") }
        let perPress = row.flatMap { $0.split(separator: " ").dropFirst(3).first }.flatMap { Double($0) }
        #expect((perPress ?? 0) > 1, "\(analyze.stdout)")

        // The HTML analysis shows where the scene came from: every command with file:line.
        let html = dir + "/analysis.html"
        let withReport = try CLIRunner.run(["analyze", trace, "--import-report", report, "--format", "html", "-o", html])
        #expect(withReport.status == 0, "\(withReport.stderr)")
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.contains("<h2>Imported scene</h2>"))
        #expect(page.contains("imported from 6 Swift files"), "\(page)")
        let section = page.components(separatedBy: "<h2>Imported scene</h2>").last?.components(separatedBy: "<h2>").first ?? ""
        let commandTable = section.components(separatedBy: "<table>").last ?? ""
        #expect(commandTable.contains("<th>declared in</th>"))
        #expect(commandTable.components(separatedBy: "<tr><td>").count - 1 == lines.count, "\(commandTable)")
        #expect(commandTable.contains("EditorViewController.swift:"))

        // A file that is not an import report is refused with what to do.
        let wrong = try CLIRunner.run(["analyze", trace, "--import-report", scene])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("not an import report"), "\(wrong.stderr)")
    }

    /// Outputs are written in place: a device stays a device and a symlink stays a link.
    @Test func outputsNeverReplaceDevicesOrLinks() throws {
        let dir = ScratchDirectory.make()
        let target = dir + "/target.json"
        let link = dir + "/link.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let result = try CLIRunner.run(["scene", "import", Self.notes, "--report", "/dev/null", "-o", link])
        #expect(result.status == 0, "\(result.stderr)")
        let null = try FileManager.default.attributesOfItem(atPath: "/dev/null")
        #expect(null[.type] as? FileAttributeType == .typeCharacterSpecial)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("\"keytrace-scene\""))
        let unwritable = try CLIRunner.run(["scene", "import", Self.notes, "-o", dir + "/missing/scene.json"])
        #expect(unwritable.status == 1)
        #expect(unwritable.stderr.contains("missing/scene.json: cannot write: No such file or directory"))
    }

    @Test func aMissingImporterToolIsReportedWithTheBuildCommand() throws {
        guard let keytrace = CLIRunner.binary else {
            Issue.record("keytrace is not built")
            return
        }
        // A copy of keytrace alone in a folder has no importer beside it.
        let dir = ScratchDirectory.make()
        let copy = dir + "/keytrace"
        try FileManager.default.copyItem(atPath: keytrace, toPath: copy)
        let result = try CLIRunner.run(["scene", "import", Self.notes], executable: copy)
        #expect(result.status == 2)
        #expect(result.stderr.contains("swift build --product keytrace-scene-import"))
        // Help works before the importer is built, and says how to build it.
        let help = try CLIRunner.run(["scene", "import", "--help"], executable: copy)
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: keytrace scene import PATH..."))
        #expect(help.stdout.contains("The importer is not built yet"))
    }
}

/// `keytrace scene import` and the importer process it runs.
@Suite struct ImportProcessTests {
    /// A signal sent to `keytrace scene import` reaches the importer itself: `keytrace`
    /// replaces itself with the importer (same process id), so no importer outlives it.
    @Test func aSignalToSceneImportLeavesNoImporterRunning() throws {
        guard let binary = CLIRunner.binary else {
            Issue.record("keytrace binary not found; run swift build first")
            return
        }
        let dir = ScratchDirectory.make()
        for (file, text) in StressApp.sources(units: 400) {
            let path = dir + "/" + file.displayPath
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: false, encoding: .utf8)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["scene", "import", dir + "/StressApp", "-o", dir + "/scene.json", "--report", dir + "/report.txt"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let pid = process.processIdentifier
        // Wait (at most 10 s) until the process runs the importer.
        var execed = false
        for _ in 0..<200 {
            let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) ?? ""
            if exe.hasSuffix("/keytrace-scene-import") { execed = true; break }
            if !process.isRunning { break }
            usleep(50_000)
        }
        #expect(execed, "keytrace scene import should exec the importer in its own process")
        kill(pid, SIGTERM)
        process.waitUntilExit()
        // No process is left that was started with this folder in its arguments.
        usleep(100_000)
        let survivors = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { entry in
            guard Int32(entry) != nil, let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return false }
            return String(decoding: data, as: UTF8.self).contains(dir)
        }
        #expect(survivors.isEmpty, "importer processes still running: \(survivors)")
    }

    @Test func aFifoIsRefusedInsteadOfBlockingTheImport() throws {
        let dir = ScratchDirectory.make()
        let fifo = dir + "/Blocking.swift"
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try CLIRunner.run(["scene", "import", fifo, "-o", dir + "/scene.json"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("not a regular file"))
    }
}
