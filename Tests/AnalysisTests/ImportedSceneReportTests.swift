@testable import Analysis
import Foundation
import Testing
import Reports

/// The import report as `keytrace analyze --import-report` reads it.
@Suite struct ImportedSceneReportTests {
    static let report = """
        {
          "byMechanism": {"addKeyCommand": 0, "keyCommands": 2, "menu": 1, "swiftui": 0},
          "commands": 3,
          "conditional": 1,
          "containment": ["window → Root (windowRoot)"],
          "files": 2,
          "findings": [{"file": "App/Root.swift", "kind": "no-discoverability-title", "line": 12, "message": "Root: cmd+k → kill: has no title"}],
          "inventory": [
            {"action": "find:", "attributes": [], "conditional": false, "declared_in": "Root", "file": "App/Root.swift", "input": "f",
             "line": 10, "mechanism": "keyCommands", "modifiers": ["command"], "shortcut": "cmd+f", "title": "Find", "wants_priority": false},
            {"action": "kill:", "attributes": [], "conditional": true, "condition": "isEditing", "declared_in": "Root", "file": "App/Root.swift",
             "input": "k", "line": 12, "mechanism": "keyCommands", "modifiers": ["command"], "shortcut": "cmd+k", "title": null, "wants_priority": false},
            {"action": "save:", "attributes": [], "conditional": false, "declared_in": "AppDelegate", "file": "App/AppDelegate.swift", "input": "s",
             "line": 4, "mechanism": "menu", "modifiers": ["command"], "shortcut": "cmd+s", "title": "Save", "wants_priority": false}
          ],
          "lines": 120,
          "responders": {"Root": "window/Root"},
          "scene": "App",
          "sceneError": null,
          "schema": "keytrace-import-report/1",
          "stateFlags": {"isEditing": "isEditing"},
          "unplaced": [],
          "unresolved": [{"declared_in": "AppDelegate", "file": "App/AppDelegate.swift", "line": 4, "reason": "no responder implements save:"}]
        }
        """

    @Test func aReportDecodesWithEveryCommandAndItsPlace() throws {
        let report = try ImportedSceneReport(jsonData: Data(Self.report.utf8), source: "report.json")
        #expect(report.scene == "App")
        #expect(report.inventory.map(\.shortcut) == ["cmd+f", "cmd+k", "cmd+s"])
        #expect(report.inventory[1].condition == "isEditing")
        #expect(report.unresolved.first?.declaredIn == "AppDelegate")
        #expect(report.byMechanism["keyCommands"] == 2)
    }

    @Test func theAnalysisShowsAnImportedSceneSectionAndWarnsOfAnotherScene() throws {
        var analysis = TraceAnalysis()
        var trace = TraceAnalysis.TraceSource(path: "a.ktrace")
        trace.scene = "pdf-viewer"
        analysis.traces = [trace]
        analysis.importedScene = try ImportedSceneReport(jsonData: Data(Self.report.utf8), source: "report.json")
        let text = analysis.textReport(colour: false)
        #expect(text.contains("Imported scene"))
        #expect(text.contains("Scene 'App' imported from 2 Swift files (120 lines): 3 key commands (addKeyCommand 0, keyCommands 2, menu 1, swiftui 0)"))
        #expect(text.contains("App/Root.swift:12"))
        #expect(text.contains("not the imported 'App'"))
        let html = analysis.htmlReport()
        #expect(html.contains("<td>App/AppDelegate.swift:4</td><td>AppDelegate</td><td>menu</td><td>cmd+s</td>"))
        let json = try analysis.jsonReport()
        #expect(json.contains("\"importedScene\""))
    }

    @Test func filesThatAreNotImportReportsAreRefusedWithTheirProblem() {
        func problem(_ text: String) -> ImportReportFileError? {
            do {
                _ = try ImportedSceneReport(jsonData: Data(text.utf8), source: "x.json")
                return nil
            } catch {
                return error
            }
        }
        #expect(problem("not json")?.code == .notJSON)
        #expect(problem("{\"schema\": \"keytrace-analysis/1\"}")?.code == .schema)
        #expect(problem("{}")?.code == .schema)
        #expect(problem("{\"schema\": \"keytrace-import-report/1\", \"scene\": 3}")?.code == .malformed)
        do {
            _ = try ImportedSceneReport(contentsOf: "/nonexistent/report.json")
            Issue.record("a missing file was read")
        } catch {
            #expect(error.code == .missing)
        }
        do {
            _ = try ImportedSceneReport(contentsOf: FileManager.default.temporaryDirectory.path)
            Issue.record("a directory was read")
        } catch {
            #expect(error.code == .directory)
        }
    }
}
