import KeyTraceCore
import ResponderEngine

extension SceneRuntime {
    /// Builds the live responder for `node` and its subtree.
    func build(_ node: NodeDefinition) throws(SceneError) -> Responder {
        let responder: Responder
        switch node.kind {
        case .window:
            let window = SceneWindow(name: node.name)
            window.hasSettings = controllerDefinitionNamed("settings") != nil
            window.dismissesModals = node.dismissesModals
            window.showSettings = { [unowned self, unowned window] in self.run([.present("settings")], from: window) }
            if let root = node.children.first, let controller = try build(root) as? ViewController {
                window.rootViewController = controller
            }
            responder = window
        case .viewController, .tabBarController, .navigationController:
            let controller: ViewController
            switch node.kind {
            case .tabBarController:
                let tabs = TabBarController(name: node.name)
                tabs.didSelect = { [unowned self, unowned tabs] tab in
                    self.showFocus(in: tab)
                    self.dispatcher?.noteChainChange(.tab, from: nil, to: tabs.selectedChild)
                }
                controller = tabs
            case .navigationController:
                let navigation = NavigationController(name: node.name)
                navigation.didShow = { [unowned self] top in
                    self.showFocus(in: top)
                    self.dispatcher?.noteChainChange(.navigation, from: nil, to: top)
                }
                controller = navigation
            default:
                controller = ViewController(name: node.name)
            }
            controller.title = node.title
            if controllerNodes.count >= Self.pathsRemembered { controllerNodes.removeAll(keepingCapacity: true) }
            controllerNodes[ObjectIdentifier(controller)] = node
            for child in node.children {
                guard let built = try build(child) as? ViewController else { continue }
                controller.addChild(built)
                if let navigation = controller as? NavigationController {
                    navigation.barButtons[ObjectIdentifier(built)] = child.barButtons.map(\.command)
                }
            }
            for view in node.views {
                if let built = try build(view) as? View { controller.view.addSubview(built) }
            }
            (controller as? TabBarController)?.show(node.selectedTab)
            responder = controller
        case .view, .responder:
            let view = node.kind == .responder ? SceneResponder(name: node.name) : View(name: node.name)
            view.acceptsFirstResponder = node.kind == .responder
            responder = view
        case .textField, .textView:
            let text = TextInputView(name: node.name, style: node.kind == .textView ? .view : .field, text: node.text)
            let effects = node.onActivate
            if !effects.isEmpty { text.onReturn = { [unowned self, unowned text] in self.run(effects, from: text) } }
            responder = text
        case .table:
            let table = TableView(name: node.name, rows: node.rows, allowsMultipleSelection: node.multipleSelection)
            let effects = node.onActivate
            if !effects.isEmpty { table.onActivate = { [unowned self, unowned table] in self.run(effects, from: table) } }
            responder = table
        case .scroll:
            responder = ScrollView(name: node.name, contentHeight: node.contentHeight, pageHeight: node.pageHeight,
                                   lineHeight: node.lineHeight)
        case .canvas:
            responder = CanvasView(name: node.name)
        }
        if let view = responder as? View, !(responder is Window) {
            for child in node.views {
                if let built = try build(child) as? View { view.addSubview(built) }
            }
        }
        configure(responder, from: node)
        return responder
    }

    /// Declared commands, actions with effects, validations, first-responder capability and the
    /// getter's cost.
    func configure(_ responder: Responder, from node: NodeDefinition) {
        if let can = node.canBecomeFirstResponder { responder.acceptsFirstResponder = can }
        responder.adoptsKeyInput = node.keyInput
        responder.keyCommandsBuiltPerCall = node.keyCommandsGetter?.buildsPerCall ?? 0
        if node.commands.contains(where: { $0.condition != nil }) {
            conditionalCommands.append((responder, node.commands))
            offer(node.commands, on: responder, reason: .explicitUpdate)
        } else if node.commands.contains(where: \.whileFirstResponder) {
            offer(node.commands, on: responder, reason: .explicitUpdate)
        } else {
            responder.declaredKeyCommands = node.commands.map(\.command)
        }
        for definition in node.actions {
            let effects = definition.effects
            responder.implement(Action(definition.action)) { [unowned self, unowned responder] _ in
                self.run(effects, from: responder)
            }
        }
        for refusal in node.refusals {
            let condition = refusal.when
            responder.refuse(Action(refusal.action)) { [unowned self] in condition.holds(for: self.state[condition.state] ?? 0) }
        }
        if let controller = responder as? ViewController {
            for added in node.addedCommands { controller.addKeyCommand(added.command) }
        }
        for validation in node.validations {
            responder.addValidation(for: Action(validation.action)) { [unowned self] command in
                if let title = validation.title { command.title = title }
                if let condition = validation.disabledWhen, condition.holds(for: self.state[condition.state] ?? 0) {
                    command.attributes.insert(.disabled)
                }
            }
        }
    }

    func controllerDefinitionNamed(_ name: String) -> NodeDefinition? {
        definition.controllers.first { $0.name == name }
    }

    /// Moves the first responder into a newly shown controller: its `focus` child if declared,
    /// else the controller when it can become first responder, else nothing: a first responder
    /// outside it resigns, and the scene has none (R10).
    func showFocus(in controller: ViewController) {
        let node = nodeDefinition(for: controller)
        if let focus = node?.focus, let target = responder(at: controller.path + "/" + focus) {
            application.makeFirstResponder(target)
        } else if controller.canBecomeFirstResponder {
            application.makeFirstResponder(controller)
        } else if let first = application.firstResponder, !first.isInsideController(controller) {
            application.resignFirstResponder()
        }
    }

    func nodeDefinition(for controller: ViewController) -> NodeDefinition? {
        if let node = controllerNodes[ObjectIdentifier(controller)], node.name == controller.name { return node }
        func search(_ node: NodeDefinition, _ path: String) -> NodeDefinition? {
            let here = path.isEmpty ? node.name : "\(path)/\(node.name)"
            if here == controller.path { return node }
            for child in node.children { if let found = search(child, node.kind == .window ? node.name : here) { return found } }
            return nil
        }
        for window in definition.windows {
            if let root = window.children.first, let found = search(root, window.name) { return found }
        }
        return definition.controllers.first { $0.name == controller.name }
    }

    /// Checks `next` and `focus` references once the hierarchy exists; reports cycles.
    func checkReferences() throws(SceneError) {
        func visit(_ node: NodeDefinition, _ parentPath: String, inController: String) throws(SceneError) {
            let path = parentPath.isEmpty ? node.name : "\(parentPath)/\(node.name)"
            if let next = node.next {
                guard let target = responder(at: next) else {
                    throw SceneError.unknownResponder(file, "\(node.jsonPath).next", next, known: allPaths)
                }
                if let me = responder(at: path) as? SceneResponder { me.explicitNextResponder = target }
            }
            for child in node.children { try visit(child, path, inController: path) }
            for view in node.views { try visit(view, path, inController: inController) }
        }
        for window in definition.windows { try visit(window, "", inController: "") }
        // The app delegate and the free-standing responders: each one's path is its name.
        for node in [definition.appDelegate].compactMap({ $0 }) + definition.responders { try visit(node, "", inController: "") }
        for responder in allResponders {
            let chain = ResponderChain.walk(from: responder)
            if let cycle = chain.cycleDetectedAt, let start = chain.index(of: cycle) {
                let loop = chain.responders[start...].map(\.path) + [cycle.path]
                throw SceneError.cycle(file, loop)
            }
        }
    }
}

extension Responder {
    func isInsideController(_ controller: ViewController) -> Bool {
        firstInChain { $0 === controller } != nil
    }
}
