import KeyTraceCore

extension MenuBar {
    /// The menu bar as a self-contained HTML page drawn like macOS's: the bar with the app's name
    /// in bold and the menu titles, then every menu open beneath it, side by side, with its items
    /// (title, key equivalent on the right, disabled items grey, checkmarks, separators, submenus
    /// open inline). Each item's element carries its action (`data-action`), origin
    /// (`data-origin`) and the reason it is enabled or not (`title`, shown on hover). Items that
    /// are not drawn (untitled, hidden) are left out, as on the Mac.
    public var html: String {
        SurfacePage.page(
            title: "Menu bar — \(scene)", heading: "Menu bar of \(scene)",
            facts: "\(platform.displayName) · first responder \(firstResponder) · grey items are disabled for it; hover an item for why",
            style: MenuBar.style, body: htmlBody)
    }

    /// The drawing alone, for a page of its own (``html``) or another's (``SceneSurfaces``): the
    /// bar, the menus, and the key equivalents two items show.
    var htmlBody: String {
        var body = "<nav class=\"menubar\" aria-label=\"menu bar\">"
        for (index, menu) in menus.enumerated() {
            body += "<span class=\"bar-title\(index == 0 && menu.identifier == "application" ? " app" : "")\">\(SurfacePage.escape(menu.title))</span>"
        }
        body += "</nav>\n<div class=\"menus\">\n"
        for menu in menus {
            body += "<section class=\"menu\" data-menu=\"\(SurfacePage.escape(menu.identifier))\">"
            body += "<h2 class=\"menu-title\">\(SurfacePage.escape(menu.title))</h2>\n"
            body += MenuBar.html(items: menu.items) + "</section>\n"
        }
        body += "</div>\n"
        if !sharedShortcuts.isEmpty {
            body += "<section class=\"shared\"><h2>Key equivalents shown by more than one item</h2><ul>"
            for shared in sharedShortcuts {
                body += "<li><kbd>\(SurfacePage.escape(shared.shortcut.description))</kbd> \(SurfacePage.escape(shared.places.joined(separator: ", ")))</li>"
            }
            body += "</ul></section>\n"
        }
        return body
    }

    private static func html(items: [MenuBarItem]) -> String {
        var out = "<ul class=\"items\">"
        for item in items {
            switch item {
            case .separator: out += "<li class=\"separator\" role=\"separator\"></li>"
            case .searchField: out += "<li class=\"search\"><span class=\"search-field\">Search</span></li>"
            case .submenu(let submenu):
                out += "<li class=\"submenu\" data-menu=\"\(SurfacePage.escape(submenu.identifier))\">"
                out += "<div class=\"row\"><span class=\"check\"></span><span class=\"title\">\(SurfacePage.escape(submenu.title))</span>"
                out += "<span class=\"chevron\">▸</span></div>" + html(items: submenu.items) + "</li>"
            case .command(let command) where command.isDrawn:
                var why = command.reason
                if let instead = command.keyFiresInstead { why += "; the key fires \(instead) instead (R12)" }
                if let effect = command.systemTakesKey { why += "; the system takes the key (\(effect), R24)" }
                let check: String
                switch command.state {
                case .on: check = "✓"
                case .mixed: check = "–"
                case .off: check = ""
                }
                out += "<li class=\"item \(command.isEnabled ? "enabled" : "disabled")\" data-action=\"\(SurfacePage.escape(command.action.name))\""
                out += " data-origin=\"\(command.origin.rawValue)\" title=\"\(SurfacePage.escape(why))\"><div class=\"row\">"
                out += "<span class=\"check\">\(check)</span><span class=\"title\">\(SurfacePage.escape(command.title))</span>"
                out += "<span class=\"shortcut\">\(SurfacePage.escape(command.shortcut?.description ?? ""))</span></div></li>"
            case .command: break
            }
        }
        return out + "</ul>"
    }

    static let style = """
        nav.menubar { display: flex; gap: 2px; align-items: center; height: 26px; padding: 0 12px;
          background: rgba(246, 246, 248, 0.92); border-bottom: 1px solid #c8c8cc; font-size: 13.5px; }
        nav.menubar .bar-title { padding: 2px 9px; border-radius: 4px; white-space: nowrap; }
        nav.menubar .bar-title.app { font-weight: 700; }
        div.menus { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; padding: 16px 24px 24px; }
        section.menu h2.menu-title { font-size: 13.5px; font-weight: 600; margin: 0 0 4px 8px; }
        section.menu > ul.items { background: rgba(250, 250, 252, 0.97); border: 1px solid #c4c4c8; border-radius: 8px;
          box-shadow: 0 8px 24px rgba(0, 0, 0, 0.18); padding: 5px; min-width: 220px; }
        ul.items { list-style: none; margin: 0; padding: 0; }
        li.submenu > ul.items { margin: 2px 0 4px 14px; padding-left: 6px; border-left: 2px solid #dcdce0; }
        div.row { display: flex; align-items: baseline; padding: 2px 8px; border-radius: 5px; white-space: nowrap; }
        li.item.enabled > div.row:hover { background: #2f7bf6; color: #fff; }
        li.item.disabled { color: #a3a3a8; }
        span.check { width: 16px; flex: none; }
        span.title { flex: 1; padding-right: 28px; }
        span.shortcut { color: inherit; opacity: 0.75; font-feature-settings: "tnum"; letter-spacing: 0.5px; }
        span.chevron { opacity: 0.6; }
        li.separator { height: 1px; background: #d8d8dc; margin: 5px 8px; }
        li.search { padding: 3px 6px 5px; }
        span.search-field { display: block; border: 1px solid #c4c4c8; border-radius: 6px; padding: 2px 8px; color: #8e8e93; background: #fff; }
        section.shared { padding: 0 24px 24px; } section.shared h2 { font-size: 15px; }
        kbd { font: inherit; background: #fff; border: 1px solid #ccc; border-radius: 4px; padding: 0 4px; }
        """
}
