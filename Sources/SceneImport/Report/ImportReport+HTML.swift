import KeyTraceSupport
import Scenes
import Surfaces

extension ImportResult {
    /// The report as a self-contained HTML page (`keytrace scene import --html`): what the text
    /// report says, as tables, then the Mac menu bar and the iPad ⌘-hold overlay of the imported
    /// scene's key screens (``SceneSurfaces``) — the app's commands as people see them. A scene
    /// that does not load is drawn as nothing, and the page says why.
    public var html: String {
        let surfaces: Result<SceneSurfaces, SceneError> = Result { () throws(SceneError) -> SceneSurfaces in
            let runtime = try SceneRuntime(definition: try SceneDefinition(json: scene, file: "imported scene"), file: "imported scene")
            return try SceneSurfaces(runtime: runtime)
        }
        return report.html(surfaces: surfaces)
    }
}

extension ImportReport {
    /// The page of ``ImportResult/html``, with `surfaces` drawn at its end.
    func html(surfaces: Result<SceneSurfaces, SceneError>) -> String {
        func escape(_ text: String) -> String { HTMLText.escape(text) }
        func place(_ file: String?, _ line: Int?) -> String { file.map { $0.isEmpty ? "" : "\($0):\(line ?? 0)" } ?? "" }
        func table(_ headers: [String], _ rows: [[String]]) -> String {
            var out = "<table><thead><tr>" + headers.map { "<th>\(escape($0))</th>" }.joined() + "</tr></thead><tbody>\n"
            for row in rows { out += "<tr>" + row.map { "<td>\(escape($0))</td>" }.joined() + "</tr>\n" }
            return out + "</tbody></table>\n"
        }
        var body = "<main class=\"report\">\n"
        for line in keyWindowLines where !line.isEmpty { body += "<p class=\"note\">\(escape(line))</p>\n" }
        let objectiveC = objectiveCFiles == 0 ? "" : " and \(objectiveCFiles) Objective-C files"
        body += "<p class=\"note\">Read \(files) Swift files\(objectiveC), \(lines + objectiveCLines) lines: \(commands.count) key commands ("
            + escape(countsByMechanism.map { "\($0.mechanism.rawValue) \($0.count)" }.joined(separator: ", ")) + ").</p>\n"
        if let sceneError { body += "<p class=\"warning\">The generated scene does not load: \(escape(sceneError))</p>\n" }
        if !findings.isEmpty {
            body += "<h2>Findings (\(findings.count))</h2>\n"
            let ordered = Finding.Kind.allCases.flatMap { kind in findings.filter { $0.kind == kind } }
            body += table(["finding", "where", "what to do"], ordered.map { [$0.kind.rawValue, place($0.file, $0.line), $0.message] })
        }
        if !unresolved.isEmpty {
            body += "<h2>Not in the scene (\(unresolved.count))</h2>\n"
            body += table(["where", "declared in", "shortcut", "action", "reason"], unresolved.map { entry in
                [place(entry.command.file, entry.command.line), entry.command.declaredIn, entry.command.displayShortcut,
                 entry.command.action ?? "?", entry.reason]
            })
        }
        for (title, entries) in [("Not placed: declared, but not reachable in the scene", unplaced),
                                 ("Windows shown only under a condition, never key", conditionalWindows)] where !entries.isEmpty {
            body += "<h2>\(escape(title)) (\(entries.count))</h2>\n"
            body += table(["where", "type", "holding", "reason"], entries.map { [place($0.file, $0.line), $0.type, $0.contains.joined(separator: ", "), $0.reason] })
        }
        body += "<h2>Commands (\(commands.count))</h2>\n"
        body += table(["where", "declared in", "mechanism", "shortcut", "action", "title", "condition"], commands.map { command in
            [place(command.file, command.line), command.declaredIn, command.mechanism.rawValue, command.displayShortcut,
             command.action ?? "(SwiftUI)", command.title ?? "", command.condition?.text ?? ""]
        })
        body += "<h2>The menu bar and the overlay</h2>\n"
        switch surfaces {
        case .success(let drawn): body += drawn.htmlSection
        case .failure(let error): body += "<p class=\"warning\">Not drawn: the generated scene does not load (\(escape(String(describing: error)))).</p>\n"
        }
        body += "</main>\n"
        return SurfacePage.page(
            title: "Scene import — \(sceneName)", heading: "Scene import of \(sceneName)",
            facts: "\(commands.count) key commands · \(findings.count) findings · schema of the same data: \(ImportReport.schemaName) (--json)",
            style: Self.style + "\n" + SceneSurfaces.style, body: body)
    }

    private static let style = """
        main.report { padding: 0 24px 24px; }
        main.report > h2 { font-size: 17px; margin: 24px 0 8px; border-bottom: 1px solid #ccc; padding-bottom: 4px; }
        table { border-collapse: collapse; margin: 8px 0; background: #fff; }
        th, td { padding: 3px 10px; border-bottom: 1px solid #eee; text-align: left; vertical-align: top; }
        th { background: #f5f5f7; font-weight: 600; }
        p.warning { color: #9a5b00; margin: 4px 0; }
        """
}
