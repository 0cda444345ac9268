import KeyTraceCore
import ResponderEngine

extension SceneRuntime {
    /// Enters `state` (an entry of the scene's `states`): runs its steps in order, each as if
    /// performed by its `from` responder (default: the key window's root controller), then
    /// settles the first responder. Call it once, on a runtime just built, before anything is
    /// dispatched; ``enteredStateName`` then names the state.
    ///
    /// The first responder afterwards is the state's `firstResponder` when it gives one; else the
    /// one the steps left (a `focus` step, or the `focus` child of a controller they showed);
    /// else the scene's `firstResponder` when the state still shows it (it is in a controller of
    /// the front layer of ``shownControllers``); else none.
    ///
    /// A step that cannot apply is an error naming the state and the step, never a note in
    /// ``problems``: a person asked for this state by name. Such as a `push` with no navigation
    /// controller on the responder chain of its `from`, a `pop` at a stack's root, a `selectTab`
    /// past the last tab, a `dismiss` with nothing presented, a `focus` on a responder that
    /// does not exist at that moment or cannot become first responder.
    public func enter(_ state: SceneState) throws(SceneError) {
        do throws(SceneError) {
            if let current = enteredStateName {
                throw SceneError.stateNotEntered(file, state.jsonPath, state: state.name,
                                                 "the scene is already in state \"\(current)\"; enter a state on a scene just built")
            }
            for (index, step) in state.steps.enumerated() {
                try apply(step, at: "\(state.jsonPath).steps[\(index)]", in: state.name)
            }
            try settleFirstResponder(in: state)
        } catch {
            throw (try? readTextFile(file)).map { error.located(in: $0) } ?? error
        }
        enteredStateName = state.name
    }

    /// Checks and runs one step of the state `name`; `path` is the step's JSON path.
    private func apply(_ step: SceneState.Step, at path: String, in name: String) throws(SceneError) {
        let effect = step.effect
        func failure(_ reason: String, at member: String? = nil) -> SceneError {
            SceneError.stateNotEntered(file, member.map { "\(path).\($0)" } ?? path, state: name, "\(effect.text): \(reason)")
        }
        let origin: Responder?
        if let from = step.from {
            guard let responder = responder(at: from) else {
                throw failure("no responder at `\(from)` at this step (known: \(Self.shortList(allPaths)))", at: "from")
            }
            origin = responder
        } else {
            origin = application.keyWindow?.rootViewController
        }
        let chainText = origin.map { "the responder chain of `\($0.path)`" } ?? "a responder chain (the key window has no root controller)"
        switch effect {
        case .push, .pop:
            guard let navigation = origin?.firstInChain(where: { $0 is NavigationController }) as? NavigationController else {
                throw failure("no navigation controller on \(chainText); give the step a `from` inside one")
            }
            if case .pop = effect, !navigation.canPop {
                throw failure("`\(navigation.path)` shows its root controller; there is nothing to pop")
            }
        case .selectTab(let index):
            guard let tabs = origin?.firstInChain(where: { $0 is TabBarController }) as? TabBarController else {
                throw failure("no tab bar controller on \(chainText); give the step a `from` inside one")
            }
            guard tabs.children.indices.contains(index) else {
                throw failure("`\(tabs.path)` has \(tabs.children.count) tab(s), numbered from 0")
            }
        case .present:
            guard application.keyWindow?.rootViewController != nil else { throw failure("the key window has no root controller to present from") }
        case .focus(let target):
            guard responder(at: target) != nil else {
                throw failure("no responder at `\(target)` at this step (known: \(Self.shortList(allPaths)))", at: "focus")
            }
        case .dismiss, .set, .increment, .toggle, .updateKeyCommands, .rebuildMainMenu:
            break
        }
        let noted = problems.count
        run([effect], from: origin ?? application)
        if problems.count > noted {
            // The runtime's notes start with the effect's name, which the failure names already.
            let reason = problems[noted...].map { $0.hasPrefix("\(effect.key): ") ? String($0.dropFirst(effect.key.count + 2)) : $0 }
                .joined(separator: "; ")
            problems.removeSubrange(noted...)
            throw failure(reason)
        }
    }

    /// Makes the first responder what ``enter(_:)`` says it is after the steps.
    private func settleFirstResponder(in state: SceneState) throws(SceneError) {
        if let path = state.firstResponder {
            let member = "\(state.jsonPath).firstResponder"
            guard let responder = responder(at: path) else {
                throw SceneError.stateNotEntered(file, member, state: state.name,
                                                 "firstResponder: no responder at `\(path)` after the steps (known: \(Self.shortList(allPaths)))")
            }
            guard application.makeFirstResponder(responder) else {
                throw SceneError.stateNotEntered(file, member, state: state.name,
                                                 "firstResponder: `\(path)` cannot become first responder (set \"canBecomeFirstResponder\": true)")
            }
        } else if application.firstResponder == nil, let path = definition.firstResponder, let responder = responder(at: path),
                  isInFront(responder) {
            application.makeFirstResponder(responder)
        }
    }

    /// The controllers the scene shows: the key window's root, and down from it every child
    /// controller, but only the top of a navigation stack and only the selected tab; then each
    /// presented modal, the same way, on top. Empty without a key window or root controller.
    public var shownControllers: [ViewController] { shownLayers.flatMap { $0 } }

    /// ``shownControllers`` by layer: the root's, then one per presented modal, topmost last.
    private var shownLayers: [[ViewController]] {
        var layers: [[ViewController]] = []
        var next = application.keyWindow?.rootViewController
        while let top = next, layers.count < Responder.maximumChainLength {
            var layer: [ViewController] = []
            next = nil
            func visit(_ controller: ViewController) {
                layer.append(controller)
                if let presented = controller.presentedViewController { next = presented }
                switch controller {
                case let navigation as NavigationController: navigation.selectedChild.map(visit)
                case let tabs as TabBarController: tabs.selectedChild.map(visit)
                default: controller.children.forEach(visit)
                }
            }
            visit(top)
            layers.append(layer)
        }
        return layers
    }

    /// Whether `responder` is in a controller of the front layer of ``shownControllers`` (the
    /// topmost modal's, else the root's).
    func isInFront(_ responder: Responder) -> Bool {
        guard let front = shownLayers.last else { return false }
        var current: Responder? = responder
        var steps = 0
        while let candidate = current, steps < Responder.maximumChainLength {
            if let controller = candidate as? ViewController { return front.contains { $0 === controller } }
            current = candidate.pathParent
            steps += 1
        }
        return false
    }

    /// Checks, once the hierarchy is built, that every path the states name (`from`, `focus`,
    /// `firstResponder`) can exist: a path of the scene as built, or one under a controller a
    /// `present` or `push` can show (a declared controller's subtree below a controller that
    /// can exist). Whether it does exist at its step is checked when the state is entered.
    func checkStatePaths() throws(SceneError) {
        guard !definition.states.isEmpty else { return }
        let responders = allResponders
        let built = Set(responders.map(\.path))
        let builtControllers = Set(responders.compactMap { ($0 as? ViewController)?.path })
        // Each path below a declared controller, as the end of a full path: `/editor/text`.
        var declared: [(ending: String, length: Int, isController: Bool)] = []
        func collect(_ node: NodeDefinition, under prefix: String) {
            let path = prefix.isEmpty ? node.name : "\(prefix)/\(node.name)"
            declared.append(("/" + path, path.count + 1, node.kind.isController))
            for child in node.children + node.views { collect(child, under: path) }
        }
        for controller in definition.controllers { collect(controller, under: "") }
        func canExist(_ path: Substring, controller: Bool) -> Bool {
            if (controller ? builtControllers : built).contains(String(path)) { return true }
            for (ending, length, isController) in declared where isController || !controller {
                guard path.hasSuffix(ending), path.count > length else { continue }
                if canExist(path.dropLast(length), controller: true) { return true }
            }
            return false
        }
        func check(_ path: String, at member: String) throws(SceneError) {
            guard !canExist(path[...], controller: false) else { return }
            throw SceneError.unknownResponder(file, member, path, known: built.sorted())
        }
        for state in definition.states {
            for (index, step) in state.steps.enumerated() {
                if let from = step.from { try check(from, at: "\(state.jsonPath).steps[\(index)].from") }
                if case .focus(let target) = step.effect { try check(target, at: "\(state.jsonPath).steps[\(index)].focus") }
            }
            if let path = state.firstResponder { try check(path, at: "\(state.jsonPath).firstResponder") }
        }
    }

    /// The scene's state named `name` (``SceneState/initialName`` is the scene as loaded: `nil`).
    public func state(named name: String) throws(SceneLookupError) -> SceneState? {
        try definition.state(named: name, file: file)
    }

    /// Enters every state of `definition` on a runtime of its own and returns the errors of
    /// those that cannot be entered, in file order (`keytrace scene check`).
    public static func stateEntryErrors(of definition: SceneDefinition, file: String) -> [SceneError] {
        var errors: [SceneError] = []
        for state in definition.states {
            do throws(SceneError) {
                try SceneRuntime(definition: definition, file: file).enter(state)
            } catch {
                errors.append(error)
            }
        }
        return errors
    }

    /// At most twelve of `items`, then `…`.
    static func shortList(_ items: [String]) -> String {
        items.count > 12 ? items.prefix(12).joined(separator: ", ") + ", …" : items.joined(separator: ", ")
    }
}

extension SceneDefinition {
    /// The state named `name`; ``SceneState/initialName`` is the scene as loaded (`nil`).
    /// `file` names the scene in the error for a name it does not have.
    public func state(named name: String, file: String) throws(SceneLookupError) -> SceneState? {
        if name == SceneState.initialName { return nil }
        guard let state = states.first(where: { $0.name == name }) else {
            throw SceneLookupError.unknownState(file, name, known: [SceneState.initialName] + states.map(\.name))
        }
        return state
    }
}
