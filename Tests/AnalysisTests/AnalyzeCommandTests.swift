import CLITestSupport
import Foundation
import Testing
import Comparison

/// Runs the built `keytrace analyze` and `keytrace export --format chrome` and checks exit
/// codes, standard output and standard error.
struct AnalyzeCommandTests {
    private static var executable: URL { URL(fileURLWithPath: CLIRunner.binary ?? "keytrace") }

    private func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let result = try CLIRunner.run(arguments, environment: ["NO_COLOR": "1"])
        return (result.status, result.stdout, result.stderr)
    }

    @Test func analyzeExitsZeroOnGoldenTracesInEveryFormat() throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build keytrace first")
        let traces = [GoldenTraces.path("modals"), GoldenTraces.path("sha2017")]
        let text = try run(["analyze"] + traces)
        #expect(text.status == 0)
        #expect(text.stdout.contains("Latency per stage") && !text.stdout.contains("\u{1B}["))
        let json = try run(["analyze", "--format", "json", "--top", "3"] + traces)
        #expect(json.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["schema"] as? String == "keytrace-analysis/1")
        #expect((object?["slowest"] as? [Any])?.count == 3)
        let folder = try GoldenTraces.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let html = folder.appendingPathComponent("report.html").path
        #expect(try run(["analyze", "--format", "html", "-o", html] + traces).status == 0)
        #expect(try String(contentsOfFile: html, encoding: .utf8).contains("<svg"))
        #expect(try run(["analyze", "--format", "markdown"] + traces).stdout.contains("### Latency per stage"))
    }

    @Test func unusableInputExitsTwoNamingTheFileAndOffset() throws {
        let folder = try GoldenTraces.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bogus = folder.appendingPathComponent("bogus.ktrace")
        try Data("this is not a trace at all, just text".utf8).write(to: bogus)
        let result = try run(["analyze", bogus.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains(bogus.path) && result.stderr.contains("offset 0"))
        let missing = try run(["analyze", folder.appendingPathComponent("missing.ktrace").path])
        #expect(missing.status == 2 && missing.stderr.contains("missing.ktrace"))
    }

    @Test func aFileThatIsNotAnImportReportExitsTwoWithTheCommandThatWritesOne() throws {
        let folder = try GoldenTraces.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let notAReport = folder.appendingPathComponent("analysis.json")
        try Data(#"{"schema": "keytrace-analysis/1"}"#.utf8).write(to: notAReport)
        let result = try run(["analyze", "--import-report", notAReport.path, GoldenTraces.path("modals")])
        #expect(result.status == 2)
        #expect(result.stderr.contains("analysis.json: schema is") && result.stderr.contains("keytrace scene import"),
                "\(result.stderr)")
    }

    @Test func theHTMLReportDrawsTheMenuBarAndOverlayOfTheSceneGiven() throws {
        let folder = try GoldenTraces.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = GoldenTraces.path("modals")  // recorded through pdf-viewer
        let plain = folder.appendingPathComponent("plain.html").path
        #expect(try run(["analyze", "--format", "html", "-o", plain, trace]).status == 0)
        #expect(!(try String(contentsOfFile: plain, encoding: .utf8)).contains("section.surfaces"), "no scene, no section and no styles for it")
        let drawn = folder.appendingPathComponent("drawn.html").path
        #expect(try run(["analyze", "--format", "html", "--scene", "pdf-viewer", "-o", drawn, trace]).status == 0)
        let page = try String(contentsOfFile: drawn, encoding: .utf8)
        #expect(page.contains("<h2>The menu bar and the overlay of pdf-viewer</h2>"))
        #expect(page.contains("<section class=\"surface-screen\" data-state=\"initial\">"))
        #expect(page.contains("<nav class=\"menubar\"") && page.contains("<div class=\"overlay\""))
        #expect(!page.contains("The traces name scene"))
        let other = try run(["analyze", "--format", "html", "--scene", "app-store-tabs", "-o", drawn, trace])
        #expect(other.status == 0)
        #expect(try String(contentsOfFile: drawn, encoding: .utf8).contains("The traces name scene pdf-viewer, not app-store-tabs"))
        let text = try run(["analyze", "--scene", "pdf-viewer", trace])
        #expect(text.status == 64 && text.stderr.contains("--scene draws the scene's menu bar and overlay in the HTML report; give --format html"))
        let missing = try run(["analyze", "--format", "html", "--scene", "no-such-scene", trace])
        #expect(missing.status == 2 && missing.stderr.contains("no scene named 'no-such-scene'"))
    }

    @Test func badUsageExits64() throws {
        #expect(try run(["analyze", "--format", "pdf", GoldenTraces.path("modals")]).status == 64)
        #expect(try run(["analyze"]).status == 64)
    }

    @Test func aDamagedTraceAnalysesWithAWarningOnStandardErrorAndExits1() throws {
        let folder = try GoldenTraces.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (path, _) = try GoldenTraces.truncatedCopy(of: "sha2017", fraction: 0.6, in: folder)
        let result = try run(["analyze", "--format", "json", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("warning:") && result.stderr.contains("offset"))
        #expect(result.stdout.contains("keytrace-analysis/1"), "the report of the records read is still written")
    }

    @Test func exportChromeWritesTraceEventJSON() throws {
        let folder = try GoldenTraces.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("trace.json").path
        let result = try run(["export", GoldenTraces.path("tabs"), "--format", "chrome", "-o", out])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any]
        #expect((object?["traceEvents"] as? [Any])?.isEmpty == false)
    }
}
