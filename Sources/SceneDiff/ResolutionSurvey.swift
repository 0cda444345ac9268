import KeyTraceCore
import ResponderEngine
import Scenes

/// What every surveyed shortcut does with every responder that can be first responder, in a
/// scene's initial state: the resolutions `keytrace scene diff` compares, each from
/// ``KeyDispatcher/explain(_:)`` (the engine's own rules, nothing performed).
struct ResolutionSurvey {
    /// First responder path (or `(none)`) → shortcut text notation → outcome.
    var outcomes: [String: [String: ResolutionOutcome]] = [:]
    /// First responder path → the explanation of each shortcut (kept to say why an outcome changed).
    var explanations: [String: [String: ResolutionExplanation]] = [:]
    /// The responders that can be first responder, by path, in hierarchy order.
    var firstResponders: [String] = []
    /// Shortcut pairs R12 never considers, per first responder (``KeyDispatcher/shadowedCommands()``).
    var shadowed: [String: [ShadowedCommand]] = [:]

    /// The label used for the chain without a first responder.
    static let noFirstResponder = "(none)"

    /// Surveys `shortcuts` (text notation) in `runtime`, focusing each responder in turn.
    init(runtime: SceneRuntime, shortcuts: [KeyShortcut]) throws(SceneError) {
        let dispatcher = try runtime.makeDispatcher(policy: .uikit, clock: nil)
        let layout = runtime.application.keyboardLayout
        let presses: [(String, KeyPress)] = shortcuts.compactMap { shortcut in
            guard let stroke = layout.keystroke(for: shortcut) else { return nil }
            return (shortcut.textNotation, KeyPress(.began, stroke.usage, modifiers: stroke.modifiers, layout: layout))
        }
        let initial = runtime.application.firstResponder
        let focusable = runtime.allResponders.filter(\.canBecomeFirstResponder)
        firstResponders = [Self.noFirstResponder] + focusable.map(\.path)
        for (label, responder) in [(Self.noFirstResponder, nil)] + focusable.map({ ($0.path, Optional($0)) }) {
            if let responder {
                guard runtime.application.makeFirstResponder(responder) else { continue }
            } else {
                runtime.application.resignFirstResponder()
            }
            var row: [String: ResolutionOutcome] = [:]
            var explained: [String: ResolutionExplanation] = [:]
            for (notation, press) in presses {
                let explanation = dispatcher.explain(press)
                row[notation] = ResolutionOutcome(explanation)
                explained[notation] = explanation
            }
            outcomes[label] = row
            explanations[label] = explained
            shadowed[label] = dispatcher.shadowedCommands()
        }
        if let initial {
            _ = runtime.application.makeFirstResponder(initial)
        } else {
            runtime.application.resignFirstResponder()
        }
    }
}
