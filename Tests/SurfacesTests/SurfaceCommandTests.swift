import CLITestSupport
import Foundation
import Testing

/// `keytrace scene menubar` and `keytrace scene overlay` run as a user runs them: text, JSON and
/// HTML output, unusable input (exit 2) and bad usage (exit 64).
@Suite struct SurfaceCommandTests {
    private func run(_ arguments: [String]) throws -> CLIRunner.Result {
        try CLIRunner.run(arguments, in: repositoryRoot)
    }

    @Test func menubarPrintsTextJSONAndWritesAnHTMLPage() throws {
        let text = try run(["scene", "menubar", "Tests/SurfacesFixtures/validation-disabled.json"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("Menu bar of validation-disabled on Mac Catalyst 27.0, first responder window/mailbox\n"))
        #expect(text.stdout.contains("Archive  ⌃⌘A  disabled  window/mailbox's validate(_:) disables it"))
        let json = try run(["scene", "menubar", "Tests/SurfacesFixtures/validation-disabled.json", "--json"])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let menus = try #require(object["menus"] as? [[String: Any]])
        #expect(menus.compactMap { $0["title"] as? String } == ["validation-disabled", "File", "Edit", "Format", "View", "Message", "Window", "Help"])
        let directory = try TemporaryDirectory()
        let page = directory.path("menubar.html")
        let html = try run(["scene", "menubar", "Tests/SurfacesFixtures/validation-disabled.json", "--html", page])
        #expect(html.status == 0 && html.stdout.isEmpty)
        let written = try String(contentsOfFile: page, encoding: .utf8)
        #expect(written.hasPrefix("<!DOCTYPE html>") && written.contains(#"data-action="archive:""#))
        #expect(!written.contains("http://") && !written.contains("<script"))
    }

    @Test func menubarTakesAFirstResponderAndDrawsAnIPadSceneAsMacCatalyst() throws {
        let result = try run(["scene", "menubar", "pdf-viewer", "--first-responder", "window/viewer/reader/document/search"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Menu bar of pdf-viewer on Mac Catalyst 27.0, first responder window/viewer/reader/document/search\n"))
        #expect(result.stderr.contains("note: the scene runs on iPadOS 27.0; drawn as Mac Catalyst 27.0 would show it"))
        #expect(result.stdout.contains("the text input window/viewer/reader/document/search performs it"))
    }

    @Test func overlayPrintsTextJSONAndWritesAnHTMLPage() throws {
        let text = try run(["scene", "overlay", "Tests/SurfacesFixtures/keycommands-only.json"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("\nfeed\n  Refresh Feed  ⌘R\n  Next Item      ↓\n"))
        let json = try run(["scene", "overlay", "Tests/SurfacesFixtures/keycommands-only.json", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let categories = try #require(object["categories"] as? [[String: Any]])
        #expect(categories.compactMap { $0["title"] as? String } == ["Edit", "Format", "Feed", "feed"])
        let page = try run(["scene", "overlay", "Tests/SurfacesFixtures/keycommands-only.json", "--html", "-"])
        #expect(page.status == 0 && page.stdout.hasPrefix("<!DOCTYPE html>") && page.stdout.contains("Refresh Feed"))
    }

    @Test func unusableScenesExitTwo() throws {
        let missing = try run(["scene", "menubar", "Tests/SurfacesFixtures/no-such-scene.json"])
        #expect(missing.status == 2)
        let directory = try TemporaryDirectory()
        let bad = directory.path("bad.json")
        try #"{"format": "keytrace-scene", "version": 1, "name": "x", "menus": [{"id": "x", "after": "nowhere"}]}"#
            .write(toFile: bad, atomically: true, encoding: .utf8)
        for command in ["menubar", "overlay"] {
            let rejected = try run(["scene", command, bad])
            #expect(rejected.status == 2, "\(command)")
            #expect(rejected.stderr.contains("no menu 'nowhere'"), "\(command)")
        }
        let unknownResponder = try run(["scene", "overlay", "pdf-viewer", "--first-responder", "window/nowhere"])
        #expect(unknownResponder.status == 2)
    }

    @Test func badUsageExitsSixtyFour() throws {
        let scene = "Tests/SurfacesFixtures/untitled.json"
        let cases: [[String]] = [
            ["scene", "menubar"],
            ["scene", "menubar", scene, "--json", "--html", "page.html"],
            ["scene", "menubar", scene, "--platform", "ipad"],
            ["scene", "overlay", scene, "--platform", "catalyst@26"],
            ["scene", "overlay", scene, "--colour"],
        ]
        for arguments in cases {
            let result = try run(arguments)
            #expect(result.status == 64, "\(arguments.joined(separator: " ")): \(result.stderr)")
        }
    }
}
