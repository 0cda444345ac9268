import SceneImportVocabulary

/// The main menu a `buildMenuWithBuilder:` builds: `UIMenu` and key-less `UICommand` elements
/// (``ObjectiveCMethodBody/MenuElement``) and the builder's messages
/// (``ObjectiveCMethodBody/MenuChange``), recorded in the order the body sends them.
extension ObjectiveCBodyScanner {
    /// The builder's selectors that change the main menu.
    static let builderSelectors: Set<String> = [
        "insertChildMenu:atStartOfMenuForIdentifier:", "insertChildMenu:atEndOfMenuForIdentifier:",
        "insertSiblingMenu:beforeMenuForIdentifier:", "insertSiblingMenu:afterMenuForIdentifier:",
        "replaceMenuForIdentifier:withMenu:", "removeMenuForIdentifier:", "replaceChildrenOfMenuForIdentifier:fromChildrenBlock:",
    ]

    /// `[UIMenu menuWithTitle:…children:]` or `[UICommand commandWithTitle:image:action:propertyList:]`
    /// as a menu element; `nil` for any other class message.
    mutating func menuElement(className: String, send: Send) -> ObjectiveCValue? {
        if className == "UIMenu", send.selector.hasPrefix("menuWithTitle:") || send.selector.hasPrefix("menuWithChildren:") {
            var identifier: String?
            switch send.value("identifier") {
            case .string(let text)?: identifier = text
            case .null?, nil: identifier = nil
            default: identifier = send.range("identifier").map { stream.text($0) }
            }
            let options = send.range("options").map { stream.text($0) } ?? ""
            let element = ObjectiveCMethodBody.MenuElement.menu(
                title: send.value("menuWithTitle").flatMap(Self.text), identifier: identifier,
                isInline: options.contains("DisplayInline"), children: menuChildren(send.value("children") ?? .null))
            body.menuElements.append(element)
            return .menuElement(body.menuElements.count - 1)
        }
        if className == "UICommand", send.selector.hasPrefix("commandWithTitle:"), !Self.isKeyCommandFactory(send.selector),
           case .selector(let action)? = send.value("action") {
            body.menuElements.append(.item(title: send.value("commandWithTitle").flatMap(Self.text), action: action, line: send.line))
            return .menuElement(body.menuElements.count - 1)
        }
        return nil
    }

    /// Records a builder message that changes the main menu; `false` for any other message.
    mutating func recordMenuChange(_ send: Send) -> Bool {
        guard Self.builderSelectors.contains(send.selector) else { return false }
        guard let label = send.arguments.first(where: { $0.label.hasSuffix("ForIdentifier") })?.label else { return false }
        let target: String
        switch send.value(label) {
        case .string(let text)?: target = text
        default: target = send.range(label).map { stream.text($0) } ?? ""
        }
        let menu = send.value("insertChildMenu") ?? send.value("insertSiblingMenu") ?? send.value("withMenu") ?? .null
        body.menuChanges.append(.init(selector: send.selector, target: target, elements: menuChildren(menu),
                                      condition: recordedCondition, line: send.line))
        return true
    }

    /// The commands and menu elements among `value`'s elements, each under its conditions.
    private func menuChildren(_ value: ObjectiveCValue) -> [ObjectiveCMethodBody.MenuChild] {
        Self.elements(of: value).flatMap { item in
            item.value.branches.compactMap { branch -> ObjectiveCMethodBody.MenuChild? in
                let conditions = item.condition.merging(branch.condition)
                switch branch.value {
                case .command(let index): return .init(command: index, condition: conditions)
                case .menuElement(let index): return .init(element: index, condition: conditions)
                default: return nil
                }
            }
        }
    }

    private static func text(_ value: ObjectiveCValue) -> String? {
        if case .string(let text) = value { return text }
        return nil
    }
}
