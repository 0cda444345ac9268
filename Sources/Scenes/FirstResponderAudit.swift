import KeyTraceCore
import ResponderEngine

/// A moment at which a scene has no first responder, and what that costs: on the device key
/// commands then come from the key window, the application, its delegate and the main menu
/// only (R10), so every command of the app's controllers and views cannot fire until
/// something calls `becomeFirstResponder()`. This is the "my shortcuts do nothing after I
/// closed a sheet" bug the iOS 7-era article and later reports describe.
public struct FirstResponderGap: Hashable, Sendable {
    /// What leaves the scene without a first responder.
    public enum Cause: Hashable, Sendable {
        /// The scene starts with none.
        case startingState
        /// A responder's action runs effects after which nothing is first responder: it
        /// dismisses a modal, or shows a controller with no `focus` that cannot become first
        /// responder itself, and focuses nothing afterwards.
        case effect(action: String, node: String, effect: String)
        /// The window's Esc or ⌘W dismisses a presented controller that held the first responder.
        case windowDismissal(controller: String)
    }

    /// What leaves the scene without a first responder.
    public var cause: Cause
    /// Where in the scene file: `firstResponder`, or the action's JSON path.
    public var jsonPath: String
    /// The commands that cannot fire, in chain order; described on demand (``stranded``), since
    /// an app's commands are many and a message names five.
    public var strandedCommands: [StrandedCommand]
    /// The commands that cannot fire, `⌘F search: (window/viewer/reader)`, in chain order.
    public var stranded: [String] { strandedCommands.map(\.description) }
    /// The responder the app should make first responder (its path), when the scene has one
    /// that can become it.
    public var suggestedFirstResponder: String?
    /// Whether ``suggestedFirstResponder`` is a view controller, which becomes first responder
    /// only when its `canBecomeFirstResponder` returns true.
    public var suggestionIsController = false

    /// One line for people.
    public var message: String {
        let what: String
        switch cause {
        case .startingState:
            what = "the scene starts with no first responder"
        case .effect(let action, let node, let effect):
            what = "after \(action) on \(node) (\(effect)) nothing is first responder"
        case .windowDismissal(let controller):
            what = "when the window's Esc or ⌘W dismisses \(controller), nothing is first responder"
        }
        let count = strandedCommands.count
        let shown = strandedCommands.prefix(5).map(\.description).joined(separator: ", ")
        let lost = count == 0
            ? "no command of a controller or view is lost"
            : "\(count) command(s) cannot fire: \(shown)\(count > 5 ? " and \(count - 5) more" : "")"
        let fix = suggestedFirstResponder.map {
            "; the app needs becomeFirstResponder() on \($0)" + (suggestionIsController ? " (with canBecomeFirstResponder returning true)" : "")
        } ?? "; the app needs a responder that calls becomeFirstResponder()"
        return "\(what): \(lost)\(fix)"
    }
}

/// A command a missing first responder keeps from firing, and the responder declaring it.
public struct StrandedCommand: Hashable, Sendable {
    public var command: KeyCommand
    /// The declaring responder's path.
    public var path: String

    /// `⌘F search: (window/viewer/reader)`.
    public var description: String {
        "\(command.shortcut) \(command.action?.name ?? "?") (\(path))"
    }
}

extension SceneRuntime {
    /// Every moment the scene has no first responder: its starting state, and each action whose
    /// effects leave none (R10). Read from the definition and the live hierarchy as it stands;
    /// nothing is performed.
    public var firstResponderGaps: [FirstResponderGap] {
        var gaps: [FirstResponderGap] = []
        // With the deepest controller standing in, nothing goes unfired for want of a first responder.
        guard application.firstResponderFallback == .none else { return gaps }
        let deepest = application.keyWindow?.rootViewController?.deepestViewController
        // What a missing first responder strands: every command of the key window's controllers
        // and views; and who should take the first responder back.
        // Written only once a gap is found: most scenes have none, and an app's commands are many.
        var strandedCache: [StrandedCommand]?
        func stranded() -> [StrandedCommand] {
            if let strandedCache { return strandedCache }
            let commands = keyWindowCommands
            strandedCache = commands
            return commands
        }
        let restoring: Responder? = application.firstResponder ?? deepest.flatMap(focusCandidate(in:))
        let restore = restoring?.path
        let restoreIsController = restoring is ViewController
        if application.firstResponder == nil {
            gaps.append(FirstResponderGap(cause: .startingState, jsonPath: "firstResponder", strandedCommands: stranded(),
                                          suggestedFirstResponder: restore, suggestionIsController: restoreIsController))
        }
        for (node, path) in nodesWithActions {
            var effectLists = node.actions.map { (name: $0.action, effects: $0.effects, jsonPath: "\(node.jsonPath).actions.\($0.action)") }
            if !node.onActivate.isEmpty {
                effectLists.append((name: "onActivate", effects: node.onActivate, jsonPath: "\(node.jsonPath).onActivate"))
            }
            for action in effectLists {
                guard let leaving = effectLeavingNoFirstResponder(action.effects) else { continue }
                var gap = FirstResponderGap(cause: .effect(action: action.name, node: path, effect: Self.name(of: leaving)),
                                            jsonPath: action.jsonPath, strandedCommands: stranded(),
                                            suggestedFirstResponder: restore, suggestionIsController: restoreIsController)
                if case .dismiss = leaving {} else {
                    gap.strandedCommands = declaredCommands(of: shownController(by: leaving))
                    gap.suggestedFirstResponder = nil
                    gap.suggestionIsController = false
                }
                gaps.append(gap)
            }
        }
        // Esc and ⌘W dismiss a modal only in a window that does so (``NodeDefinition/dismissesModals``).
        let windowDismisses = definition.windows.first?.dismissesModals ?? false
        for (index, node) in definition.controllers.enumerated() where windowDismisses
            && presentedControllers.contains(node.name) && (node.focus != nil || node.canBecomeFirstResponder == true) {
            gaps.append(FirstResponderGap(cause: .windowDismissal(controller: node.name), jsonPath: "controllers[\(index)]",
                                          strandedCommands: stranded(), suggestedFirstResponder: restore,
                                          suggestionIsController: restoreIsController))
        }
        return gaps
    }

    /// The controllers something presents: named by a `present` effect, and `settings` (⌘, of a window).
    private var presentedControllers: Set<String> {
        var names: Set<String> = ["settings"]
        for (node, _) in nodesWithActions {
            for action in node.actions {
                for case .present(let name) in action.effects { names.insert(name) }
            }
        }
        func visit(_ node: NodeDefinition) {
            for case .present(let name) in node.onActivate { names.insert(name) }
            node.children.forEach(visit)
            node.views.forEach(visit)
        }
        (definition.windows + definition.controllers).forEach(visit)
        return names
    }

    /// The last effect of `effects` after which nothing is first responder, or `nil` when a
    /// later `focus` (or a shown controller's own focus) gives the scene one.
    private func effectLeavingNoFirstResponder(_ effects: [SceneEffect]) -> SceneEffect? {
        var leaving: SceneEffect?
        for effect in effects {
            switch effect {
            case .focus:
                leaving = nil
            case .dismiss:
                leaving = effect
            case .present(let name), .push(let name):
                guard let node = controllerDefinitionNamed(name) else { continue }
                leaving = node.focus == nil && node.canBecomeFirstResponder != true ? effect : nil
            default:
                continue
            }
        }
        return leaving
    }

    private static func name(of effect: SceneEffect) -> String {
        switch effect {
        case .dismiss: return "dismiss"
        case .present(let name): return "present \(name), which focuses nothing"
        case .push(let name): return "push \(name), which focuses nothing"
        default: return "\(effect)"
        }
    }

    private func shownController(by effect: SceneEffect) -> NodeDefinition? {
        switch effect {
        case .present(let name), .push(let name): return controllerDefinitionNamed(name)
        default: return nil
        }
    }

    /// The commands of the key window's controllers and views (the window's own stay in the chain
    /// without a first responder): ⌘ shortcuts first, which are the ones people notice, then the
    /// rest, each group in hierarchy order.
    private var keyWindowCommands: [StrandedCommand] {
        guard let window = application.keyWindow else { return [] }
        let prefix = window.path + "/"
        var withCommand: [StrandedCommand] = []
        var others: [StrandedCommand] = []
        for responder in allResponders where responder.path.hasPrefix(prefix) {
            var commands = responder.keyCommands ?? []
            commands += (responder as? ViewController)?.addedKeyCommands ?? []
            for command in commands where command.action != nil {
                if command.modifierFlags.contains(.command) {
                    withCommand.append(StrandedCommand(command: command, path: responder.path))
                } else {
                    others.append(StrandedCommand(command: command, path: responder.path))
                }
            }
        }
        return withCommand + others
    }

    /// The commands a controller's definition declares, on it and its views.
    private func declaredCommands(of node: NodeDefinition?) -> [StrandedCommand] {
        guard let node else { return [] }
        var commands: [StrandedCommand] = []
        func visit(_ node: NodeDefinition, _ path: String) {
            for command in node.commands + node.addedCommands {
                commands.append(StrandedCommand(command: command.command, path: path))
            }
            for view in node.views { visit(view, "\(path)/\(view.name)") }
        }
        visit(node, node.name)
        return commands
    }

    /// What in `controller` can become first responder: its declared `focus`, else itself,
    /// else the first of its views (depth first) that can, else the controller.
    private func focusCandidate(in controller: ViewController) -> Responder {
        if let focus = nodeDefinition(for: controller)?.focus, let target = responder(at: "\(controller.path)/\(focus)") {
            return target
        }
        if controller.canBecomeFirstResponder { return controller }
        func firstFocusable(in view: View) -> View? {
            for subview in view.subviews {
                if subview.canBecomeFirstResponder { return subview }
                if let found = firstFocusable(in: subview) { return found }
            }
            return nil
        }
        return firstFocusable(in: controller.view) ?? controller
    }

    /// Every node of the definition that declares actions, with a path for messages: windows'
    /// hierarchies, presentable controllers, the application and its delegate.
    private var nodesWithActions: [(node: NodeDefinition, path: String)] {
        var found: [(node: NodeDefinition, path: String)] = []
        // The names from the root down; a path is written only for a node that declares effects.
        var names: [String] = []
        func visit(_ node: NodeDefinition) {
            names.append(node.name)
            if !node.actions.isEmpty || !node.onActivate.isEmpty { found.append((node, names.joined(separator: "/"))) }
            node.children.forEach(visit)
            node.views.forEach(visit)
            names.removeLast()
        }
        (definition.windows + definition.controllers).forEach(visit)
        ([definition.application, definition.appDelegate].compactMap { $0 } + definition.responders).forEach(visit)
        return found
    }
}
