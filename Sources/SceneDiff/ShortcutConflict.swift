import KeyTraceCore
import ResponderEngine
import Scenes

/// A shortcut that will not do what its declaration says for everyone: two commands with one
/// shortcut in one chain, a clash with one of UIKit's standard commands, a shortcut the
/// system keeps, or one text input uses first.
public struct ShortcutConflict: Hashable, Sendable, Codable {
    /// The kind of conflict.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// Two commands with one shortcut in one responder chain: the one nearer the first
        /// responder (or earlier in its list) hides the other (R12).
        case duplicate = "duplicate-in-chain"
        /// A responder command on the shortcut of a standard command (⌘C copy, ⌘F find, …) that
        /// the main menu still holds, with another action: it hides the standard command.
        case standardCommand = "standard-command"
        /// A shortcut the system takes before the app sees it.
        case systemReserved = "system-reserved"
        /// A command that text input keeps from running: with a text field or view first
        /// responder, the command waits behind text input (R16/R17, no
        /// `wantsPriorityOverSystemBehavior`) and text input uses the key.
        case textInput = "text-input"
    }

    /// The kind.
    public var kind: Kind
    /// The shortcut, text notation.
    public var shortcut: String
    /// What conflicts, for people.
    public var detail: String

    /// The identifier an approval file lists.
    public var id: String { "conflict \(kind.rawValue) \(shortcut): \(detail)" }

    /// One line for people.
    public var summary: String { "\(kind.rawValue) \(shortcut): \(detail)" }

    /// Every conflict of a scene, sorted by kind, shortcut and detail.
    static func all(in runtime: SceneRuntime, declared: [DeclaredShortcut], survey: ResolutionSurvey) -> [ShortcutConflict] {
        var found = Set<ShortcutConflict>()
        let standard = MenuBuilder.standard().root.allKeyCommands
        let mainMenu = runtime.application.mainMenuKeyCommands
        let standardInMenu = standard.filter { command in
            mainMenu.contains { $0.identity == command.identity && $0.action == command.action }
        }
        func isStandard(_ command: KeyCommand) -> Bool {
            standardInMenu.contains { $0.identity == command.identity && $0.action == command.action }
        }
        for label in survey.firstResponders {
            // Commands text input keeps from running: deferred behind it (R16) while it uses the key.
            for (notation, explanation) in survey.explanations[label] ?? [:] where explanation.winner == nil && explanation.textInputEdit != nil {
                for candidate in explanation.candidates where candidate.verdict == .deferredBehindTextInput {
                    found.insert(ShortcutConflict(
                        kind: .textInput, shortcut: DeclaredShortcut.printable(notation),
                        detail: "\(candidate.command.action?.name ?? "?") from \(candidate.provider.name) never fires while "
                            + "\(explanation.chain.start?.name ?? "a text view") is first responder: text input uses the key"))
                }
            }
            for entry in survey.shadowed[label] ?? [] {
                // A responder command over a standard one is reported as a standard-command clash below.
                if isStandard(entry.command) || isStandard(entry.shadowedBy) { continue }
                let notation = DeclaredShortcut.printable(entry.command.shortcut.textNotation)
                found.insert(ShortcutConflict(
                    kind: .duplicate, shortcut: notation,
                    detail: "\(entry.shadowedBy.action?.name ?? "?") from \(entry.shadowingProvider.name) "
                        + "hides \(entry.command.action?.name ?? "?") from \(entry.provider.name)"))
            }
        }
        for shortcut in declared {
            for command in shortcut.command.expandedWithAlternates {
                let notation = DeclaredShortcut.printable(command.shortcut.textNotation)
                let action = command.action?.name ?? "?"
                if shortcut.list != "menu",
                   let clash = standardInMenu.first(where: { $0.identity == command.identity && $0.action != command.action }) {
                    found.insert(ShortcutConflict(
                        kind: .standardCommand, shortcut: notation,
                        detail: "\(action) from \(shortcut.declarer) hides UIKit's \(clash.title) (\(clash.action?.name ?? "?"))"))
                }
                if let row = SystemShortcuts.row(taking: command.shortcut, on: runtime.application.platform) {
                    found.insert(ShortcutConflict(
                        kind: .systemReserved, shortcut: notation,
                        detail: "\(action) from \(shortcut.declarer) never fires: \(row.platform.displayName) takes it (\(row.effect))"))
                }
            }
        }
        let order = Dictionary(uniqueKeysWithValues: Kind.allCases.enumerated().map { ($1, $0) })
        return found.sorted {
            ((order[$0.kind] ?? 0), $0.shortcut, $0.detail) < ((order[$1.kind] ?? 0), $1.shortcut, $1.detail)
        }
    }
}
