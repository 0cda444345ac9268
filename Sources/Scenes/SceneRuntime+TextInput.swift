import KeyTraceCore
import ResponderEngine

/// A key command that text input keeps from running: with a text field or view first
/// responder, the command waits behind text input (R16, R17) and text input uses its key.
public struct SwallowedCommand: Hashable, Sendable {
    /// The command's shortcut.
    public var shortcut: KeyShortcut
    /// Its action.
    public var action: String
    /// The path of the responder that provides it.
    public var provider: String
    /// The path of the text field or view whose text input uses the key.
    public var textInput: String
    /// What text input does with the key (`move caret by word`, `insert "n"`…).
    public var edit: String

    /// Hashes the shortcut and the action, which tell most swallowed commands apart; equality
    /// still compares every field.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(shortcut)
        hasher.combine(action)
    }
}

extension SceneRuntime {
    /// Every command text input keeps from running, found by making each text field and view of
    /// the scene first responder in turn and asking the engine how each of its chain's commands
    /// resolves (``KeyDispatcher/explain(_:)``): the engine's own rule, not a copy of it. Leaves
    /// the first responder where it was. Needs ``makeDispatcher(policy:clock:)`` first; without a
    /// dispatcher there is nothing to ask and the answer is empty.
    public func commandsSwallowedByTextInput() -> [SwallowedCommand] {
        guard let dispatcher else { return [] }
        let previous = application.firstResponder
        defer {
            if let previous { application.makeFirstResponder(previous) } else { application.resignFirstResponder() }
        }
        var found: [SwallowedCommand] = []
        var seen = Set<SwallowedCommand>()
        for responder in allResponders where responder.acceptsTextInput && responder.canBecomeFirstResponder {
            guard application.makeFirstResponder(responder) else { continue }
            // Every command of the chain that waits for text input, asked of the engine at once.
            var asked: [(provider: Responder, command: KeyCommand, press: KeyPress)] = []
            for provider in dispatcher.currentChain.responders {
                var commands = provider.keyCommands ?? []
                commands += (provider as? ViewController)?.addedKeyCommands ?? []
                for command in commands where TextInputConflicts.waitsForTextInput(command, textInputActive: true) {
                    guard let press = KeyPress(shortcut: command.shortcut, layout: application.keyboardLayout) else { continue }
                    asked.append((provider, command, press))
                }
            }
            let textInput = responder.path
            seen.reserveCapacity(seen.count + asked.count)
            var providerPaths: [ObjectIdentifier: String] = [:]
            // Each question's fields are read where they stand: the list is not copied out.
            for (offset, explanation) in dispatcher.explain(asked.map(\.press)).enumerated() {
                let (provider, command) = (asked[offset].provider, asked[offset].command)
                guard explanation.winner == nil, let edit = explanation.textInputEdit,
                      explanation.candidates.contains(where: {
                          $0.verdict == .deferredBehindTextInput && $0.provider === provider && $0.command.action == command.action
                      })
                else { continue }
                let providerPath = providerPaths[ObjectIdentifier(provider)] ?? provider.path
                providerPaths[ObjectIdentifier(provider)] = providerPath
                let entry = SwallowedCommand(shortcut: command.shortcut, action: command.action?.name ?? "?",
                                             provider: providerPath, textInput: textInput, edit: edit.description)
                if seen.insert(entry).inserted { found.append(entry) }
            }
        }
        return found
    }
}
