import KeyTraceCore
import ResponderEngine

extension SceneRuntime {
    /// The inspectable state of the scene as sorted `key = value` pairs: named state values,
    /// the first responder, and each component's state (`…/list.selectedRow`, `…/tabs.selectedTab`,
    /// `…/search.text`, `…/document.zoom`, …). Replays compare it to detect divergence.
    public func snapshot() -> [(key: String, value: String)] {
        var pairs: [(String, String)] = []
        for (name, value) in state { pairs.append(("state.\(name)", String(value))) }
        pairs.append(("firstResponder", application.firstResponder?.path ?? "(none)"))
        for responder in allResponders {
            let path = responder.path
            switch responder {
            case let table as TableView:
                pairs.append(("\(path).rows", String(table.rows.count)))
                pairs.append(("\(path).selectedRow", table.selectedRow.map(String.init) ?? "none"))
                pairs.append(("\(path).selection", table.selection.map(String.init).joined(separator: ",")))
                pairs.append(("\(path).activations", String(table.activationCount)))
            case let scroll as ScrollView:
                pairs.append(("\(path).offset", String(scroll.offset)))
                pairs.append(("\(path).horizontalOffset", String(scroll.horizontalOffset)))
                pairs.append(("\(path).zoom", String(scroll.zoom)))
                pairs.append(("\(path).refreshes", String(scroll.refreshCount)))
            case let tabs as TabBarController:
                pairs.append(("\(path).selectedTab", String(tabs.selectedIndex)))
            case let navigation as NavigationController:
                pairs.append(("\(path).stack", navigation.stack.joined(separator: ",")))
            case let text as TextInputView:
                pairs.append(("\(path).text", text.text))
                pairs.append(("\(path).caret", String(text.caret)))
                pairs.append(("\(path).selection", "\(text.selection.lowerBound)..<\(text.selection.upperBound)"))
                if text.style == .field { pairs.append(("\(path).returns", String(text.returnCount))) }
            case let canvas as CanvasView:
                pairs.append(("\(path).position", "\(canvas.x),\(canvas.y)"))
                pairs.append(("\(path).moving", canvas.moving.map(\.name).joined(separator: ",")))
                pairs.append(("\(path).selectedMoves", String(canvas.selectedMoves)))
            case let window as SceneWindow:
                pairs.append(("\(path).presented", window.presentedModal ?? "none"))
            default:
                break
            }
        }
        pairs.append(("pasteboard", application.pasteboard))
        return pairs.sorted { $0.0 < $1.0 }.map { (key: $0.0, value: $0.1) }
    }

    /// ``snapshot()`` as text, one `key = value` a line.
    public var snapshotText: String {
        snapshot().map { "\($0.key) = \($0.value)" }.joined(separator: "\n")
    }
}
