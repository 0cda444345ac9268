import KeyTraceCore

extension MenuBar {
    /// The menu bar as text: a heading line, then each menu with its items one per line, indented
    /// by submenu depth: checkmark, title, key equivalent (aligned, Mac notation), `enabled` or
    /// `disabled`, and why (R14), with what the key does instead when another command or the
    /// system takes it (R12, R24). Items that are not drawn (untitled or hidden) are listed with
    /// a note, since their keys still fire. Each line ends with a newline.
    public var text: String {
        var lines = ["Menu bar of \(scene) on \(platform.displayName), first responder \(firstResponder)"]
        if firstResponder == "(none)" {
            lines.append("(with no first responder the target search starts at the key window, R10)")
        }
        for menu in menus {
            lines.append("")
            lines.append(menu.title)
            var rows: [Row] = []
            MenuBar.appendRows(of: menu.items, depth: 1, to: &rows)
            let titleWidth = rows.map { $0.title.count }.max() ?? 0
            let shortcutWidth = rows.map { $0.shortcut.count }.max() ?? 0
            for row in rows {
                guard !row.state.isEmpty else {
                    lines.append(row.title)
                    continue
                }
                let title = row.title + String(repeating: " ", count: titleWidth - row.title.count)
                let shortcut = String(repeating: " ", count: shortcutWidth - row.shortcut.count) + row.shortcut
                lines.append("\(title)  \(shortcut)  \(row.state)  \(row.detail)")
            }
        }
        if !sharedShortcuts.isEmpty {
            lines.append("")
            lines.append("Key equivalents shown by more than one item:")
            for shared in sharedShortcuts {
                lines.append("  \(shared.shortcut)  \(shared.places.joined(separator: ", "))")
            }
        }
        return lines.map { line in
            var line = line
            while line.last == " " { line.removeLast() }
            return line + "\n"
        }.joined()
    }

    /// One line of a menu: the indented title (with its checkmark), the key equivalent, the
    /// state word and the explanation; separators and submenu titles have no state.
    private struct Row {
        var title: String
        var shortcut = ""
        var state = ""
        var detail = ""
    }

    private static func appendRows(of items: [MenuBarItem], depth: Int, to rows: inout [Row]) {
        let indent = String(repeating: "  ", count: depth)
        for item in items {
            switch item {
            case .separator: rows.append(Row(title: indent + "  ────"))
            case .searchField: rows.append(Row(title: indent + "  [Search]"))
            case .submenu(let submenu):
                rows.append(Row(title: indent + "  " + submenu.title + " ▸"))
                appendRows(of: submenu.items, depth: depth + 1, to: &rows)
            case .command(let command):
                let mark: String
                switch command.state {
                case .on: mark = "✓ "
                case .mixed: mark = "– "
                case .off: mark = "  "
                }
                var title = command.title
                if !command.isDrawn {
                    title = "(not drawn: \(command.title.isEmpty ? "no title" : "hidden")) \(command.title)"
                }
                var detail = [command.reason]
                if let instead = command.keyFiresInstead { detail.append("the key fires \(instead) instead (R12)") }
                if let effect = command.systemTakesKey { detail.append("the key never reaches the app: the system takes it (\(effect), R24)") }
                for alternate in command.alternates {
                    detail.append("with \(alternate.shortcut): \(alternate.title) [\(alternate.action.name)]")
                }
                rows.append(Row(title: indent + mark + title, shortcut: command.shortcut?.description ?? "",
                                state: command.isEnabled ? "enabled " : "disabled", detail: detail.joined(separator: "; ")))
            }
        }
    }
}
