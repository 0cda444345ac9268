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
            put(value, in: send.receiver, expression: stream.text(range))
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
            if !column.isCompact { put(child, in: send.receiver, expression: stream.text(range)) }
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
        if kind == .pushed { put(child, in: send.receiver, expression: stream.text(range)) }
        addContainment(kind, parent: parent, child: child, expression: stream.text(range), line: send.line)
    }

    mutating func addContainment(
        _ kind: ObjectiveCContainment.Kind, parent: String, child: ObjectiveCValue, expression: String, line: Int,
        extra: Condition = .always, argument: String? = nil, parentMember: String? = nil
    ) {
        for branch in child.branches {
            if case .null = branch.value { continue }
            // An initialiser's other arguments (strings, numbers, blocks) are no controllers.
            guard let reference = reference(to: branch.value, expression: expression, knownOnly: kind == .initializerArgument),
                  kind != .initializerArgument || reference.instanceMethod == nil else { continue }
            let conditions = recordedCondition.merging(extra).merging(branch.condition)
            body.containment.append(.init(kind: kind, parent: parent, parentMember: parentMember, child: reference, condition: conditions,
                                          line: line, argument: argument))
        }
    }

    /// What the source says about the controller `value` is; `nil` for `nil`, and, when
    /// `knownOnly`, for a value that names no class, container, member or method.
    func reference(to value: ObjectiveCValue, expression: String, knownOnly: Bool = false) -> ObjectiveCControllerReference? {
        switch value {
        case .null:
            return nil
        case .object(let className), .allocated(let className):
            return .init(className: className, propertyName: nil, expression: expression)
        case .container(let index) where body.containers.indices.contains(index):
            return .init(className: body.containers[index].className, propertyName: nil, expression: expression, container: index)
        case .member(let name):
            let declared = context.members[name].flatMap { ObjectiveCTypeName.objectClass(of: $0.type) }
            return .init(className: declared, propertyName: name, expression: expression)
        case .unknown(let text) where classMessageTexts[text] != nil:
            // `[Factory makeRoot]`, `[Main sharedInstance]`: what the class method returns.
            return .init(className: nil, propertyName: nil, expression: expression, classMethod: classMessageTexts[text])
        case .unknown(let text) where instanceMessageTexts[text] != nil:
            return .init(className: nil, propertyName: nil, expression: expression, instanceMethod: instanceMessageTexts[text])
        case .selfCall(let selector):
            // `[self rootController]`: what the class's own method returns.
            return .init(className: nil, propertyName: nil, expression: expression, instanceMethod: .init(selector: selector))
        default:
            return knownOnly ? nil : .init(className: nil, propertyName: nil, expression: expression)
        }
    }

    // MARK: Containers the method makes

    /// The most controllers one container gathers: a loop that keeps pushing stops adding.
    private static let containerCapacity = 32

    /// Makes one of UIKit's containers (``ObjectiveCContainer``), holding the root an
    /// `initWithRootViewController:` message gives it.
    mutating func makeContainer(_ className: String, send: Send?) -> ObjectiveCValue {
        body.containers.append(ObjectiveCContainer(className: className))
        let index = body.containers.count - 1
        if let send, let root = send.value("initWithRootViewController"), let range = send.range("initWithRootViewController") {
            put(root, in: .container(index), expression: stream.text(range))
        }
        return .container(index)
    }

    /// Puts the controllers `value` holds (one, an array's elements) in `container` when it is
    /// a container the method makes: what `setViewControllers:`, `.viewControllers = @[…]`,
    /// `pushViewController:animated:` and `setViewController:forColumn:` give it.
    mutating func put(_ value: ObjectiveCValue, in container: ObjectiveCValue, expression: String) {
        guard case .container(let index) = container, body.containers.indices.contains(index) else { return }
        for item in value.items ?? [.init(value: value, condition: .always)] {
            for branch in item.value.branches where body.containers[index].children.count < Self.containerCapacity {
                if case .container(index) = branch.value { continue }
                if let reference = reference(to: branch.value, expression: expression) {
                    body.containers[index].children.append(reference)
                }
            }
        }
    }

    // MARK: Returned controllers

    /// Remembers the instance method a message to an object whose class the source fixes, or to
    /// what a class method returns, runs, for a controller it may return
    /// (``instanceMessageTexts``).
    mutating func rememberInstanceMessage(_ send: Send) {
        switch send.receiver {
        case .object(let className):
            instanceMessageTexts[send.text] = .init(receiverClass: className, selector: send.selector)
        case .unknown(let text) where classMessageTexts[text] != nil:
            let factory = classMessageTexts[text].map { ObjectiveCControllerReference.ClassMethod(className: $0.className, selector: $0.selector) }
            instanceMessageTexts[send.text] = .init(receiverFactory: factory, selector: send.selector)
        default:
            break
        }
    }

    /// Records what a method that returns an object returns, as controller references
    /// (``ObjectiveCMethodBody/returnedControllers``); a method returning collections, strings
    /// or commands returns no controller.
    mutating func finishReturnedControllers() {
        guard let method = context.method else { return }
        let type = method.returnType
        guard type.contains("*") || type == "id" || type == "instancetype",
              !["NSArray", "NSMutableArray", "NSString", "NSDictionary", "UIKeyCommand", "UIMenu", "NSNumber"].contains(where: type.contains)
        else { return }
        for site in returns {
            for branch in site.value.branches {
                if let found = reference(to: branch.value, expression: "", knownOnly: true), !body.returnedControllers.contains(found) {
                    body.returnedControllers.append(found)
                }
            }
        }
    }
}
