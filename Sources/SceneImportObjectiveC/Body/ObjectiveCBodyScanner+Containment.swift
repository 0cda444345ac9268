import SceneImportVocabulary

/// Containment a body shows: a controller put in a window, a navigation controller, a tab bar, a
/// split view's column, a parent, a presentation or a table's cells; the controllers an
/// initialiser is given; the members a container tells of their appearance.
extension ObjectiveCBodyScanner {
    /// Messages whose first argument is a child controller: the kind and the argument's label.
    private static let containmentSelectors: [String: (ObjectiveCContainment.Kind, String)] = [
        "addChildViewController:": (.child, "addChildViewController"),
        "pushViewController:animated:": (.pushed, "pushViewController"),
        "presentViewController:animated:completion:": (.presented, "presentViewController"),
        "showViewController:sender:": (.presented, "showViewController"),
        "showDetailViewController:sender:": (.presented, "showDetailViewController"),
        "setRootViewController:": (.windowRoot, "setRootViewController"),
    ]

    mutating func recordContainment(_ send: Send) {
        let parent = stream.text(send.receiverRange)
        switch send.selector {
        case "initWithRootViewController:":
            guard case .allocated(let className) = send.receiver else { return }
            if let child = send.value("initWithRootViewController"), let range = send.range("initWithRootViewController") {
                addContainment(.navigationRoot, parent: className, child: child, expression: stream.text(range), line: send.line)
            }
            return
        case "setViewControllers:", "setViewControllers:animated:":
            guard let value = send.value("setViewControllers"), let range = send.range("setViewControllers") else { return }
            let member: String? = if case .member(let name)? = slot(of: send.receiverRange) { name } else { nil }
            for item in value.items ?? [] {
                addContainment(.viewControllers, parent: parent, child: item.value, expression: stream.text(range), line: send.line,
                               extra: item.condition, parentMember: member)
            }
            return
        case "registerClass:forCellReuseIdentifier:", "registerClass:forCellWithReuseIdentifier:",
             "registerClass:forHeaderFooterViewReuseIdentifier:", "registerClass:forSupplementaryViewOfKind:withReuseIdentifier:":
            guard case .classReference(let className)? = send.value("registerClass"), let range = send.range("registerClass") else { return }
            addContainment(.cell, parent: parent, child: .object(className: className), expression: stream.text(range), line: send.line)
            return
        case "beginAppearanceTransition:animated:":
            if case .bool(false)? = send.value("beginAppearanceTransition") { return }
            if case .member(let member)? = slot(of: send.receiverRange) { body.appearanceForwards.append(member) }
            return
        case "setViewController:forColumn:":
            guard let child = send.value("setViewController"), let range = send.range("setViewController"),
                  let columnRange = send.range("forColumn"), let column = SplitViewColumn(written: stream.text(columnRange)) else { return }
            addContainment(column.isCompact ? .compactColumn : .column, parent: parent, child: child, expression: stream.text(range), line: send.line)
            return
        default:
            break
        }
        // `[[Container alloc] initWithMain:a side:b]`: the controllers an initialiser is given,
        // which the consumer matches against what the container's initialiser stores.
        if case .allocated(let className) = send.receiver, send.selector.hasPrefix("init") {
            for argument in send.arguments where !argument.label.isEmpty {
                guard let value = send.value(argument.label) else { continue }
                addContainment(.initializerArgument, parent: className, child: value, expression: stream.text(argument.range),
                               line: send.line, argument: argument.label)
            }
            return
        }
        guard let entry = Self.containmentSelectors[send.selector] else { return }
        let (kind, label) = entry
        guard let child = send.value(label), let range = send.range(label) else { return }
        addContainment(kind, parent: parent, child: child, expression: stream.text(range), line: send.line)
    }

    mutating func addContainment(
        _ kind: ObjectiveCContainment.Kind, parent: String, child: ObjectiveCValue, expression: String, line: Int,
        extra: Condition = .always, argument: String? = nil, parentMember: String? = nil
    ) {
        for branch in child.branches {
            let reference: ObjectiveCControllerReference
            switch branch.value {
            case .null: continue
            case .object(let className), .allocated(let className):
                reference = .init(className: className, propertyName: nil, expression: expression)
            case .member(let name):
                let declared = context.members[name].flatMap { ObjectiveCTypeName.objectClass(of: $0.type) }
                reference = .init(className: declared, propertyName: name, expression: expression)
            case .unknown(let text) where classMessageTexts[text] != nil:
                // `[Factory makeRoot]`, `[Main sharedInstance]`: what the class method returns.
                reference = .init(className: nil, propertyName: nil, expression: expression, classMethod: classMessageTexts[text])
            default:
                // An initialiser's other arguments (strings, numbers, blocks) are no controllers.
                if kind == .initializerArgument { continue }
                reference = .init(className: nil, propertyName: nil, expression: expression)
            }
            let conditions = recordedCondition.merging(extra).merging(branch.condition)
            body.containment.append(.init(kind: kind, parent: parent, parentMember: parentMember, child: reference, condition: conditions,
                                          line: line, argument: argument))
        }
    }
}
