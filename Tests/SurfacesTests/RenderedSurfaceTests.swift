import CLITestSupport
import Foundation
import Testing

/// The menu bar and overlay pages rendered by headless Chromium (`Scripts/render-report.sh`'s
/// browser, installed by `Scripts/install-oracles.sh`): the DOM the browser built must show every
/// menu and drawn item the JSON of the same command lists, and a screenshot must come out.
@Suite struct RenderedSurfaceTests {
    /// Chromium on the PATH, if installed.
    static let chromium: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").flatMap { ["\($0)/chromium", "\($0)/chromium-browser"] }
            .first(where: FileManager.default.isExecutableFile(atPath:))
    }()

    /// Runs Chromium headless on `page` with `arguments`; returns its standard output.
    func browse(_ page: String, _ arguments: [String], profile: String) throws -> String {
        let browser = try #require(Self.chromium)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(profile)"]
            + arguments + ["file://\(page)"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }

    /// Writes the `command` page of `scene` and its JSON; returns the DOM Chromium built from the
    /// page, the JSON object, and whether a screenshot of the page was written.
    private func render(_ command: String, _ scene: String) throws -> (dom: String, json: [String: Any], screenshot: Bool) {
        let directory = try TemporaryDirectory()
        let page = directory.path("\(command).html")
        let html = try CLIRunner.run(["scene", command, scene, "--html", page], in: repositoryRoot)
        #expect(html.status == 0, "\(html.stderr)")
        let json = try CLIRunner.run(["scene", command, scene, "--json"], in: repositoryRoot)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let dom = try browse(page, ["--dump-dom"], profile: directory.path("profile"))
        let png = directory.path("\(command).png")
        _ = try browse(page, ["--window-size=1400,1800", "--screenshot=\(png)"], profile: directory.path("profile"))
        let screenshot = (try? Data(contentsOf: URL(fileURLWithPath: png)))?.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        return (dom, object, screenshot)
    }

    /// `text` as the page writes it into an element.
    func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    @Test(.enabled(if: chromium != nil, "chromium is not installed: run Scripts/install-oracles.sh, which installs it"))
    func theMenuBarPageShowsEveryMenuAndItemItsJSONLists() throws {
        let (dom, json, screenshot) = try render("menubar", "Tests/SurfacesFixtures/custom-after-view.json")
        #expect(screenshot)
        let menus = try #require(json["menus"] as? [[String: Any]])
        #expect(menus.count == 9)
        var drawn = 0
        func check(_ items: [[String: Any]]) {
            for item in items {
                switch item["type"] as? String {
                case "command" where item["drawn"] as? Bool == true:
                    let title = escaped(item["title"] as? String ?? "")
                    let state = item["enabled"] as? Bool == true ? "enabled" : "disabled"
                    let action = escaped(item["action"] as? String ?? "")
                    #expect(dom.contains("<li class=\"item \(state)\" data-action=\"\(action)\""), "\(title)")
                    #expect(dom.contains("<span class=\"title\">\(title)</span><span class=\"shortcut\">\(escaped(item["shortcut"] as? String ?? ""))</span>"), "\(title)")
                    drawn += 1
                case "submenu":
                    #expect(dom.contains("<span class=\"title\">\(escaped(item["title"] as? String ?? ""))</span><span class=\"chevron\">"))
                    check(item["items"] as? [[String: Any]] ?? [])
                default: break
                }
            }
        }
        for menu in menus {
            let title = escaped(menu["title"] as? String ?? "")
            #expect(dom.contains("<h2 class=\"menu-title\">\(title)</h2>"), "\(title)")
            #expect(dom.contains(">\(title)</span>"), "the bar shows \(title)")
            check(menu["items"] as? [[String: Any]] ?? [])
        }
        #expect(drawn > 70, "the standard menus alone draw more than 70 items")
        func count(_ needle: String) -> Int { dom.components(separatedBy: needle).count - 1 }
        #expect(count("<li class=\"item ") == drawn, "the page draws exactly the items the JSON lists as drawn")
    }

    @Test(.enabled(if: chromium != nil, "chromium is not installed: run Scripts/install-oracles.sh, which installs it"))
    func theOverlayPageShowsEveryCategoryAndCommandItsJSONLists() throws {
        let (dom, json, screenshot) = try render("overlay", "Tests/SurfacesFixtures/keycommands-only.json")
        #expect(screenshot)
        let categories = try #require(json["categories"] as? [[String: Any]])
        var commands = 0
        for category in categories {
            #expect(dom.contains("<h2 class=\"category-title\">\(escaped(category["title"] as? String ?? ""))</h2>"))
            for section in category["sections"] as? [[String: Any]] ?? [] {
                if let title = section["title"] as? String { #expect(dom.contains("<h3 class=\"section-title\">\(escaped(title))</h3>")) }
                for command in section["commands"] as? [[String: Any]] ?? [] {
                    let title = escaped(command["title"] as? String ?? "")
                    let shortcut = escaped(command["shortcut"] as? String ?? "")
                    #expect(dom.contains("<span class=\"title\">\(title)</span><span class=\"shortcut\">\(shortcut)</span>"), "\(title)")
                    commands += 1
                }
            }
        }
        #expect(categories.count == 4 && commands == 6)
        #expect(dom.components(separatedBy: "<li class=\"command").count - 1 == commands)
    }
}
