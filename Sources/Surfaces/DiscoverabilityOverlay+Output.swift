import KeyTraceCore
import KeyTraceSupport

extension DiscoverabilityOverlay {
    /// The overlay as text: a heading line, then each category's title and its commands (title,
    /// shortcut aligned on the right in Mac notation), a submenu's section under its title. Each
    /// line ends with a newline.
    public var text: String {
        var lines = ["⌘-hold overlay of \(scene) on \(platform.displayName), first responder \(firstResponder)"]
        if categories.isEmpty {
            lines.append("")
            lines.append("(empty: no command of the chain or the main menu has a title and can be performed"
                + (firstResponder == "(none)" ? "; with no first responder only the key window, application and main menu count, R10)" : ")"))
        }
        for category in categories {
            lines.append("")
            lines.append(category.title)
            // A section's commands are indented under its title; the shortcuts of the whole
            // category line up.
            func indent(_ section: Section) -> Int { section.title == nil ? 2 : 4 }
            let titleWidth = category.sections.flatMap { section in section.commands.map { indent(section) + $0.title.count } }.max() ?? 0
            let shortcutWidth = category.sections.flatMap { $0.commands.map(\.shortcut.description.count) }.max() ?? 0
            for section in category.sections {
                if let title = section.title { lines.append("  \(title)") }
                for command in section.commands {
                    let shortcut = command.shortcut.description
                    let start = String(repeating: " ", count: indent(section)) + command.title
                    var line = start + String(repeating: " ", count: titleWidth - start.count + 2)
                        + String(repeating: " ", count: shortcutWidth - shortcut.count) + shortcut
                    if let effect = command.systemTakesKey { line += "  (never fires: the system takes it, \(effect))" }
                    lines.append(line)
                }
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// The overlay as one JSON object:
    ///
    /// ```
    /// {"scene", "platform", "firstResponder",
    ///  "categories": [{"title", "kind": "menu"|"responder", "id" (menu) | "responder" (path),
    ///                  "sections": [{"title" (null for the category's own), "commands": [
    ///                     {"title", "shortcut", "text", "action", "systemTakesKey"}]}]}]}
    /// ```
    public var json: String {
        var object = JSONObject()
        object.add("scene", scene)
        object.add("platform", platform.description)
        object.add("firstResponder", firstResponder)
        object.add("categories", objects: categories.map { category in
            var entry = JSONObject()
            entry.add("title", category.title)
            switch category.kind {
            case .menu(let identifier):
                entry.add("kind", "menu")
                entry.add("id", identifier)
            case .responder(let path):
                entry.add("kind", "responder")
                entry.add("responder", path)
            }
            entry.add("sections", objects: category.sections.map { section in
                var sectionObject = JSONObject()
                sectionObject.add("title", section.title)
                sectionObject.add("commands", objects: section.commands.map { command in
                    var commandObject = JSONObject()
                    commandObject.add("title", command.title)
                    commandObject.add("shortcut", command.shortcut.description)
                    commandObject.add("text", command.shortcut.textNotation)
                    commandObject.add("action", command.action.name)
                    commandObject.add("systemTakesKey", command.systemTakesKey)
                    return commandObject
                })
                return sectionObject
            })
            return entry
        })
        return object.text
    }

    /// The overlay as a self-contained HTML page drawn like iPadOS's: a dark rounded panel over
    /// the app with the categories in columns, each command's title on the left and its shortcut
    /// on the right.
    public var html: String {
        SurfacePage.page(
            title: "⌘-hold overlay — \(scene)", heading: "⌘-hold overlay of \(scene)",
            facts: "\(platform.displayName) · first responder \(firstResponder)", style: DiscoverabilityOverlay.style, body: htmlBody)
    }

    /// The drawing alone, for a page of its own (``html``) or another's (``SceneSurfaces``).
    var htmlBody: String {
        var body = "<div class=\"screen\"><div class=\"overlay\" role=\"dialog\" aria-label=\"keyboard shortcuts\">\n"
        if categories.isEmpty {
            body += "<p class=\"empty\">No command to show</p>\n"
        }
        for category in categories {
            let kind: String
            let name: String
            switch category.kind {
            case .menu(let identifier): (kind, name) = ("menu", identifier)
            case .responder(let path): (kind, name) = ("responder", path)
            }
            body += "<section class=\"category\" data-kind=\"\(kind)\" data-name=\"\(SurfacePage.escape(name))\">"
            body += "<h2 class=\"category-title\">\(SurfacePage.escape(category.title))</h2>"
            for section in category.sections {
                if let title = section.title { body += "<h3 class=\"section-title\">\(SurfacePage.escape(title))</h3>" }
                body += "<ul class=\"commands\">"
                for command in section.commands {
                    let why = command.systemTakesKey.map { " title=\"never fires: the system takes it (\(SurfacePage.escape($0)))\"" } ?? ""
                    body += "<li class=\"command\(command.systemTakesKey == nil ? "" : " taken")\" data-action=\"\(SurfacePage.escape(command.action.name))\"\(why)>"
                    body += "<span class=\"title\">\(SurfacePage.escape(command.title))</span>"
                    body += "<span class=\"shortcut\">\(SurfacePage.escape(command.shortcut.description))</span></li>"
                }
                body += "</ul>"
            }
            body += "</section>\n"
        }
        body += "</div></div>\n"
        return body
    }

    static let style = """
        div.screen { margin: 8px 24px 24px; padding: 40px 24px; border-radius: 18px; background: linear-gradient(135deg, #9fb3c8, #c9d6e3); }
        div.overlay { margin: 0 auto; max-width: 980px; column-width: 280px; column-gap: 28px; padding: 20px 24px;
          background: rgba(28, 28, 30, 0.86); color: #f2f2f7; border-radius: 16px; box-shadow: 0 12px 40px rgba(0, 0, 0, 0.35); }
        section.category { break-inside: avoid; margin: 0 0 16px; }
        h2.category-title { font-size: 15px; margin: 0 0 6px; color: #fff; }
        h3.section-title { font-size: 12px; font-weight: 600; margin: 8px 0 2px; color: #aeaeb2; text-transform: none; }
        ul.commands { list-style: none; margin: 0; padding: 0; }
        li.command { display: flex; justify-content: space-between; gap: 16px; padding: 2px 0; }
        li.command.taken { color: #8e8e93; text-decoration: line-through; }
        li.command span.shortcut { color: #d1d1d6; letter-spacing: 0.5px; white-space: nowrap; }
        p.empty { color: #aeaeb2; margin: 0; }
        """
}
