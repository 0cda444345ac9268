import CLITestSupport
import Foundation
import Testing

/// The reports that draw a scene's menu bar and overlay (``Surfaces/SceneSurfaces``), rendered by
/// headless Chromium: `keytrace analyze --format html --scene` and `keytrace scene import --html`.
/// For every screen drawn, the DOM must show each menu and drawn item that `scene menubar --state
/// NAME --json` lists, and each category and command of `scene overlay --state NAME --json`; a
/// screenshot of each page is kept for CI in `$KEYTRACE_SCREENSHOTS` (default
/// `artifacts/screenshots`).
extension RenderedSurfaceTests {
    /// Where screenshots go for CI to keep.
    static var screenshots: String {
        ProcessInfo.processInfo.environment["KEYTRACE_SCREENSHOTS"] ?? repositoryRoot + "/artifacts/screenshots"
    }

    /// The JSON object `keytrace scene COMMAND SCENE --state STATE --json` prints.
    private func json(_ command: String, _ scene: String, state: String) throws -> [String: Any] {
        let result = try CLIRunner.run(["scene", command, scene, "--state", state, "--json"], in: repositoryRoot)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// Renders `page`, saves its screenshot as `name.png` for CI (a window `height` pixels tall,
    /// enough to hold the drawings at the page's end), and checks that the DOM draws
    /// `states` of `scene` as their JSON lists them.
    private func check(page: String, name: String, scene: String, states: [String], height: Int, profile: String) throws {
        let dom = try browse(page, ["--dump-dom"], profile: profile)
        try FileManager.default.createDirectory(atPath: Self.screenshots, withIntermediateDirectories: true)
        let png = Self.screenshots + "/\(name).png"
        try? FileManager.default.removeItem(atPath: png)
        _ = try browse(page, ["--window-size=1400,\(height)", "--screenshot=\(png)"], profile: profile)
        let header = (try? Data(contentsOf: URL(fileURLWithPath: png)))?.prefix(8)
        #expect(header == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "a PNG screenshot at \(png)")

        var commandsDrawn = 0
        let screens = dom.components(separatedBy: "<section class=\"surface-screen\" data-state=\"").dropFirst()
        #expect(screens.map { String($0.prefix { $0 != "\"" }) } == states)
        for (state, screen) in zip(states, screens) {
            func count(_ needle: String) -> Int { screen.components(separatedBy: needle).count - 1 }
            var drawn = 0
            func items(_ list: [[String: Any]]) {
                for item in list {
                    switch item["type"] as? String {
                    case "command" where item["drawn"] as? Bool == true:
                        let title = escaped(item["title"] as? String ?? "")
                        let enabled = item["enabled"] as? Bool == true ? "enabled" : "disabled"
                        #expect(screen.contains("<li class=\"item \(enabled)\" data-action=\"\(escaped(item["action"] as? String ?? ""))\""), "\(state): \(title)")
                        #expect(screen.contains("<span class=\"title\">\(title)</span><span class=\"shortcut\">\(escaped(item["shortcut"] as? String ?? ""))</span>"), "\(state): \(title)")
                        drawn += 1
                    case "submenu": items(item["items"] as? [[String: Any]] ?? [])
                    default: break
                    }
                }
            }
            for menu in try #require(try json("menubar", scene, state: state)["menus"] as? [[String: Any]]) {
                #expect(screen.contains("<h2 class=\"menu-title\">\(escaped(menu["title"] as? String ?? ""))</h2>"), "\(state)")
                items(menu["items"] as? [[String: Any]] ?? [])
            }
            #expect(drawn > 70 && count("<li class=\"item ") == drawn, "\(state): exactly the items the JSON lists as drawn")
            var commands = 0
            for category in try #require(try json("overlay", scene, state: state)["categories"] as? [[String: Any]]) {
                #expect(screen.contains("<h2 class=\"category-title\">\(escaped(category["title"] as? String ?? ""))</h2>"), "\(state)")
                for section in category["sections"] as? [[String: Any]] ?? [] {
                    for command in section["commands"] as? [[String: Any]] ?? [] {
                        let title = escaped(command["title"] as? String ?? "")
                        #expect(screen.contains("<span class=\"title\">\(title)</span><span class=\"shortcut\">\(escaped(command["shortcut"] as? String ?? ""))</span>"), "\(state): \(title)")
                        commands += 1
                    }
                }
            }
            #expect(count("<li class=\"command") == commands, "\(state): exactly the overlay's commands")
            commandsDrawn += commands
        }
        #expect(commandsDrawn > 0, "an overlay with commands")
    }

    @Test(.enabled(if: chromium != nil, "chromium is not installed: run Scripts/install-oracles.sh, which installs it"))
    func theAnalysisPageDrawsTheMenuBarAndOverlayOfEveryScreenOfItsScene() throws {
        let directory = try TemporaryDirectory()
        let scene = "Tests/SurfacesFixtures/findings/disabled-on-every-screen.json"
        let trace = directory.path("posts.ktrace")
        let synth = try CLIRunner.run(["synth", "--events", "40", "--seed", "3", "--profile", "shortcuts", "--scene", scene, "-o", trace], in: repositoryRoot)
        #expect(synth.status == 0, "\(synth.stderr)")
        let page = directory.path("analysis.html")
        let analyze = try CLIRunner.run(["analyze", trace, "--format", "html", "--scene", scene, "-o", page], in: repositoryRoot)
        #expect(analyze.status == 0, "\(analyze.stderr)")
        try check(page: page, name: "analyze-menubar-overlay", scene: scene, states: ["initial", "sharing"], height: 9000, profile: directory.path("profile"))
    }

    @Test(.enabled(if: chromium != nil, "chromium is not installed: run Scripts/install-oracles.sh, which installs it"))
    func theImportReportPageDrawsTheMenuBarAndOverlayOfTheImportedScene() throws {
        let directory = try TemporaryDirectory()
        let scene = directory.path("notes.json")
        let page = directory.path("import.html")
        let imported = try CLIRunner.run(["scene", "import", "Tests/SceneImportFixtures/Notes", "--platform", "catalyst", "-o", scene,
                                          "--html", "--report", page], in: repositoryRoot)
        #expect(imported.status == 0, "\(imported.stderr)")
        try check(page: page, name: "scene-import-menubar-overlay", scene: scene, states: ["initial", "SettingsView"], height: 9000, profile: directory.path("profile"))
    }
}
